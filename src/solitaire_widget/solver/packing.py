"""Finding a card among piles packed into one bytes string.

The solvers keep each pile as ``bytes`` and join them for a move search: one C-level ``find``
locates any card, and the running pile ends turn that offset back into a pile and a height.
"""

from __future__ import annotations


def locate(
    joined: bytes, ends: list[int], piles: tuple[bytes, ...], card: bytes
) -> tuple[int, int]:
    """(pile index, position of ``card`` in that pile), or (-1, -1) when no pile holds it."""
    index = joined.find(card)
    if index < 0:
        return -1, -1
    i = 0
    while index >= ends[i]:
        i += 1
    return i, index - ends[i] + len(piles[i])
