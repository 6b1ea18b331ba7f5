"""Readable piles at every size: a 20-card Applegate pile in JupyterLab windows 1280, 600 and
400 px wide (the side bar open at 1280 and 600 px, closed at 400 px) and at 150% zoom, light and
dark. Every face-up card's rank text is at least 11 CSS px
and its rank and suit mark are not covered by the card above; the board keeps a bounded height.
Screenshots go to tests/e2e/artifacts/ (test_board_sizes-*.png)."""

from __future__ import annotations

import json
from typing import Any

from playwright.sync_api import Browser, expect

from positions import DECK, applegate_state

from .harness import JupyterLab, LabPage

# 20 cards, every rank, the four suits in turn (clubs beside spades, hearts beside diamonds).
LONG_PILE = [
    *("KS", "QH", "JC", "TD", "9S", "8H", "7C", "6D", "5S", "4H"),
    *("3C", "2D", "AS", "KH", "QC", "JD", "TS", "9H", "8C", "7D"),
]


def long_pile_state() -> dict[str, Any]:
    """Applegate with 20 face-up cards on t1, two face-down cards under every other pile."""
    rest = [card for card in DECK if card not in LONG_PILE]
    reserve, rest = rest[:3], rest[3:]
    piles = [" ".join(LONG_PILE)]
    for size in (5, 5, 5, 5, 5, 4):
        down, up, rest = rest[:2], rest[2:size], rest[size:]
        piles.append(f"{' '.join(down)} | {' '.join(up)}")
    return applegate_state(piles, reserve=" ".join(reserve))


# Per face-up card: its rank's computed font size, and how far its rank and suit mark reach
# below the top of the card that covers it (positive: covered).
_MEASURE = """(root) => {
  const found = [];
  for (const pile of root.querySelectorAll(".sw-tpile")) {
    const cards = [...pile.querySelectorAll(".sw-card")];
    cards.forEach((card, i) => {
      if (!card.dataset.card) return;
      const rank = card.querySelector(".sw-rank");
      const suit = card.querySelector(".sw-suit");
      const next = cards[i + 1];
      const cover = next ? next.getBoundingClientRect().top : Infinity;
      const top = card.getBoundingClientRect().top;
      found.push({
        card: card.dataset.card,
        font: parseFloat(getComputedStyle(rank).fontSize),
        strip: next ? cover - top : null,
        rankCut: rank.getBoundingClientRect().bottom - cover,
        suitCut: suit.getBoundingClientRect().bottom - cover,
        suitWidth: suit.getBoundingClientRect().width,
      });
    });
  }
  // Count badges against every rank on the board: any overlap, in px squared.
  const ranks = [...root.querySelectorAll(".sw-rank")].map((r) => r.getBoundingClientRect());
  const badgeOverlap = [...root.querySelectorAll(".sw-count")].map((badge) => {
    const b = badge.getBoundingClientRect();
    return Math.max(0, ...ranks.map((r) =>
      Math.max(0, Math.min(b.right, r.right) - Math.max(b.left, r.left)) *
      Math.max(0, Math.min(b.bottom, r.bottom) - Math.max(b.top, r.top))));
  });
  const table = root.querySelector(".sw-table").getBoundingClientRect();
  const output = root.parentElement;
  return { cards: found, badgeOverlap, tableHeight: table.height, tableRight: table.right,
           outputRight: output.getBoundingClientRect().right,
           cardWidth: root.querySelector(".sw-card").getBoundingClientRect().width,
           windowHeight: window.innerHeight,
           tableauCap: getComputedStyle(root).getPropertyValue("--sw-tableau"),
           barHeight: root.querySelector(".sw-bar").offsetHeight,
           outputOverflow: output.scrollHeight - output.clientHeight };
}"""


def _check(lab: LabPage, label: str) -> dict[str, Any]:
    root = lab.page.locator(".solitaire-widget").first
    root.scroll_into_view_if_needed()
    lab.page.wait_for_timeout(250)
    seen = root.evaluate(_MEASURE)
    cards = seen["cards"]
    assert len(cards) >= 20 + 6
    smallest = min(c["font"] for c in cards)
    assert smallest >= 11, f"{label}: rank text {smallest} px"
    for c in cards:
        assert c["rankCut"] <= 0.5 and c["suitCut"] <= 0.5, f"{label}: {c} is covered"
        assert c["suitWidth"] >= 8, f"{label}: {c} has a suit mark too small to tell"
    assert seen["tableHeight"] <= max(seen["windowHeight"], 400), f"{label}: {seen['tableHeight']}"
    assert seen["badgeOverlap"], f"{label}: no count badge to check"
    assert max(seen["badgeOverlap"]) == 0, f"{label}: a count badge covers a rank"
    assert seen["outputOverflow"] <= 0, f"{label}: the board overflows its output"
    cut = seen["tableRight"] - seen["outputRight"]
    assert cut <= 0.5, f"{label}: the board is cut {cut} px on the right"
    strips = [c["strip"] for c in cards if c["strip"] is not None]
    print(
        f"{label}: card {seen['cardWidth']:.1f} px, smallest rank {smallest:.1f} px, "
        f"thinnest strip {min(strips):.1f} px, tableau at most {seen['tableauCap']} "
        f"(bar {seen['barHeight']} px) in a window {seen['windowHeight']} px high"
    )
    lab.screenshot(label, ".solitaire-widget")
    return seen


def _open(lab: LabPage) -> None:
    state = json.dumps(long_pile_state())
    cells = ["from solitaire_widget.widget import load", f"a = load({state!r})\na"]
    lab.open(lab.write_notebook("long.ipynb", cells))
    lab.run_all()
    expect(lab.page.locator('[data-pile="t1"] [data-card="7D"]')).to_be_attached()


def _largest_rank(seen: dict[str, Any]) -> float:
    return max(c["font"] for c in seen["cards"])


def test_a_20_card_applegate_pile_reads_at_1280_600_400_px_and_150_percent_zoom(
    lab: LabPage, chromium: Browser, jupyter_lab: JupyterLab
) -> None:
    _open(lab)
    at_100: dict[str, Any] = {}
    for theme in ("light", "dark"):
        if theme == "dark":
            lab.set_theme("dark")
        for width in (1280, 600, 400):
            # In a 400 px window the side bar has to be closed to leave room for a notebook
            # (the output is then about 280 px); at 600 px it stays open (about 230 px).
            if width == 400:
                lab.page.evaluate("window.jupyterapp.shell.collapseLeft()")
            else:
                lab.page.evaluate("window.jupyterapp.shell.expandLeft()")
            lab.page.set_viewport_size({"width": width, "height": 900})
            at_100[f"{width}-{theme}"] = _check(lab, f"{width}-{theme}")
    lab.screenshot("400-dark-window")
    jupyter_lab.reset_user_settings()

    # Browser zoom at 150% in a 1280 x 900 window: the page gets an 853 x 600 CSS px viewport
    # and 1.5 device pixels per CSS px, which is what this context emulates.
    context = chromium.new_context(viewport={"width": 853, "height": 600}, device_scale_factor=1.5)
    try:
        zoomed = LabPage(context.new_page(), jupyter_lab, lab.folder, f"{lab.artifact_prefix}-zoom")
        _open(zoomed)
        light = _check(zoomed, "150-light")
        zoomed.set_theme("dark")
        _check(zoomed, "150-dark")
    finally:
        context.close()
    # Zooming in makes the ranks bigger on the screen, never smaller, even though JupyterLab's
    # side bar leaves the board fewer CSS px.
    assert _largest_rank(light) * 1.5 >= _largest_rank(at_100["1280-light"])
