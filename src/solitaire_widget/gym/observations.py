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

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

import numpy as np
from gymnasium import spaces

from ..moves import COLUMN_OF, FOUNDATIONS, MAX_CARDS, TABLEAU
from .actions import APPLEGATE_GROUP, KLONDIKE_RUN

if TYPE_CHECKING:
    from ..engine import Game
    from ..games import ApplegateGame, KlondikeGame
    from ..moves import Move

CARDS = 52
KLONDIKE_FACE_DOWN = 6  # column 7 is dealt six face-down cards, and face-down cards never move
KLONDIKE_STOCK = 24  # the cards not dealt to the tableau; stock and waste share them
APPLEGATE_FACE_DOWN = 2
APPLEGATE_RESERVE = 3


# Card integers (0-51) to card codes (1-52) in one bytes.translate.
_CODES = bytes(range(1, 256)) + b"\0"
# Padding for a row as wide as the largest card set (a column of four decks).
_PADDING = [bytes(width) for width in range(MAX_CARDS + 1)]


def _pile(cards: list[int], width: int) -> bytes:
    return bytes(cards).translate(_CODES) + _PADDING[width - len(cards)]


def _face_down(game: Game) -> bytes:
    return bytes(map(len, game.down))


def _klondike_foundations(game: KlondikeGame) -> bytes:
    # A Klondike foundation is its suit from the Ace up: its top card says everything.
    return bytes([pile[-1] + 1 if pile else 0 for pile in game.foundations])


def _talon(game: KlondikeGame) -> bytes:
    return _pile(game.waste, KLONDIKE_STOCK) + bytes((len(game.stock),))


def _finished_runs(game: ApplegateGame) -> bytes:
    # A finished run is 13 cards of one suit going down from its bottom card: that card says
    # everything.
    return bytes([pile[0] + 1 if pile else 0 for pile in game.foundations])


def _reserve(game: ApplegateGame) -> bytes:
    reserve = game.reserve
    return bytes((reserve[-1] + 1 if reserve else 0, len(reserve)))


class Part(NamedTuple):
    """Arrays after the tableau that one function writes (consecutive in the layout), and the
    piles whose moves change them; ``lifted_only``: only moves from those piles do (a card
    turns up only where cards left)."""

    arrays: tuple[str, ...]
    piles: tuple[str, ...]
    write: Callable[[Any], bytes]
    lifted_only: bool = False


class Layout:
    """The arrays of an observation (name, shape, highest value; all int8 from 0) and where each
    lies in one flat run of bytes: the tableau first, one row of ``width`` bytes a pile, then the
    arrays of the ``parts``."""

    def __init__(
        self,
        width: int,
        arrays: list[tuple[str, tuple[int, ...], int]],
        parts: list[Part],
        *,
        most_down: int,
        talon: int | None = None,
        looked_at_whole: tuple[str, ...] = (),
    ) -> None:
        """``most_down``: the most face-down cards a column holds; ``talon``: the most cards
        the stock and the waste hold together (None: no such limit); ``looked_at_whole``: the
        piles a move from which changes more than it names (a stock dealing onto every
        column), after which the whole observation is written afresh."""
        self.width = width
        self.most_down = most_down
        self.talon = talon
        self.looked_at_whole = frozenset(looked_at_whole)
        self.space = spaces.Dict(
            {name: spaces.Box(0, high, shape, dtype=np.int8) for name, shape, high in arrays}
        )
        self.fields: list[tuple[str, int, int, tuple[int, ...]]] = []
        start = 0
        for name, shape, _ in arrays:
            size = int(np.prod(shape))
            self.fields.append((name, start, start + size, shape))
            start += size
        self.size = start
        where = {name: (begin, end) for name, begin, end, _ in self.fields}
        # Each part's bytes and writer, and the parts a move from a pile (``lifted``) and a
        # move onto a pile (``landed``) change.
        self.parts = [
            (where[part.arrays[0]][0], where[part.arrays[-1]][1], part.write) for part in parts
        ]
        Placed = list[tuple[int, int, Callable[[Any], bytes]]]
        self.lifted: dict[str, Placed] = {}
        self.landed: dict[str, Placed] = {}
        for part, placed in zip(parts, self.parts, strict=True):
            for pile in part.piles:
                self.lifted.setdefault(pile, []).append(placed)
                if not part.lifted_only:
                    self.landed.setdefault(pile, []).append(placed)

    def views(
        self, seen: memoryview | bytearray, count: int | None = None
    ) -> dict[str, np.ndarray]:
        """numpy arrays over the bytes ``seen`` (no copy): one observation's, or with ``count``
        a batch of ``count`` observations lying one after the other (shapes ``(count, ...)``)."""
        flat = np.frombuffer(seen, dtype=np.int8)
        if count is None:
            return {
                name: flat[start:stop].reshape(shape) for name, start, stop, shape in self.fields
            }
        rows = flat.reshape(count, self.size)
        return {
            name: rows[:, start:stop].reshape(count, *shape)
            for name, start, stop, shape in self.fields
        }


