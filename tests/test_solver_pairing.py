"""The Klondike solver's pairing of moves with the move that makes them worth making: a run moved
between twin cards comes with a move that uses the card it uncovers, and a card brought down from a
foundation with a move that covers it (``KlondikeRules``, proved never to lose a win). Pairing
never changes a verdict; it only leaves fewer positions to search."""

from __future__ import annotations

import random

import pytest

from positions import klondike_state
from solitaire_widget.cards import SUITS
from solitaire_widget.games import KlondikeGame
from solitaire_widget.solver.klondike import (
    CHAIN,
    FROM_FOUNDATION,
    RUN,
    TO_FOUNDATION,
    KlondikeRules,
)
from solitaire_widget.solver.search import WON, DepthFirst

# The 8S lies on the 9H; the 9D and the 8C (the 8S's twin) are free elsewhere.
TWINS = klondike_state(["* | 9H 8S", "5C | 9D", "6C | 8C"])
HEARTS = SUITS.index("H")


def test_a_run_moves_between_twins_only_with_a_move_that_uses_the_card_it_uncovers():
    shuffle = (RUN, 0, 1, 1)  # the 8S from the 9H onto the 9D
    paired = KlondikeRules(TWINS).moves(KlondikeRules(TWINS).root)
    assert shuffle not in paired
    assert (CHAIN, (shuffle, (TO_FOUNDATION, 0))) in paired  # the 9H goes up
    assert (CHAIN, (shuffle, (RUN, 2, 0, 1))) in paired  # the 8C takes the 9H
    single = KlondikeRules(TWINS, pairing=False)
    assert shuffle in single.moves(single.root)


def test_a_card_comes_down_from_a_foundation_only_with_a_move_that_covers_it():
    """The 5H may come down onto the 6S (it is not safe there: the black foundations are low),
    but only for the 4C to go on it."""
    state = klondike_state(["* | 6S", "9H | 4C"], foundations=["2C", "KD", "5H", "3S"])
    rules = KlondikeRules(state)
    down = (FROM_FOUNDATION, HEARTS, 0)
    moves = rules.moves(rules.root)
    assert down not in moves
    assert (CHAIN, (down, (RUN, 1, 0, 1))) in moves
    single = KlondikeRules(state, pairing=False)
    assert down in single.moves(single.root)


def exhaust(rules: KlondikeRules, positions: int) -> str | None:
    search = DepthFirst(rules, rules.root)
    if rules.is_won(rules.root):
        return WON
    verdict = None
    while verdict is None and search.nodes < positions:
        verdict = search.advance(1000)
    return verdict


def position_in_play(seed: int, draw: int) -> dict:
    """A deal some way into a game played at random, foundation moves most often."""
    rng = random.Random(seed)
    game = KlondikeGame(seed=seed, draw=draw)
    for _ in range(rng.randrange(80, 200)):
        moves = game.legal_moves()
        if not moves:
            break
        up = [move for move in moves if move.dst.startswith("f")]
        game.move(rng.choice(up if up and rng.random() < 0.7 else moves))
    return game.state()


@pytest.mark.parametrize("draw", [1, 3])
def test_pairing_never_changes_a_verdict(draw):
    decided = 0
    for seed in range(20):
        state = position_in_play(seed, draw)
        paired = exhaust(KlondikeRules(state), 5_000)
        single = exhaust(KlondikeRules(state, pairing=False), 20_000)
        if paired is not None and single is not None:
            assert paired == single, seed
            decided += 1
    assert decided >= 10
