"""Statistics over a scripted run of won, lost and abandoned games, counted by hand; the daily
challenge and its streak; and the board's Stats panel request."""

from __future__ import annotations

import datetime as dt

import pytest

import solitaire_widget as sw
from positions import applegate_state, klondike_state, run_down
from solitaire_widget import scoreboard
from solitaire_widget.solver.deals import daily_seed
from solitaire_widget.widget import clock as clock_module
from test_status import DEAD_KLONDIKE, DEAD_STOCK

# Lost from the start, while the stock still turns (the dead end of tests/test_status.py).
DEAD = klondike_state(DEAD_KLONDIKE, foundations=[], stock=DEAD_STOCK)
# Two cards from a win: the QS and the KS go home.
TWO_FROM_HOME = klondike_state(["QS", "KS"])
# One move from an Applegate win: the spade run goes home.
ONE_FROM_HOME = applegate_state([" ".join(run_down("5S", 13))])


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The boards' clock, in milliseconds, moved on by the test."""
    now = [1_800_000_000_000]
    monkeypatch.setattr(clock_module, "now_ms", lambda: now[0])
    return now


def win_klondike(clock: list[int], seconds: int, **options: object) -> sw.Klondike:
    board = sw.load(klondike_state(["QS", "KS"], **options))
    board.move("t1-f")
    clock[0] += seconds * 1000
    board.move("t2-f")
    assert board.status == "won"
    return board


def win_applegate() -> sw.Applegate:
    board = sw.load(ONE_FROM_HOME)
    board.move("t1-f:13")
    assert board.status == "won"
    return board


def test_statistics_of_a_scripted_run_match_the_hand_count(clock):
    win_klondike(clock, 40)  # won, 2 moves, 40 s, score 20
    win_klondike(clock, 25)  # won, 25 s
    lost = sw.load(DEAD)
    lost.draw()  # played: one move; lost
    assert lost.status == "lost"
    win_klondike(clock, 60)  # won
    left = sw.Klondike(seed=42)
    left.draw()
    left.new_game(seed=43)  # the game on seed 42 is abandoned
    left.draw()
    left.restart()  # a new attempt: the first attempt on 43 counts as not won
    left.draw()  # the second attempt, in progress
    win_klondike(clock, 5, draw=3, scoring="vegas")

    win_applegate()
    win_applegate()
    unfinished = sw.load(ONE_FROM_HOME)
    unfinished.move(unfinished.legal_moves()[-1])  # left playing, then another game is started
    assert unfinished.status == "playing"
    win_applegate()
    win_applegate()
    sw.Applegate(seed=3)  # dealt, never played: not counted

    figures = sw.stats()
    assert [variant.label for variant in figures] == [
        "Klondike · draw 1",
        "Klondike · draw 3 · Vegas scoring",
        "Applegate",
    ]
    draw_one = figures["Klondike · draw 1"]
    # won, won, lost, won, abandoned, abandoned attempt, attempt in progress
    assert (draw_one.played, draw_one.won) == (7, 3)
    assert draw_one.win_rate == pytest.approx(3 / 7)
    assert (draw_one.current_streak, draw_one.best_streak) == (0, 2)
    assert draw_one.best_time == 25
    assert draw_one.best_score == 20
    assert draw_one.average_win_moves == 2
    vegas = figures["Klondike · draw 3 · Vegas scoring"]
    assert (vegas.played, vegas.won, vegas.current_streak, vegas.best_time) == (1, 1, 1, 5)
    assert vegas.best_score == -52 + 5 * 52
    applegate = figures["Applegate"]
    # won, won, not won (left for another game), won, won
    assert (applegate.played, applegate.won) == (5, 4)
    assert (applegate.current_streak, applegate.best_streak) == (2, 2)
    assert applegate.best_score is None and applegate.average_win_moves == 1

    table = repr(figures).splitlines()
    assert table[0].startswith("Variant") and "Win rate" in table[0]
    assert table[1].split("  ")[0] == "Klondike · draw 1"
    assert "43%" in table[1] and "0:25" in table[1]
    assert "<table>" in figures._repr_html_()


