"""What the status searches share (``klondike_progress.py``, ``applegate_progress.py``,
``table_progress.py``): a layout is the face-up cards of the columns, a tuple of tuples."""

from __future__ import annotations

import functools
from collections.abc import Callable
from operator import itemgetter

Piles = tuple[tuple[int, ...], ...]


@functools.cache
def interchangeable(covered: tuple[bool, ...]) -> Callable[[Piles], object]:
    """A function naming face-up piles up to the order of the piles with no face-down cards
    under them: such piles are interchangeable (the rules never ask where a pile lies), so
    layouts with the same name have the same answer and a search visits one of them. (Made
    once for each of the ways piles can be covered: the status asks after most moves.)"""
    columns = len(covered)
    bare = [pile for pile in range(columns) if not covered[pile]]
    if len(bare) <= 1:
        return lambda piles: piles  # nothing to put in order
    bare_piles = itemgetter(*bare)
    if len(bare) == columns:
        return lambda piles: tuple(sorted(piles))
    covered_piles = itemgetter(*[pile for pile in range(columns) if covered[pile]])
    return lambda piles: (covered_piles(piles), tuple(sorted(bare_piles(piles))))


def moved(piles: Piles, source: int, k: int, target: int) -> Piles:
    """``piles`` with the cards of pile ``source`` from index ``k`` on moved onto pile
    ``target`` (-1: off the tableau)."""
    changed = list(piles)
    cards = piles[source]
    changed[source] = cards[:k]
    if target >= 0:
        changed[target] = piles[target] + cards[k:]
    return tuple(changed)


def way_to(came_from: dict, key: tuple) -> list[tuple[tuple, tuple]]:
    """The steps from a search's root to the layout ``key``, each with the key it leads to
    (``came_from``: each layout met, by key, with the key it was met from and the step)."""
    way = []
    while (link := came_from[key]) is not None:
        previous, step = link
        way.append((step, key))
        key = previous
    way.reverse()
    return way
