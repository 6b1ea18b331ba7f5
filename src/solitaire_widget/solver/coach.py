"""Coach mode: right after a move, say so when it lost a game that could still be won.

The coach never refuses a move; it only speaks when the solver has *proved* both halves: the
position before the move can be won (a winning line was found) and the one after cannot (the
proving search ran out of positions). Anything less (a search that ran out of time) says nothing,
so a warning is never wrong.

It stays quick by remembering: every position along a winning line it found is known winnable
with no new search (a player who follows the line gets no search at all), every verdict is kept,
and when the position before a move was not proved winnable within the budget, the position
after it is not searched.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..moves import Move
from ..words import move_in_words
from . import _game_of, _positions_along, _solve
from .search import UNWINNABLE, WON

__all__ = ["LOSING_MOVE", "Coach", "CoachWarning"]

LOSING_MOVE = "This move loses a game you could still win."
# Seconds for one search: a move on the board should feel instant, and most wins take a few ms.
BUDGET = 0.3
# Verdicts remembered before the memory starts afresh (a few megabytes at most).
MEMORY = 20_000


@dataclass(frozen=True)
class CoachWarning:
    """A move that lost a winnable game, and a move that would have kept it winnable (also in a
    player's words, as the board says it)."""

    move: Move
    better: Move | None
    better_words: str | None = None

    @property
    def text(self) -> str:
        if self.better is None:
            return f"{LOSING_MOVE} Undo it."
        return f"{LOSING_MOVE} Undo it: {self.better_words or self.better} keeps the game winnable."

    def __str__(self) -> str:
        return self.text


class Coach:
    """Judges moves one after another, remembering what the solver found on the way."""

    def __init__(self, budget: float = BUDGET) -> None:
        self.budget = budget
        # position -> its verdict and, when won, a winning move from it (None at a won end)
        self._verdicts: dict[tuple, tuple[str, Move | None]] = {}

    def judge(self, before: Any, after: Any, move: Move | str) -> CoachWarning | None:
        """A warning when ``move`` took ``before`` (proved winnable) to ``after`` (proved
        unwinnable); None otherwise. Positions are games, boards, state dicts or JSON."""
        before = _game_of(before)
        verdict, better = self.verdict(before)
        if verdict != WON:
            return None
        if self.verdict(after)[0] != UNWINNABLE:
            return None
        if better is None:
            return CoachWarning(Move.coerce(move), None)
        words = move_in_words(before, better)
        return CoachWarning(Move.coerce(move), better, words)

    def verdict(self, game_or_state: Any) -> tuple[str, Move | None]:
        """The position's verdict within the budget and, when "won", a winning move from it."""
        game = _game_of(game_or_state)
        key = game._position_key()
        known = self._verdicts.get(key)
        if known is not None:
            return known
        if len(self._verdicts) > MEMORY:
            self._verdicts.clear()
        solution = _solve(game, self.budget)
        if solution.status == WON:
            line = solution.moves
            for position, step in _positions_along(game, line).items():
                if self._verdicts.get(position, (None,))[0] != WON:
                    self._verdicts[position] = (WON, line[step] if step < len(line) else None)
            return WON, line[0] if line else None
        self._verdicts[key] = (solution.status, None)
        return solution.status, None
