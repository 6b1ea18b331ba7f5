"""The moves of one action, for the page to draw one after another.

A player's move and the safe cards sent home after it, or a Finish, reach the page in one update
that already holds the final position (requests made meanwhile must carry its version). So that
the page can still show the cards going home one at a time, that update carries the action's
moves as steps: the cards each one moved, from which pile to which (a foundation resolved), and
the card it turned face-up on the pile it left (or the reserve's new top card). Every card a step
names is face-up once it has moved or turned: a step tells the page nothing the player has not
seen. A recycle would name the stock's cards, so an action with one sends no steps.
"""

from __future__ import annotations

from typing import Any

from ..cards import NAME
from ..engine import Game
from ..moves import Move

# An action of fewer moves needs no steps: the page glides its cards as the position changes.
FEWEST = 2


def _names(cards: list[int]) -> list[str]:
    return list(map(NAME.__getitem__, cards))


class Steps:
    """Watches one game through an action (``begin``), then hands the steps over once
    (``take``)."""

    def __init__(self) -> None:
        self._game: Game | None = None
        self._after = 0
        self._steps: list[dict[str, Any]] | None = None
        self._foundations: list[int] = []
        self._down: list[int] = []
        self._stock = 0

    def begin(self, game: Game | None, version: int) -> None:
        """An action starts on ``game`` at the page's ``version``; None watches nothing (no page
        can see the board, so nobody needs the steps)."""
        self._game, self._after = game, version
        self._steps = None if game is None else []
        if game is not None:
            self._count(game)

    def _count(self, game: Game) -> None:
        self._foundations = [len(pile) for pile in game.foundations]
        self._down = [len(pile) for pile in game.down]
        self._stock = len(getattr(game, "stock", ()))

    def moved(self, game: Game, move: Move) -> None:
        """``move`` was just made in ``game``."""
        steps = self._steps
        if steps is None or game is not self._game:
            return
        step = None if move.dst == "stock" else self._step(game, move)
        if step is None:
            self._steps = None
            return
        steps.append(step)
        self._count(game)

    def _step(self, game: Game, move: Move) -> dict[str, Any] | None:
        """The step ``move`` made, or None when the piles do not say which (then the action
        sends no steps: the page draws its end at once)."""
        src, dst, n = move.src, move.dst, move.n
        if src == "stock":  # a draw: the cards it turned over
            dst = "waste"
            n = self._stock - len(getattr(game, "stock", ()))
            target = getattr(game, "waste", [])
        elif dst[0] == "f":
            sizes = zip(game.foundations, self._foundations, strict=True)
            grew = next((k for k, (pile, size) in enumerate(sizes) if len(pile) > size), None)
            if grew is None:
                return None
            dst = f"f{grew + 1}"
            target = game.foundations[grew]
        else:
            target = game.up[int(dst[1:]) - 1]
        turned = None
        if src[0] == "t":
            column = int(src[1:]) - 1
            if len(game.down[column]) < self._down[column]:
                turned = NAME[game.up[column][0]]
        elif src == "reserve":
            reserve = getattr(game, "reserve", [])
            turned = NAME[reserve[-1]] if reserve else None
        return {"from": src, "to": dst, "cards": _names(target[-n:]), "turned": turned}

    def take(self) -> dict[str, Any] | None:
        """The steps of the action just made, from the version it started on, when it made
        several moves; None otherwise, and after the first call."""
        steps, self._steps, self._game = self._steps, None, None
        if steps is None or len(steps) < FEWEST:
            return None
        return {"after": self._after, "moves": steps}
