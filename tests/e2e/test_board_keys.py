"""While the board has focus it owns every key but Tab: in JupyterLab 4 and in Notebook 7 the
notebook's command keys do nothing to the notebook, and Ctrl+Z / Ctrl+Shift+Z / Ctrl+Y undo and
redo the game."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from .boards import NOTEBOOK_CELLS, board, history, notebook_cells, wait_for_history
from .harness import VIEWPORT, LabPage

# Each of these does something to a notebook in command mode (insert, delete, cut, paste, change
# a cell's type, run, leave edit mode); "d d" deletes a cell.
NOTEBOOK_KEYS = ["a", "b", "c", "d", "d", "m", "y", "x", "v", "z"]
RUN_KEYS = ["Enter", "Shift+Enter", "Control+Enter", "Alt+Enter", "Escape"]


@pytest.mark.parametrize("app", ["lab", "notebook"])
def test_notebook_command_keys_pressed_on_the_board_leave_the_notebook_alone(
    lab: LabPage, app: str
) -> None:
    lab.open(lab.write_notebook("keys.ipynb", NOTEBOOK_CELLS), app=app)
    lab.run_all()
    page = lab.page
    k = board(page, "klondike")
    expect(k.locator('[data-pile="t4"] [data-card="AH"]')).to_be_visible()
    cells = notebook_cells(lab)
    game = lab.evaluate("k.state()")

    # On a focused pile: Enter picks up the Ace, the modified Enters do nothing, Escape puts it
    # back; every letter is the board's.
    k.locator('[data-pile="t4"]').focus()
    for key in NOTEBOOK_KEYS + RUN_KEYS:
        page.keyboard.press(key)
    expect(k.locator(".sw-picked")).to_have_count(0)
    # On a button, and on the felt (a click there gives the board the focus).
    k.get_by_role("button", name="Options").focus()
    for key in NOTEBOOK_KEYS:
        page.keyboard.press(key)
    k.locator(".sw-table").click(position={"x": 4, "y": 4})
    for key in NOTEBOOK_KEYS + RUN_KEYS:
        page.keyboard.press(key)
    page.wait_for_timeout(300)

    assert notebook_cells(lab) == cells, "a key pressed on the board reached the notebook"
    assert lab.evaluate("k.state()") == game
    assert lab.evaluate("len(k.history)") == 0

    # Undo and redo from the keyboard, the way every desktop program does it.
    k.locator('[data-pile="stock"]').click()
    wait_for_history(lab, "k", ["draw"])
    k.locator('[data-pile="t1"]').focus()
    for key, expected in [
        ("Control+z", []),
        ("Control+Shift+z", ["draw"]),
        ("Control+z", []),
        ("Control+y", ["draw"]),
    ]:
        page.keyboard.press(key)
        wait_for_history(lab, "k", expected)
    expect(k.locator('[data-pile="waste"] [data-card="2H"]')).to_be_visible()
    assert notebook_cells(lab) == cells

    # Tab still moves the focus on, out of the board in the end.
    k.locator('[data-pile="t7"]').focus()
    page.keyboard.press("Tab")
    assert not k.evaluate("(root) => root.contains(document.activeElement)")
    assert history(lab, "k") == ["draw"]

    # The board as a player sees it in this app, wide and narrow, light and dark.
    for width in (1280, 400):
        page.set_viewport_size({"width": width, "height": VIEWPORT["height"]})
        k.scroll_into_view_if_needed()
        lab.screenshot_themes(f"board-{app}-{width}", ".solitaire-widget")
    page.set_viewport_size(VIEWPORT)
