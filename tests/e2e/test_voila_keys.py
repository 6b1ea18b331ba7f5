"""Keys in a Voilà app: pressed on a focused board they act on the board and never reach the
page (issue 8). Voilà runs the kernel, so what the board did is read from the page itself."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from playwright.sync_api import Page, expect

from .boards import BY_HAND, KLONDIKE
from .harness import write_notebook

# Counts every key event that gets past the board to the document, in either phase.
_COUNT_KEYS_AT_THE_PAGE = """() => {
  window.__keysAtPage = 0;
  for (const type of ["keydown", "keyup", "keypress"]) {
    document.addEventListener(type, () => { window.__keysAtPage += 1; });
    document.body.addEventListener(type, () => { window.__keysAtPage += 1; }, true);
  }
}"""
LETTERS = ["a", "b", "c", "d", "d", "m", "x", "v", "z", "Shift+Enter", "Control+Enter"]


def test_keys_on_a_board_in_voila_act_on_the_board_and_stay_there(
    voila: Callable[[Path], str], page: Page, tmp_path: Path
) -> None:
    board = f"k = load({json.dumps(KLONDIKE)!r}, {BY_HAND})\nk"
    # A cell after the board's: Shift+Enter on the board still runs nothing in Voilà.
    cells = ["from solitaire_widget.widget import load", board, "after = 1"]
    page.goto(voila(write_notebook(tmp_path / "app" / "board.ipynb", cells)), timeout=90_000)
    k = page.locator(".solitaire-widget")
    waste = k.locator('[data-pile="waste"] [data-card]')
    moves = k.locator(".sw-stat").filter(has_text="Moves").locator("b")
    expect(k.locator('[data-pile="t4"] [data-card="AH"]')).to_be_visible(timeout=90_000)
    k.locator('[data-pile="stock"]').click()
    expect(waste).to_have_count(1)
    expect(moves).to_have_text("1")

    page.evaluate(_COUNT_KEYS_AT_THE_PAGE)
    k.locator('[data-pile="t1"]').focus()
    for key in LETTERS:
        page.keyboard.press(key)
    page.keyboard.press("Escape")
    expect(moves).to_have_text("1")  # letters do nothing to the game

    page.keyboard.press("Control+z")
    expect(waste).to_have_count(0)
    expect(moves).to_have_text("0")
    page.keyboard.press("Control+y")
    expect(waste).to_have_count(1)
    expect(moves).to_have_text("1")
    assert page.evaluate("window.__keysAtPage") == 0, "a key pressed on the board reached the page"
