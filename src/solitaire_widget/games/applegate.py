"""Applegate: a Spider-family game with wrapping same-suit builds, group moves and a reserve."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..cards import DECK, KING, RANK, SUIT, SUIT_NAMES, long_name
from ..engine.base import Game, IllegalMove, Plan
from ..engine.declaration import (
    Build,
    CardSet,
    Column,
    Daily,
    DailyRange,
    GameDef,
    Rules,
    Table,
    Variant,
)
from ..moves import COLUMN_OF, TABLEAU, Move, group_move

RUN_LENGTH = 13
CARDS = 52
RESERVE_SIZE = 3
FACE_DOWN_ROWS = 2


def card_below(card: int) -> int:
    """The card that builds on ``card``: same suit, one rank lower, an Ace's being the King."""
    return card - 1 if card % 13 else card + 12


BELOW = tuple(card_below(card) for card in DECK)
# ONTO[card]: the card it builds on (the one card it can go on, a King apart).
ONTO = tuple(BELOW.index(card) for card in DECK)
KINGS = tuple(card for card in DECK if RANK[card] == KING)
RESERVE_TO = tuple(Move("reserve", column) for column in TABLEAU)
TO_FOUNDATION_MOVES = tuple(Move(column, "f", RUN_LENGTH) for column in TABLEAU)
NO_TALON = ("stock", "waste")  # the piles Applegate has not
# BETWEEN[source * 7 + target]: the moves of 1, 2, ... cards from one column onto another, by
# their number of cards (the ``group_move`` objects; [0] is None), made when first asked for.
BETWEEN: list[tuple[Move | None, ...] | None] = [None] * 49


def between(source: int, target: int) -> tuple[Move | None, ...]:
    """``BETWEEN[source * 7 + target]``, made now if it was not yet (all of them at import
    would cost 20 ms, the moves' notation written 2,184 times)."""
    moves = BETWEEN[source * 7 + target]
    if moves is None:
        moves = BETWEEN[source * 7 + target] = (
            None,
            *(group_move(TABLEAU[source], TABLEAU[target], n) for n in range(1, CARDS + 1)),
        )
    return moves


def is_complete_run(cards: list[int]) -> bool:
    """13 cards of one suit, each one rank below the card beneath it (wrapping A to K)."""
    if len(cards) != RUN_LENGTH:
        return False
    return all(cards[k + 1] == BELOW[cards[k]] for k in range(RUN_LENGTH - 1))


