"""What a game declares about itself: its cards, its piles, its rules, its words.

A game is one module under ``games/`` holding one ``GameDef``. Everything else (the engine's
shared core, loading a state, the text board, the page's layout, the Options menu, the app's
picker, the environments) reads the declaration and never the game's name. The rules are data
wherever a rule can be said in a few words (what builds on what, which groups move, what an
empty column takes, what the stock does); a game whose rules need more gives its own engine
class, which may carry code for its own hot paths.

Pure data: nothing here imports the solver or anything from Jupyter.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from importlib import resources
from typing import TYPE_CHECKING, Any, Literal

from ..cards import NAME, RANKS, SUIT_NAMES, SUITS

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    from ..options import Option
    from .base import Game

COPY_WORDS = {1: "one deck", 2: "two decks", 3: "three decks", 4: "four decks"}


@dataclass(frozen=True)
class CardSet:
    """Which cards a game is played with: every rank of ``suits``, ``copies`` times each.

    Spider with one suit is ``CardSet(suits="S", copies=8)`` (eight copies of the thirteen
    spades), with four suits ``CardSet(copies=2)`` (two full decks). Copies of a card are
    interchangeable: a state names a card, never which copy it is.
    """

    suits: str = SUITS
    copies: int = 1

    def __post_init__(self) -> None:
        if not self.suits or any(suit not in SUITS for suit in self.suits):
            raise ValueError(f"suits are letters of {SUITS!r}, not {self.suits!r}")
        if len(set(self.suits)) != len(self.suits) or not 1 <= self.copies <= 8:
            raise ValueError("a card set names each suit once, with 1 to 8 copies")

    @property
    def cards(self) -> tuple[int, ...]:
        """The cards in the order a new pack lies before the shuffle: each copy in turn, suit by
        suit, Ace to King (one deck is ``cards.DECK``, so one-deck deals stay what they were)."""
        return tuple(
            SUITS.index(suit) * 13 + rank
            for _ in range(self.copies)
            for suit in self.suits
            for rank in range(len(RANKS))
        )

    @property
    def size(self) -> int:
        return self.copies * len(self.suits) * len(RANKS)

    @property
    def counts(self) -> Counter[int]:
        """How many copies of each card the set holds (a card it lacks: none)."""
        return Counter(self.cards)

    def describe(self) -> str:
        """The set as a player says it: "one deck", "two decks", "8 copies of the 13 spades"."""
        if len(self.suits) == len(SUITS):
            return COPY_WORDS.get(self.copies, f"{self.copies} decks")
        suits = " and ".join(SUIT_NAMES[SUITS.index(suit)] for suit in self.suits)
        return f"{self.copies} copies of the {13 * len(self.suits)} {suits}"

    def miscount(self, seen: Counter[int]) -> str | None:
        """What is wrong with a position holding ``seen`` (cards by count), or None when it holds
        each card of the set exactly as often as the set does."""
        wanted = self.counts
        for card in sorted(set(seen) | set(wanted)):
            have, want = seen.get(card, 0), wanted.get(card, 0)
            if have != want:
                copies = {1: "once", 2: "twice"}.get(want, f"{want} times")
                if want == 0:
                    return f"{NAME[card]} is not a card of this game ({self.describe()})"
                return f"{NAME[card]} appears {have} times; this game has it {copies}"
        return None


@dataclass(frozen=True)
class Column:
    """A tableau column as it is dealt: face-down cards, then face-up cards on them."""

    down: int
    up: int = 1


@dataclass(frozen=True)
class Table:
    """The piles of a game and where each sits. Ids follow the notation: columns ``t1..tN``,
    foundations ``f1..fN``, free cells ``c1..cN``, Pyramid positions ``p1..pN``, and ``stock``,
    ``waste``, ``reserve``."""

    columns: tuple[Column, ...]
    foundations: int = 4
    stock: bool = False
    waste: bool = False
    reserve: bool = False
    cells: int = 0
    fan: Literal["down", "right"] = "down"  # which way a column's cards spread

    @property
    def tableau(self) -> tuple[str, ...]:
        return tuple(f"t{i}" for i in range(1, len(self.columns) + 1))

    @property
    def foundation_ids(self) -> tuple[str, ...]:
        return tuple(f"f{i}" for i in range(1, self.foundations + 1))

    @property
    def cell_ids(self) -> tuple[str, ...]:
        return tuple(f"c{i}" for i in range(1, self.cells + 1))

    @property
    def talon(self) -> tuple[str, ...]:
        """The stock, waste and reserve this game has, in the order the top row shows them."""
        present = {"stock": self.stock, "waste": self.waste, "reserve": self.reserve}
        return tuple(name for name, here in present.items() if here)

    @property
    def piles(self) -> tuple[str, ...]:
        """Every pile a move may name (``f`` and ``c`` apart)."""
        return (*self.talon, *self.cell_ids, *self.foundation_ids, *self.tableau)

    def top_row(self) -> list[str | None]:
        """The row above the tableau, as the page lays it out: the talon and the free cells on
        the left, the foundations on the right, gaps (None) between so that the row is as wide
        as the tableau when it can be."""
        left = [*self.talon, *self.cell_ids]
        right = list(self.foundation_ids)
        gap = max(len(self.columns) - len(left) - len(right), 1 if left and right else 0)
        return [*left, *([None] * gap), *right]

    def describe(self) -> str:
        """The piles in words, for the error that names them: "t1..t7, f1..f4, stock and waste"."""
        parts = [f"t1..t{len(self.columns)}"]
        if self.foundations:
            parts.append(f"f1..f{self.foundations}")
        if self.cells:
            parts.append(f"c1..c{self.cells}")
        parts.extend(self.talon)
        return ", ".join(parts[:-1]) + " and " + parts[-1] if len(parts) > 1 else parts[0]


# ----------------------------------------------------------------- rules as data

Suits = Literal["alternate colours", "same suit", "any suit"]


@dataclass(frozen=True)
class Build:
    """What builds on what in the tableau: a card one rank lower (``step`` -1) of ``suits``;
    ``wrap``: an Ace's lower neighbour is the King (and a King goes on an Ace)."""

    suits: Suits
    step: int = -1
    wrap: bool = False


