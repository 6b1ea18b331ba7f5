"""Rewards for a legal move. An illegal action earns ``-illegal_penalty`` instead, and a win adds
``win_bonus``; both are arguments of the environments."""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

from ..engine import Game
from ..moves import Move


class Transition(NamedTuple):
    """One legal move, as a reward function sees it. ``game`` is the engine game after the move
    (it knows the hidden cards: a reward may use them, the agent never sees them)."""

    game: Game
    move: Move
    cards_home_before: int
    cards_home: int
    score_before: int | None
    score: int | None


Reward = Callable[[Transition], float]


def foundation_progress(step: Transition) -> float:
    """One point a card going to the foundations, minus one a card coming back: a whole game
    adds up to 52 (a finished Applegate run scores its 13 cards at once)."""
    return float(step.cards_home - step.cards_home_before)


def score_change(step: Transition) -> float:
    """The change in the Klondike score (``scoring="standard"`` or ``"vegas"``)."""
    return float(step.score - step.score_before)  # type: ignore[operator]


PRESETS: dict[str, Reward] = {"foundation": foundation_progress, "score": score_change}
