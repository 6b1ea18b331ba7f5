"""Lesson positions and the exercise check that the learn_* notebooks rely on."""

from __future__ import annotations

import pytest

import solitaire_widget as sw
from solitaire_widget.engine import IllegalMove
from solitaire_widget.games import KlondikeGame
from solitaire_widget.lessons import Exercise, Verdict, applegate_state, klondike_state
from solitaire_widget.moves import Move
from solitaire_widget.state import load_game

# The Queen of diamonds lies on two face-down cards; the King of spades takes it.
TURN_UP = klondike_state(["KS", "7C 2H | QD", "8H | JS"])


def test_a_klondike_position_puts_every_card_it_does_not_name_in_the_stock() -> None:
    state = klondike_state(["KD", "5C | QS"], foundations=["", "3H"], waste="9S")
    game = load_game(state)
    assert state["foundations"] == [[], ["AH", "2H", "3H"], [], []]
    assert state["tableau"][1] == {"down": ["5C"], "up": ["QS"]}
    assert state["tableau"][6] == {"down": [], "up": []}
    assert len(state["stock"]) == 52 - 3 - 3 - 1
    assert game.state()["waste"] == ["9S"]


def test_a_klondike_position_with_its_own_stock_must_still_hold_52_cards() -> None:
    with pytest.raises(ValueError, match="cards are missing"):
        load_game(klondike_state(["KD"], stock="QS"))


def test_an_applegate_foundation_is_a_complete_run_king_to_ace() -> None:
    state = applegate_state(["AS | KS"], foundations="CDH", reserve="QS JS")
    assert state["foundations"][2] == [f"{rank}H" for rank in "KQJT98765432A"]
    assert state["foundations"][3] == []
    assert state["reserve"] == ["QS", "JS"]
    with pytest.raises(ValueError, match="cards are missing"):
        load_game(state)


def test_without_a_move_the_check_plays_the_answer_and_says_so() -> None:
    exercise = Exercise(load_game(TURN_UP))
    verdict = exercise.check("t2-t1", goal="turn the card over", why="Kings take red Queens.")
    assert not verdict.right
    assert str(verdict) == (
        "No move made on the board yet; here is the answer: the Queen of diamonds onto the King "
        "of spades. Kings take red Queens."
    )
    assert exercise.game.history == [Move("t2", "t1")]


def test_the_right_move_is_praised_with_the_reason() -> None:
    game = load_game(TURN_UP)
    exercise = Exercise(game)
    game.move("t2-t1")
    verdict = exercise.check("t2-t1", goal="turn the card over", why="Kings take red Queens.")
    assert verdict == Verdict(True, "Right! Kings take red Queens.")
    assert verdict._repr_markdown_().startswith("✅ Right!")
    assert game.moves == 1


def test_a_move_written_differently_that_leads_to_the_same_position_is_right() -> None:
    game = load_game(klondike_state(["AS"], foundations=["3H"]))
    exercise = Exercise(game)
    game.move("t1-f2")
    assert exercise.check("t1-f", goal="start a foundation", why="Aces start them.").right


def test_moves_after_the_answer_are_counted_but_do_not_spoil_it() -> None:
    game = load_game(TURN_UP)
    exercise = Exercise(game)
    game.move("t2-t1")
    game.move("t3-t1")
    verdict = exercise.check("t2-t1", goal="turn the card over", why="Kings take red Queens.")
    assert verdict.right
    assert verdict.text.endswith("(You went on with 1 more move after that.)")


def test_a_wrong_move_says_what_it_missed_and_leaves_the_board_alone() -> None:
    game = load_game(TURN_UP)
    exercise = Exercise(game)
    game.move("t3-t2")
    verdict = exercise.check("t2-t1", goal="turn over the card under the Queen", why="-")
    assert not verdict.right
    assert verdict.text.startswith(
        "Not quite: you played the Jack of spades onto the Queen of diamonds, which does not "
        "turn over the card under the Queen."
    )
    assert game.history == [Move("t3", "t2")]


def test_after_a_restart_the_check_shows_the_answer_again() -> None:
    board = sw.load(TURN_UP, controls="lesson")
    exercise = Exercise(board)
    board.move("t3-t2")
    assert "press Restart and run this cell" in exercise.check("t2-t1", goal="-", why="-").text
    board.restart()
    verdict = exercise.check("t2-t1", goal="-", why="Kings take red Queens.")
    assert verdict.text.startswith(
        "No move made on the board yet; here is the answer: the Queen of diamonds onto the King"
    )
    assert board.history == [Move("t2", "t1")]


def test_a_new_deal_on_the_board_is_noticed_instead_of_judged() -> None:
    game = load_game(TURN_UP)
    exercise = Exercise(game)
    game.new_game(seed=3)
    verdict = exercise.check("t2-t1", goal="turn the card over", why="-")
    assert not verdict.right
    assert "no longer shows the exercise" in verdict.text
    assert game.moves == 0


def test_moves_made_before_the_exercise_was_set_are_not_the_learners() -> None:
    game = KlondikeGame(seed=7)
    game.move("t7-f")
    exercise = Exercise(game)
    assert not exercise.check("t2-t4", goal="move the 6", why="-").right
    assert game.history == [Move("t7", "f"), Move("t2", "t4")]

    game.undo()
    game.undo()
    assert "no longer shows the exercise" in exercise.check("t2-t4", goal="-", why="-").text


def test_a_lesson_whose_answer_breaks_the_rules_fails_when_it_is_checked() -> None:
    exercise = Exercise(load_game(TURN_UP))
    with pytest.raises(IllegalMove):
        exercise.check("t2-t3", goal="-", why="-")


def test_lesson_boards_leave_the_players_daily_challenge_to_resume() -> None:
    """Issue 21: after the lessons, ``sw.resume()`` gave a lesson position back instead of the
    daily challenge the player was in the middle of. A lesson board records nothing."""
    daily = sw.Klondike.daily("2026-11-30")
    daily.draw()
    lesson = sw.load(klondike_state(["KD", "QS"]), controls="lesson")
    exercise = Exercise(sw.load(klondike_state(["KD", "QS"]), controls="lesson"))
    lesson.move("t2-t1")
    exercise.check("t2-t1", goal="put the Queen on the King", why="Red King, black Queen.")
    resumed = sw.resume()
    assert resumed.game_id == daily.game_id and resumed.history == daily.history
    assert [game.id for game in sw.saved_games()] == [daily.game_id]
