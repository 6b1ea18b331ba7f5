"""Applegate's cheap status answers never change the verdict of its layout search.

After a move that leaves no progress in sight, Applegate's status looks one move ahead first
(``ApplegateLayouts.progress_near``), and a search that does not find progress within a few
layouts asks for a proof that the game is lost (``never_progresses``) before walking every
layout. Each must give the answer the search alone gives.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from positions import applegate
from reference_status import plain_status
from solitaire_widget.engine.progress import POSITION_LIMIT, _undone_quietly, any_progress
from solitaire_widget.games import ApplegateGame, KlondikeGame
from solitaire_widget.games.applegate_lost import never_progresses
from solitaire_widget.games.applegate_progress import ApplegateLayouts
from solitaire_widget.moves import Move
from test_status import DEAD_APPLEGATE


def searched_status(game: ApplegateGame) -> str | None:
    """The status by the legal moves and the layout search alone: no look ahead, no proof, no
    memory, no way replayed; None where the search gives up."""
    if game._is_won():
        return "won"
    if any_progress(game, game.legal_moves()):
        return "playing"
    found, _, _ = ApplegateLayouts(game).search(POSITION_LIMIT, prove=False)
    return None if found is None else "playing" if found else "lost"


def proven_lost(game: ApplegateGame) -> bool:
    layouts = ApplegateLayouts(game)
    return never_progresses(layouts.root, layouts.covered, layouts.reserve)


def random_play(seed: int, walk: int) -> Iterator[ApplegateGame]:
    """The game of ``seed`` after each of up to 150 random moves (a few of them undos)."""
    game = ApplegateGame(seed=seed)
    rng = random.Random(walk)
    for _ in range(150):
        legal = game.legal_moves()
        if game.history and (not legal or rng.random() < 0.15):
            game.undo()
        elif legal:
            game.move(rng.choice(legal))
        else:
            return
        yield game


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 10**6))
def test_the_status_after_every_move_and_undo_is_the_searchs_verdict(seed, walk):
    for game in random_play(seed, walk):
        searched = searched_status(game)
        if searched is not None:
            assert game.status == searched


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 10**6))
def test_a_game_proven_lost_is_one_the_search_finds_lost(seed, walk):
    for game in random_play(seed, walk):
        if not game._is_won() and proven_lost(game):
            assert searched_status(game) == "lost"
        if not game.legal_moves() and not game._is_won():
            assert proven_lost(game)  # no legal move at all: nothing can ever progress


def test_a_dead_end_is_proven_lost_without_walking_its_layouts():
    game = applegate(DEAD_APPLEGATE, foundations=["H", "S"], reserve="7D QD KD")
    assert proven_lost(game)
    assert game.status == "lost"


def test_a_queen_that_fits_once_a_run_moves_is_found_one_move_ahead():
    """2C onto 3C turns nothing, but leaves the KC on top, where the QC goes and turns the 9D."""
    piles = list(DEAD_APPLEGATE)
    piles[1] = "AC 4C | 3D 3C"
    game = applegate(piles, foundations=["H", "S"], reserve="7D QD KD")
    assert not any_progress(game, game.legal_moves())
    assert ApplegateLayouts(game).progress_near()
    assert not proven_lost(game)
    assert game.status == "playing"


# A lost deal the proof cannot settle: card by card each move looks possible, but the moves get
# in each other's way, which only the search sees.
TANGLED = [
    "7H 4C 7D 8C 8D 7S 9D",
    "QS 6D | AC 3D 4H JH 6C",
    "JD 2C | 2D 5D 6H 8H AS",
    "AH TH | QH 8S 3S 5C JS TS",
    "QD 3C | 5H TD 2S TC KS",
    "KH 5S | 3H 4D 7C 2H",
    "JC 9H | 4S 9S KC KD 9C",
]


def test_cards_in_each_others_way_leave_the_verdict_to_the_search():
    game = applegate(TANGLED, reserve="QC 6S AD")
    assert not proven_lost(game)
    assert not ApplegateLayouts(game).progress_near()
    assert game.status == "lost" == plain_status(game)


@pytest.mark.parametrize("make", [ApplegateGame, KlondikeGame])
def test_a_quiet_moves_way_back_is_found_among_the_legal_moves_exactly_when_it_is_legal(make):
    # After a run moves between columns and turns nothing up, the status looks for the move
    # carrying it back among the legal moves, by identity: it must be there whenever the rules
    # allow that move.
    looked = 0
    for seed in range(8):
        game, rng = make(seed=seed), random.Random(seed)
        for _ in range(80):
            legal = game.legal_moves()
            if not legal:
                break
            move = rng.choice(legal)
            game.move(move)
            _, _, record = game._last_move
            if move.src[0] == "t" and move.dst[0] == "t" and not record[2]:
                back = Move(move.dst, move.src, move.n)
                assert _undone_quietly(game, move, record, game.legal_moves()) == game.is_legal(
                    back
                )
                looked += 1
    assert looked > 50
