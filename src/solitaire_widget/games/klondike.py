"""Klondike: alternating-colour runs, a stock drawn one or three at a time, three scorings."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..cards import ACE, DECK, KING, NAME, RANK, RED, SUIT, long_name
from ..engine.base import Game, IllegalMove, Plan, run_moves
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
from ..moves import COLUMN_OF, FOUNDATIONS, TABLEAU, Move
from ..options import Option
from ..shape import brief

# Klondike's options: how many cards a draw turns, and how the game is scored.
DRAW_OPTION = Option(
    "draw",
    int,
    (1, 3),
    1,
    words={1: "draw 1", 3: "draw 3"},
    title="Cards drawn from the stock",
    variant=True,
)
SCORING = Option(
    "scoring",
    str,
    ("standard", "vegas", None),
    "standard",
    words={"standard": "standard scoring", "vegas": "Vegas scoring", None: "no score"},
    title="Scoring",
    named_at_default=False,  # standard scoring is what a player expects of Klondike
)

# Standard scoring (the familiar desktop values) and Vegas scoring, per SPEC.md.
TO_FOUNDATION = {"standard": 10, "vegas": 5, None: 0}
FROM_FOUNDATION = {"standard": -15, "vegas": -5, None: 0}
WASTE_TO_TABLEAU = {"standard": 5, "vegas": 0, None: 0}
TURN_UP = {"standard": 5, "vegas": 0, None: 0}
VEGAS_DECK_COST = -52
DRAW_ONERECYCLE = -100
DRAW_THREERECYCLE = -20
FREEDRAW_THREERECYCLES = 2
# Standard scoring: each card reaches a foundation for good once (a card taken back costs more
# than it brings again), each of the 21 face-down cards turns up once and each of the 24 stock
# cards goes from the waste to the tableau at most once.
MAX_STANDARD_SCORE = (
    52 * TO_FOUNDATION["standard"] + 21 * TURN_UP["standard"] + 24 * WASTE_TO_TABLEAU["standard"]
)

DRAW = Move("stock", "waste")
# What undoing a draw of 1, 2 or 3 cards needs: one shared record each, not a new one per draw.
DRAW_RECORDS = {count: ("draw", count) for count in (1, 2, 3)}
RECYCLE = Move("waste", "stock")
WASTE_TO_FOUNDATION = Move("waste", "f")
WASTE_TO = tuple(Move("waste", column) for column in TABLEAU)
TO_FOUNDATION_MOVES = tuple(Move(column, "f") for column in TABLEAU)
FROM_FOUNDATION_MOVES = tuple(tuple(Move(f, column) for column in TABLEAU) for f in FOUNDATIONS)
ACES = tuple(card for card in DECK if RANK[card] == ACE)
KINGS = tuple(card for card in DECK if RANK[card] == KING)
# GOES_ON[card]: the two cards that build on it.
GOES_ON = tuple(
    tuple(c for c in DECK if RANK[c] == RANK[card] - 1 and RED[c] != RED[card]) for card in DECK
)
# OTHER_COLOUR[card]: the two suits of the other colour (clubs 0, diamonds 1, hearts 2, spades 3).
OTHER_COLOUR = tuple((0, 3) if RED[card] else (1, 2) for card in DECK)


def _takes(foundation: list[int], card: int) -> bool:
    return foundation[-1] == card - 1 if foundation else RANK[card] == ACE


class KlondikeGame(Game):
    """Klondike by SPEC.md: ``KlondikeGame(seed=42, draw=1, scoring="standard")``."""

    kind = "klondike"

    stock: list[int]
    waste: list[int]

    def __init__(
        self,
        seed: int | None = None,
        draw: int = DRAW_OPTION.default,
        scoring: str | None = SCORING.default,
    ) -> None:
        self._configure(draw=draw, scoring=scoring)
        super().__init__(seed)

    def _configure(self, **options: Any) -> None:
        super()._configure(**options)
        self._draw = self._options["draw"]
        self._scoring = self._options["scoring"]

    def initial_score(self) -> int | None:
        return {"standard": 0, "vegas": VEGAS_DECK_COST, None: None}[self._scoring]

    def _deal(self, deck: list[int]) -> None:
        """Deal row by row from the top of the deck; the rest, in order, becomes the stock."""
        self.down = [[] for _ in range(7)]
        self.up = [[] for _ in range(7)]
        cards = iter(deck)
        for row in range(7):
            for column in range(row, 7):
                (self.up if column == row else self.down)[column].append(next(cards))
        self.foundations = [[] for _ in range(4)]
        self.stock = list(cards)[::-1]
        self.waste = []
        self.score = self.initial_score()
        self.recycles = 0

    def _piles(self) -> list[list[int]]:
        return [*self.down, *self.up, *self.foundations, self.stock, self.waste]

    def _extra_piles(self, names: list[list[str]]) -> dict[str, list[str]]:
        stock, waste = names
        return {"stock": stock, "waste": waste, "reserve": []}

    # ----------------------------------------------------------------- queries

    @property
    def can_auto_finish(self) -> bool:
        return not self.stock and not self.waste and not any(self.down) and not self._is_won()

    def _foundation_for(self, card: int) -> list[int] | None:
        """The foundation taking ``card`` next: its suit's, or the first empty one for an Ace."""
        if RANK[card] == ACE:
            for foundation in self.foundations:
                if not foundation:
                    return foundation
            return None
        for foundation in self.foundations:
            if foundation and foundation[-1] == card - 1:
                return foundation
        return None

    def _foundation_wants(self) -> set[int]:
        """The cards some foundation would take now."""
        wants = {pile[-1] + 1 for pile in self.foundations if pile and RANK[pile[-1]] != KING}
        if not all(self.foundations):
            wants.update(ACES)
        return wants

    def _generate(self) -> list[Move]:
        moves: list[Move] = []
        up, waste = self.up, self.waste
        wants = self._foundation_wants()
        # A card that can move, mapped to its moves indexed by destination column.
        movers: dict[int, tuple[Move | None, ...]] = {}
        for f, foundation in enumerate(self.foundations):
            if foundation:
                movers[foundation[-1]] = FROM_FOUNDATION_MOVES[f]
        if waste:
            movers[waste[-1]] = WASTE_TO
            if waste[-1] in wants:
                moves.append(WASTE_TO_FOUNDATION)
        for i, run in enumerate(up):
            if run:
                if run[-1] in wants:
                    moves.append(TO_FOUNDATION_MOVES[i])
                movers.update(zip(run, run_moves(i, len(run)), strict=True))

        for j, run in enumerate(up):
            for card in GOES_ON[run[-1]] if run else KINGS:
                row = movers.get(card)
                if row is not None and row[j] is not None:
                    moves.append(row[j])

        if self.stock:
            moves.append(DRAW)
        elif waste:
            moves.append(RECYCLE)
        return moves

    def _check_position(self, where: str) -> None:
        for number, up in enumerate(self.up, 1):
            for lower, upper in zip(up, up[1:], strict=False):
                if RANK[upper] != RANK[lower] - 1 or RED[upper] == RED[lower]:
                    raise ValueError(
                        f"{where}t{number}: face-up cards must run down in alternating colours "
                        f"({NAME[upper]} cannot lie on {NAME[lower]})"
                    )
        for number, pile in enumerate(self.foundations, 1):
            for height, card in enumerate(pile):
                if RANK[card] != ACE + height or SUIT[card] != SUIT[pile[0]]:
                    raise ValueError(f"{where}f{number} must build up by suit from the Ace")

    def _checked_score(self, score: Any, where: str) -> int | None:
        """The score, within what its scoring can reach: standard from 0 to
        ``MAX_STANDARD_SCORE``; Vegas exactly the deck's cost plus 5 a card on the foundations
        (nothing else moves a Vegas score)."""
        scoring = self._scoring
        if scoring is None:
            if score is not None:
                raise ValueError(f"{where}score must be null when the game has no scoring")
            return None
        if type(score) is not int:
            raise ValueError(f"{where}score must be a whole number, not {brief(score)}")
        if scoring == "standard" and not 0 <= score <= MAX_STANDARD_SCORE:
            raise ValueError(
                f"{where}a standard score runs from 0 to {MAX_STANDARD_SCORE}, not {brief(score)}"
            )
        if scoring == "vegas":
            on_foundations = sum(map(len, self.foundations))
            expected = VEGAS_DECK_COST + TO_FOUNDATION["vegas"] * on_foundations
            if score != expected:
                raise ValueError(
                    f"{where}a Vegas score is {VEGAS_DECK_COST} plus {TO_FOUNDATION['vegas']} a "
                    f"card on the foundations: {expected} here, not {brief(score)}"
                )
        return score

    def _draw_comes_round(self, record: tuple) -> bool:
        """The waste followed by the stock never changes order; draws move the split between
        them on by ``draw`` cards (fewer at the end), a recycle puts it back to 0. So the split
        before this draw comes round again when it was a multiple of ``draw``."""
        return (len(self.waste) - record[1]) % self._draw == 0

    @classmethod
    def layouts(cls) -> Callable[[Game], Any]:
        from .klondike_progress import KlondikeLayouts

        return KlondikeLayouts

    # ----------------------------------------------------------------- checking a move

    def _plan(self, move: Move) -> Plan:
        src, dst, n = move.src, move.dst, move.n
        if src == "stock" or dst == "stock":
            return self._plan_stock(src, dst)
        if src == "reserve" or dst == "reserve":
            raise IllegalMove("Klondike has no reserve.")
        if src == dst:
            raise IllegalMove("A pile can't move onto itself.")
        if dst == "waste":
            raise IllegalMove("Cards go onto the waste only when drawn from the stock.")

        source_column = -1
        if src == "waste":
            source = self._top_card_of(self.waste, "waste", n)
        elif src[0] == "f":
            source = self.foundations[int(src[1]) - 1]
            if not source:
                raise IllegalMove(f"{src} is empty.")
            if dst[0] == "f":
                raise IllegalMove("A card leaves a foundation only for the tableau.")
            if n != 1:
                raise IllegalMove("Only a foundation's top card can move back to the tableau.")
        else:
            source_column = self._lifted_column(src, n)
            source = self.up[source_column]
        card = source[-n]

        if dst[0] == "f":
            if n != 1:
                raise IllegalMove("Foundations take one card at a time.")
            if dst == "f":
                target = self._foundation_for(card)
            else:
                target = self.foundations[int(dst[1]) - 1]
                if not _takes(target, card):
                    target = None
            if target is None:
                raise IllegalMove(self._foundation_refusal(card, dst))
            return (source, source_column, target, 1, TO_FOUNDATION[self._scoring])

        column = COLUMN_OF[dst]
        target = self.up[column]
        if not target and not self.down[column]:
            if RANK[card] != KING:
                raise IllegalMove("Only a King can fill an empty column.")
        else:
            top = target[-1]
            if RANK[top] != RANK[card] + 1 or RED[top] == RED[card]:
                raise IllegalMove(
                    "A card goes on a card one rank higher of the other colour: "
                    f"the {long_name(card)} can't go on the {long_name(top)}."
                )
        if src == "waste":
            delta = WASTE_TO_TABLEAU[self._scoring]
        elif src[0] == "f":
            delta = FROM_FOUNDATION[self._scoring]
        else:
            delta = 0
        return (source, source_column, target, n, delta)

    def _plan_stock(self, src: str, dst: str) -> Plan:
        if src == "stock" and dst == "waste":
            if not self.stock:
                if self.waste:
                    raise IllegalMove("The stock is empty: recycle the waste.")
                raise IllegalMove("The stock and the waste are both empty.")
            return ("draw",)
        if src == "waste" and dst == "stock":
            if self.stock:
                raise IllegalMove("The waste is recycled only when the stock is empty.")
            if not self.waste:
                raise IllegalMove("The waste is empty: there is nothing to recycle.")
            return ("recycle",)
        raise IllegalMove(
            "Cards leave the stock only by a draw, and return to it only by a recycle."
        )

    def _foundation_refusal(self, card: int, dst: str) -> str:
        if RANK[card] == ACE:
            if dst == "f":
                return "Every foundation is taken: an Ace needs an empty one."
            return f"A foundation starts with an Ace: foundation {dst[1]} is not empty."
        needed = long_name(card - 1)
        where = "a foundation" if dst == "f" else f"foundation {dst[1]}"
        return (
            "Foundations build up by suit from Ace to King: "
            f"the {long_name(card)} needs the {needed} on top of {where}."
        )

    # ----------------------------------------------------------------- making a move

    def _touched(self, plan: Plan) -> list[list[int]]:
        if len(plan) < 3:  # a draw or a recycle, planned or recorded
            return [self.stock, self.waste]
        return super()._touched(plan)

    def _touched_by(self, record: tuple) -> list[list[int]]:
        return self._touched(record if record[0] != "cards" else record[1])

    def _execute(self, plan: Plan, receipt: list[tuple]) -> None:
        if len(plan) == 5:  # a card move, the most common
            source, column, _, n, delta = plan
            if column >= 0 and n == len(source) and self.down[column]:
                delta += TURN_UP[self._scoring]  # the move leaves a face-down card to turn up
            if delta:
                self._add_score(delta)
            self._move_cards(plan, receipt)
        elif plan[0] == "draw":
            stock, waste = self.stock, self.waste
            count = self._draw if self._draw < len(stock) else len(stock)
            cards = stock[-count:]
            base, size = len(stock) - count, len(waste)
            try:
                waste += cards[::-1]
                del stock[base:]
                receipt.append(DRAW_RECORDS[count])
            except BaseException:
                if not receipt:
                    del waste[size:]
                    stock[base:] = cards
                raise
        else:  # a recycle
            stock, waste = self.stock, self.waste
            cards = waste[:]
            self._add_score(self._recycle_penalty())
            try:
                stock[:] = cards[::-1]
                waste.clear()
                self.recycles += 1
                receipt.append(plan)
            except BaseException:
                if not receipt:
                    stock.clear()
                    waste[:] = cards
                raise

    def _revert(self, record: tuple) -> None:
        if record[0] == "draw":
            for _ in range(record[1]):
                self.stock.append(self.waste.pop())
        elif record[0] == "recycle":
            self.waste[:] = self.stock[::-1]
            self.stock.clear()
        else:
            super()._revert(record)

    def _recycle_penalty(self) -> int:
        if self._scoring != "standard":
            return 0
        if self._draw == 1:
            return DRAW_ONERECYCLE
        return DRAW_THREERECYCLE if self.recycles >= FREEDRAW_THREERECYCLES else 0

    def _add_score(self, delta: int) -> None:
        if delta and self.score is not None:
            self.score += delta
            if self._scoring == "standard" and self.score < 0:
                self.score = 0

    def _describe(self, move: Move, plan: Plan) -> str:
        if plan[0] == "draw":
            count = min(self._draw, len(self.stock))
            cards = "1 card" if count == 1 else f"{count} cards"
            return f"turns {cards} from the stock onto the waste."
        if plan[0] == "recycle":
            penalty = self._recycle_penalty()
            cost = f" ({penalty} points)" if penalty else ""
            return f"turns the waste over to make a new stock{cost}."
        source, _, target, n, _ = plan
        card = source[-n]
        carried = f" (with {n - 1} card{'s' if n > 2 else ''} on it)" if n > 1 else ""
        if any(target is pile for pile in self.foundations):
            if not target:
                return f"the {long_name(card)} starts a foundation."
            return f"the {long_name(card)} goes on the {long_name(target[-1])} on a foundation."
        if not target:
            return f"the {long_name(card)}{carried} fills the empty column {move.dst}."
        return f"the {long_name(card)}{carried} goes on the {long_name(target[-1])}."

    # ----------------------------------------------------------------- conveniences

    def safe_move(self) -> Move | None:
        """A card that can go home without ever costing the player anything, or None.

        An Ace or a 2 is always safe. A higher card is safe once both cards of the other colour
        one rank below it are home: no card still in play could ever need it to build on.
        """
        home = [0, 0, 0, 0]
        for foundation in self.foundations:
            if foundation:
                home[SUIT[foundation[-1]]] = RANK[foundation[-1]]
        wants = self._foundation_wants()
        for move, pile in (
            (WASTE_TO_FOUNDATION, self.waste),
            *zip(TO_FOUNDATION_MOVES, self.up, strict=True),
        ):
            if pile and pile[-1] in wants:
                card = pile[-1]
                if RANK[card] <= 2 or all(home[s] >= RANK[card] - 1 for s in OTHER_COLOUR[card]):
                    return move
        return None

    def draw(self) -> None:
        self.move(DRAW if self.stock else RECYCLE)

    def auto_finish(self) -> list[Move]:
        """Play every card to the foundations; only when the stock and waste are empty and all
        cards are face-up, where nothing can go wrong any more."""
        if not self.can_auto_finish:
            if self._is_won():
                raise IllegalMove("The game is already won.")
            raise IllegalMove(
                "The game can finish itself only when the stock and waste are empty "
                "and every card is face-up."
            )
        played = []
        while not self._is_won():
            lowest = min(
                (column for column in range(7) if self.up[column]),
                key=lambda column: RANK[self.up[column][-1]],
            )
            move = TO_FOUNDATION_MOVES[lowest]
            self.move(move)
            played.append(move)
        return played


