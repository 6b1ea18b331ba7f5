"""The shipped catalogue of proven-winnable seeds, so that a winnable deal costs no search.

Most Applegate deals cannot be won, so finding a winnable one by search tries about nine seeds at
up to a second each. ``winnable_deals.json`` records the search's answers ahead of time: for each
variant, a range of seeds ``[0, end)`` and, as a bitmap, which of them the budgeted search of
``first_winnable_seed`` (``DEAL_BUDGET`` positions, no clock) won. Every seed in the range was
searched, so "the first catalogued seed from ``s``" is exactly the seed the search finds from
``s``: the same on every machine. A catalogued seed stays winnable whatever the solver becomes,
since the search replayed its winning line through the rules engine.

``scripts/build_deal_catalogue.py`` builds and extends the file; it is never edited by hand, and an
extension only adds seeds at the end of a range (the daily deals of ``deals.py`` depend on it).
"""

from __future__ import annotations

import base64
import bisect
import json
import os
import secrets
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any, TextIO

from ..engine.declaration import GameDef
from ..engine.saving import write_atomically
from ..games import definition, names, spelled_names
from ..options import variant_of
from ..shape import brief

FILE = "winnable_deals.json"
FORMAT = "solitaire-widget-winnable-deals/1"


def variant_name(kind: str, options: dict[str, Any] | None = None) -> str:
    """The catalogue's name for a game and its options. Scoring does not change which deals can
    be won, so only Klondike's draw count counts."""
    return variant_of(kind, options or {}).name


@dataclass(frozen=True)
class WinnableDeals:
    """One variant's catalogue: every seed below ``end`` was searched; ``seeds`` were won."""

    variant: str
    end: int
    seeds: tuple[int, ...]
    budget: int

    def __contains__(self, seed: object) -> bool:
        index = bisect.bisect_left(self.seeds, seed)
        return index < len(self.seeds) and self.seeds[index] == seed

    def first_from(self, seed: int) -> int | None:
        """The first catalogued seed from ``seed`` on, or None when the range has none."""
        if not 0 <= seed < self.end:
            return None
        index = bisect.bisect_left(self.seeds, seed)
        return self.seeds[index] if index < len(self.seeds) else None

    def random_seed(self) -> int:
        return secrets.choice(self.seeds)


def daily_game(kind: Any) -> GameDef:
    """The declaration of ``kind`` when it has a daily challenge and a catalogue of winnable
    deals (``GameDef.daily``); else a ``ValueError`` naming the games that have them."""
    daily = [name for name in names() if definition(name).daily]
    if kind in daily:
        return definition(kind)
    games = spelled_names(among=daily)
    if kind in names():
        raise ValueError(
            f"{definition(kind).title} has no daily challenge and no catalogue of winnable "
            f"deals: the daily challenge is {games}"
        )
    raise ValueError(f"the daily challenge is {games}, not {brief(kind)}")


def winnable_deals(kind: str, options: dict[str, Any] | None = None) -> WinnableDeals | None:
    """The catalogue of ``kind`` with ``options``, or None when it has no such variant. Only
    the games whose declaration says so (``GameDef.daily``) have a catalogue: asking for
    another's is a ``ValueError`` naming those that do."""
    daily_game(kind)
    return load_catalogue().get(variant_name(kind, options))


@cache
def load_catalogue(path: str | None = None) -> dict[str, WinnableDeals]:
    """Every variant of the catalogue file (the shipped one unless ``path`` is given), read once."""
    if path is None:
        text = resources.files(__package__).joinpath(FILE).read_text(encoding="utf-8")
    else:
        text = Path(path).read_text(encoding="utf-8")
    document = json.loads(text)
    if document.get("format") != FORMAT:
        raise ValueError(f"{path or FILE} is not a {FORMAT} file")
    budget = document["budget"]
    catalogue = {}
    for variant, entry in document["variants"].items():
        end = entry["end"]
        seeds = _seeds_of(base64.b64decode(entry["won"]), end)
        if len(seeds) != entry["count"]:
            raise ValueError(
                f"{path or FILE}: {variant} lists {len(seeds)} seeds, not {entry['count']}"
            )
        catalogue[variant] = WinnableDeals(variant, end, seeds, budget)
    return catalogue


def write_catalogue(path: str | os.PathLike[str], variants: Iterable[WinnableDeals]) -> None:
    """Write the catalogue file atomically: a temporary file in the same directory, renamed over
    ``path`` once complete, so an interrupted build never leaves a truncated catalogue."""
    variants = list(variants)
    budgets = {deals.budget for deals in variants}
    if len(budgets) != 1:
        raise ValueError(f"one catalogue holds one search budget, not {sorted(budgets)}")
    document = {
        "format": FORMAT,
        "about": "Seeds the solver won within `budget` positions; scripts/build_deal_catalogue.py",
        "budget": budgets.pop(),
        "variants": {
            deals.variant: {
                "end": deals.end,
                "count": len(deals.seeds),
                "won": base64.b64encode(_bitmap_of(deals.seeds, deals.end)).decode("ascii"),
            }
            for deals in variants
        },
    }

    def write(file: TextIO) -> None:
        json.dump(document, file, indent=1)
        file.write("\n")

    write_atomically(path, write)


def _bitmap_of(seeds: Iterable[int], end: int) -> bytes:
    """Bit ``seed % 8`` of byte ``seed // 8`` is set for each won seed below ``end``."""
    bitmap = bytearray((end + 7) // 8)
    for seed in seeds:
        if not 0 <= seed < end:
            raise ValueError(f"seed {seed} is outside the catalogue's range [0, {end})")
        bitmap[seed // 8] |= 1 << (seed % 8)
    return bytes(bitmap)


def _seeds_of(bitmap: bytes, end: int) -> tuple[int, ...]:
    if len(bitmap) != (end + 7) // 8:
        raise ValueError(f"a bitmap of {len(bitmap)} bytes does not cover seeds [0, {end})")
    seeds = tuple(seed for seed in range(8 * len(bitmap)) if bitmap[seed // 8] >> (seed % 8) & 1)
    if seeds and seeds[-1] >= end:
        raise ValueError(f"the bitmap marks seed {seeds[-1]}, beyond its range [0, {end})")
    return seeds
