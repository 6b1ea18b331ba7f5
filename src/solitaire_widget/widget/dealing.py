"""The seed a board deals, so that a page that may not see it cannot find it either.

A seed is the whole deal, so a board made with ``show_seed=False`` keeps it from the page. That
is not enough if the page can guess it: the shipped catalogue of winnable deals holds a few
thousand seeds a variant, and ``random_seed`` draws one of 10**9; dealing each of them and
keeping the one whose face-up cards match the board finds the seed, and with it every hidden
card, in seconds to minutes. So a board whose seed the page may not see deals, when no seed is
given, a seed drawn from the whole 2**64, and its winnable deals are such seeds proved winnable
here and now (``solver.fresh_winnable_seed``), never a catalogued one. A board that shows its
seed keeps the short seeds a person can read out, and the catalogue's instant winnable deals.
A given seed is dealt as asked, the same on every machine, whatever the board shows.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from typing import Any

from .. import solver
from ..options import read_seed
from ..variants import variant_of

FINDING_A_DEAL = "Finding a winnable deal..."


def seed_to_deal(
    kind: str,
    options: dict[str, Any],
    seed: int | None,
    *,
    winnable: bool,
    show_seed: bool,
    trying: Callable[[int], object] | None = None,
) -> int | None:
    """The seed a board of ``kind`` deals when asked for ``seed`` (None: any); None leaves the
    choice to the engine (a short random seed). ``trying(count)`` follows a fresh search for a
    winnable deal, seed by seed."""
    if seed is not None:
        seed = read_seed(seed)
    if seed is None and not show_seed:
        if winnable:
            return solver.fresh_winnable_seed(kind, options, trying=trying)
        return secrets.randbits(64)
    if winnable:
        return solver.first_winnable_seed(kind, seed, options)
    return seed


def no_winnable_deals(kind: str, options: Mapping[str, Any]) -> str:
    """Why a variant without a catalogue of proven deals cannot promise a winnable one."""
    label = variant_of(kind, options).label
    return f"{label} has no proven-winnable deals: deal it with winnable off."


def finding_a_deal(tried: int) -> str:
    """The progress strip's words while a winnable deal is searched for."""
    if tried < 2:
        return FINDING_A_DEAL
    return f"{FINDING_A_DEAL} {tried} deals tried"