@dataclass(frozen=True)
class Rules:
    """A game's rules, as a player would list them.

    ``moves``: which groups of face-up cards move as one: ``"single"`` cards only, ``"runs"``
    (groups in build order), ``"same-suit runs"`` (in build order and all of one suit, whatever
    builds), or ``"any group"`` of face-up cards. ``empty``: what an empty column takes
    (``"any"``, ``"king"`` or ``"none"``). ``foundation``: ``"by suit"`` (Ace up, one card at a
    time) or ``"runs"`` (a complete King-to-Ace run of one suit, as a whole, by ``tN-f``).
    ``stock``: ``"draw"`` (``draw`` cards to the waste, ``recycles`` times round; None: no
    limit), ``"deal"`` (one card onto every column, ``deal_over_empty`` saying whether a
    column may be empty then) or None. ``back_from_foundation``: whether a foundation's top
    card may come back to the tableau.
    """

    build: Build
    moves: Literal["single", "runs", "same-suit runs", "any group"]
    empty: Literal["any", "king", "none"]
    foundation: Literal["by suit", "runs"]
    stock: Literal["draw", "deal"] | None = None
    draw: int = 1
    recycles: int | None = None
    deal_over_empty: bool = True
    back_from_foundation: bool = False


@dataclass(frozen=True)
class Scoring:
    """A score kept by the game: where it starts, what each move and each stock deal costs,
    what each card or run sent home earns. None for a game without a score."""

    start: int = 0
    per_move: int = 0
    per_deal: int = 0
    per_card_home: int = 0
    per_run_home: int = 0


@dataclass(frozen=True)
class Limits:
    """What a game's loader accepts from outside, beyond the card set (hostile input is
    checked against these before anything is built from it)."""

    score: tuple[int, int] = (-(10**6), 10**6)
    recycles: int = 10**6
    history: int = 1_000_000


@dataclass(frozen=True)
class Variant:
    """One entry of the Options menu and the app's picker: a game with some options set."""

    label: str
    options: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class DailyRange:
    """One variant's daily challenge: ``options`` name the variant (the options that change
    which deals can be won), its daily deals are its catalogued seeds below ``end`` for ever,
    walked through in the order a shuffle from ``order`` gives them (``solver/deals.py``).
    Both are frozen when the variant's catalogue is first built: a date's deal never changes."""

    options: Mapping[str, Any]
    end: int
    order: int


