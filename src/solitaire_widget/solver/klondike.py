"""Klondike as the solver sees it: a compact position, its moves, and the shortcuts that are safe.

A position is ``(columns, foundations, talon, waste_size)``:

- a column is ``bytes``: one header byte ``64 + face-down count``, then its cards bottom to top
  (cards are the engine's ``suit * 13 + rank - 1``);
- ``foundations`` holds each suit's height;
- ``talon`` is the waste followed by the stock, in the order one pass draws them, and ``waste_size``
  says where the waste ends. Only the waste's top card is playable.

The stock is handled as a whole: the solver plays any card that some draws (and recycles) would
bring to the top of the waste as one move, and the notation writes the draws out afterwards. So no
position differs from another only in how far through the stock the player has drawn, unless
that matters (draw 3).

Shortcuts, each proven never to lose a win (so an exhausted search proves a deal lost):

- Symmetry: columns are interchangeable, so a position's key lists them sorted; a King run fills
  only the first empty column, and never leaves a column it alone fills.
- Draw 1 reaches every talon card from every waste size (draw on, recycle, draw on), so the waste
  size is not part of the key. Draw 3 reaches from a waste size that is a multiple of three, or the
  whole talon, exactly what it reaches from an empty waste, so those sizes share one key.
- Safe foundation moves are made at once: a card of rank ``r`` that its foundation takes, when
  ``r <= 2``, or when both foundations of the other colour hold ``r - 1`` cards and the other one of
  its colour ``r - 2``. Every card that could then lie on it (the other colour's ``r - 1``s, the
  cards that could lie on those, and so on) is on a foundation already, and those cards can only
  ever carry each other; so any winning line from before the move, with every move of those cards
  left out, wins after it. (A 2 is covered too: the Aces that could lie on it can always go up
  instead.) The moves are made from the tableau; in draw 1 also from anywhere in the talon, where
  leaving a card out only skips a draw; not in draw 3, where it would regroup the later draws.
- Such a safe card is never taken back off a foundation, for the same reason; nor is an Ace or a 2.
- Draw 1 plays a talon card onto the tableau only together with a move that covers it (a run, a card
  off a foundation, or another talon card, itself covered). In a winning line a talon card that is
  played and not covered at once can wait in the talon until just before it is covered: the moves in
  between find everything they need (the card beneath it is still uncovered, and draw 1 reaches the
  card whenever it is wanted), and if the card moves on, or goes up, before anything covers it, it
  can go there straight from the talon instead.

- Pairing (``pairing=True``, the default): two kinds of move come only together with the move
  that makes them worth making. A run that lies on a face-up card ``X`` moves onto ``X``'s twin
  ``Y`` (the other card it fits on) only when ``X`` then goes up (by itself or as the next move),
  or the run's twin card comes onto ``X`` next: nothing else can use ``X``. In a winning line,
  until that use, the run can stay on ``X``: a move carrying ``Y`` carries it without the run, a
  move of the run (or of cards off it, or onto it) is as legal from ``X``, and ``Y`` lying open
  changes nothing (it cannot go up while the run's bottom card is out, and only that card or its
  twin fits on it, the twin needing ``X`` to be free). If the run moves on before ``X`` is used,
  the move between twins was never needed. Likewise a card brought down from a foundation onto
  the tableau comes with a move that covers it: until then it can stay up. Had it gone up again,
  or moved on, in the meantime, it need not have come down, or can come down there; and whenever
  leaving it up would let a safe card go up on it (or its parent, left open), the card is safe
  itself and would have gone up anyway. Each change puts one move next to the one it waits for
  without parting another pair, so a winning line becomes a paired one.

The proving search also stops (once past its first positions, ``DepthFirst``'s ``checking_from``)
at every position that ``blocked.cannot_win`` proves lost (a card locked in for good by the cards
it needs): nothing beyond such a position can win.

``KlondikeRules(state, pruned=True)`` leaves out more, with no proof: a run moves off another
face-up card only to let that card go up, and a column is emptied only while a King waits for it.
Its searches find most wins sooner, but when they run out of positions that proves nothing.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from ..cards import SUITS, parse_card

# Move kinds. Talon moves name the waste size ``q`` at which the card is on top of the waste.
TO_FOUNDATION = 0  # (kind, column)
RUN = 1  # (kind, from column, to column, cards)
TALON_TO_FOUNDATION = 2  # (kind, q)
TALON_TO_COLUMN = 3  # (kind, q, column)
FROM_FOUNDATION = 4  # (kind, suit, column)
CHAIN = 5  # (kind, moves): a talon card onto a column and the moves that cover it

KING = 12
_HEADER = 64
# Each number below 256 as one byte, for the waste size in a key.
_BYTES = tuple(bytes((n,)) for n in range(256))

RANK = tuple(card % 13 for card in range(52))  # 0 for an Ace, 12 for a King
SUIT = tuple(card // 13 for card in range(52))
OTHER_COLOUR = {0: (1, 2), 3: (1, 2), 1: (0, 3), 2: (0, 3)}
SAME_COLOUR = {0: 3, 3: 0, 1: 2, 2: 1}
# The two cards each card can be built on (none for a King), and the two that build on it.
PARENTS = tuple(
    tuple(suit * 13 + RANK[card] + 1 for suit in OTHER_COLOUR[SUIT[card]])
    if RANK[card] < KING
    else ()
    for card in range(52)
)
KINGS = tuple(suit * 13 + KING for suit in range(4))
CHILDREN = tuple(
    tuple(suit * 13 + RANK[card] - 1 for suit in OTHER_COLOUR[SUIT[card]]) if RANK[card] else ()
    for card in range(52)
)


# The foundations whose heights make each card safe to go up (see the module docstring): the
# two of the other colour, and the other one of its own colour.
SAFE_WHEN = tuple((*OTHER_COLOUR[SUIT[card]], SAME_COLOUR[SUIT[card]]) for card in range(52))


def is_safe(card: int, foundations: tuple[int, ...] | list[int]) -> bool:
    """Whether ``card`` (assumed to fit its foundation) may go up without losing any win."""
    rank = RANK[card]
    if rank <= 1:
        return True
    first, second, same = SAFE_WHEN[card]
    return (
        foundations[first] >= rank and foundations[second] >= rank and foundations[same] >= rank - 1
    )


def _face_up(columns: tuple[bytes, ...] | list[bytes]) -> dict[int, int]:
    """Each face-up card's column. Made once for all of a position's moves: the only cards a
    move takes off the tableau are face up."""
    places = {}
    for i, column in enumerate(columns):
        for card in column[column[0] - _HEADER + 1 :]:
            places[card] = i
    return places


def _moved(places: dict[int, int], cards: Iterable[int], column: int) -> dict[int, int]:
    """``_face_up`` after ``cards`` came onto ``column`` and nothing else changed: cheaper than
    making it again from the columns."""
    moved = dict(places)
    for card in cards:
        moved[card] = column
    return moved


def _buried(column: bytes) -> list[int]:
    """``score``'s cost of the column's face-down cards, for each number of them that can be
    left: face-down cards never move, so they are always the first ones of the deal's column.
    Each costs one, and one more when it lies on a lower card of its own suit."""
    costs = [0]
    lowest = [13, 13, 13, 13]
    for card in column[1 : column[0] - _HEADER + 1]:
        suit = SUIT[card]
        costs.append(costs[-1] + 1 + (RANK[card] > lowest[suit]))
        lowest[suit] = min(lowest[suit], RANK[card])
    return costs


def _flip(column: bytes) -> bytes:
    """Turn up the face-down card left on top, as the rules do by themselves."""
    if len(column) == column[0] - _HEADER + 1 and column[0] > _HEADER:
        return bytes((column[0] - 1,)) + column[1:]
    return column


@cache
def talon_reach(draw: int, size: int, waste: int) -> tuple[int, ...]:
    """Every waste size some draws and recycles reach from ``waste``, nearest first (0 excluded)."""
    if draw == 1:
        return (*range(max(waste, 1), size + 1), *range(1, waste))
    reach = [*range(waste, size, draw), size]
    reach += [q for q in range(draw, size, draw) if q not in reach]
    return tuple(q for q in reach if q)


def talon_path(draw: int, size: int, waste: int, target: int) -> list[str]:
    """The draws and recycles that take the waste from ``waste`` cards to ``target`` cards."""
    steps: list[str] = []
    forward = target >= waste and ((target - waste) % draw == 0 or target == size)
    if not forward:
        steps += ["draw"] * -(-(size - waste) // draw) + ["recycle"]
        waste = 0
    steps += ["draw"] * -(-(target - waste) // draw)
    return steps


class KlondikeRules:
    """Positions and moves of one Klondike game (draw 1 or 3) for the searches of ``search``."""

    def __init__(
        self, state: dict, pruned: bool = False, covering: bool = True, pairing: bool = True
    ) -> None:
        self.pruned = pruned
        self.covering = covering
        self.pairing = pairing
        self.draw = state["options"]["draw"]
        columns = []
        for pile in state["tableau"]:
            down = [parse_card(card) for card in pile["down"]]
            up = [parse_card(card) for card in pile["up"]]
            columns.append(bytes((_HEADER + len(down), *down, *up)))
        heights = [0, 0, 0, 0]
        # Which foundation pile (f1..f4) holds each suit: the notation of moves off a foundation.
        self.slots: dict[int, int] = {}
        for slot, pile in enumerate(state["foundations"]):
            if pile:
                suit = SUITS.index(pile[0][-1].upper())
                heights[suit] = len(pile)
                self.slots[suit] = slot
        waste = [parse_card(card) for card in state["waste"]]
        stock = [parse_card(card) for card in state["stock"]]
        talon = bytes(waste + stock[::-1])
        self.start = (tuple(columns), tuple(heights), talon, len(waste))
        self._buried = [_buried(column) for column in columns]
        self.root = self._settle(list(columns), heights, talon, len(waste), None)

    # ----------------------------------------------------------------- the search interface

    def key(self, position: tuple) -> bytes:
        """The talon, then the columns sorted: the talon ends at the first column's header byte
        (cards are below 52, headers 64 and up), and the foundations hold the cards left out. Draw 3
        puts the waste size (see the module docstring) in front."""
        columns, _, talon, waste = position
        if self.draw == 1:
            return talon + b"".join(sorted(columns))
        if waste % self.draw == 0 or waste == len(talon):
            waste = 0
        return _BYTES[waste] + talon + b"".join(sorted(columns))

    def score(self, position: tuple) -> int:
        """Cards still to go up (twice), face-down cards, and face-down cards lying on a lower card
        of their own suit, which cost extra moves to dig out."""
        columns, foundations = position[:2]
        total = 2 * (52 - sum(foundations))
        for buried, column in zip(self._buried, columns, strict=True):
            total += buried[column[0] - _HEADER]
        return total

    def is_won(self, position: tuple) -> bool:
        return sum(position[1]) == 52

    def moves(self, position: tuple) -> list[tuple]:
        """Moves in rising order of promise (the search tries the last first)."""
        columns, foundations, talon, waste = position
        places = _face_up(columns)
        tops = {}
        empty = -1
        for i, column in enumerate(columns):
            if len(column) > 1:
                tops[column[-1]] = i
            elif empty < 0:
                empty = i
        pruned = self.pruned

        shuffles: list[tuple] = []
        emptying: list[tuple] = []
        talon_moves: list[tuple] = []
        uncovering: list[tuple] = []
        up: list[tuple] = []
        fitting = set()  # the cards that fit on some column's top
        for top, j in tops.items():
            if foundations[SUIT[top]] == RANK[top]:
                up.append((TO_FOUNDATION, j))
            fitting.update(CHILDREN[top])
            for card in CHILDREN[top]:
                i = places.get(card)
                if i is None:
                    continue
                source = columns[i]
                at = source.index(card)
                down = source[0] - _HEADER
                n = len(source) - at
                if at > down + 1:
                    if pruned:
                        below = source[at - 1]
                        if foundations[SUIT[below]] != RANK[below]:
                            continue
                        shuffles.append((RUN, i, j, n))
                    elif self.pairing:
                        shuffles += self._paired(position, (RUN, i, j, n), places)
                    else:
                        shuffles.append((RUN, i, j, n))
                elif down:
                    uncovering.append((RUN, i, j, n))
                else:
                    emptying.append((RUN, i, j, n))

        kings = 0
        for king in KINGS:
            i = places.get(king)
            if i is None:
                continue
            source = columns[i]
            at = source.index(king)
            down = source[0] - _HEADER
            if at == down + 1 and down:
                kings += 1
                if empty >= 0:
                    uncovering.append((RUN, i, empty, len(source) - down - 1))

        covering = self.draw == 1 and self.covering
        for q in talon_reach(self.draw, len(talon), waste):
            card = talon[q - 1]
            if foundations[SUIT[card]] == RANK[card]:
                up.append((TALON_TO_FOUNDATION, q))
            if RANK[card] == KING:
                kings += 1
                targets = [empty] if empty >= 0 else []
            elif card in fitting:
                targets = [tops[parent] for parent in PARENTS[card] if parent in tops]
            else:
                continue
            for j in targets:
                move = (TALON_TO_COLUMN, q, j)
                if not covering:
                    talon_moves.append(move)
                    continue
                for chain in self._covered(position, move, card, places):
                    tail = chain[1][-1]
                    source = columns[tail[1]]
                    if tail[0] == RUN and len(source) - tail[3] == source[0] - _HEADER + 1 > 1:
                        uncovering.append(chain)
                    else:
                        talon_moves.append(chain)

        for suit in range(4):
            height = foundations[suit]
            if height < 3:
                continue
            card = suit * 13 + height - 1
            if is_safe(card, foundations):
                continue
            targets = [tops[parent] for parent in PARENTS[card] if parent in tops]
            if height == 13 and empty >= 0:
                targets.append(empty)
            for j in targets:
                move = (FROM_FOUNDATION, suit, j)
                if self.pairing and not pruned:
                    shuffles += self._covered(position, move, card, places)
                else:
                    shuffles.append(move)

        if pruned and not kings:
            emptying = []
        uncovering.sort(
            key=lambda move: columns[move[1][-1][1] if move[0] == CHAIN else move[1]][0]
        )
        return shuffles + emptying + talon_moves[::-1] + uncovering + up

    def _paired(self, position: tuple, shuffle: tuple, places: dict) -> list[tuple]:
        """``shuffle`` (a run moved off face-up card ``X`` onto ``X``'s twin) with each move that
        then uses ``X``: ``X`` going up, or the run's twin card coming onto ``X`` from the tableau,
        the talon or a foundation. Alone when the safe moves it sets off take ``X`` up at once.
        ``places`` is ``_face_up`` of the position's columns."""
        _, i, j, n = shuffle
        run = position[0][i][-n:]
        uncovered, card = position[0][i][-n - 1], run[0]
        after = self.after(position, shuffle)
        columns, foundations, talon, waste = after
        source = columns[i]
        if len(source) == 1 or source[-1] != uncovered:
            return [shuffle]
        # ``X`` did not go up, so no card did (``after`` settles only when the move's new top
        # goes up): the face-up cards are where they were, but for the run.
        uses: list[tuple] = []
        if foundations[SUIT[uncovered]] == RANK[uncovered]:
            uses.append((TO_FOUNDATION, i))
        twin = SAME_COLOUR[SUIT[card]] * 13 + RANK[card]
        k = places.get(twin)  # the twin is not in the run: its rank is the run's first
        if k is not None:
            uses.append((RUN, k, i, len(columns[k]) - columns[k].index(twin)))
        elif foundations[SUIT[twin]] == RANK[twin] + 1:
            if RANK[twin] >= 2 and not is_safe(twin, foundations):
                uses.append((FROM_FOUNDATION, SUIT[twin], i))
        elif twin in talon:
            covering = self.draw == 1 and self.covering
            for q in talon_reach(self.draw, len(talon), waste):
                if talon[q - 1] != twin:
                    continue
                move = (TALON_TO_COLUMN, q, i)
                if covering:
                    uses += self._covered(after, move, twin, _moved(places, run, j))
                else:
                    uses.append(move)
        return [
            (CHAIN, (shuffle, *use[1])) if use[0] == CHAIN else (CHAIN, (shuffle, use))
            for use in uses
        ]

    def _covered(self, position: tuple, first: tuple, card: int, places: dict) -> list[tuple]:
        """``first`` (a talon card onto a column) followed by each way to cover that card;
        ``places`` is ``_face_up`` of the position's columns.

        ``first`` sends no card up: a settled draw-1 talon (only draw 1 covers talon cards)
        holds no card that goes up, and no safe card comes off a foundation. So after it the
        face-up cards are where they were, and ``card`` lies on the column."""
        columns, foundations, talon = position[:3]
        column = first[2]
        found = []
        inner = None
        for cover in CHILDREN[card]:
            if cover in places:
                i = places[cover]
                if i != column:
                    n = len(columns[i]) - columns[i].index(cover)
                    found.append((CHAIN, (first, (RUN, i, column, n))))
            elif foundations[SUIT[cover]] == RANK[cover] + 1:
                if RANK[cover] >= 2 and not is_safe(cover, foundations):
                    found.append((CHAIN, (first, (FROM_FOUNDATION, SUIT[cover], column))))
            elif cover in talon:
                if inner is None:
                    inner = self.after(position, first)
                if self.draw == 1 and self.covering:
                    second = (TALON_TO_COLUMN, inner[2].index(cover) + 1, column)
                    inner_places = _moved(places, (card,), column)
                    for _, tail in self._covered(inner, second, cover, inner_places):
                        found.append((CHAIN, (first, *tail)))
                    continue
                # Draw 3 reaches only some talon cards, and a card it plays need not be covered.
                size, waste = len(inner[2]), inner[3]
                for q in talon_reach(self.draw, size, waste):
                    if inner[2][q - 1] == cover:
                        found.append((CHAIN, (first, (TALON_TO_COLUMN, q, column))))
        return found

    def after(self, position: tuple, move: tuple, record: list | None = None) -> tuple:
        """The position after ``move``, settled.

        ``position`` is settled, so when no foundation grows only one card can newly go up: the
        top the move lays open or the card it brings (a lower foundation makes no card safe, and
        only the card that came down newly fits). That card alone is checked, and the whole
        settling runs only when it goes up or a foundation grew."""
        kind = move[0]
        if kind == CHAIN:
            for step in move[1]:
                if record is not None:
                    record.append((position, step))
                position = self.after(position, step, record)
            return position
        columns, foundations, talon, waste = position
        columns = list(columns)
        if kind == RUN:
            # The run's top card was a top already, so only the card beneath the run is new.
            _, i, j, n = move
            source = columns[i]
            columns[j] += source[-n:]
            new = columns[i] = _flip(source[:-n])
        elif kind == TO_FOUNDATION:
            source = columns[move[1]]
            foundations = list(foundations)
            foundations[SUIT[source[-1]]] += 1
            columns[move[1]] = _flip(source[:-1])
            return self._settle(columns, foundations, talon, waste, record)
        elif kind == FROM_FOUNDATION:
            _, suit, j = move
            foundations = list(foundations)
            foundations[suit] -= 1
            new = columns[j] = columns[j] + bytes((suit * 13 + foundations[suit],))
            foundations = tuple(foundations)
        else:
            q = move[1]
            card = talon[q - 1]
            talon = talon[: q - 1] + talon[q:]
            waste = q - 1
            if kind != TALON_TO_COLUMN:
                foundations = list(foundations)
                foundations[SUIT[card]] += 1
                return self._settle(columns, foundations, talon, waste, record)
            new = columns[move[2]] = columns[move[2]] + bytes((card,))
        if len(new) > 1:
            card = new[-1]
            if foundations[SUIT[card]] == RANK[card] and is_safe(card, foundations):
                return self._settle(columns, foundations, talon, waste, record)
        return (tuple(columns), foundations, talon, waste)

    # ----------------------------------------------------------------- safe moves

    def _settle(
        self, columns: list, foundations: list, talon: bytes, waste: int, record: list | None
    ) -> tuple:
        """Make every safe foundation move (see the module docstring); ``record`` collects them.
        Only the next card of each suit can go up."""
        foundations = list(foundations)
        from_talon = self.draw == 1
        # Each column's top card, kept up to date as cards go up.
        tops = {column[-1]: i for i, column in enumerate(columns) if len(column) > 1}
        while True:
            for suit in range(4):
                height = foundations[suit]
                if height == 13:
                    continue
                card = suit * 13 + height
                i = tops.get(card)
                at = talon.find(card) if i is None and from_talon else -1
                if (i is None and at < 0) or not is_safe(card, foundations):
                    continue
                if record is not None:
                    before = (tuple(columns), tuple(foundations), talon, waste)
                    move = (TO_FOUNDATION, i) if i is not None else (TALON_TO_FOUNDATION, at + 1)
                    record.append((before, move))
                if i is not None:
                    del tops[card]
                    column = columns[i] = _flip(columns[i][:-1])
                    if len(column) > 1:
                        tops[column[-1]] = i
                else:
                    talon = talon[:at] + talon[at + 1 :]
                    waste = at
                foundations[suit] = height + 1
                break
            else:
                break
        return (tuple(columns), tuple(foundations), talon, waste)

    # ----------------------------------------------------------------- notation

    def notation(self, line: list[tuple]) -> list[str]:
        """The winning ``line`` (from ``self.start``) in SPEC notation, safe moves included."""
        steps: list[tuple] = []
        start = self.start
        self._settle(list(start[0]), list(start[1]), start[2], start[3], steps)
        position = self.root
        for move in line:
            if move[0] != CHAIN:
                steps.append((position, move))
            position = self.after(position, move, steps)
        slots = dict(self.slots)
        text: list[str] = []
        for before, move in steps:
            text += self._write(before, move, slots)
        return text

    def _write(self, position: tuple, move: tuple, slots: dict[int, int]) -> list[str]:
        columns, _, talon, waste = position
        kind = move[0]
        if kind == RUN:
            _, i, j, n = move
            return [f"t{i + 1}-t{j + 1}" + (f":{n}" if n > 1 else "")]
        if kind == FROM_FOUNDATION:
            return [f"f{slots[move[1]] + 1}-t{move[2] + 1}"]
        if kind == TO_FOUNDATION:
            card = columns[move[1]][-1]
            steps = []
            source = f"t{move[1] + 1}"
        else:
            q = move[1]
            card = talon[q - 1]
            steps = talon_path(self.draw, len(talon), waste, q)
            source = "waste"
        if kind == TALON_TO_COLUMN:
            return [*steps, f"waste-t{move[2] + 1}"]
        if RANK[card] == 0:
            slots[SUIT[card]] = min(set(range(4)) - set(slots.values()))
        return [*steps, f"{source}-f"]
