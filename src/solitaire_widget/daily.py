"""The daily challenge: one proven-winnable deal per calendar date (UTC) and variant.

The seed comes from ``solver.deals.daily_seed``, which derives it from the date through the
package's own PRNG and the shipped catalogue of proven-winnable deals, so every machine (and
every version) deals the same cards on the same date.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .solver.deals import daily_date, daily_seed
from .variants import variant_of

if TYPE_CHECKING:
    from .engine import Game


@dataclass(frozen=True)
class DailyDeal:
    """A date's deal for one variant of a game (Klondike draw 3, Spider in one suit)."""

    date: str  # ISO date, e.g. "2026-11-30"
    game: str
    variant: Mapping[str, Any]  # the options that make the variant: {"draw": 3}, {"suits": 1}
    seed: int

    @property
    def badge(self) -> str:
        return f"Daily challenge · {self.date}"

    def is_dealt_in(self, game: Game) -> bool:
        """Whether ``game`` is playing this deal: the daily label stays through restarts and
        goes with a new deal."""
        return (
            game.kind == self.game
            and game.seed == self.seed
            and all(game.options.get(name) == value for name, value in self.variant.items())
        )


def daily_deal(
    game: str, date: dt.date | str | None = None, draw: int | None = None, **options: Any
) -> DailyDeal:
    """The daily deal of ``game`` (with the ``options`` of its variant, ``suits=1`` in Spider)
    for ``date`` (today in UTC by default; ``ValueError`` for anything that is not a calendar
    date, or a variant without a daily challenge)."""
    day = daily_date(date)
    if draw is not None:
        seed = daily_seed(game, day, draw, **options)  # refuses a draw the game does not have
        options = {**options, "draw": draw}
    else:
        seed = daily_seed(game, day, **options)
    return DailyDeal(day.isoformat(), game, dict(variant_of(game, options).options), seed)
