"""Cards as small integers, their names, and the package's own deterministic shuffle.

A card is ``suit * 13 + rank - 1`` with suits in the order clubs, diamonds, hearts, spades, so
tables indexed by card answer "what rank / suit / colour" without any arithmetic on the hot path.
Outside the engine cards are always the two-character names of SPEC.md (``"TH"``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TypeVar

RANKS = "A23456789TJQK"
SUITS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
RANK_NAMES = ("Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King")

ACE, KING = 1, 13
DECK = tuple(range(52))
RANK = tuple(card % 13 + 1 for card in DECK)
SUIT = tuple(card // 13 for card in DECK)
RED = tuple(SUIT[card] in (1, 2) for card in DECK)
NAME = tuple(RANKS[card % 13] + SUITS[card // 13] for card in DECK)

T = TypeVar("T")

# ASCII case-folding only: under Unicode rules the Kelvin sign (U+212A) would match "k".
_CARD_TEXT = re.compile(r"^(10|[a2-9tjqk])([cdhs♣♦♥♠])$", re.IGNORECASE | re.ASCII)
# No card name is longer, spaces around it included, than this; longer text is not read at all.
_LONGEST_CARD_TEXT = 8
# The canonical names, read at once: states and searches read thousands of them.
_BY_NAME = {name: card for card, name in enumerate(NAME)}


def make_card(rank: int, suit: int) -> int:
    return suit * 13 + rank - 1


def parse_card(text: str) -> int:
    """Read a card written as ``TH``, ``10H``, ``th`` or ``T♥``."""
    card = _BY_NAME.get(text) if isinstance(text, str) else None
    if card is not None:
        return card
    readable = isinstance(text, str) and len(text) <= _LONGEST_CARD_TEXT
    match = _CARD_TEXT.match(text.strip()) if readable else None
    if match is None:
        raise ValueError(
            f"cannot read {_shown(text)} as a card (write rank then suit, e.g. 'TH' or 'QS')"
        )
    rank_text, suit_text = match.group(1).upper(), match.group(2).upper()
    rank = 10 if rank_text == "10" else RANKS.index(rank_text) + 1
    suit = SUITS.index(suit_text) if suit_text in SUITS else SUIT_SYMBOLS.index(suit_text)
    return make_card(rank, suit)


def _shown(text: object) -> str:
    """How a refused card text is named in the message: short, and pointing at a lookalike
    character (the Kelvin sign looks just like K)."""
    if not isinstance(text, str):
        return f"a value of type {type(text).__name__}"
    if len(text) > _LONGEST_CARD_TEXT:
        return f"a text of {len(text):,} characters"
    odd = [char for char in text if not char.isascii() and char not in SUIT_SYMBOLS]
    return f"{text!r} (U+{ord(odd[0]):04X} is not a plain letter)" if odd else repr(text)


def card_name(card: int) -> str:
    return NAME[card]


def long_name(card: int) -> str:
    """The name a player says aloud, e.g. "Queen of spades"; also the card's ARIA label."""
    return f"{RANK_NAMES[RANK[card] - 1]} of {SUIT_NAMES[SUIT[card]]}"


class SplitMix64:
    """A tiny PRNG with a published, platform-independent output sequence.

    Python's ``random`` module may change between versions; deals must not, so the package
    carries its own generator.
    """

    _MASK = (1 << 64) - 1

    def __init__(self, seed: int) -> None:
        self._state = seed & self._MASK

    def next64(self) -> int:
        self._state = (self._state + 0x9E3779B97F4A7C15) & self._MASK
        z = self._state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & self._MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & self._MASK
        return z ^ (z >> 31)

    def below(self, bound: int) -> int:
        """A uniform integer in ``range(bound)``; rejection sampling avoids modulo bias."""
        limit = (1 << 64) - (1 << 64) % bound
        while True:
            value = self.next64()
            if value < limit:
                return value % bound


def shuffled(items: Sequence[T], seed: int) -> list[T]:
    """``items`` in the order of a Fisher-Yates shuffle driven by ``SplitMix64(seed)``."""
    order = list(items)
    below = SplitMix64(seed).below
    for i in range(len(order) - 1, 0, -1):
        j = below(i + 1)
        order[i], order[j] = order[j], order[i]
    return order


def shuffled_deck(seed: int) -> list[int]:
    """The deck order for a seed: Fisher-Yates over ``AC..KC AD..KD AH..KH AS..KS``."""
    return shuffled(DECK, seed)
