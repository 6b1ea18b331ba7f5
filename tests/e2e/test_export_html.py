"""A notebook exported with nbconvert shows its board offline, without a kernel (issue 3)."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import expect

from solitaire_widget.widget import Applegate, Klondike

from .boards import board, expected_board, read_board
from .harness import ARTIFACTS, OfflineExport, write_notebook


def test_the_html_export_shows_both_boards_offline(offline: OfflineExport, tmp_path: Path) -> None:
    cells = [
        "from solitaire_widget.widget import Applegate, Klondike",
        "k = Klondike(seed=3, draw=3)\nk",
        "k.draw()\nk.draw()",
        "a = Applegate(seed=5)\na",
    ]
    notebook = write_notebook(tmp_path / "notebook" / "boards.ipynb", cells)
    klondike = Klondike(seed=3, draw=3)
    klondike.draw()
    klondike.draw()

    offline.open(offline.export(notebook))

    k, a = board(offline.page, "klondike"), board(offline.page, "applegate")
    expect(k.locator('[data-pile="t7"] [data-card]')).to_have_count(1, timeout=30_000)
    expect(a.locator('[data-pile="reserve"]')).to_be_visible()
    assert read_board(k) == expected_board(klondike.state())
    assert read_board(a) == expected_board(Applegate(seed=5).state())
    expect(k.locator(".sw-stat", has_text="Moves")).to_contain_text("2")

    # No kernel behind the page: it says so, its controls are inactive and its clock is frozen.
    for root in (k, a):
        expect(root.locator(".sw-snapshot")).to_have_text("A snapshot: open the notebook to play.")
        expect(root).to_have_class(re.compile(r"\bsw-inactive\b"))
        for name in ("New game", "Undo", "Hint", "Options"):
            expect(root.get_by_role("button", name=name)).to_be_disabled()
    shown = read_board(k)
    clock = k.locator(".sw-stat", has_text="Time")
    frozen = clock.inner_text()
    k.locator('[data-pile="stock"]').click()
    k.locator("[data-card]").last.click()
    offline.page.wait_for_timeout(1300)
    assert clock.inner_text() == frozen
    assert read_board(k) == shown
    expect(k.locator(".sw-picked")).to_have_count(0)
    k.screenshot(path=ARTIFACTS / "export-snapshot.png")