KLONDIKE_LAYOUT = Layout(
    KLONDIKE_RUN,
    [
        ("tableau", (7, KLONDIKE_RUN), CARDS),
        ("face_down", (7,), KLONDIKE_FACE_DOWN),
        ("foundations", (4,), CARDS),
        ("waste", (KLONDIKE_STOCK,), CARDS),
        ("stock", (1,), KLONDIKE_STOCK),
    ],
    [
        Part(("face_down",), TABLEAU, _face_down, lifted_only=True),
        Part(("foundations",), ("f", *FOUNDATIONS), _klondike_foundations),
        Part(("waste", "stock"), ("waste", "stock"), _talon),
    ],
    most_down=KLONDIKE_FACE_DOWN,
    talon=KLONDIKE_STOCK,
)
APPLEGATE_LAYOUT = Layout(
    APPLEGATE_GROUP,
    [
        ("tableau", (7, APPLEGATE_GROUP), CARDS),
        ("face_down", (7,), APPLEGATE_FACE_DOWN),
        ("foundations", (4,), CARDS),
        ("reserve_top", (1,), CARDS),
        ("reserve", (1,), APPLEGATE_RESERVE),
    ],
    [
        Part(("face_down",), TABLEAU, _face_down, lifted_only=True),
        Part(("foundations",), ("f", *FOUNDATIONS), _finished_runs),
        Part(("reserve_top", "reserve"), ("reserve",), _reserve),
    ],
    most_down=APPLEGATE_FACE_DOWN,
)
KLONDIKE_SPACE = KLONDIKE_LAYOUT.space
APPLEGATE_SPACE = APPLEGATE_LAYOUT.space


class Observer:
    """One game's observation as bytes in its layout's order, in ``seen`` (a buffer of the
    environment's own, or its row of a vector environment's batch), brought up to date after
    each move by rewriting only what the piles the move named show: their tableau rows and the
    parts they change. Building the arrays afresh on every step cost more than the move itself;
    this way a step writes a few dozen bytes and copies the arrays out."""

    def __init__(self, layout: Layout, seen: memoryview | None = None) -> None:
        self.layout = layout
        self.seen = memoryview(bytearray(layout.size)) if seen is None else seen
        self.arrays = layout.views(self.seen)
        self._version = -1  # the game version ``seen`` shows

    def look(self, game: Game) -> None:
        """Write the whole observation of ``game``."""
        seen, width = self.seen, self.layout.width
        for column, run in enumerate(game.up):
            seen[column * width : (column + 1) * width] = _pile(run, width)
        for start, stop, write in self.layout.parts:
            seen[start:stop] = write(game)
        self._version = game.version

    def follow(self, game: Game, move: Move) -> None:
        """Bring the observation up to date after ``move``, just made in ``game``; a game
        changed in any other way since the last look is looked at whole."""
        if game.version != self._version + 1 or move.src in self.layout.looked_at_whole:
            self.look(game)
            return
        seen, layout, up = self.seen, self.layout, game.up
        width = layout.width
        for pile, changes in ((move.src, layout.lifted), (move.dst, layout.landed)):
            column = COLUMN_OF.get(pile)
            if column is not None:
                seen[column * width : (column + 1) * width] = _pile(up[column], width)
            for start, stop, write in changes.get(pile, ()):
                seen[start:stop] = write(game)
        self._version = game.version

    def observation(self) -> dict[str, np.ndarray]:
        """The observation now, as arrays of its own (later moves do not change them)."""
        return {name: array.copy() for name, array in self.arrays.items()}


def shape_refusal(game: Game, layout: Layout) -> str | None:
    """Why the position does not fit ``layout``'s arrays, or None when it does."""
    if layout.talon is not None:
        stock_and_waste = len(game.stock) + len(getattr(game, "waste", []))
        if stock_and_waste > layout.talon:
            return (
                f"the stock and the waste hold {stock_and_waste} cards; "
                f"a {game.definition.title} deal leaves them {layout.talon}"
            )
    for number, pile in enumerate(game.down, 1):
        if len(pile) > layout.most_down:
            return (
                f"t{number} has {len(pile)} face-down cards; a deal leaves at most "
                f"{layout.most_down}"
            )
    for number, pile in enumerate(game.up, 1):
        if len(pile) > layout.width:
            return f"t{number} has {len(pile)} face-up cards; the observation shows {layout.width}"
    return None
