"""The Applegate solving search looks for stuck cards after every move that may have locked one
(``could_lock``): no such check is ever skipped where it would have found a dead end, a position
is called lost only when it is, and verdicts agree with the catalogue's search, which keeps the
older, sparser check."""

from __future__ import annotations

import random

import pytest

from positions import applegate
from solitaire_widget.cards import parse_card
from solitaire_widget.games import ApplegateGame
from solitaire_widget.solver import DEAL_BUDGET, _solve, _state_of, prove_deal, solve
from solitaire_widget.solver.applegate import RUN, ApplegateRules, could_lock, is_stuck
from solitaire_widget.solver.search import DepthFirst
from test_solver import brute_force_winnable, small_applegate_state


def moves_out_of_open_positions(seed, limit):
    """(position, move, child) for every move the searches may try from the first ``limit``
    positions of a deal's search that are not stuck."""
    rules = ApplegateRules(_state_of(ApplegateGame(seed=seed)))
    seen = {rules.key(rules.root)}
    pending = [rules.root]
    while pending and len(seen) < limit:
        position = pending.pop()
        if is_stuck(*position):
            continue
        for move in rules.all_moves(position):
            child = rules.after(position, move)
            yield position, move, child
            name = rules.key(child)
            if name not in seen:
                seen.add(name)
                pending.append(child)


@pytest.mark.parametrize("seed", [2, 119, 152, 215])
def test_only_a_move_that_parts_a_card_from_its_suit_neighbour_makes_a_position_stuck(seed):
    """Deals whose searches meet many stuck positions: each one came from a move that
    ``could_lock`` names."""
    stuck = 0
    for position, move, child in moves_out_of_open_positions(seed, 1500):
        if is_stuck(*child):
            stuck += 1
            assert move[0] == RUN and could_lock(position[0][move[1]], move[3]), (seed, move)
    assert stuck > 0


def pile(text):
    """A solver pile from "down | up" text, as ``ApplegateRules`` packs it."""
    down, _, up = text.rpartition("|")
    down, up = down.split(), up.split()
    return bytes((64 + len(down), *(parse_card(card) for card in down + up)))


def test_taking_a_card_away_with_its_suit_neighbour_may_lock_one():
    """Moving the 9S takes the 6S (on it) away from the 5S beneath: the 5S may now wait for a
    cover of the 6S."""
    source = pile("3S | 5S 9S 6S 2S")
    assert could_lock(source, 3)
    assert not could_lock(pile("4H | 7D 9S 6S 2S"), 3)  # no neighbour of theirs stays behind
    assert not could_lock(pile("9H | 6S 5S 2S"), 2)  # the 5S and 2S leave the 6S, the new top


def test_a_position_locked_by_a_split_is_proved_lost_at_once():
    """The 9S group takes the 6S onto the TS with the 2S on it. The 5S, left face-up on the
    face-down 3S, can go only onto the 6S, so the 2S must leave first; the 2S can go only onto
    the 3S, under the 5S. Neither ever leaves: the search stops at once."""
    game = applegate(["3S | 5S 9S 6S 2S", "TS", "KS QS JS 8S 7S 4S AS"], foundations="CDH")
    rules = ApplegateRules(_state_of(game), watch_splits=True)
    assert not is_stuck(*rules.root[:2])
    child = rules.after(rules.root, (RUN, 0, 1, 3))
    assert is_stuck(*child[:2])
    assert rules.moves(child) == []
    game.move("t1-t2:3")
    assert brute_force_winnable(game.state()) is False


def test_a_deal_is_proved_lost_in_far_fewer_positions_than_by_the_catalogues_search():
    """Seed 152 is lost: the catalogue's search needs thousands of positions to show it, the
    solving search a few hundred."""
    game = ApplegateGame(seed=152)
    sparse = prove_deal("applegate", 152)
    dense = solve(game, time_limit=30)
    assert sparse.status == dense.status == "unwinnable"
    assert dense.nodes * 10 < sparse.nodes


@pytest.mark.parametrize("number", range(16))
def test_a_single_suit_verdict_agrees_with_trying_every_move(number):
    state = small_applegate_state(random.Random(7000 + number), face_up=0.5)
    truth = brute_force_winnable(state)
    assert truth is not None
    assert solve(state, time_limit=10).status == ("won" if truth else "unwinnable")


@pytest.mark.parametrize("first", [0, 40, 80])
def test_verdicts_agree_with_the_catalogues_search(first):
    """On deals and on positions some moves into them, the two searches never contradict each
    other (each may stay undecided within its budget)."""
    conflicts = []
    for seed in range(first, first + 40):
        game = ApplegateGame(seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(4)):
            moves = game.legal_moves()
            if not moves:
                break
            game.move(rng.choice(moves))
        sparse = _solve(game, 20.0, 20_000, as_catalogued=True).status
        dense = _solve(game, 20.0, 20_000).status
        if "unknown" not in (sparse, dense) and sparse != dense:
            conflicts.append((seed, sparse, dense))
    assert conflicts == []


def test_the_catalogues_search_is_the_one_the_catalogue_was_built_with():
    """``prove_deal`` searches exactly the positions of the plain rules (the check only where
    a card turned up), so that the catalogue's seeds stay what they are."""
    for seed in (2, 35, 51, 209):
        rules = ApplegateRules(_state_of(ApplegateGame(seed=seed)))
        search = DepthFirst(rules, rules.root)
        outcome = search.advance(DEAL_BUDGET) or "unknown"
        proof = prove_deal("applegate", seed)
        assert (proof.status, proof.nodes) == (outcome, search.nodes)
