"""Can the game still make progress? The search behind ``status == "lost"``.

SPEC.md calls a game lost when no sequence of moves can make progress: a card turning face-up,
a card leaving the stock, waste or reserve for the tableau or a foundation, or the foundations
growing beyond what they hold now. Moves that make no progress (drawing, recycling, shuffling
runs, taking a card down from a foundation) lead to finitely many positions, so a search over
them decides the question. The search is bounded: when it is cut off the answer is "unknown"
and the game stays "playing", because a game that can still progress must never be called lost.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .base import Game

POSITION_LIMIT = 10_000


def can_progress(game: Game, limit: int = POSITION_LIMIT) -> bool | None:
    """True when some sequence of moves makes progress, False when none can, None when the
    search visited ``limit`` positions without deciding."""
    root = game._snapshot()
    on_foundations = sum(map(len, game.foundations))
    seen = {_symmetric_key(game)}
    frontier = [root]
    try:
        while frontier:
            position = frontier.pop()
            game._restore(position)
            for move in game._generate():
                plan = game._plan(move)
                if _makes_progress(game, move, plan, on_foundations):
                    return True
                touched = [(pile, pile[:]) for pile in _touched_piles(game, plan)]
                score, recycles = game.score, game.recycles
                game._execute(plan)
                key = _symmetric_key(game)
                if key not in seen:
                    if len(seen) >= limit:
                        return None
                    seen.add(key)
                    frontier.append(game._snapshot())
                for pile, cards in touched:
                    pile[:] = cards
                game.score, game.recycles = score, recycles
        return False
    finally:
        game._restore(root)


def _touched_piles(game: Game, plan: tuple) -> list[list[int]]:
    """The piles a plan changes, so a child position costs a copy of those alone."""
    if len(plan) == 1:  # a draw or a recycle
        return [game.stock, game.waste]
    source, column, target, _, _ = plan
    return [source, target, game.down[column]] if column >= 0 else [source, target]


def _symmetric_key(game: Game) -> tuple:
    """The position up to the order of columns and of foundations, which progress ignores."""
    piles = game._piles()
    columns = sorted(zip(map(tuple, piles[:7]), map(tuple, piles[7:14]), strict=True))
    return (*columns, *sorted(map(tuple, piles[14:18])), *map(tuple, piles[18:]))


def _makes_progress(game: Game, move, plan: tuple, on_foundations: int) -> bool:
    src, dst = move.src, move.dst
    if src in ("waste", "reserve") and dst != "stock":
        return True
    if dst[0] == "f":
        return sum(map(len, game.foundations)) + move.n > on_foundations
    if src[0] == "t":
        column = int(src[1]) - 1
        return move.n == len(game.up[column]) and bool(game.down[column])
    return False
