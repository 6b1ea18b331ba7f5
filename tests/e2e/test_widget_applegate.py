"""Applegate in a real JupyterLab: reserve, groups, finished runs, in the page and the kernel."""

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


def test_applegate_plays_by_click_drag_double_click_keyboard_buttons_and_cells(
    lab: LabPage,
) -> None:
    open_both_games(lab)
    page = lab.page
    a = board(page, "applegate")
    expect(a.locator('[data-pile="reserve"] [data-card="7H"]')).to_be_visible()
    # The reserve shows its top card and its count; the cards under it stay in the kernel.
    assert read_board(a)["reserve"] == {"cards": ["7H"], "down": 1, "count": "3"}
    assert a.locator('[data-card="KH"], [data-card="9H"]').count() == 0
    expect(a.locator('[data-pile="stock"], [data-pile="waste"]')).to_have_count(0)
    other_game = read_board(board(page, "klondike"))
    assert_page_shows_kernel_state(lab, "a", a)
    history: list[str] = []

    def played(move: str) -> None:
        history.append(move)
        wait_for_history(lab, "a", history)
        assert_page_shows_kernel_state(lab, "a", a)

    # Click the reserve's top card, then the pile that takes it.
    a.locator('[data-card="7H"]').click()
    expect(a.locator('[data-pile="t2"]')).to_have_class(re.compile(r"\bsw-target\b"))
    a.locator('[data-pile="t2"]').click()
    expect(a.locator('[data-pile="t2"] [data-card="7H"]')).to_be_visible()
    played("reserve-t2")
    assert read_board(a)["reserve"] == {"cards": ["9H"], "down": 1, "count": "2"}

    # Drag and drop.
    drag(page, a.locator('[data-card="QC"]'), a.locator('[data-pile="t3"]'))
    expect(a.locator('[data-pile="t3"] [data-card="QC"]')).to_be_visible()
    played("t4-t3")

    # A double-click on a finished run sends all 13 cards home.
    a.locator('[data-card="5S"]').dblclick()
    expect(a.locator('[data-pile="f2"] [data-card="5S"]')).to_be_visible()
    played("t1-f:13")

    # The keyboard: Enter picks up the top card of the focused pile, arrows move, Enter puts down.
    cells = cell_count(lab)
    a.locator('[data-pile="t5"]').focus()
    page.keyboard.press("Enter")
    expect(a.locator('[data-card="JH"]')).to_have_class(re.compile(r"\bsw-picked\b"))
    page.keyboard.press("ArrowRight")
    page.keyboard.press("d")
    page.keyboard.press("d")
    expect(a.locator('[data-pile="t6"]')).to_be_focused()
    page.keyboard.press(" ")
    expect(a.locator('[data-pile="t6"] [data-card="JH"]')).to_be_visible()
    played("t5-t6")
    assert cell_count(lab) == cells, "a key pressed on the board reached the notebook"

    # Arrow Up grows the picked group from the top card down; Escape drops it.
    a.locator('[data-pile="t6"]').focus()
    page.keyboard.press("Enter")
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    expect(a.locator('[data-pile="t6"] .sw-picked')).to_have_count(3)
    page.keyboard.press("Escape")
    expect(a.locator(".sw-picked")).to_have_count(0)

    # Undo and Redo buttons.
    a.get_by_role("button", name="Undo").click()
    expect(a.locator('[data-pile="t5"] [data-card="JH"]')).to_be_visible()
    history.pop()
    wait_for_history(lab, "a", history)
    assert_page_shows_kernel_state(lab, "a", a)
    a.get_by_role("button", name="Redo").click()
    expect(a.locator('[data-pile="t6"] [data-card="JH"]')).to_be_visible()
    played("t5-t6")

    # An illegal move shows the rule; nothing changes.
    a.locator('[data-card="JC"]').click()
    a.locator('[data-pile="t2"]').click()
    reason = lab.evaluate('a.explain("t7-t2")')
    expect(a.locator(".sw-line")).to_have_text(reason)
    wait_for_history(lab, "a", history)
    assert_page_shows_kernel_state(lab, "a", a)

    # A cell moves the game; the page follows.
    lab.run_cell('a.move("t7-t3")')
    expect(a.locator('[data-pile="t3"] [data-card="JC"]')).to_be_visible()
    history.append("t7-t3")
    wait_for_history(lab, "a", history)
    assert_page_shows_kernel_state(lab, "a", a)
    # Applegate keeps no score: the page shows none.
    expect(a.locator(".sw-stat", has_text="Score")).to_be_hidden()

    assert read_board(board(page, "klondike")) == other_game
    assert lab.evaluate("k.history") == []

    lab.screenshot_themes("board", '.solitaire-widget[data-kind="applegate"]')


def test_new_game_deals_again_in_the_same_view(lab: LabPage) -> None:
    open_both_games(lab)
    a = board(lab.page, "applegate")
    assert lab.evaluate("a.seed") is None  # a loaded position has no seed
    a.get_by_role("button", name="New game").click()
    lab.page.wait_for_timeout(200)
    assert isinstance(lab.evaluate("a.seed"), int)
    assert lab.evaluate("len(a.state()['tableau'][0]['up'])") == 7
    assert_page_shows_kernel_state(lab, "a", a)
    assert read_board(a)["reserve"]["count"] == "3"
