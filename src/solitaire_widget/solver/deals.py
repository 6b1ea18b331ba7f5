"""The daily challenge: one proven-winnable deal per calendar date (UTC) and variant, the same on
every machine and in every version.

``daily_seed(kind, date=None, draw=1)`` is the seed; the board's ``daily()`` deals it.

The rule, frozen (a player's "deal of 2026-11-30" must stay that deal in every future version, so
nothing below may change, only be added to):

1. A variant's daily deals are the catalogued seeds (``catalogue.py``) below its ``DAILY_RANGE``
   end: a range frozen at the catalogue's first build. The catalogue may later grow beyond it,
   but never changes below it.
2. Those seeds are put in one fixed order, a Fisher-Yates shuffle driven by the package's PRNG
   (``cards.shuffled``: SplitMix64) from the variant's ``DAILY_ORDER_SEED``.
3. A date's day number is its distance in days from ``EPOCH`` (2026-01-01 is day 0, earlier dates
   count below 0); date ``d`` gets the seed at place ``d mod n`` of that order, for ``n`` seeds.

Walking one fixed order day by day, rather than drawing a seed for each date and avoiding the
draws of earlier dates, costs one shuffle per variant and then a lookup for any date (no chain of
earlier dates to replay), and gives the strongest guarantee the catalogue allows: any ``n``
consecutive dates get ``n`` different deals. After ``n`` days the order starts again.
"""

from __future__ import annotations

import datetime as dt
import re
from functools import cache

from ..cards import shuffled
from ..options import DRAW
from .catalogue import daily_game, variant_name, winnable_deals

EPOCH = dt.date(2026, 1, 1)
# Frozen with the first catalogue: the seeds below these ends are the daily deals for ever.
DAILY_RANGE = {"klondike draw 1": 6000, "klondike draw 3": 5000, "applegate": 6000}
DAILY_ORDER_SEED = {"klondike draw 1": 20260101, "klondike draw 3": 20260103, "applegate": 20260107}

_DATE_TEXT = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def daily_seed(kind: str, date: dt.date | str | None = None, draw: int = 1) -> int:
    """The seed of the daily challenge of ``kind`` (a game whose declaration says it has one,
    ``GameDef.daily``: "klondike" or "applegate") on ``date``: a ``datetime.date``, text
    written "YYYY-MM-DD", or None for today in UTC. ``draw`` (1 or 3) is the draw count of a
    game that draws (Klondike's); a game without one takes none. Scoring never changes the deal.

    ``KlondikeGame(seed=daily_seed("klondike", "2026-11-30", draw=3), draw=3)`` is that date's
    draw-3 challenge, proved winnable. Raises ``ValueError`` for any other date, kind or draw.
    """
    game = daily_game(kind)
    if DRAW in game.options:
        draw = DRAW.read(draw)
    elif draw != 1:
        raise ValueError(f"{game.title} has no stock to draw from: leave draw out")
    order = _daily_order(kind, draw)
    return order[(daily_date(date) - EPOCH).days % len(order)]


def daily_date(date: dt.date | str | None = None) -> dt.date:
    """The calendar date a daily challenge is for, read as ``daily_seed`` reads it: a date as it
    is, "YYYY-MM-DD" text, None for today in UTC, a datetime with a time zone as its UTC date."""
    if date is None:
        return dt.datetime.now(dt.UTC).date()
    if isinstance(date, dt.datetime):
        if date.tzinfo is None or date.utcoffset() is None:
            raise ValueError(
                "a datetime without a time zone does not say which day it is in UTC: "
                "pass its date(), or a datetime with tzinfo"
            )
        return date.astimezone(dt.UTC).date()
    if isinstance(date, dt.date):
        return date
    if isinstance(date, str):
        if _DATE_TEXT.fullmatch(date):
            try:
                return dt.date.fromisoformat(date)
            except ValueError:
                pass
        raise ValueError(f"{date!r} is not a calendar date written YYYY-MM-DD, e.g. '2026-11-30'")
    raise ValueError(
        "a daily challenge's date is a datetime.date, text written YYYY-MM-DD or None (today), "
        f"not {type(date).__name__}"
    )


@cache
def _daily_order(kind: str, draw: int) -> tuple[int, ...]:
    """The variant's daily seeds in the fixed order the dates walk through."""
    variant = variant_name(kind, {"draw": draw})
    deals, end = winnable_deals(kind, {"draw": draw}), DAILY_RANGE[variant]
    if deals is None or deals.end < end:
        raise RuntimeError(f"the deal catalogue no longer covers the daily seeds of {variant}")
    return tuple(shuffled([seed for seed in deals.seeds if seed < end], DAILY_ORDER_SEED[variant]))
