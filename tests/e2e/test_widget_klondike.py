"""Klondike in a real JupyterLab: every way of playing, checked in the page and in the kernel."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .boards import (
    assert_page_shows_kernel_state,
    board,
    cell_count,
    drag,
    open_both_games,
    read_board,
    wait_for_history,
)
from .harness import LabPage


def test_klondike_plays_by_click_drag_double_click_keyboard_buttons_and_cells(lab: LabPage) -> None:
    open_both_games(lab)
    page = lab.page
    k = board(page, "klondike")
    expect(k.locator('[data-pile="t1"] [data-card="QD"]')).to_be_visible()
    other_game = read_board(board(page, "applegate"))
    assert_page_shows_kernel_state(lab, "k", k)
    history: list[str] = []

    def played(move: str) -> None:
        history.append(move)
        wait_for_history(lab, "k", history)
        assert_page_shows_kernel_state(lab, "k", k)

    # The stock: a click draws its top card.
    k.locator('[data-pile="stock"]').click()
    expect(k.locator('[data-pile="waste"] [data-card="2H"]')).to_be_visible()
    played("draw")

    # A click on a card picks it up and marks where it may go; a click on a pile puts it there.
    k.locator('[data-card="JS"]').click()
    expect(k.locator('[data-pile="t1"]')).to_have_class(re.compile(r"\bsw-target\b"))
    expect(k.locator('[data-pile="t5"]')).not_to_have_class(re.compile(r"\bsw-target\b"))
    lab.screenshot("picked-light", '.solitaire-widget[data-kind="klondike"]')
    k.locator('[data-pile="t1"]').click()
    expect(k.locator('[data-pile="t1"] [data-card="JS"]')).to_be_visible()
    played("t2-t1")

    # Drag and drop.
    drag(page, k.locator('[data-card="TD"]'), k.locator('[data-pile="t1"]'))
    expect(k.locator('[data-pile="t1"] [data-card="TD"]')).to_be_visible()
    played("t3-t1")

    # A double-click sends a card home.
    k.locator('[data-card="AH"]').dblclick()
    expect(k.locator('[data-pile="f1"] [data-card="AH"]')).to_be_visible()
    played("t4-f")

    # The keyboard: Tab-reachable piles, Enter picks up and puts down; the notebook hears nothing.
    cells = cell_count(lab)
    k.locator('[data-pile="t5"]').focus()
    page.keyboard.press("Enter")
    expect(k.locator('[data-card="9C"]')).to_have_class(re.compile(r"\bsw-picked\b"))
    for key in ["b", "a", "ArrowLeft", "ArrowLeft", "ArrowLeft", "ArrowLeft"]:
        page.keyboard.press(key)
    expect(k.locator('[data-pile="t1"]')).to_be_focused()
    page.keyboard.press("Enter")
    expect(k.locator('[data-pile="t1"] [data-card="9C"]')).to_be_visible()
    played("t5-t1")
    assert cell_count(lab) == cells, "a key pressed on the board reached the notebook"

    # Undo and Redo buttons.
    k.get_by_role("button", name="Undo").click()
    expect(k.locator('[data-pile="t5"] [data-card="9C"]')).to_be_visible()
    history.pop()
    wait_for_history(lab, "k", history)
    assert_page_shows_kernel_state(lab, "k", k)
    k.get_by_role("button", name="Redo").click()
    expect(k.locator('[data-pile="t1"] [data-card="9C"]')).to_be_visible()
    played("t5-t1")

    # An illegal move: the page shows the rule, and the kernel's game is unchanged.
    k.locator('[data-card="5H"]').click()
    k.locator('[data-pile="t1"]').click()
    reason = lab.evaluate('k.explain("t6-t1")')
    expect(k.locator(".sw-line")).to_have_text(reason)
    assert "one rank higher" in reason
    wait_for_history(lab, "k", history)
    assert_page_shows_kernel_state(lab, "k", k)

    # A cell moves the game; the page follows.
    lab.run_cell('k.move("waste", "f")')
    expect(k.locator('[data-pile="f1"] [data-card="2H"]')).to_be_visible()
    history.append("waste-f")
    wait_for_history(lab, "k", history)
    assert_page_shows_kernel_state(lab, "k", k)
    assert lab.evaluate("k.moves") == len(history)
    expect(k.locator(".sw-stat", has_text="Moves")).to_contain_text(str(len(history)))

    # The Applegate game in the same notebook did not move.
    assert read_board(board(page, "applegate")) == other_game
    assert lab.evaluate("a.history") == []

    lab.screenshot("light", '.solitaire-widget[data-kind="klondike"]')
    lab.set_theme("dark")
    lab.screenshot("dark", '.solitaire-widget[data-kind="klondike"]')

    # A narrow window (an output cell about 500 px wide): all seven columns still show.
    page.set_viewport_size({"width": 880, "height": 900})
    expect(k.locator('[data-pile="t7"]')).to_be_in_viewport()
    lab.screenshot("narrow-dark", '.solitaire-widget[data-kind="klondike"]')
    lab.set_theme("light")
    root, last = k.bounding_box(), k.locator('[data-pile="t7"]').bounding_box()
    assert root is not None and last is not None
    assert 440 < root["width"] < 600
    assert last["x"] + last["width"] <= root["x"] + root["width"]
    lab.screenshot("narrow-light", '.solitaire-widget[data-kind="klondike"]')


def test_a_second_view_of_a_game_is_live_too(lab: LabPage) -> None:
    open_both_games(lab)
    page = lab.page
    lab.run_cell("k")
    first, second = board(page, "klondike", 0), board(page, "klondike", 1)
    expect(second.locator('[data-pile="t1"] [data-card="QD"]')).to_be_visible()

    second.locator('[data-card="JS"]').click()
    second.locator('[data-pile="t1"]').click()
    for view in (first, second):
        expect(view.locator('[data-pile="t1"] [data-card="JS"]')).to_be_visible()
    wait_for_history(lab, "k", ["t2-t1"])

    lab.run("k.undo()")
    for view in (first, second):
        expect(view.locator('[data-pile="t2"] [data-card="JS"]')).to_be_visible()
        assert_page_shows_kernel_state(lab, "k", view)


def test_escape_puts_a_picked_card_back(lab: LabPage) -> None:
    open_both_games(lab)
    k = board(lab.page, "klondike")
    k.locator('[data-card="JS"]').click()
    expect(k.locator('[data-card="JS"]')).to_have_class(re.compile(r"\bsw-picked\b"))
    lab.page.keyboard.press("Escape")
    expect(k.locator(".sw-picked")).to_have_count(0)
    expect(k.locator(".sw-target")).to_have_count(0)
    k.locator('[data-pile="t1"]').click()
    assert lab.evaluate("k.history") == []


_COUNT_FLIGHTS = """(root) => {
  window.__flights = 0;
  new MutationObserver((mutations) => {
    for (const m of mutations) if (m.target.classList?.contains("sw-flying")) window.__flights += 1;
  }).observe(root, { subtree: true, attributes: true, attributeFilter: ["class"] });
}"""


def test_moves_glide_unless_the_player_asks_for_reduced_motion(lab: LabPage) -> None:
    open_both_games(lab)
    page = lab.page
    k = board(page, "klondike")
    k.evaluate(_COUNT_FLIGHTS)
    k.locator('[data-card="JS"]').click()
    k.locator('[data-pile="t1"]').click()
    expect(k.locator('[data-pile="t1"] [data-card="JS"]')).to_be_visible()
    assert page.evaluate("window.__flights") > 0

    page.emulate_media(reduced_motion="reduce")
    page.evaluate("window.__flights = 0")
    k.get_by_role("button", name="Undo").click()
    expect(k.locator('[data-pile="t2"] [data-card="JS"]')).to_be_visible()
    wait_for_history(lab, "k", [])
    assert page.evaluate("window.__flights") == 0
