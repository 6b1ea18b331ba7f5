"""Build game positions from compact text, so a test names only the cards its rule is about.

A pile is written bottom to top, as in the state format. A tableau pile is ``"DOWN | UP"`` (the
cards left of the bar face-down), or just ``"UP"`` when every card is face-up; ``""`` is empty.
A ``*`` in a face-down part, the stock, the waste or the reserve marks where the cards the test does
not name go. Without a ``*`` they fill the foundations as far as they can (Klondike: each suit from
its Ace up to the lowest card of that suit the test names; Applegate: each suit the test never
names, as a complete run), and whatever is left goes face-down under the rightmost tableau pile
that has face-up cards and no face-down ones named, or else at the bottom of the stock (the
reserve).
"""

from __future__ import annotations

from typing import Any

import pytest

from solitaire_widget.engine import IllegalMove
from solitaire_widget.moves import Move
from solitaire_widget.state import load_game

RANKS = "A23456789TJQK"
SUITS = "CDHS"
DECK = [rank + suit for suit in SUITS for rank in RANKS]
FILL = "*"


# Every pile id of SPEC.md section 2, written out here rather than taken from the package.
PILES = [
    "stock",
    "waste",
    "reserve",
    "f1",
    "f2",
    "f3",
    "f4",
    "t1",
    "t2",
    "t3",
    "t4",
    "t5",
    "t6",
    "t7",
]


def rank_of(card: str) -> int:
    """1 for an Ace up to 13 for a King."""
    return RANKS.index(card[0]) + 1


def suit_of(card: str) -> str:
    return card[1]


def is_red(card: str) -> bool:
    return card[1] in "DH"


def run_down(top_of_run: str, length: int) -> list[str]:
    """An Applegate run of one suit, bottom to top, whose top card is ``top_of_run``.

    Each card is one rank below the one beneath it, wrapping from Ace to King, so the bottom card is
    ``length - 1`` ranks above the top one.
    """
    suit = suit_of(top_of_run)
    top = rank_of(top_of_run) - 1
    return [RANKS[(top + length - 1 - i) % 13] + suit for i in range(length)]


def _split_pile(text: str) -> tuple[list[str], list[str]]:
    if "|" in text:
        down, up = text.split("|")
        return down.split(), up.split()
    return [], text.split()


def _klondike_foundation(text: str) -> list[str]:
    """``"5S"`` is shorthand for ``"AS 2S 3S 4S 5S"``; several cards are taken literally."""
    cards = text.split()
    if len(cards) == 1:
        top = cards[0]
        return [RANKS[i] + suit_of(top) for i in range(rank_of(top))]
    return cards


def _applegate_foundation(text: str) -> list[str]:
    """A single suit letter (``"S"``) is shorthand for that suit's run King down to Ace."""
    text = text.strip()
    if text in SUITS:
        return run_down("A" + text, 13)
    return text.split()


def _place_rest(
    rest: list[str],
    tableau: list[dict[str, list[str]]],
    extra_piles: list[list[str]],
) -> None:
    """Put the unnamed cards where the ``*`` is, under a face-up pile, or in ``extra_piles[0]``."""
    for pile in [p["down"] for p in tableau] + extra_piles:
        if FILL in pile:
            at = pile.index(FILL)
            pile[at : at + 1] = rest
            return
    if not rest:
        return
    for pile in reversed(tableau):
        if pile["up"] and not pile["down"]:
            pile["down"][:0] = rest
            return
    if not extra_piles:
        raise ValueError(f"no face-up tableau card to hide the cards {rest} under; use '*'")
    extra_piles[0][:0] = rest


def _named_cards(piles: list[list[str]]) -> set[str]:
    return {card for pile in piles for card in pile if card != FILL}


def klondike_state(
    tableau: list[str] | tuple[str, ...] = (),
    foundations: list[str] | None = None,
    stock: str = "",
    waste: str = "",
    *,
    draw: int = 1,
    scoring: str | None = "standard",
    score: int | None = None,
    recycles: int = 0,
) -> dict[str, Any]:
    """A Klondike state dict (SPEC section 4) with an empty history."""
    columns = [dict(zip(("down", "up"), _split_pile(text), strict=True)) for text in tableau]
    columns += [{"down": [], "up": []} for _ in range(7 - len(columns))]
    stock_cards, waste_cards = stock.split(), waste.split()
    named_piles = [c["down"] for c in columns] + [c["up"] for c in columns]
    named_piles += [stock_cards, waste_cards]
    if foundations is None:
        named = _named_cards(named_piles)
        floors = {
            suit: min((rank_of(c) for c in named if suit_of(c) == suit), default=14)
            for suit in SUITS
        }
        found = [[RANKS[i] + suit for i in range(floors[suit] - 1)] for suit in SUITS]
    else:
        found = [_klondike_foundation(text) for text in foundations]
        found += [[] for _ in range(4 - len(found))]
    named = _named_cards(named_piles + found)
    _place_rest([c for c in DECK if c not in named], columns, [stock_cards, waste_cards])
    if score is None and scoring is not None:
        score = 0 if scoring == "standard" else -52 + 5 * sum(len(f) for f in found)
    return {
        "format": "solitaire-widget/1",
        "game": "klondike",
        "options": {"draw": draw, "scoring": scoring},
        "seed": None,
        "tableau": columns,
        "foundations": found,
        "stock": stock_cards,
        "waste": waste_cards,
        "reserve": [],
        "score": score,
        "recycles": recycles,
        "history": [],
    }


