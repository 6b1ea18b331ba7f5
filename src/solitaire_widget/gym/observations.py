"""What an agent sees: the cards a player sees, as fixed-shape numpy arrays.

A card is coded ``1 + suit * 13 + rank - 1`` (suits in the order clubs, diamonds, hearts, spades:
1 is the Ace of clubs, 13 the King of clubs, 52 the King of spades); 0 means "no card". Piles run
bottom to top as in the state format, padded with 0 after the top card. Face-down cards, the
stock and the reserve's hidden cards appear only as counts, so two positions that differ only in
where the hidden cards lie give the same observation.

The arrays are as wide as a real game can fill them; a position loaded from a state that would not
fit (say a column with ten face-down cards) is refused by ``shape_refusal``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
from gymnasium import spaces

from .actions import APPLEGATE_GROUP, KLONDIKE_RUN

if TYPE_CHECKING:
    from ..engine import ApplegateGame, Game, KlondikeGame

CARDS = 52
KLONDIKE_FACE_DOWN = 6  # column 7 is dealt six face-down cards, and face-down cards never move
KLONDIKE_STOCK = 24  # the cards not dealt to the tableau; stock and waste share them
APPLEGATE_FACE_DOWN = 2
APPLEGATE_RESERVE = 3


class Layout:
    """The arrays of an observation (name, shape, highest value; all int8 from 0) and where each
    lies in one flat buffer of bytes.

    An observation is put together as bytes (one C-level copy per pile) and then cut into numpy
    views of a single fresh buffer: several times cheaper than filling arrays one by one, which
    matters because it happens on every step. The parts come in the order the arrays are listed.
    """

    def __init__(self, arrays: list[tuple[str, tuple[int, ...], int]]) -> None:
        self.space = spaces.Dict(
            {name: spaces.Box(0, high, shape, dtype=np.int8) for name, shape, high in arrays}
        )
        self.fields: list[tuple[str, int, int, tuple[int, ...]]] = []
        start = 0
        for name, shape, _ in arrays:
            size = int(np.prod(shape))
            self.fields.append((name, start, start + size, shape))
            start += size

    def cut(self, parts: list[bytes]) -> dict[str, np.ndarray]:
        flat = np.frombuffer(bytearray(b"".join(parts)), dtype=np.int8)
        return {name: flat[start:stop].reshape(shape) for name, start, stop, shape in self.fields}


KLONDIKE_LAYOUT = Layout(
    [
        ("tableau", (7, KLONDIKE_RUN), CARDS),
        ("face_down", (7,), KLONDIKE_FACE_DOWN),
        ("foundations", (4,), CARDS),
        ("waste", (KLONDIKE_STOCK,), CARDS),
        ("stock", (1,), KLONDIKE_STOCK),
    ]
)
APPLEGATE_LAYOUT = Layout(
    [
        ("tableau", (7, APPLEGATE_GROUP), CARDS),
        ("face_down", (7,), APPLEGATE_FACE_DOWN),
        ("foundations", (4,), CARDS),
        ("reserve_top", (1,), CARDS),
        ("reserve", (1,), APPLEGATE_RESERVE),
    ]
)
KLONDIKE_SPACE = KLONDIKE_LAYOUT.space
APPLEGATE_SPACE = APPLEGATE_LAYOUT.space

# Card integers (0-51) to card codes (1-52) in one bytes.translate.
_CODES = bytes(range(1, 256)) + b"\0"
_PADDING = [bytes(width) for width in range(CARDS + 1)]


def _pile(cards: list[int], width: int) -> list[bytes]:
    return [bytes(cards).translate(_CODES), _PADDING[width - len(cards)]]


def _tableau(game: Game, width: int) -> list[bytes]:
    parts = []
    for run in game.up:
        parts += _pile(run, width)
    parts.append(bytes(map(len, game.down)))
    return parts


def klondike_observation(game: KlondikeGame) -> dict[str, np.ndarray]:
    return KLONDIKE_LAYOUT.cut(
        [
            *_tableau(game, KLONDIKE_RUN),
            # A Klondike foundation is its suit from the Ace up: its top card says everything.
            bytes([pile[-1] + 1 if pile else 0 for pile in game.foundations]),
            *_pile(game.waste, KLONDIKE_STOCK),
            bytes((len(game.stock),)),
        ]
    )


def applegate_observation(game: ApplegateGame) -> dict[str, np.ndarray]:
    reserve = game.reserve
    return APPLEGATE_LAYOUT.cut(
        [
            *_tableau(game, APPLEGATE_GROUP),
            # A finished run is 13 cards of one suit going down from its bottom card: that card
            # says everything.
            bytes([pile[0] + 1 if pile else 0 for pile in game.foundations]),
            bytes((reserve[-1] + 1 if reserve else 0, len(reserve))),
        ]
    )


def shape_refusal(game: Game) -> str | None:
    """Why the position does not fit the observation arrays, or None when it does."""
    if game.kind == "klondike":
        most_down, stock_and_waste = KLONDIKE_FACE_DOWN, len(game.stock) + len(game.waste)
        if stock_and_waste > KLONDIKE_STOCK:
            return (
                f"the stock and the waste hold {stock_and_waste} cards; "
                f"a Klondike deal leaves them {KLONDIKE_STOCK}"
            )
    else:
        most_down = APPLEGATE_FACE_DOWN
    for number, pile in enumerate(game.down, 1):
        if len(pile) > most_down:
            return f"t{number} has {len(pile)} face-down cards; a deal leaves at most {most_down}"
    return None
