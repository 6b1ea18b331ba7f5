"""The shipped catalogues of proven-winnable seeds, so that a winnable deal costs no search.

Most Applegate deals cannot be won, so finding a winnable one by search tries about nine seeds at
up to a second each. Each game whose declaration says so (``GameDef.daily``) keeps the search's
answers ahead of time in its own file beside its module (``games/<name>.deals.json``): for each
variant it covers, a range of seeds ``[0, end)`` and, as a bitmap, which of them the budgeted
search of ``first_winnable_seed`` (``budget`` positions, no clock) won. Every seed in the range
was searched, so "the first catalogued seed from ``s``" is exactly the seed the search finds from
``s``: the same on every machine. A catalogued seed stays winnable whatever the solver becomes,
since the search replayed its winning line through the rules engine.

``scripts/build_deal_catalogue.py`` builds and extends the files; they are never edited by hand,
and an extension only adds seeds at the end of a range (the daily deals of ``deals.py`` depend
on it). A game added to the package brings its file with it: nothing here names a game.
"""

from __future__ import annotations

import base64
import bisect
import json
import os
import secrets
from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, TextIO

from ..engine.declaration import DailyRange, GameDef, deals_file
from ..engine.saving import write_atomically
from ..games import definition, names
from ..shape import brief
from ..variants import Variant, variant_of, variants

FORMAT = "solitaire-widget-winnable-deals/1"


def variant_name(kind: str, options: dict[str, Any] | None = None) -> str:
    """The catalogue's name for a game and its options. Scoring does not change which deals can
    be won, so only Klondike's draw count counts."""
    return variant_of(kind, options or {}).name


@dataclass(frozen=True)
class WinnableDeals:
    """One variant's catalogue: every seed below ``end`` was searched; ``seeds`` were won.
    ``cpu_minutes``: what searching the range cost, when its build recorded it."""

    variant: str
    end: int
    seeds: tuple[int, ...]
    budget: int
    cpu_minutes: float | None = field(default=None, compare=False)

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
    """The declaration of ``kind`` when some variant of it has a daily challenge and a
    catalogue of winnable deals (``GameDef.daily``); else a ``ValueError`` naming the variants
    that have them."""
    those = spelled_labels(variants(catalogued=True))
    if kind not in names():
        raise ValueError(f"the daily challenges are {those}, not {brief(kind)}")
    game = definition(kind)
    if game.daily is None:
        raise ValueError(
            f"{game.title} has no daily challenge and no catalogue of winnable deals: "
            f"those are {those}"
        )
    return game


def daily_range(kind: Any, options: dict[str, Any] | None = None) -> DailyRange:
    """The declared daily challenge of ``kind`` with ``options`` (``GameDef.daily``): the
    variants it lists have a catalogue of winnable deals and a daily challenge. Any other is a
    ``ValueError`` naming those that have them."""
    daily = daily_game(kind).daily
    variant = variant_of(kind, options or {})
    for declared in daily.variants if daily is not None else ():
        if dict(declared.options) == dict(variant.options):
            return declared
    those = spelled_labels(variants(catalogued=True))
    raise ValueError(
        f"{variant.label} has no daily challenge and no catalogue of winnable deals: "
        f"those are {those}"
    )


def spelled_labels(among: Iterable[Variant]) -> str:
    """Variants as a message lists them: "Klondike · draw 1, Applegate and Spider · 1 suit"."""
    labels = [variant.label for variant in among]
    return " and ".join(filter(None, [", ".join(labels[:-1]), labels[-1]]))


def winnable_deals(kind: str, options: dict[str, Any] | None = None) -> WinnableDeals:
    """The catalogue of ``kind`` with ``options``. Only the variants a game's declaration lists
    (``GameDef.daily``) have one: asking for another's is a ``ValueError`` naming those that
    do."""
    daily_range(kind, options)
    name = variant_name(kind, options)
    catalogue = game_catalogue(kind)
    if name not in catalogue:
        raise RuntimeError(f"{definition(kind).daily.file} has no catalogue of {name}")
    return catalogue[name]


def game_catalogue(kind: str) -> dict[str, WinnableDeals]:
    """Every variant of the catalogue file ``kind`` declares, read once."""
    daily = definition(kind).daily
    if daily is None:
        return {}
    return _shipped(daily.module)


@cache
def _shipped(module: str) -> dict[str, WinnableDeals]:
    """The catalogue file beside the game module ``module``, read once."""
    file = deals_file(module)
    return _read(file.read_text(encoding="utf-8"), file.name)


@cache
def load_catalogue(path: str | None = None) -> dict[str, WinnableDeals]:
    """Every variant of a catalogue file, read once; with no ``path``, of every game's shipped
    file, in the registry's order."""
    if path is None:
        return {name: deals for kind in names() for name, deals in game_catalogue(kind).items()}
    return _read(Path(path).read_text(encoding="utf-8"), path)


def _read(text: str, where: str) -> dict[str, WinnableDeals]:
    document = json.loads(text)
    if document.get("format") != FORMAT:
        raise ValueError(f"{where} is not a {FORMAT} file")
    budget = document["budget"]
    catalogue = {}
    for variant, entry in document["variants"].items():
        end = entry["end"]
        seeds = _seeds_of(base64.b64decode(entry["won"]), end)
        if len(seeds) != entry["count"]:
            raise ValueError(f"{where}: {variant} lists {len(seeds)} seeds, not {entry['count']}")
        catalogue[variant] = WinnableDeals(variant, end, seeds, budget, entry.get("cpu_minutes"))
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
        "variants": {deals.variant: _entry(deals) for deals in variants},
    }

    def write(file: TextIO) -> None:
        json.dump(document, file, indent=1)
        file.write("\n")

    write_atomically(path, write)


def _entry(deals: WinnableDeals) -> dict[str, Any]:
    entry: dict[str, Any] = {
        "end": deals.end,
        "count": len(deals.seeds),
        "won": base64.b64encode(_bitmap_of(deals.seeds, deals.end)).decode("ascii"),
    }
    if deals.cpu_minutes is not None:
        entry["cpu_minutes"] = deals.cpu_minutes
    return entry


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
