"""The daily challenge: one proven-winnable deal per calendar date (UTC) and variant, the same on
every machine and in every version.

``daily_seed(kind, date=None, draw=1)`` is the seed; the board's ``daily()`` deals it.

The rule, frozen (a player's "deal of 2026-11-30" must stay that deal in every future version, so
nothing below may change, only be added to):

1. A variant's daily deals are the catalogued seeds (``catalogue.py``) below the ``end`` its
   game declares for it (``GameDef.daily``, a ``DailyRange``): a range frozen at the variant's
   first catalogue. The catalogue may later grow beyond it, but never changes below it.
2. Those seeds are put in one fixed order, a Fisher-Yates shuffle driven by the package's PRNG
   (``cards.shuffled``: SplitMix64) from the variant's declared ``order`` seed.
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
from typing import Any

from ..cards import shuffled
from ..games.klondike import DRAW_OPTION as DRAW
from ..variants import checked_options, variant_of
from .catalogue import daily_game, daily_range, winnable_deals

EPOCH = dt.date(2026, 1, 1)

_DATE_TEXT = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def daily_seed(kind: str, date: dt.date | str | None = None, draw: int = 1, **options: Any) -> int:
    """The seed of the daily challenge of ``kind`` with ``options`` (a variant its declaration
    lists, ``GameDef.daily``: Klondike, Applegate, Spider in one suit) on ``date``: a
    ``datetime.date``, text written "YYYY-MM-DD", or None for today in UTC. ``draw`` (1 or 3) is
    the draw count of a game that draws (Klondike's); a game without one takes none. Scoring
    never changes the deal.

    ``KlondikeGame(seed=daily_seed("klondike", "2026-11-30", draw=3), draw=3)`` is that date's
    draw-3 challenge, proved winnable; ``daily_seed("spider", suits=1)`` today's Spider.
    Raises ``ValueError`` for any other date, kind, draw or variant.
    """
    game = daily_game(kind)
    if DRAW in game.options:
        options["draw"] = DRAW.read(draw)
    elif draw != 1:
        where = "deals from its stock" if game.table.stock else "has no stock to draw from"
        raise ValueError(f"{game.title} {where}: leave draw out")
    variant = variant_of(kind, checked_options(kind, options))
    daily_range(kind, dict(variant.options))  # refuses a variant without a daily challenge
    order = _daily_order(kind, tuple(variant.options.items()))
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
def _daily_order(kind: str, variant: tuple[tuple[str, Any], ...]) -> tuple[int, ...]:
    """The variant's daily seeds in the fixed order the dates walk through."""
    options = dict(variant)
    declared, deals = daily_range(kind, options), winnable_deals(kind, options)
    if deals.end < declared.end:
        raise RuntimeError(f"the catalogue no longer covers the daily seeds of {deals.variant}")
    return tuple(shuffled([seed for seed in deals.seeds if seed < declared.end], declared.order))
