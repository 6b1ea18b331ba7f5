"""Applegate positions the solver proves lost without a search (``is_stuck``): each such verdict
is checked by trying every move, and no position along a winning line is ever called stuck."""

from __future__ import annotations

import random

import pytest

from positions import applegate
from solitaire_widget.games import ApplegateGame
from solitaire_widget.solver import solve
from solitaire_widget.solver.applegate import ApplegateRules, is_stuck
from solitaire_widget.state import load_game
from test_solver import brute_force_winnable, small_applegate_state


def stuck(state) -> bool:
    return is_stuck(*ApplegateRules(state).root)


def test_a_card_face_down_under_the_card_that_goes_on_it_is_stuck():
    """The Four of spades can go only on the Five of spades, face-down beneath it."""
    game = applegate(["5S KS | 4S", "QS JS TS 9S 8S 7S 6S", "3S 2S AS"], foundations="CDH")
    assert stuck(game.state())
    solution = solve(game)
    assert solution.status == "unwinnable" and solution.nodes == 0


def test_two_piles_each_waiting_for_a_card_buried_in_the_other_are_stuck():
    """The Four of spades waits for the Five, under the Nine; the Nine waits for the Ten, under
    the Four."""
    game = applegate(["TS | 4S", "5S | 9S", "KS QS JS 8S 7S 6S 3S 2S AS"], foundations="CDH")
    assert stuck(game.state())
    assert brute_force_winnable(game.state()) is False


def test_a_reserve_card_whose_card_lies_deeper_in_the_reserve_is_stuck():
    game = applegate(["KS QS JS TS 9S 8S 7S 6S 5S 2S AS"], foundations="CDH", reserve="4S 3S")
    assert stuck(game.state())
    assert brute_force_winnable(game.state()) is False


def test_a_king_waiting_for_an_empty_pile_is_not_called_stuck():
    """A King leaves for any empty pile, so its buried Ace does not hold it."""
    game = applegate(["AS | KS", "QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S"], foundations="CDH")
    assert not stuck(game.state())
    assert solve(game).status == "won"


@pytest.mark.parametrize("number", range(24))
def test_a_stuck_single_suit_position_cannot_be_won_by_any_moves(number):
    state = small_applegate_state(random.Random(5000 + number))
    if stuck(state):
        assert brute_force_winnable(state) is False
    else:
        truth = brute_force_winnable(state)
        assert solve(state, time_limit=10).status == ("won" if truth else "unwinnable")


def test_no_stuck_two_suit_position_is_won_by_trying_every_move():
    """Stuck positions among random two-suit ones: trying every move (within a bound) never wins
    one, and most are proved lost outright."""
    proved = 0
    for number in range(12):
        # Two suits spread: waits can cross between the cards of different suits.
        state = small_applegate_state(random.Random(number), suits=2, face_up=0.75)
        if stuck(state):
            truth = brute_force_winnable(state, limit=300)
            assert truth is not True, number
            proved += truth is False
    assert proved >= 2


@pytest.mark.parametrize("seed", [0, 35, 50, 52, 55])
def test_no_position_along_a_winning_line_is_stuck(seed):
    game = ApplegateGame(seed=seed)
    moves = solve(game, time_limit=10).moves
    assert moves
    replay = load_game(game.state())
    for move in moves:
        assert not stuck(replay.state()), move
        replay.move(move)
