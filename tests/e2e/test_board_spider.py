"""A game the page has never heard of by name: Spider's ten columns and eight foundations, laid out
from the layout Python sends, fit a JupyterLab output at 1280 px and at 400 px (side bar closed),
take a move by clicks and deal from the stock by a click. Screenshots go to tests/e2e/artifacts/
(test_board_spider-*.png)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from .boards import wait_for_history
from .harness import LabPage

# Every pile's box against the table's and the output's, and the cards' size.
_MEASURE = """(root) => {
  const box = (node) => node.getBoundingClientRect();
  const table = box(root.querySelector(".sw-table"));
  const output = box(root.parentElement);
  const piles = [...root.querySelectorAll("[data-pile]")].map((pile) => {
    const r = box(pile);
    return { id: pile.dataset.pile, left: r.left, right: r.right };
  });
  const rank = root.querySelector(".sw-card .sw-rank");
  return {
    piles, tableLeft: table.left, tableRight: table.right, outputRight: output.right,
    columns: root.querySelectorAll(".sw-tpile").length,
    foundations: root.querySelectorAll(".sw-fpile").length,
    cardWidth: box(root.querySelector(".sw-tpile")).width,
    rankFont: rank ? parseFloat(getComputedStyle(rank).fontSize) : null,
  };
}"""


def _fits(lab: LabPage, label: str) -> dict[str, Any]:
    root = lab.page.locator('.solitaire-widget[data-kind="spider"]').first
    root.scroll_into_view_if_needed()
    lab.page.wait_for_timeout(250)
    seen = root.evaluate(_MEASURE)
    assert (seen["columns"], seen["foundations"]) == (10, 8), label
    left, right = seen["tableLeft"] - 0.5, seen["tableRight"] + 0.5
    for pile in seen["piles"]:
        assert left <= pile["left"] and pile["right"] <= right, (
            f"{label}: {pile['id']} is drawn outside the board"
        )
    cut = seen["tableRight"] - seen["outputRight"]
    assert cut <= 0.5, f"{label}: the board is cut {cut} px on the right"
    assert seen["rankFont"] >= 11, f"{label}: rank text {seen['rankFont']} px"
    lab.screenshot(label, ".solitaire-widget")
    print(f"{label}: card {seen['cardWidth']:.1f} px, rank {seen['rankFont']} px")
    return seen


def test_spider_fits_1280_and_400_px_and_plays_by_clicks(lab: LabPage) -> None:
    cells = [
        "import solitaire_widget as sw",
        's = sw.game("spider", seed=7, smart_click=False, auto_move=False)\ns',
    ]
    lab.open(lab.write_notebook("spider.ipynb", cells))
    lab.run_all()
    root = lab.page.locator('.solitaire-widget[data-kind="spider"]').first
    expect(root.locator('[data-pile="t10"] [data-card]')).to_have_count(1)
    expect(root.locator('[data-pile="stock"] .sw-count')).to_have_text("50")

    wide = _fits(lab, "1280")
    lab.page.evaluate("window.jupyterapp.shell.collapseLeft()")
    lab.page.set_viewport_size({"width": 400, "height": 900})
    narrow = _fits(lab, "400")
    assert narrow["cardWidth"] < wide["cardWidth"]

    # A move by two clicks: the source pile's top card, then the pile it goes to.
    move = lab.evaluate('next(str(m) for m in s.legal_moves() if str(m).startswith("t"))')
    source, target = move.split("-")
    root.locator(f'[data-pile="{source}"] [data-card]').last.click()
    root.locator(f'[data-pile="{target}"]').click()
    wait_for_history(lab, "s", [move])

    # A click on the stock deals a card onto every column.
    root.locator('[data-pile="stock"]').click()
    wait_for_history(lab, "s", [move, "draw"])
    expect(root.locator('[data-pile="stock"] .sw-count')).to_have_text("40")
    for column in range(1, 11):
        expect(root.locator(f'[data-pile="t{column}"] [data-card]').last).to_be_visible()
    lab.screenshot("400-dealt", ".solitaire-widget")

    # Two-digit columns: with smart click on, one click sends a card to the one column that
    # takes it, t10 too (the page reads the legal moves' notation, t10 included).
    tenth = lab.evaluate('[str(m) for m in s.legal_moves() if str(m).endswith("-t10")]')
    assert tenth, "seed 7 after its first move and a deal has a move onto t10"
    source = tenth[0].split("-")[0]
    only = lab.evaluate(f'[str(m) for m in s.legal_moves() if str(m).startswith("{source}-")]')
    assert only == tenth[:1], "the card has one place to go, t10"
    lab.run("s.smart_click = True")
    root.locator(f'[data-pile="{source}"] [data-card]').last.click()
    wait_for_history(lab, "s", [move, "draw", tenth[0]])
    lab.page.evaluate("window.jupyterapp.shell.expandLeft()")
