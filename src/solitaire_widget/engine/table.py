"""``TableGame``: the engine for a game whose rules are all data (``declaration.Rules``).

A game that declares its builds, its movable groups, what an empty column and a foundation
take, what the stock does and how it scores plays on this class without writing any rule
code: its module subclasses ``TableGame`` (one line) and registers its ``GameDef``. Spider is
the first; Klondike and Applegate keep engines of their own, tuned for their hot paths.

Every rule is read from the declaration once, when a game is configured, into plain fields, so
checking a move costs a few comparisons and no lookups by name.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

from ..cards import ACE, DECK, KING, RANK, RED, SUIT, SUIT_NAMES, long_name
from ..moves import COLUMN_OF, Move, group_move
from .base import Game, IllegalMove, Plan
from .declaration import Rules

DRAW = Move("stock", "waste")
RUN = 13  # a complete run, King to Ace


@functools.cache
def _pairs(suits: str, step: int, wrap: bool, moves: str) -> tuple[bytes, bytes]:
    """For every two cards (``card * 52 + onto``): whether ``card`` builds on ``onto``, and
    whether ``card`` lying on ``onto`` keeps a movable group together. Worked out once for each
    set of rules, so that listing moves costs a lookup a pair."""

    def builds(card: int, onto: int) -> bool:
        rise = RANK[card] - RANK[onto]
        if rise != step and not (wrap and rise % 13 == step % 13):
            return False
        if suits == "same suit":
            return SUIT[card] == SUIT[onto]
        return suits == "any suit" or RED[card] != RED[onto]

    def together(card: int, onto: int) -> bool:
        if moves == "any group":
            return True
        if moves == "same-suit runs":
            rise = RANK[card] - RANK[onto]
            return (rise == -1 or (wrap and rise == 12)) and SUIT[card] == SUIT[onto]
        return builds(card, onto)

    pairs = [(card, onto) for card in DECK for onto in DECK]
    return bytes(builds(*pair) for pair in pairs), bytes(together(*pair) for pair in pairs)


@functools.cache
def _takers(builds: bytes) -> tuple[tuple[int, ...], ...]:
    """For each card, the cards that build on it (from ``_pairs``'s first table)."""
    return tuple(tuple(card for card in DECK if builds[card * 52 + onto]) for onto in DECK)


class TableGame(Game):
    """A game played by its declaration's ``Rules``: columns dealt face down and face up, a
    stock that draws to a waste or deals to every column, foundations that take cards up by
    suit or complete runs, and an optional score."""

    stock: list[int]
    waste: list[int]

    def __init__(self, seed: int | None = None, **options: Any) -> None:
        self._configure(**options)
        super().__init__(seed)

    def _configure(self, **options: Any) -> None:
        super()._configure(**options)
        rules, table = self.definition.rules, self.definition.table
        if not isinstance(rules, Rules):
            raise TypeError(f"{self.definition.title} declares no rules for TableGame to play")
        if table.cells or table.reserve:
            raise TypeError("TableGame plays columns, foundations, a stock and a waste")
        self._rules = rules
        self._step = rules.build.step
        self._wrap = rules.build.wrap
        self._suits = rules.build.suits
        self._scoring = self.definition.scoring
        self._columns = len(table.columns)
        self._tableau = table.tableau
        self._talon = table.talon
        self._has_waste = table.waste
        build = rules.build
        self._builds, self._together = _pairs(build.suits, build.step, build.wrap, rules.moves)
        self._takers = _takers(self._builds)
        self._home_moves = tuple(Move(column, "f") for column in self._tableau)

    # ----------------------------------------------------------------- the deal

    def _deal(self, deck: list[int]) -> None:
        """Row by row across the columns, each column taking cards until it has its share;
        a column's last ``up`` cards lie face up. The rest, in order, is the stock (the next
        card to come off it is the first one left)."""
        shape = self.definition.table.columns
        piles: list[list[int]] = [[] for _ in shape]
        cards = iter(deck)
        for row in range(max((c.down + c.up for c in shape), default=0)):
            for column, dealt in enumerate(shape):
                if row < dealt.down + dealt.up:
                    piles[column].append(next(cards))
        self.down = [pile[: dealt.down] for pile, dealt in zip(piles, shape, strict=True)]
        self.up = [pile[dealt.down :] for pile, dealt in zip(piles, shape, strict=True)]
        self.foundations = [[] for _ in range(self.definition.table.foundations)]
        self.stock = list(cards)[::-1]
        if self._has_waste:
            self.waste = []
        self.score = self._scoring.start if self._scoring is not None else None
        self.recycles = 0

    def _piles(self) -> list[list[int]]:
        talon = [getattr(self, name) for name in self._talon]
        return [*self.down, *self.up, *self.foundations, *talon]

    def _extra_piles(self, names: list[list[str]]) -> dict[str, list[str]]:
        given = dict(zip(self._talon, names, strict=True))
        return {name: given.get(name, []) for name in ("stock", "waste", "reserve")}

    def _check_position(self, where: str) -> None:
        """A loaded position's foundations hold what they can take (complete runs, or cards
        up by suit from the Ace), and a stock that deals to every column holds what is left
        after whole deals, or nothing (a last deal may reach only the first columns)."""
        for number, pile in enumerate(self.foundations, 1):
            if self._rules.foundation == "runs":
                if pile and not (len(pile) == RUN and self._complete_run(pile)):
                    raise ValueError(
                        f"{where}f{number} must be empty or hold a complete run, King to Ace"
                    )
            elif any(
                RANK[card] != ACE + height or SUIT[card] != SUIT[pile[0]]
                for height, card in enumerate(pile)
            ):
                raise ValueError(f"{where}f{number} must build up by suit from the Ace")
        if self._rules.stock == "deal":
            dealt = sum(c.down + c.up for c in self.definition.table.columns)
            first = self.card_set.size - dealt
            left = len(self.stock)
            if left > first or (left and (first - left) % self._columns):
                raise ValueError(
                    f"{where}the stock holds {first} cards at the deal and loses "
                    f"{self._columns} a deal: {left} cannot be"
                )

    # ----------------------------------------------------------------- what builds on what

    def builds_on(self, card: int, onto: int) -> bool:
        """Whether ``card`` may go on ``onto`` in the tableau."""
        return bool(self._builds[card * 52 + onto])

    def _movable(self, run: list[int]) -> int:
        """How many cards from the top of a column's face-up cards move as one group."""
        if not run:
            return 0
        if self._rules.moves == "single":
            return 1
        together, n, size = self._together, 1, len(run)
        while n < size and together[run[-n] * 52 + run[-n - 1]]:
            n += 1
        return n

    def _complete_run(self, run: list[int]) -> bool:
        """Whether the top 13 cards of ``run`` are a King-to-Ace run of one suit."""
        if len(run) < RUN:
            return False
        top = run[-RUN:]
        return RANK[top[0]] == KING and all(
            RANK[a] - RANK[b] == 1 and SUIT[a] == SUIT[b]
            for a, b in zip(top, top[1:], strict=False)
        )

    def _empty_takes(self, card: int) -> bool:
        empty = self._rules.empty
        return empty == "any" or (empty == "king" and RANK[card] == KING)

    def _foundation_for(self, card: int) -> list[int] | None:
        """The foundation taking ``card`` next (by suit, from the Ace), or None."""
        for foundation in self.foundations:
            top = foundation[-1] if foundation else None
            if (top is None and RANK[card] == ACE) or (
                top is not None and SUIT[top] == SUIT[card] and RANK[card] == RANK[top] + 1
            ):
                return foundation
        return None

    # ----------------------------------------------------------------- the legal moves

    def _generate(self) -> list[Move]:
        moves: list[Move] = []
        up, down, builds, tableau = self.up, self.down, self._builds, self._tableau
        by_suit = self._rules.foundation == "by suit"
        open_columns = [j for j, target in enumerate(up) if not target and not down[j]]
        tops = [(j, target[-1]) for j, target in enumerate(up) if target]
        for i, run in enumerate(up):
            if not run:
                continue
            source = tableau[i]
            movable = self._movable(run)
            if by_suit:
                if self._foundation_for(run[-1]) is not None:
                    moves.append(self._home_moves[i])
            elif len(run) >= RUN and self._complete_run(run):
                moves.append(self._home_moves[i])
            for n in range(1, movable + 1):
                card = run[-n] * 52
                for j, top in tops:
                    if builds[card + top] and j != i:
                        moves.append(group_move(source, tableau[j], n))
                if open_columns and self._empty_takes(run[-n]):
                    moves.extend(group_move(source, tableau[j], n) for j in open_columns)
        if self._has_waste and self.waste:
            card = self.waste[-1]
            if by_suit and self._foundation_for(card) is not None:
                moves.append(Move("waste", "f"))
            for j, target in enumerate(up):
                empty = not target and not down[j]
                if (target and self.builds_on(card, target[-1])) or (
                    empty and self._empty_takes(card)
                ):
                    moves.append(Move("waste", self._tableau[j]))
        if self._rules.back_from_foundation:
            for f, foundation in enumerate(self.foundations):
                if foundation:
                    for j, target in enumerate(up):
                        empty = not target and not down[j]
                        if (target and self.builds_on(foundation[-1], target[-1])) or (
                            empty and self._empty_takes(foundation[-1])
                        ):
                            moves.append(Move(f"f{f + 1}", self._tableau[j]))
        if self._stock_refusal() is None:
            moves.append(DRAW)
        elif self._rules.stock == "draw" and not self.stock and self._recycle_refusal() is None:
            moves.append(Move("waste", "stock"))
        return moves

    # ----------------------------------------------------------------- checking a move

    def _plan(self, move: Move) -> Plan:
        src, dst, n = move.src, move.dst, move.n
        title = self.definition.title
        if src == "stock" or dst == "stock":
            return self._plan_stock(src, dst)
        if src == "reserve" or dst == "reserve":
            raise IllegalMove(f"{title} has no reserve.")
        if src == dst:
            raise IllegalMove("A pile can't move onto itself.")
        if dst == "waste" or (src == "waste" and not self.definition.table.waste):
            raise IllegalMove(
                "Cards go onto the waste only when drawn from the stock."
                if self.definition.table.waste
                else f"{title} has no waste: the stock deals onto the columns."
            )
        column = -1
        if src == "waste":
            source = self._top_card_of(self.waste, "waste", n)
        elif src[0] == "f":
            source = self.foundations[int(src[1:]) - 1]
            if not self._rules.back_from_foundation:
                raise IllegalMove(f"In {title}, cards never leave the foundations.")
            if not source:
                raise IllegalMove(f"{src} is empty.")
            if dst[0] == "f" or n != 1:
                raise IllegalMove("Only a foundation's top card moves, and only to the tableau.")
        else:
            if dst[0] == "f" and self._rules.foundation == "runs":
                if n not in (1, RUN):
                    raise IllegalMove(f"A run goes home whole: {RUN} cards ({src}-f), not {n}.")
                if not self._complete_run(self.up[COLUMN_OF[src]]):
                    raise IllegalMove(
                        "Foundations take only a complete run of one suit, King to Ace, as a "
                        f"whole: {src} has none on top."
                    )
                n = RUN  # ``t3-f``: the complete run on top of the column
            column = self._lifted_column(src, n)
            source = self.up[column]
        if dst[0] == "f":
            return self._plan_home(source, column, dst, n)
        card = source[-n]
        if n > 1 and (n > self._movable(source)):
            raise IllegalMove(self._group_refusal(n))
        target = self.up[COLUMN_OF[dst]]
        if target:
            if not self.builds_on(card, target[-1]):
                raise IllegalMove(
                    f"{self._build_words()}: the {long_name(card)} can't go on the "
                    f"{long_name(target[-1])}."
                )
        elif self.down[COLUMN_OF[dst]]:
            raise IllegalMove(f"{dst} has face-down cards: only its top card can be built on.")
        elif not self._empty_takes(card):
            raise IllegalMove(
                "Only a King can fill an empty column."
                if self._rules.empty == "king"
                else "In this game an empty column stays empty."
            )
        return (source, column, target, n, self._cost())

    def _plan_home(self, source: list[int], column: int, dst: str, n: int) -> Plan:
        if self._rules.foundation == "runs":
            if n != RUN or not self._complete_run(source):
                raise IllegalMove(
                    "Foundations take only a complete run of one suit, King to Ace, as a whole."
                )
            empty = [f for f in self.foundations if not f]
            target = empty[0] if dst == "f" and empty else None
            if dst != "f":
                target = self.foundations[int(dst[1:]) - 1]
                if target:
                    raise IllegalMove(f"Foundation {dst[1:]} already holds a finished run.")
            if target is None:
                raise IllegalMove("Every foundation holds a finished run.")
            bonus = self._scoring.per_run_home if self._scoring is not None else 0
            return (source, column, target, RUN, bonus)
        if n != 1:
            raise IllegalMove("Foundations take one card at a time.")
        card = source[-1]
        target = self._foundation_for(card)
        if dst != "f" and target is not self.foundations[int(dst[1:]) - 1]:
            target = None
        if target is None:
            raise IllegalMove(
                "Foundations build up by suit from Ace to King: "
                f"the {long_name(card)} has no place on {'a foundation' if dst == 'f' else dst}."
            )
        bonus = self._scoring.per_card_home if self._scoring is not None else 0
        return (source, column, target, 1, bonus + self._cost())

    def _plan_stock(self, src: str, dst: str) -> Plan:
        if src == "stock" and dst == "waste":
            refusal = self._stock_refusal()
            if refusal is not None:
                raise IllegalMove(refusal)
            return ("draw",)
        if src == "waste" and dst == "stock" and self._rules.stock == "draw":
            refusal = self._recycle_refusal()
            if refusal is not None:
                raise IllegalMove(refusal)
            return ("recycle",)
        if self._rules.stock == "draw":
            raise IllegalMove(
                "Cards leave the stock only by a draw, and return to it only by a recycle."
            )
        raise IllegalMove("Cards leave the stock only when it deals, and never go back to it.")

    def _stock_refusal(self) -> str | None:
        """Why the stock cannot be drawn or dealt now, or None."""
        rules = self._rules
        if rules.stock is None:
            return f"{self.definition.title} has no stock."
        if not self.stock:
            return "The stock is empty."
        if rules.stock == "deal" and not rules.deal_over_empty:
            empty = [self._tableau[i] for i, run in enumerate(self.up) if not run]
            if empty:
                return (
                    "The stock deals only when every column holds a card: "
                    f"fill {', '.join(empty)} first."
                )
        return None

    def _recycle_refusal(self) -> str | None:
        limit = self._rules.recycles
        if not self._has_waste:
            return f"{self.definition.title} has no waste to recycle."
        if self.stock:
            return "The waste is recycled only when the stock is empty."
        if not self.waste:
            return "The waste is empty: there is nothing to recycle."
        if limit is not None and self.recycles >= limit:
            return "The waste has been recycled as often as the rules allow."
        return None

    def _group_refusal(self, n: int) -> str:
        moves = self._rules.moves
        if moves == "single":
            return "Cards move one at a time."
        if moves == "same-suit runs":
            return (
                f"Only a run of one suit, each card one rank below the last, moves: not {n} cards."
            )
        return f"Only an ordered run moves as one: these {n} cards are not in building order."

    def _build_words(self) -> str:
        suits = {
            "alternate colours": " of the other colour",
            "same suit": " of the same suit",
            "any suit": " of any suit",
        }[self._suits]
        return f"A card goes on a card one rank higher{suits}"

    def _cost(self) -> int:
        return self._scoring.per_move if self._scoring is not None else 0

    # ----------------------------------------------------------------- making a move

    def _execute(self, plan: Plan, receipt: list[tuple]) -> None:
        if plan[0] == "draw":
            self._execute_draw(receipt)
        elif plan[0] == "recycle":
            stock, waste = self.stock, self.waste
            cards = waste[:]
            try:
                stock[:] = cards[::-1]
                waste.clear()
                self.recycles += 1
                receipt.append(("recycle",))
            except BaseException:
                if not receipt:
                    stock.clear()
                    waste[:] = cards
                raise
        else:
            if plan[4] and self.score is not None:
                self.score += plan[4]
            self._move_cards(plan, receipt)

    def _execute_draw(self, receipt: list[tuple]) -> None:
        stock = self.stock
        if self._rules.stock == "deal":
            count = min(len(self.up), len(stock))
            targets = self.up[:count]
        else:
            count = min(self._rules.draw, len(stock))
            targets = [self.waste] * count
        before, sizes = stock[:], [len(pile) for pile in targets]
        try:
            for pile in targets:
                pile.append(stock.pop())
            if self._scoring is not None and self.score is not None:
                self.score += self._scoring.per_deal
            receipt.append(("draw", count))
        except BaseException:
            if not receipt:
                for pile, size in zip(targets, sizes, strict=True):
                    del pile[size:]
                stock[:] = before
            raise

    def _touched_by(self, record: tuple) -> list[list[int]]:
        if record[0] in ("draw", "recycle"):
            return [*(getattr(self, name) for name in self._talon), *self.up]
        return self._touched(record[1])

    def _revert(self, record: tuple) -> None:
        if record[0] == "draw":
            count = record[1]
            if self._rules.stock == "deal":
                for pile in reversed(self.up[:count]):
                    self.stock.append(pile.pop())
            else:
                for _ in range(count):
                    self.stock.append(self.waste.pop())
        elif record[0] == "recycle":
            self.waste[:] = self.stock[::-1]
            self.stock.clear()
            self.recycles -= 1
        else:
            super()._revert(record)

    def _describe(self, move: Move, plan: Plan) -> str:
        if plan[0] == "draw":
            if self._rules.stock == "deal":
                return "deals a card from the stock onto every column."
            count = min(self._rules.draw, len(self.stock))
            return f"turns {'1 card' if count == 1 else f'{count} cards'} onto the waste."
        if plan[0] == "recycle":
            return "turns the waste over to make a new stock."
        source, _, target, n, _ = plan
        card = source[-n]
        if any(target is pile for pile in self.foundations):
            if n == RUN and self._rules.foundation == "runs":
                return f"the complete run of {SUIT_NAMES[SUIT[card]]} goes to a foundation."
            return f"the {long_name(card)} goes to a foundation."
        carried = f" (with {n - 1} card{'s' if n > 2 else ''} on it)" if n > 1 else ""
        if not target:
            return f"the {long_name(card)}{carried} fills the empty column {move.dst}."
        return f"the {long_name(card)}{carried} goes on the {long_name(target[-1])}."

    # ----------------------------------------------------------------- conveniences

    def draw(self) -> None:
        """Draw (or deal), or recycle the waste when the stock is empty."""
        if not self.stock and self._rules.stock == "draw":
            self.move("recycle")
        else:
            self.move(DRAW)

    def safe_move(self) -> Move | None:
        """A complete run sent home (always safe: only its own cards could build on it), or,
        where foundations build by suit, an Ace or a 2; None when there is none."""
        for i, run in enumerate(self.up):
            if not run:
                continue
            if self._rules.foundation == "runs":
                if self._complete_run(run):
                    return self._home_moves[i]
            elif RANK[run[-1]] <= 2 and self._foundation_for(run[-1]) is not None:
                return self._home_moves[i]
        return None

    @property
    def can_auto_finish(self) -> bool:
        if self._rules.foundation == "runs":
            return any(self._complete_run(run) for run in self.up)
        waste = self.waste if self._has_waste else []
        return not self.stock and not waste and not any(self.down) and not self._is_won()

    def auto_finish(self) -> list[Move]:
        """Play home every card (or complete run) that can go, while any can."""
        if not self.can_auto_finish:
            raise IllegalMove("Nothing can go home by itself now.")
        played = []
        while not self._is_won():
            home = next((m for m in self._legal_now() if m.dst == "f" and m.src[0] == "t"), None)
            if home is None:
                break
            self.move(home)
            played.append(home)
        return played

    def makes_progress(self, move: Move) -> bool:
        """Whether ``move`` is progress for the "lost" status, as the declaration says: a card
        going home, a card turned up, a card leaving the stock for the tableau (a deal)."""
        if move.dst[0] == "f":
            return True
        if self.definition.progress == "any move":
            return True
        if move.src == "stock":
            return self._rules.stock == "deal"
        if move.src == "waste" and move.dst != "stock":
            return True
        if move.src[0] == "t":
            column = COLUMN_OF[move.src]
            return move.n == len(self.up[column]) and bool(self.down[column])
        return False

    @classmethod
    def layouts(cls) -> Callable[[Game], Any]:
        from .table_progress import layouts_for

        return layouts_for
