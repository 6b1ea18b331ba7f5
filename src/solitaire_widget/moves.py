"""``Move``: one move in SPEC.md's notation (``t2-t5:3``, ``waste-f``, ``draw``, ``recycle``).

The notation is the same in every game: columns ``t1..tN``, foundations ``f1..fN`` (``f``:
whichever takes the card), free cells ``c1..cN`` (``c``: any empty cell), Pyramid positions
``p1..pN``, and ``stock``, ``waste``, ``reserve``. A pair of cards that go home together, as in
Pyramid, is written ``p27+p28`` or ``p27+waste`` (a King alone is ``p28-f``). A ``Move`` checks
only that it is written in that notation; which piles exist, and whether the game takes pairs,
is the game's to say (``Game.move`` refuses what it has not).
"""

from __future__ import annotations

import functools
import re

# Klondike's and Applegate's seven columns and four foundations: the tables their engines, the
# gym and the status searches index by.
TABLEAU = tuple(f"t{i}" for i in range(1, 8))
FOUNDATIONS = tuple(f"f{i}" for i in range(1, 5))
# Each column's index, "t1" being 0, for any number of columns.
COLUMN_OF = {f"t{i}": i - 1 for i in range(1, 100)}
# The most cards a move can carry: a column of four decks.
MAX_CARDS = 208

# A pile: a named pile, or a letter and its number from 1 (no leading zero) up to 99.
_PILE = re.compile(r"(stock|waste|reserve|[tfcp][1-9][0-9]?)")
_DESTINATION = re.compile(r"(stock|waste|reserve|[tfcp][1-9][0-9]?|f|c)")
_NOTATION = re.compile(r"^([a-z]+[0-9]*)-([a-z]+[0-9]*)(?::([0-9]+))?$")
_PAIR = re.compile(r"^([a-z]+[0-9]*)\+([a-z]+[0-9]*)$")
PILE_NAMES = "piles are t1..tN, f1..fN, c1..cN, p1..pN, stock, waste and reserve"
_WORDS = {"draw": ("stock", "waste"), "recycle": ("waste", "stock")}


class Move:
    """An immutable move: ``n`` cards from the top of ``src`` onto ``dst``; or, with a
    ``partner``, the top cards of two piles going home together (``p27+p28``).

    ``Move("t2", "t5", 3)`` and ``Move("t2-t5:3")`` are the same move; ``str()`` gives the
    canonical notation and ``Move.parse`` reads it back.
    """

    __slots__ = ("src", "dst", "n", "partner", "_text")
    src: str
    dst: str
    n: int
    partner: str | None  # the other pile of a pair going home together, or None
    _text: str  # the notation, written once: the board's view prints every legal move

    def __init__(
        self, src: str, dst: str | None = None, n: int = 1, partner: str | None = None
    ) -> None:
        if dst is None:
            parsed = Move.parse(src)
            src, dst, n, partner = parsed.src, parsed.dst, parsed.n, parsed.partner
        if not isinstance(src, str) or not _PILE.fullmatch(src):
            raise ValueError(f"unknown pile {src!r}: {PILE_NAMES}")
        if not isinstance(dst, str) or not _DESTINATION.fullmatch(dst):
            raise ValueError(f"unknown pile {dst!r}: {PILE_NAMES}")
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= MAX_CARDS:
            raise ValueError(f"a move carries 1 to {MAX_CARDS} cards, not {n!r}")
        if (src, dst) in _WORDS.values() and n != 1:
            raise ValueError("a draw or a recycle carries no card count")
        if partner is not None:
            if not isinstance(partner, str) or not _PILE.fullmatch(partner):
                raise ValueError(f"unknown pile {partner!r}: {PILE_NAMES}")
            if partner == src or dst != "f" or n != 1:
                raise ValueError("a pair is the top cards of two piles going home: 'p27+p28'")
        object.__setattr__(self, "src", src)
        object.__setattr__(self, "dst", dst)
        object.__setattr__(self, "n", n)
        object.__setattr__(self, "partner", partner)
        object.__setattr__(self, "_text", self._notation())

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read ``SRC-DST``, ``SRC-DST:N``, ``draw`` or ``recycle`` (case and spaces ignored)."""
        if not isinstance(text, str):
            raise ValueError(f"cannot read {text!r} as a move")
        cleaned = text.strip().lower().replace(" ", "")
        if cleaned in _WORDS:
            return cls(*_WORDS[cleaned])
        pair = _PAIR.match(cleaned)
        if pair is not None:
            try:
                return cls(pair[1], "f", 1, partner=pair[2])
            except ValueError as error:
                raise ValueError(f"cannot read {text!r} as a move: {error}") from None
        match = _NOTATION.match(cleaned)
        if match is None:
            raise ValueError(
                f"cannot read {text!r} as a move (examples: 't2-t5:3', 'waste-f', 'draw')"
            )
        src, dst, count = match.groups()
        try:
            return cls(src, dst, int(count) if count is not None else 1)
        except ValueError as error:
            raise ValueError(f"cannot read {text!r} as a move: {error}") from None

    @classmethod
    def coerce(cls, move: Move | str) -> Move:
        if isinstance(move, Move):
            return move
        if isinstance(move, str):
            return cls.parse(move)
        raise TypeError(f"expected a Move or its notation, got {type(move).__name__}")

    def __str__(self) -> str:
        return self._text

    def _notation(self) -> str:
        if self.partner is not None:
            return f"{self.src}+{self.partner}"
        if (self.src, self.dst) == _WORDS["draw"]:
            return "draw"
        if (self.src, self.dst) == _WORDS["recycle"]:
            return "recycle"
        suffix = f":{self.n}" if self.n != 1 else ""
        return f"{self.src}-{self.dst}{suffix}"

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Move):
            return NotImplemented
        return (
            self.src == other.src
            and self.dst == other.dst
            and self.n == other.n
            and self.partner == other.partner
        )

    def __hash__(self) -> int:
        return hash((self.src, self.dst, self.n, self.partner))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Move is immutable")

    def __reduce__(self):
        return (Move, (self.src, self.dst, self.n, self.partner))


@functools.cache
def group_move(source: str, target: str, n: int) -> Move:
    """One ``Move`` object per move of ``n`` cards between two columns, whatever the height of
    the column it leaves: code that keeps moves by identity (the gym's action table, the
    status's look for a move's reverse) meets each of them once."""
    return Move(source, target, n)
