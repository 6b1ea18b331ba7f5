"""The daily challenge: one proven-winnable deal per calendar date (UTC) and variant.

The seed comes from ``solver.deals.daily_seed``, which derives it from the date through the
package's own PRNG and the machine-independent winnable search, so every machine deals the same
cards on the same date.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .engine import Game


@dataclass(frozen=True)
class DailyDeal:
    """A date's deal for one game (and, in Klondike, one draw count)."""

    date: str  # ISO date, e.g. "2026-11-30"
    game: str
    draw: int | None
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
            and game.options.get("draw") == self.draw
        )


def day_of(date: dt.date | str | None = None) -> dt.date:
    """The calendar date a daily deal is for: today in UTC by default, a ``date``, a
    ``datetime`` (its UTC date when it knows its time zone) or ISO text ``"2026-11-30"``."""
    if date is None:
        return dt.datetime.now(dt.UTC).date()
    if isinstance(date, dt.datetime):
        return date.astimezone(dt.UTC).date() if date.tzinfo else date.date()
    if isinstance(date, dt.date):
        return date
    if isinstance(date, str):
        try:
            return dt.date.fromisoformat(date.strip())
        except ValueError:
            raise ValueError(f"a date is written 2026-11-30, not {date!r}") from None
    raise TypeError(f"a date is a datetime.date or text like 2026-11-30, not {type(date).__name__}")


def daily_deal(game: str, date: dt.date | str | None = None, draw: int | None = None) -> DailyDeal:
    """The daily deal of ``game`` for ``date`` (today in UTC by default)."""
    from .solver.deals import daily_seed

    day = day_of(date)
    return DailyDeal(day.isoformat(), game, draw, daily_seed(game, draw, day))