@dataclass(frozen=True)
class Daily:
    """A game's catalogue of proven-winnable deals and its daily challenge, declared as data:
    the file ``<module>.deals.json`` beside the game's module ``module`` (its ``__name__``),
    built by ``scripts/build_deal_catalogue.py``, and the variants it covers. A variant left
    out has neither (Spider in two or four suits, whose deals the search rarely proves)."""

    module: str
    variants: tuple[DailyRange, ...]

    @property
    def file(self) -> Traversable:
        return deals_file(self.module)


def deals_file(module: str) -> Traversable:
    """The catalogue file of the game declared in ``module``: ``<module>.deals.json`` beside it,
    shipped in the package as the module is."""
    package, _, stem = module.rpartition(".")
    return resources.files(package).joinpath(f"{stem}.deals.json")


@dataclass(frozen=True)
class GameDef:
    """Everything the rest of the product knows about one game.

    ``engine`` is the class that plays it: ``engine.table.TableGame`` for a game whose rules are
    all data, or the game's own subclass. ``progress`` says what counts as progress for the
    "lost" status: ``"foundation"`` (a card or run can still reach a foundation, as in
    FreeCell) or ``"any move"`` (any legal move, as in Golf or Pyramid), ``"search"`` for the
    engine's own search. ``words`` names the piles in a player's words ("the stock"), and
    ``rules_text`` says the rules as a player reads them.
    """

    name: str
    title: str
    family: str
    cards: CardSet | Callable[[Mapping[str, Any]], CardSet]
    table: Table
    rules: Rules | None
    engine: type[Game]
    options: tuple[Option, ...] = ()
    variants: tuple[Variant, ...] = ()
    scoring: Scoring | None = None
    progress: Literal["foundation", "any move", "search"] = "search"
    limits: Limits = Limits()
    words: dict[str, str] = field(default_factory=dict)
    rules_text: str = ""
    # The variants with a catalogue of proven-winnable deals and a daily challenge (None: none).
    daily: Daily | None = None
    # How many positions the "lost" search may visit before it gives up and says "playing"
    # (None: ``progress.POSITION_LIMIT``); a game whose quiet moves reach many positions
    # keeps the board quick with fewer.
    status_positions: int | None = None
    # Whether two cards go home together as one move (Pyramid's ``p27+p28``): the notation
    # writes pairs for every game, a game without them refuses the move.
    pairs: bool = False
    # Hooks the solver and the status search may use: a position's key up to symmetry, and a
    # check that a position can never be won (both sound: never merging or dropping a
    # position that matters).
    symmetry: Callable[[Game], Any] | None = None
    dead_end: Callable[[Game], bool] | None = None
    # The tuned solver of a game that has one, as "module:NAME" (a ``solver.generic.Solver``),
    # imported only when a search asks for it; None: the generic search solves the game.
    solver: str | None = None

    def __post_init__(self) -> None:
        if not self.name.isidentifier() or self.name != self.name.lower():
            raise ValueError(f"a game's name is a lower-case identifier, not {self.name!r}")
        if not (isinstance(self.cards, CardSet) or callable(self.cards)):
            raise TypeError("a game declares its cards as a CardSet (or a function of its options)")
        if not isinstance(self.table, Table):
            raise TypeError("a game declares its piles as a Table")
        if self.rules is not None and not isinstance(self.rules, Rules):
            raise TypeError("a game's rules are a Rules or None")
        dealt = sum(column.down + column.up for column in self.table.columns)
        if isinstance(self.cards, CardSet) and dealt > self.cards.size:
            raise ValueError(f"{self.title} deals {dealt} cards from {self.cards.size}")

    def card_set(self, options: Mapping[str, Any]) -> CardSet:
        """The cards a game with these options is played with."""
        return self.cards if isinstance(self.cards, CardSet) else self.cards(options)

    @cached_property
    def piles(self) -> frozenset[str]:
        """Every name a move may give a pile in this game: the stock, waste and reserve are
        always names (a game without one refuses the move in its own words), ``f`` is."""
        names = {*self.table.piles, "stock", "waste", "reserve"}
        if self.table.foundations:
            names.add("f")
        if self.table.cells:
            names.add("c")
        return frozenset(names)
