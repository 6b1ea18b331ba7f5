"""The tuned solvers of Klondike and Applegate, as the declarations name them (``GameDef.solver``).

Each runs its game's compact positions (``klondike.py``, ``applegate.py``) with the searches that
were tuned on them; the figures in ``solver/__init__.py`` (the budgets of the catalogue, the fresh
deals and the hints) were measured with exactly these portfolios.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from ..cards import RANK, SUIT
from ..engine import Game
from .applegate import ApplegateRules
from .blocked import cannot_win
from .generic import Solver
from .klondike import FROM_FOUNDATION, KlondikeRules, is_safe
from .search import BestFirst, DepthFirst

__all__ = ["APPLEGATE", "CHECKING_FROM", "KLONDIKE"]

# Positions the proving Klondike search expands before it starts looking for dead ends
# (``blocked.cannot_win``): by then the portfolio has settled most deals, which the check would
# only slow down, and the deals it helps prove lost take tens of thousands of positions.
CHECKING_FROM = 1_000


class KlondikeSolver(Solver):
    """Klondike's portfolio. ``as_catalogued=True`` proves deals as the catalogue of winnable
    deals was built: without the pairing of moves (``KlondikeRules``), without looking for dead
    ends (``blocked.cannot_win``) and with both beams on the pruned moves."""

    def searches(self, game: Game, as_catalogued: bool = False) -> list:
        state = game.position()
        sound = KlondikeRules(state, pairing=not as_catalogued)
        fast = KlondikeRules(state, pruned=True, covering=False)
        # In draw 1 the wider beam tries every move, not only the pruned ones: on development
        # seeds it found wins that only the proving search had found, and sooner (in draw 3 it
        # lost more wins than it found).
        wide = sound if sound.draw == 1 and not as_catalogued else fast
        return [
            DepthFirst(fast, fast.root),
            BestFirst(fast, fast.root, width=2, pace=1),
            BestFirst(wide, wide.root, width=3, pace=1),
            DepthFirst(sound, sound.root, None if as_catalogued else cannot_win, CHECKING_FROM),
        ]

    def favourites(self, game: Game) -> tuple[Any, list]:
        """The pruned moves, none taking a card off a foundation (not on a mere hint)."""
        rules = KlondikeRules(game.position(), pruned=True)
        return rules, [move for move in rules.moves(rules.root) if move[0] != FROM_FOUNDATION]

    def verdict_key(self, game: Game) -> Hashable:
        rules = KlondikeRules(game.position())
        return rules.key(rules.root)

    def safe_to_send_up(self, game: Game) -> list[int]:
        """The column tops and the waste's top card that ``klondike.is_safe`` sends up."""
        heights = [0, 0, 0, 0]
        for foundation in game.foundations:
            if foundation:
                heights[SUIT[foundation[0]]] = len(foundation)
        tops = [up[-1] for up in game.up if up] + game.waste[-1:]
        return [c for c in tops if heights[SUIT[c]] == RANK[c] - 1 and is_safe(c, heights)]


class ApplegateSolver(Solver):
    """Applegate's one proving search; ``as_catalogued=True`` leaves out the watch on splits the
    catalogue was built without."""

    def searches(self, game: Game, as_catalogued: bool = False) -> list:
        sound = ApplegateRules(game.position(), watch_splits=not as_catalogued)
        return [DepthFirst(sound, sound.root)]

    def favourites(self, game: Game) -> tuple[Any, list]:
        rules = ApplegateRules(game.position())
        return rules, rules.moves(rules.root)

    def verdict_key(self, game: Game) -> Hashable:
        rules = ApplegateRules(game.position())
        return rules.key(rules.root)


KLONDIKE = KlondikeSolver()
APPLEGATE = ApplegateSolver()
