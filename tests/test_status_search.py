"""The status search's shortcuts never change its answer.

After every move a board asks for the status, so the search answers the usual cases without
searching: a move from the position itself that makes progress, a stock card that draws bring to
a place where it fits, a lost game that a move (not one off a foundation) keeps lost, a position
met before, the way an earlier search found. Whatever the route, the answer is the one a plain
search of the same position by the rules' words gives.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from positions import klondike
from reference_status import plain_status
from solitaire_widget.engine import Game
from solitaire_widget.engine.progress import any_progress
from solitaire_widget.games import ApplegateGame, KlondikeGame
from test_status import DEAD_KLONDIKE, DEAD_STOCK


def fresh_status(game: Game) -> str:
    """The status the rules' words give (``reference_status.py``: whole positions, no memory,
    no shortcut); "playing" where that plain search gives up, as the engine does."""
    return plain_status(game) or "playing"


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(["klondike 1", "klondike 3", "applegate"]),
    st.integers(0, 10**6),
    st.integers(0, 10**6),
)
def test_the_status_after_every_move_and_undo_is_what_a_fresh_search_says(kind, seed, walk):
    game: Game = (
        ApplegateGame(seed=seed)
        if kind == "applegate"
        else KlondikeGame(seed=seed, draw=int(kind[-1]))
    )
    rng = random.Random(walk)
    for _ in range(120):
        legal = game.legal_moves()
        if game.history and (not legal or rng.random() < 0.2):
            game.undo()
        elif legal:
            game.move(rng.choice(legal))
        else:
            break
        assert game.status == fresh_status(game)


def test_a_lost_game_stays_lost_through_draws_and_recycles():
    dead = klondike(DEAD_KLONDIKE, foundations=[], stock=DEAD_STOCK, draw=3)
    assert dead.status == "lost"
    for _ in range(30):
        dead.draw()
        assert dead.status == "lost" == fresh_status(dead)


def test_asking_for_the_status_changes_nothing_in_the_game():
    game = klondike(DEAD_KLONDIKE, foundations=[], stock=DEAD_STOCK, draw=3)
    before = game.state()
    assert game.status == "lost"
    assert game.state() == before and game.moves == 0


@settings(max_examples=5, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 10**6))
def test_an_applegate_position_with_no_progress_in_sight_gets_the_plain_search_verdict(seed, walk):
    """Positions where no legal move makes progress, asked afresh (the game's memory, its last
    way and its last status forgotten): the answer is the search's alone, lost ones included."""
    game = ApplegateGame(seed=seed)
    rng = random.Random(walk)
    asked = 0
    for _ in range(120):
        legal = game.legal_moves()
        if not legal:
            break
        game.move(rng.choice(legal))
        if not any_progress(game, game.legal_moves()):
            asked += 1
            game._progress_memory, game._progress_way, game._status_version = {}, [], -1
            assert game.status == fresh_status(game)
    assert asked or game.status != "playing"
