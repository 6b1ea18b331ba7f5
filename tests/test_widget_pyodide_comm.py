"""What the board sends reaches a page behind JupyterLite's kernel (issue 21).

Pyodide's kernel converts each comm message with ``toJs``, which turns Python's None into
JavaScript's undefined, and the message then goes through JSON, which drops every object member
that is undefined. A trait sent as None never reaches such a page: it keeps the old value (a
progress strip that never clears, a review panel that never closes, a score from the last game,
a seed the board was told to take back). So no trait may be sent as None, in any environment.
"""

from __future__ import annotations

from typing import Any

import anywidget

import solitaire_widget as sw
from page import Page
from positions import LOSING_POSITION

APPLEGATE = {"game": "applegate", "draw": 1, "scoring": None, "winnable": False}
NO_SCORE = {"game": "klondike", "draw": 1, "scoring": None, "winnable": False}


def through_pyodide(value: Any) -> Any:
    """``value`` as the page receives it from Pyodide's kernel."""
    if isinstance(value, dict):
        return {name: through_pyodide(item) for name, item in value.items() if item is not None}
    if isinstance(value, list):
        return [through_pyodide(item) for item in value]  # undefined in a list becomes null
    return value


def lost_traits(update: dict[str, Any]) -> list[str]:
    return sorted(set(update) - set(through_pyodide(update)))


def own_traits(board: Any) -> set[str]:
    """The board's traits, without those of anywidget and ipywidgets (which never change)."""
    return set(board.keys) - set(anywidget.AnyWidget.class_trait_names(sync=True))


def test_every_trait_the_board_sends_survives_pyodides_comm():
    board = sw.load(LOSING_POSITION, autosave=False)
    board.move("draw")
    page = Page(board)
    page.request("hint")  # "Looking for a good move...", then the strip clears
    page.request("draw")  # the hint is cleared
    page.request("review")  # "Reviewing the game...", the review opens
    page.request("review_leave")  # ...and closes
    page.request("stats")
    page.request("new_game", options=NO_SCORE)  # the score goes
    page.request("new_game", options={**APPLEGATE, "winnable": True})  # "Finding a ..."
    board.show_seed = False  # the seed is taken back
    sent = {name for update in page.updates for name in update}
    assert {"_busy", "_hint", "_review", "_stats", "score", "seed"} <= sent
    lost = [lost_traits(update) for update in page.updates if lost_traits(update)]
    assert lost == [], f"these updates never reach a JupyterLite page: {lost}"


def test_a_new_page_behind_pyodides_comm_gets_every_trait_of_the_board():
    for board in (
        sw.Klondike(seed=3, scoring=None, autosave=False, show_seed=False),
        sw.Applegate(seed=3, autosave=False),
    ):
        state = {name: board.get_state()[name] for name in own_traits(board)}
        assert lost_traits(state) == []


def test_the_page_reads_an_empty_value_as_no_value():
    board = sw.Klondike(seed=3, scoring=None, autosave=False, show_seed=False)
    state = board.get_state()
    assert state["score"] == "" and state["seed"] == ""
    assert state["_busy"] == state["_hint"] == state["_review"] == state["_stats"] == {}
    assert board.score is None and board._busy is None and board._review is None  # in Python
