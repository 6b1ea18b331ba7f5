"""The board's clock: it starts at the first move, stops at a win or a loss, resumes without a
jump after an undo, starts over on a new deal or a restart, and is off on lesson boards.

The ``time`` fixture (conftest.py) is a fake time source: the tests say exactly how long passed.
"""

from __future__ import annotations

from typing import Any

import pytest

from page import Page
from positions import applegate_state, klondike_state
from solitaire_widget.widget import Klondike, load

NEARLY_WON = klondike_state(["KC", "KD", "KH", "KS"])


def shown(board: Any) -> dict[str, Any]:
    """The clock as a page is sent it now (a view opening at this moment gets this)."""
    return board.get_state("_clock")["_clock"]


def test_the_clock_waits_for_the_first_move(time):
    board = Klondike(seed=42)
    time.wait(30)
    assert shown(board) == {"enabled": True, "elapsed": 0, "running": False}


def test_the_clock_starts_at_the_first_move_and_counts(time):
    board = Klondike(seed=42)
    time.wait(30)
    board.move("t4-t1")
    time.wait(5)
    assert shown(board) == {"enabled": True, "elapsed": 5000, "running": True}


def test_the_page_is_sent_the_clock_when_it_starts_and_not_with_every_move(time):
    board = Klondike(seed=42)
    page = Page(board)
    page.request("move", move="t4-t1")
    time.wait(2)
    page.request("draw")
    page.request("draw")
    assert page.received("_clock") == [{"enabled": True, "elapsed": 0, "running": True}]


def test_a_view_that_opens_late_is_sent_the_total_so_far(time):
    board = Klondike(seed=42)
    page = Page(board)
    page.request("move", move="t4-t1")
    time.wait(7.5)
    board.send_state()  # what ipywidgets does when a new view asks for the whole state
    assert page.updates[-1]["_clock"] == {"enabled": True, "elapsed": 7500, "running": True}


def test_the_clock_stops_at_a_win_and_stays_stopped(time):
    board = load(NEARLY_WON, auto_move=False)
    board.move("t1-f")
    time.wait(10)
    board.auto_finish()
    assert board.status == "won"
    time.wait(60)
    assert shown(board) == {"enabled": True, "elapsed": 10_000, "running": False}


def test_an_undo_after_a_win_resumes_from_the_stopped_total(time):
    board = load(NEARLY_WON, auto_move=False)
    page = Page(board)
    board.move("t1-f")
    time.wait(10)
    page.request("finish")
    time.wait(60)  # admiring the win
    page.request("undo")
    assert board.status == "playing"
    assert page.updates[-1]["_clock"] == {"enabled": True, "elapsed": 10_000, "running": True}
    time.wait(1)
    assert shown(board)["elapsed"] == 11_000


def last_hope() -> dict[str, Any]:
    """An Applegate game whose one move (the reserve's Ace onto the 2 of diamonds) loses it."""
    from test_status import DEAD_APPLEGATE

    piles = list(DEAD_APPLEGATE)
    piles[4] = "KD 6D | TC"
    return applegate_state(piles, foundations=["H", "S"], reserve="7D QD AD")


def test_the_clock_stops_when_the_game_is_lost(time):
    board = load(last_hope())
    board.move("reserve-t7")
    board.undo()
    assert board.status == "playing"
    time.wait(4)
    board.move("reserve-t7")
    assert board.status == "lost"
    time.wait(5)
    assert shown(board) == {"enabled": True, "elapsed": 4000, "running": False}
    board.undo()
    time.wait(2)
    assert shown(board) == {"enabled": True, "elapsed": 6000, "running": True}


@pytest.mark.parametrize("how", ["new_game", "restart"])
def test_a_new_deal_or_a_restart_sets_the_clock_back_to_zero(time, how):
    board = Klondike(seed=42)
    page = Page(board)
    page.request("move", move="t4-t1")
    time.wait(20)
    page.request(how)
    time.wait(5)
    assert shown(board) == {"enabled": True, "elapsed": 0, "running": False}
    page.request("draw")
    time.wait(3)
    assert shown(board)["elapsed"] == 3000


def test_undo_back_to_the_deal_keeps_the_clock_running(time):
    board = Klondike(seed=42)
    board.move("t4-t1")
    time.wait(4)
    board.undo()
    time.wait(1)
    assert shown(board) == {"enabled": True, "elapsed": 5000, "running": True}


def test_a_lesson_board_has_no_clock(time):
    board = load(NEARLY_WON, controls="lesson")
    board.move("t1-f")
    time.wait(5)
    assert shown(board) == {"enabled": False, "elapsed": 0, "running": False}


def test_any_board_can_do_without_a_clock_and_a_lesson_board_can_have_one(time):
    plain = Klondike(seed=1, clock=False)
    plain.draw()
    lesson = Klondike(seed=1, controls="lesson", clock=True)
    lesson.draw()
    time.wait(2)
    assert shown(plain)["enabled"] is False and shown(plain)["elapsed"] == 0
    assert shown(lesson) == {"enabled": True, "elapsed": 2000, "running": True}


def test_the_clock_argument_is_true_false_or_left_out():
    with pytest.raises(TypeError, match="clock is True, False or None"):
        Klondike(seed=1, clock="off")


def test_a_board_that_records_nothing_times_from_its_first_move_too(time):
    """A board no page sees works out its status when it is read; its clock must still start
    at the first move, not when it is first read (lesson boards record nothing, issue 21)."""
    board = Klondike(seed=1, autosave=False)
    board.draw()
    time.wait(2)
    board.draw()
    time.wait(1)
    assert shown(board) == {"enabled": True, "elapsed": 3000, "running": True}