def test_a_game_in_progress_does_not_break_the_streak_until_another_is_started(clock):
    win_klondike(clock, 10)
    in_progress = sw.load(TWO_FROM_HOME)
    in_progress.move("t1-f")
    figures = sw.stats()["Klondike · draw 1"]
    assert (figures.played, figures.won, figures.current_streak) == (2, 1, 1)
    win_klondike(clock, 10)
    figures = sw.stats()["Klondike · draw 1"]
    assert (figures.played, figures.won, figures.current_streak) == (3, 2, 1)
    in_progress.move("t2-f")  # the player comes back to it and wins: the record is the truth
    figures = sw.stats()["Klondike · draw 1"]
    assert (figures.won, figures.current_streak, figures.best_streak) == (3, 3, 3)


def test_undoing_a_win_does_not_unwin_it(clock):
    board = win_klondike(clock, 10)
    board.undo()
    assert sw.stats()["Klondike · draw 1"].won == 1
    assert sw.saved_games()[0].status == "won"


def test_no_games_no_figures():
    assert len(sw.stats()) == 0
    assert repr(sw.stats()) == "No games played yet."


# ------------------------------------------------------------- the daily challenge


def win_daily(date: str) -> sw.Klondike:
    board = sw.Klondike.daily(date)
    board.play(sw.solve(board).moves, delay=0)
    assert board.status == "won"
    return board


def test_a_daily_board_deals_the_dates_seed_and_says_so():
    board = sw.Klondike.daily("2026-11-30", draw=3, scoring="vegas", show_marks=False)
    assert board.seed == daily_seed("klondike", dt.date(2026, 11, 30), draw=3)
    assert board._game.options == {"draw": 3, "scoring": "vegas"} and not board.show_marks
    assert board._board["badges"] == ["Daily challenge · 2026-11-30"]
    board.draw()
    board.restart()  # the same deal again: still the daily challenge
    assert board._board["badges"] == ["Daily challenge · 2026-11-30"]
    board.draw()
    assert sw.resume()._board["badges"] == ["Daily challenge · 2026-11-30"]
    assert sw.saved_games()[0].daily == "2026-11-30"
    board.new_game()
    assert board._board["badges"] == []
    applegate = sw.Applegate.daily(dt.date(2026, 12, 1))
    assert applegate.seed == daily_seed("applegate", "2026-12-01")
    assert applegate._board["badges"] == ["Daily challenge · 2026-12-01"]


def test_the_daily_challenge_is_todays_in_utc_by_default():
    today = dt.datetime.now(dt.UTC).date()
    assert sw.Klondike.daily().seed == daily_seed("klondike", today)
    with pytest.raises(ValueError, match="2026-11-30"):
        sw.Klondike.daily("30/11/2026")


def test_the_daily_streak_counts_consecutive_dates_won(monkeypatch):
    for date in ["2026-11-01", "2026-11-02", "2026-11-03", "2026-11-05", "2026-11-06"]:
        win_daily(date)
    skipped = sw.Klondike.daily("2026-11-07")
    skipped.draw()
    skipped.new_game()  # the 7th's deal abandoned
    monkeypatch.setattr(scoreboard, "today", lambda: dt.date(2026, 11, 7))
    figures = sw.stats()["Klondike · draw 1"]
    assert (figures.daily_won, figures.daily_streak, figures.best_daily_streak) == (5, 2, 3)
    monkeypatch.setattr(scoreboard, "today", lambda: dt.date(2026, 11, 8))
    assert sw.stats()["Klondike · draw 1"].daily_streak == 0, "a day was missed"
    assert sw.stats()["Klondike · draw 1"].best_daily_streak == 3


# ------------------------------------------------------------- the board's Stats panel


def send(board: sw.Klondike, content: object) -> None:
    """Delivers a request from the page as the kernel does."""
    board.comm.handle_msg(
        {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
    )


def test_the_stats_request_answers_with_the_panels_figures(clock):
    win_applegate()
    board = sw.Klondike(seed=5, draw=3)
    send(board, {"type": "stats", "version": board._board["version"] - 1})  # reading: any version
    panel = board._stats
    assert panel["columns"][0] == "Variant" and len(panel["columns"]) == 11
    assert [row["cells"][0] for row in panel["rows"]] == ["Klondike · draw 3", "Applegate"]
    assert [row["this_board"] for row in panel["rows"]] == [True, False]
    assert panel["rows"][0]["cells"][1:3] == ["0", "0"], "this board's variant, before any game"
    assert panel["rows"][1]["cells"] == sw.stats()["Applegate"].cells()
    assert panel["notice"] is None
    send(board, {"type": "stats", "version": 0, "extra": 1})
    assert "wrong fields" in board._message["text"]