class ApplegateGame(Game):
    """Applegate by SPEC.md: ``ApplegateGame(seed=7)``."""

    kind = "applegate"

    reserve: list[int]

    def __init__(self, seed: int | None = None) -> None:
        self._configure()
        super().__init__(seed)

    def _configure(self, **options: Any) -> None:
        super()._configure(**options)
        self._columns: tuple[int, list[int]] = (-1, [])  # (version, see _face_up_columns)

    def _deal(self, deck: list[int]) -> None:
        """Seven rows of seven from the top of the deck; the first two rows lie face-down on
        piles 2-7; the last three cards form the reserve, the first of them on top."""
        # Pile ``column`` takes every seventh card from ``column`` on, a row at a time.
        piles = [deck[column:49:7] for column in range(7)]
        self.down = [[], *(pile[:FACE_DOWN_ROWS] for pile in piles[1:])]
        self.up = [piles[0], *(pile[FACE_DOWN_ROWS:] for pile in piles[1:])]
        self.reserve = deck[49:][::-1]
        self.foundations = [[] for _ in range(4)]
        self.score = None
        self.recycles = 0

    def _piles(self) -> list[list[int]]:
        return [*self.down, *self.up, *self.foundations, self.reserve]

    def _extra_piles(self, names: list[list[str]]) -> dict[str, list[str]]:
        (reserve,) = names
        return {"stock": [], "waste": [], "reserve": reserve}

    # ----------------------------------------------------------------- queries

    @property
    def finished_runs(self) -> int:
        return sum(1 for foundation in self.foundations if foundation)

    @property
    def can_auto_finish(self) -> bool:
        return any(is_complete_run(run[-RUN_LENGTH:]) for run in self.up)

    def _generate(self) -> list[Move]:
        """A card goes on one card only (``BELOW``), so each pile's top card names the one card
        that can come onto it (a King, any of four, for an empty pile): look up where that card
        lies (``_face_up_columns``), instead of listing what every face-up card could do. Asked
        after every move, so each move is read off ``BETWEEN`` by its columns and card count,
        and the reserve is compared only with a card that is not face-up on the tableau."""
        up = self.up
        home: list[Move] = []  # (listed first)
        moves: list[Move] = []
        column_of = self._face_up_columns()
        reserve = self.reserve[-1] if self.reserve else None
        for j, run in enumerate(up):
            if run:
                card = BELOW[run[-1]]
                # A finished run's top card builds on its bottom card: a quick test first.
                if (
                    len(run) >= RUN_LENGTH
                    and card == run[-RUN_LENGTH]
                    and is_complete_run(run[-RUN_LENGTH:])
                ):
                    home.append(TO_FOUNDATION_MOVES[j])
                cards: tuple[int, ...] = (card,)
            else:
                cards = KINGS
            for card in cards:
                i = column_of[card]
                if i >= 0:
                    if i != j:
                        source = up[i]
                        moves.append(
                            (BETWEEN[i * 7 + j] or between(i, j))[len(source) - source.index(card)]
                        )
                elif card == reserve:
                    moves.append(RESERVE_TO[j])
        return home + moves if home else moves

    def _face_up_columns(self) -> list[int]:
        """The column of each face-up card, -1 for the others (face-down, in the reserve or
        home). After a move it is brought up to date from the move (its cards, and the card it
        turned up); after anything else (an undo, a new deal, a loaded position) it is made
        afresh: the game's version says which. The list of a version is never changed, so an
        interrupted update leaves nothing half done."""
        version, column_of = self._columns
        if version != self._version:
            last = self._last_move
            if version == self._version - 1 and last is not None and last[0] == self._version:
                _, move, (_, (source, column, target, n, _), turned) = last
                column_of = column_of[:]
                landed = COLUMN_OF.get(move.dst, -1)
                for card in target[-n:]:
                    column_of[card] = landed
                if turned:
                    column_of[source[-1]] = column
            else:
                column_of = [-1] * 52
                for i, run in enumerate(self.up):
                    for card in run:
                        column_of[card] = i
            self._columns = (self._version, column_of)
        return column_of

    @classmethod
    def layouts(cls) -> Callable[[Game], Any]:
        from .applegate_progress import ApplegateLayouts

        return ApplegateLayouts

    # ----------------------------------------------------------------- checking a move

    def _plan(self, move: Move) -> Plan:
        src, dst, n = move.src, move.dst, move.n
        if src in NO_TALON or dst in NO_TALON:
            raise IllegalMove("Applegate has no stock or waste.")
        if src[0] == "f":
            raise IllegalMove("Finished runs never leave the foundation.")
        if src == dst:
            raise IllegalMove("A pile can't move onto itself.")
        if dst == "reserve":
            raise IllegalMove("Nothing goes back to the reserve.")

        source_column = -1
        if src == "reserve":
            self._top_card_of(self.reserve, "reserve", n)
            if dst[0] == "f":
                raise IllegalMove("Foundations take only a complete 13-card run of one suit.")
            source = self.reserve
        else:
            source_column = self._lifted_column(src, n)
            source = self.up[source_column]
        card = source[-n]

        if dst[0] == "f":
            if n != RUN_LENGTH or not is_complete_run(source[-n:]):
                raise IllegalMove("Foundations take only a complete 13-card run of one suit.")
            if dst == "f":
                target = next(foundation for foundation in self.foundations if not foundation)
            else:
                target = self.foundations[int(dst[1]) - 1]
                if target:
                    raise IllegalMove(f"Foundation {dst[1]} already holds a finished run.")
            return (source, source_column, target, n, 0)

        column = COLUMN_OF[dst]
        target = self.up[column]
        if not target:
            if RANK[card] != KING:
                raise IllegalMove("Only a King can fill an empty pile.")
        elif BELOW[target[-1]] != card:
            raise IllegalMove(
                "A card goes on a card one rank higher of the same suit (a King goes on an Ace): "
                f"the {long_name(card)} can't go on the {long_name(target[-1])}."
            )
        return (source, source_column, target, n, 0)

    # ----------------------------------------------------------------- making a move

    def _execute(self, plan: Plan, receipt: list[tuple]) -> None:
        self._move_cards(plan, receipt)

    def _describe(self, move: Move, plan: Plan) -> str:
        source, _, target, n, _ = plan
        card = source[-n]
        if any(target is pile for pile in self.foundations):
            return f"the complete run of {SUIT_NAMES[SUIT[card]]} goes to a foundation."
        carried = f" (with {n - 1} card{'s' if n > 2 else ''} on it)" if n > 1 else ""
        origin = "the reserve's " if move.src == "reserve" else "the "
        if not target:
            return f"{origin}{long_name(card)}{carried} fills the empty pile {move.dst}."
        return f"{origin}{long_name(card)}{carried} goes on the {long_name(target[-1])}."

    def _check_position(self, where: str) -> None:
        if len(self.reserve) > RESERVE_SIZE:
            raise ValueError(f"{where}the reserve holds at most {RESERVE_SIZE} cards")
        for number, pile in enumerate(self.foundations, 1):
            if pile and not is_complete_run(pile):
                raise ValueError(f"{where}f{number} must be empty or hold a complete 13-card run")

    def safe_move(self) -> Move | None:
        """A complete run on top of a pile, sent home; None when there is none. A run home is
        always safe: the only cards that could build on it are its own."""
        for move, run in zip(TO_FOUNDATION_MOVES, self.up, strict=True):
            if is_complete_run(run[-RUN_LENGTH:]):
                return move
        return None

    def auto_finish(self) -> list[Move]:
        """Send every complete run lying on top of a pile to the foundations."""
        if not self.can_auto_finish:
            raise IllegalMove("No complete 13-card run lies on top of a pile.")
        played = []
        while (move := self.safe_move()) is not None:
            self.move(move)
            played.append(move)
        return played

    def _is_won(self) -> bool:
        return all(self.foundations)


APPLEGATE = GameDef(
    name="applegate",
    title="Applegate",
    family="Spider",
    cards=CardSet(),
    table=Table(
        columns=(Column(0, 7), *(Column(2, 5) for _ in range(6))), foundations=4, reserve=True
    ),
    rules=Rules(
        build=Build("same suit", wrap=True),
        moves="any group",
        empty="king",
        foundation="runs",
    ),
    engine=ApplegateGame,
    variants=(Variant("Applegate"),),
    progress="search",
    words={"reserve": "the reserve", "column": "pile"},
    rules_text=(
        "Build down in suit, a King going on an Ace. Any group of face-up cards moves as one, "
        "whatever lies on its bottom card. Only a King (with whatever lies on it) fills an "
        "empty pile. The reserve's three cards are played one at a time, the top one first. "
        "A complete run of thirteen cards of one suit, in building order, goes to a "
        "foundation. The game is won when all four runs are home."
    ),
    daily=Daily(__name__, (DailyRange({}, end=6000, order=20260107),)),
    solver="solitaire_widget.solver.tuned:APPLEGATE",
)
