"""While the board has focus it owns every key but Tab, Ctrl/Cmd+S and Shift+Enter: in
JupyterLab 4 and in Notebook 7 the notebook's command keys do nothing to the notebook, Ctrl+Z /
Ctrl+Shift+Z / Ctrl+Y undo and redo the game, Ctrl+S saves the notebook, Shift+Enter runs the
cell after the board's, F sends a card home, and Tab reaches the piles before the buttons."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import expect

from .boards import (
    BY_HAND,
    NOTEBOOK_CELLS,
    board,
    history,
    notebook_cells,
    open_klondike,
    wait_for_history,
)
from .harness import VIEWPORT, LabPage

# Each of these does something to a notebook in command mode (insert, delete, cut, paste, change
# a cell's type, run, leave edit mode); "d d" deletes a cell. (Shift+Enter is the notebook's: it
# runs the cell after the board's, see below.)
NOTEBOOK_KEYS = ["a", "b", "c", "d", "d", "m", "y", "x", "v", "z"]
RUN_KEYS = ["Enter", "Control+Enter", "Alt+Enter", "Escape"]


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

    # Tab still moves the focus on: from the last pile to the buttons, out of the board after
    # the last one.
    k.locator('[data-pile="t7"]').focus()
    page.keyboard.press("Tab")
    expect(k.get_by_role("button", name="New game")).to_be_focused()
    k.get_by_role("button", name="Options").focus()
    page.keyboard.press("Tab")
    assert not k.evaluate("(root) => root.contains(document.activeElement)")
    assert history(lab, "k") == ["draw"]

    # The board as a player sees it in this app, wide and narrow, light and dark.
    for width in (1280, 400):
        page.set_viewport_size({"width": width, "height": VIEWPORT["height"]})
        k.scroll_into_view_if_needed()
        lab.screenshot_themes(f"board-{app}-{width}", ".solitaire-widget")
    page.set_viewport_size(VIEWPORT)


def _count_runs(name: str) -> str:
    """A cell that counts how many times it ran, in a variable of the kernel."""
    return f"{name} = globals().get({name!r}, 0) + 1"


def _active_cell(lab: LabPage) -> int:
    return lab.page.evaluate("(path) => window.__e2e.panel(path).content.activeCellIndex", lab.path)


@pytest.mark.parametrize("app", ["lab", "notebook"])
def test_shift_enter_on_the_board_runs_the_next_cell_never_the_boards_own(
    lab: LabPage, app: str
) -> None:
    after = [_count_runs("after"), _count_runs("later")]
    k = open_klondike(lab, "controls='lesson'", after, app)
    k.locator('[data-card="JS"]').click()  # "make your move, then Shift+Enter"
    k.locator('[data-pile="t1"]').click()
    wait_for_history(lab, "k", ["t2-t1"])
    made = lab.evaluate("id(k)")

    lab.page.keyboard.press("Shift+Enter")
    deadline = time.monotonic() + 15
    while lab.evaluate("after") != 2:
        assert time.monotonic() < deadline, "Shift+Enter on the board did not run the next cell"
        time.sleep(0.1)
    # The board's own cell did not run again, the one after next did not run, and the notebook
    # moved on to it, as Shift+Enter does from any cell.
    assert lab.evaluate("[id(k), later, [str(m) for m in k.history]]") == [made, 1, ["t2-t1"]]
    expect(k.locator('[data-pile="t1"] [data-card="JS"]')).to_be_visible()
    assert _active_cell(lab) == 2


@pytest.mark.parametrize("app", ["lab", "notebook"])
def test_ctrl_s_on_the_board_saves_the_notebook(lab: LabPage, app: str) -> None:
    lab.open(lab.write_notebook("save.ipynb", NOTEBOOK_CELLS), app=app)
    lab.run_all()
    k = board(lab.page, "klondike")
    lab.page.evaluate(
        """(path) => window.__e2e.panel(path).content.model.sharedModel.insertCell(0,
             { cell_type: "markdown", source: "Saved from the board" })""",
        lab.path,
    )
    k.locator('[data-pile="t1"]').focus()
    lab.page.keyboard.press("Control+s")
    saved = lab.folder / "save.ipynb"
    deadline = time.monotonic() + 15
    while "Saved from the board" not in saved.read_text():
        assert time.monotonic() < deadline, "Ctrl+S on the board did not save the notebook"
        time.sleep(0.1)
    assert history(lab, "k") == []


def test_f_sends_the_held_card_or_the_focused_pile_s_top_card_home(lab: LabPage) -> None:
    lab.open(lab.write_notebook("home.ipynb", NOTEBOOK_CELLS))
    lab.run_all()
    page = lab.page
    k = board(page, "klondike")
    # Held with Enter, then one key home, wherever the focus is.
    k.locator('[data-pile="t4"]').focus()
    page.keyboard.press("Enter")
    expect(k.locator('[data-card="AH"]')).to_have_class(re.compile(r"\bsw-picked\b"))
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("f")
    wait_for_history(lab, "k", ["t4-f"])
    expect(k.locator('[data-pile="f1"] [data-card="AH"]')).to_be_visible()
    # Nothing held: the focused pile's top card goes.
    k.locator('[data-pile="stock"]').click()
    wait_for_history(lab, "k", ["t4-f", "draw"])
    k.locator('[data-pile="waste"]').focus()
    page.keyboard.press("Shift+F")
    wait_for_history(lab, "k", ["t4-f", "draw", "waste-f"])
    expect(k.locator('[data-pile="f1"] [data-card="2H"]')).to_be_visible()
    # A card no foundation takes stays, and the board says why.
    k.locator('[data-pile="t1"]').focus()
    page.keyboard.press("f")
    expect(k.locator(".sw-line")).to_have_text(lab.evaluate('k.explain("t1-f")'))
    assert history(lab, "k") == ["t4-f", "draw", "waste-f"]


def test_tab_reaches_the_piles_before_the_buttons(lab: LabPage) -> None:
    k = open_klondike(lab, BY_HAND)
    page = lab.page
    k.focus()
    reached = []
    for _ in range(15):
        page.keyboard.press("Tab")
        reached.append(
            page.evaluate(
                "() => document.activeElement.dataset.pile ?? document.activeElement.textContent"
            )
        )
    piles = ["stock", "waste", "f1", "f2", "f3", "f4"] + [f"t{i}" for i in range(1, 8)]
    assert reached == [*piles, "New game", "Hint"]  # Restart, Undo, Redo and Finish are disabled