def applegate_state(
    tableau: list[str] | tuple[str, ...] = (),
    foundations: list[str] | None = None,
    reserve: str = "",
) -> dict[str, Any]:
    """An Applegate state dict (SPEC section 4) with an empty history."""
    piles = [dict(zip(("down", "up"), _split_pile(text), strict=True)) for text in tableau]
    piles += [{"down": [], "up": []} for _ in range(7 - len(piles))]
    reserve_cards = reserve.split()
    named_piles = [p["down"] for p in piles] + [p["up"] for p in piles] + [reserve_cards]
    if foundations is None:
        named = _named_cards(named_piles)
        found = [run_down("A" + s, 13) for s in SUITS if not any(suit_of(c) == s for c in named)]
    else:
        found = [_applegate_foundation(text) for text in foundations if text.strip()]
    found += [[] for _ in range(4 - len(found))]
    named = _named_cards(named_piles + found)
    _place_rest([c for c in DECK if c not in named], piles, [reserve_cards])
    return {
        "format": "solitaire-widget/1",
        "game": "applegate",
        "options": {},
        "seed": None,
        "tableau": piles,
        "foundations": found,
        "stock": [],
        "waste": [],
        "reserve": reserve_cards,
        "score": None,
        "recycles": 0,
        "history": [],
    }


def klondike(*args: Any, **kwargs: Any) -> Any:
    """A loaded KlondikeGame at the position ``klondike_state`` builds."""
    return load_game(klondike_state(*args, **kwargs))


def applegate(*args: Any, **kwargs: Any) -> Any:
    """A loaded ApplegateGame at the position ``applegate_state`` builds."""
    return load_game(applegate_state(*args, **kwargs))


def all_cards(state: dict[str, Any]) -> list[str]:
    """Every card a state holds, hidden ones included."""
    cards = [c for pile in state["tableau"] for c in pile["down"] + pile["up"]]
    cards += [c for f in state["foundations"] for c in f]
    return cards + state["stock"] + state["waste"] + state["reserve"]


def tableau(game: Any, column: int) -> tuple[list[str], list[str]]:
    """A tableau pile's face-down and face-up cards, from the game's state."""
    pile = game.state()["tableau"][column - 1]
    return pile["down"], pile["up"]


def assert_refused(game: Any, move: str, *words: str) -> None:
    """The move is illegal, explain() and the IllegalMove name the rule, and nothing changes."""
    before = game.state()
    version = game.version
    assert not game.is_legal(move)
    assert Move.parse(move) not in game.legal_moves()
    reason = game.explain(move)
    for word in words:
        assert word.lower() in reason.lower()
    with pytest.raises(IllegalMove) as refusal:
        game.move(move)
    assert str(refusal.value) == reason
    assert game.state() == before
    assert game.version == version


def assert_allowed(game: Any, move: str) -> None:
    """The move is legal, listed (a move to a foundation as ``f``), and made."""
    assert game.is_legal(move)
    listed = Move.parse(move)
    if listed.dst.startswith("f") and not listed.src.startswith("f"):
        listed = Move(listed.src, "f", listed.n)
    assert listed in game.legal_moves()
    game.move(move)


# A Klondike position the solver proves both ways in a few milliseconds (coach mode, review
# mode): the Sevens to Kings are left. The 9 of diamonds onto the 10 of clubs (LOSES_IT) buries the
# 8 of spades for good; the King of diamonds into the empty column (KEEPS_IT) keeps it winnable.
LOSING_POSITION = klondike_state(
    [
        "KC | 8D",
        "9C QS JS JD | 9D",
        "8C QC TS 7H JC 7C | TD",
        "JH 8S | TC",
        "TH 7D QD KH 7S 9H | KD",
    ],
    foundations=["6C", "6D", "6H", "6S"],
    stock="8H 9S QH KS",
)
LOSES_IT, KEEPS_IT = "t2-t4", "t5-t6"
