"""Coach mode (issue 12): a move that loses a game the solver proved winnable is called out at
once, with a move that keeps it winnable; the move itself always stands."""

from __future__ import annotations

import solitaire_widget as sw
from positions import KEEPS_IT, LOSES_IT, LOSING_POSITION
from solitaire_widget.solver import solve
from solitaire_widget.solver.coach import LOSING_MOVE, Coach
from solitaire_widget.state import load_game
from solitaire_widget.words import move_in_words

# See positions.LOSING_POSITION: LOSING buries the 8 of spades for good, SAFE keeps it winnable.
POSITION, LOSING, SAFE = LOSING_POSITION, LOSES_IT, KEEPS_IT


def after(move: str):
    game = load_game(POSITION)
    game.move(move)
    return game


def test_the_constructed_position_is_won_before_and_lost_after_the_losing_move():
    assert solve(POSITION, time_limit=10).status == "won"
    assert solve(after(LOSING), time_limit=10).status == "unwinnable"
    assert solve(after(SAFE), time_limit=10).status == "won"


def test_the_coach_warns_of_a_losing_move_and_names_a_better_one():
    warning = Coach(budget=5).judge(POSITION, after(LOSING), LOSING)
    assert warning is not None
    assert str(warning.move) == LOSING
    assert warning.text.startswith(LOSING_MOVE)
    # The better move in a player's words, as the board says it, not in notation.
    assert warning.better_words == move_in_words(load_game(POSITION), warning.better)
    assert warning.text.endswith(f"Undo it: {warning.better_words} keeps the game winnable.")
    assert str(warning.better) not in warning.text
    kept = load_game(POSITION)
    kept.move(warning.better)
    assert solve(kept, time_limit=10).status == "won"


def test_the_coach_says_nothing_about_a_safe_move():
    assert Coach(budget=5).judge(POSITION, after(SAFE), SAFE) is None


def test_the_coach_says_nothing_when_it_could_not_prove_the_position_winnable():
    assert Coach(budget=0).judge(POSITION, after(LOSING), LOSING) is None


def test_a_move_along_a_line_the_coach_found_needs_no_new_search():
    coach = Coach(budget=5)
    assert coach.verdict(POSITION)[0] == "won"
    better = coach.verdict(POSITION)[1]
    coach.budget = 0  # any new search would now come back "unknown"
    assert coach.judge(POSITION, after(str(better)), better) is None
    assert coach.verdict(after(str(better)))[0] == "won"


def test_a_coached_board_shows_the_warning_and_keeps_the_move():
    board = sw.load(POSITION)
    board.coach = True
    board._coach.budget = 5
    board.move(LOSING)
    assert str(board.history[-1]) == LOSING
    assert board._message["kind"] == "coach"
    assert board._message["text"].startswith(LOSING_MOVE)
    board.undo()
    board.move(SAFE)
    assert board._message["kind"] != "coach"


def test_a_page_move_is_coached_too():
    board = sw.load(POSITION)
    board.coach = True
    board._coach.budget = 5
    request = {"type": "move", "move": LOSING, "version": board._board["version"]}
    board._on_request(board, request, [])
    assert board._message["kind"] == "coach"


def test_coach_is_off_unless_asked_for():
    assert sw.Klondike(seed=1).coach is False
    assert sw.Klondike(seed=1, coach=True).coach is True
    assert sw.Applegate(seed=1, coach=True).coach is True
    board = sw.load(POSITION)
    board.move(LOSING)
    assert board._message["kind"] != "coach"
