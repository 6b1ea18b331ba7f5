"""Games lost on purpose, for the tests of game review: a proven-winnable deal followed along a
winning line, then a move the solver proves loses, then random moves. Position budgets, not
seconds, keep the search for such a game the same on every machine."""

from __future__ import annotations

import random

from solitaire_widget.games import KlondikeGame
from solitaire_widget.solver import _solve
from solitaire_widget.state import load_game

LINE_POSITIONS = 20_000
PROOF_POSITIONS = 1_500


def decided(state) -> str:
    return _solve(state, 60, PROOF_POSITIONS).status


def lost_game(seed: int, draw: int, then: int = 0) -> KlondikeGame:
    """A game that follows a winning line of a proven-winnable deal and then makes a move the
    solver proves loses (trying the line's positions from its end back, every seventh), with
    ``then`` random moves after that."""
    game = KlondikeGame(seed=seed, draw=draw)
    line = _solve(game, 60, LINE_POSITIONS).moves
    assert line, "the deal must be proven winnable"
    for k in range(len(line) - 1, -1, -7):
        position = load_game(game.state())
        for move in line[:k]:
            position.move(move)
        for move in position.legal_moves():
            if move == line[k] or move.src == "stock":
                continue
            after = load_game(position.state())
            after.move(move)
            if decided(after) == "unwinnable":
                rng = random.Random(seed)
                for _ in range(then):
                    after.move(rng.choice(after.legal_moves()))
                return after
    raise AssertionError(f"no losing move found on the line of seed {seed}")
