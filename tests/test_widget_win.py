"""A win on the board: its time, moves and score go to the page as figures, with the bests it
beat among the player's earlier wins of the variant (the Stats panel's figures), and the message
says them in words. A board that records nothing compares nothing.

The ``time`` fixture (conftest.py) is a fake time source: the tests say exactly how long passed.
"""

from __future__ import annotations

from typing import Any

from conftest import FakeTime
from page import Page
from positions import klondike_state
from solitaire_widget import scoreboard
from solitaire_widget.widget import load

# Every card home but the Kings, which lie face-up on the tableau: two moves can win it.
NEARLY_WON = klondike_state(["KC", "KD", "KH", "KS"])
# A Voilà visitor, as their browser's token names them.
VISITOR = "0123456789abcdef" * 2


def win(
    time: FakeTime, seconds: float, visitor: str | None = None, **settings: Any
) -> tuple[Any, Page]:
    """A board on a page that wins NEARLY_WON in ``seconds`` (one move, then Finish), as the
    notebook's player or as a ``visitor`` of the Voilà app (their browser's token)."""
    board = load(NEARLY_WON, auto_move=False, **settings)
    if visitor is not None:
        board._record_for(visitor)
    page = Page(board)
    page.request("move", move="t1-f")
    time.wait(seconds)
    page.request("finish")
    assert board.status == "won"
    return board, page


def test_a_win_sends_its_time_moves_and_score_and_says_them(time):
    board, page = win(time, 83.6)
    assert board._board["win"] == {"seconds": 83, "moves": 4, "score": 40, "bests": []}
    assert board._message["kind"] == "win"
    assert board._message["text"] == "You won in 1:23 · 4 moves · 40 points!"
    assert page.view()["_board"]["win"] == board._board["win"]


def test_a_faster_win_is_a_new_best_time_and_a_slower_one_is_not(time):
    win(time, 80)
    faster, _ = win(time, 50)
    assert faster._board["win"]["bests"] == ["time"]
    assert faster._message["text"] == "You won in 0:50 · 4 moves · 40 points! New best time!"
    slower, _ = win(time, 70)
    assert slower._board["win"]["bests"] == []
    assert "best" not in slower._message["text"]
    # The same whole second is no new best: the player would see the same time.
    same, _ = win(time, 50.9)
    assert same._board["win"]["bests"] == []


def test_a_higher_score_is_a_new_best_score(time):
    win(time, 80)  # 40 points
    board = load(NEARLY_WON | {"score": 100})
    page = Page(board)
    page.request("finish")
    assert board._board["win"]["bests"] == ["score"]
    assert board._message["text"].endswith("140 points! New best score!")


def test_a_game_won_again_after_an_undo_counts_its_first_win(time):
    win(time, 80)
    board, page = win(time, 50)
    assert board._board["win"]["bests"] == ["time"]
    page.request("undo")
    assert board._board["win"] is None
    time.wait(1)
    page.request("finish")
    assert board.status == "won"
    assert board._board["win"]["seconds"] == 51
    assert board._board["win"]["bests"] == []


def test_a_board_that_records_nothing_compares_nothing(time):
    win(time, 80)
    board, _ = win(time, 10, autosave=False)
    assert board._board["win"] == {"seconds": 10, "moves": 4, "score": 40, "bests": []}
    assert "best" not in board._message["text"]


def test_a_board_without_a_clock_wins_without_a_time_and_records_none(time):
    board, _ = win(time, 30, clock=False)
    assert board._board["win"] == {"seconds": None, "moves": 4, "score": 40, "bests": []}
    assert board._message["text"] == "You won in 4 moves · 40 points!"
    (variant,) = scoreboard.stats()
    assert variant.won == 1 and variant.best_time is None
    # So a timed win after it still sets the first best time, which a later one can beat.
    win(time, 60)
    assert scoreboard.stats()[0].best_time == 60


def test_a_new_deal_or_an_undo_takes_the_win_away(time):
    board, page = win(time, 20)
    page.request("undo")
    assert board.status == "playing" and board._board["win"] is None
    page.request("finish")
    assert board._board["win"] is not None
    page.request("new_game")
    assert board._board["win"] is None


def test_a_visitors_bests_are_their_own(time):
    """In the Voilà app each visitor has their own games: another player's faster win is not
    the best a visitor's win is measured against."""
    win(time, 30)  # the notebook's player
    first, _ = win(time, 80, visitor=VISITOR)
    assert first._board["win"]["bests"] == []
    faster, _ = win(time, 50, visitor=VISITOR)
    assert faster._board["win"]["bests"] == ["time"]