KLONDIKE = GameDef(
    name="klondike",
    title="Klondike",
    family="Klondike",
    cards=CardSet(),
    table=Table(
        columns=tuple(Column(down, 1) for down in range(7)),
        foundations=4,
        stock=True,
        waste=True,
    ),
    rules=Rules(
        build=Build("alternate colours"),
        moves="runs",
        empty="king",
        foundation="by suit",
        stock="draw",
        back_from_foundation=True,
    ),
    engine=KlondikeGame,
    options=(DRAW_OPTION, SCORING),
    variants=(
        Variant("Klondike · draw 1", {"draw": 1}),
        Variant("Klondike · draw 3", {"draw": 3}),
    ),
    progress="search",
    words={"stock": "the stock", "waste": "the waste"},
    rules_text=(
        "Build down in alternating colours; move any ordered run, or part of one, as a unit. "
        "Only a King (with whatever lies on it) fills an empty column. Foundations build up "
        "by suit from Ace to King, and a foundation's top card may come back to the tableau. "
        "Draw one or three cards from the stock to the waste, and recycle the waste into the "
        "stock when the stock is empty, as often as you like. The game is won when all 52 "
        "cards are on the foundations."
    ),
    daily=Daily(
        __name__,
        (
            DailyRange({"draw": 1}, end=6000, order=20260101),
            DailyRange({"draw": 3}, end=5000, order=20260103),
        ),
    ),
    solver="solitaire_widget.solver.tuned:KLONDIKE",
)
