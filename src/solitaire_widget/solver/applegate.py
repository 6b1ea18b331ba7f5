"""Applegate as the solver sees it: a compact position, its moves, and the shortcuts that are safe.

A position is ``(piles, reserve)``: a pile is ``bytes``, one header byte ``64 + face-down count``
then its cards bottom to top (cards are the engine's ``suit * 13 + rank - 1``); ``reserve`` holds
the reserve's cards bottom to top. The finished runs are whatever cards are missing. Rules that
``watch_splits`` add a third item, ``split``: what the move that made the position took apart (see
below).

A card goes onto exactly one card (its suit's next rank up, an Ace's being the King), so each pile
top takes at most one group, the one whose bottom card is that card: the branching factor is small.

Shortcuts, each proven never to lose a win (so an exhausted search proves a deal lost):

- Symmetry: piles are interchangeable, so a position's key lists them sorted; a King group fills
  only the first empty pile, and never moves from a pile it alone fills.
- A position where some card can never leave the card beneath it (``is_stuck``, which has the
  proof) has no moves: a Five face-down under the Four of its suit, say, or two piles each
  waiting for a card buried in the other.
  Rules that ``watch_splits`` ask ``is_stuck`` of the start and of every position whose move took
  a card away from a card of its suit next in rank (``could_lock``, which says why no other move
  can make a position stuck); the others ask it only where a card turned up, which is cheaper
  but misses most dead ends. Either way a position called stuck is lost, so what is asked
  changes only how soon a search gives up on a dead end, never a verdict.
- A complete run on top of a pile goes to a foundation at once. Every card that could lie on any of
  its cards is one of its own 13, so the run can only ever move whole (or split at a King) between
  empty piles; taking it away leaves every other card as free as before, or freer.
"""

from __future__ import annotations

from ..cards import parse_card
from .packing import locate

RUN = 0  # (kind, from pile, to pile, cards)
FROM_RESERVE = 1  # (kind, to pile)
TO_FOUNDATION = 2  # (kind, pile): only ever made by ``_settle``

KING = 12
RUN_LENGTH = 13
_HEADER = 64
_SEPARATOR = b"\xff"

RANK = tuple(card % 13 for card in range(52))
KINGS = tuple(suit * 13 + KING for suit in range(4))
# The card each card builds on, and the card that builds on it (wrapping: a King goes on an Ace).
ONTO = tuple(card + 1 if card % 13 != KING else card - KING for card in range(52))
UNDER = tuple(card - 1 if card % 13 else card + KING for card in range(52))


def _flip(pile: bytes) -> bytes:
    """Turn up the face-down card left on top, as the rules do by themselves."""
    if len(pile) == pile[0] - _HEADER + 1 and pile[0] > _HEADER:
        return bytes((pile[0] - 1,)) + pile[1:]
    return pile


def _complete_run(pile: bytes) -> bool:
    """Whether the top 13 face-up cards are one suit's run, each one rank below the one beneath."""
    if len(pile) - 1 - (pile[0] - _HEADER) < RUN_LENGTH or ONTO[pile[-RUN_LENGTH]] != pile[-1]:
        return False
    run = pile[-RUN_LENGTH:]
    return all(ONTO[run[k + 1]] == run[k] for k in range(RUN_LENGTH - 1))


def is_stuck(piles: tuple[bytes, ...], reserve: bytes) -> bool:
    """Whether some card can never leave the card it lies on, so that the game is lost.

    Every card has to leave the card beneath it (or its place in the reserve) some time, except one
    that lies on the card it builds on (``ONTO``), which may stay there until its run goes home.
    Look at the *first* time a card ``c`` leaves. Before that, necessarily:

    - if ``c`` is face-down (or in the reserve), the card just above it has left (for the first
      time): ``c`` must be uncovered before it can move;
    - unless ``c`` is a King (which may move into an empty pile), ``ONTO[c]`` has been uncovered.
      ``c`` leaves only as the bottom of a group, onto ``ONTO[c]`` elsewhere, or as the bottom of a
      finished run, whose top card is ``ONTO[c]``, brought there and cleared; either way
      ``ONTO[c]``'s first cover has left it first (the card now just above it), or, in the
      reserve, it has left the reserve (nothing goes onto a reserve card, so a card whose
      ``ONTO`` lies deeper in the reserve can never leave it). When ``ONTO[c]`` lies beneath
      ``c`` in the same pile, some card between them has left the card beneath it first (else the
      two only ever move together). When it lies above ``c``, nothing is assumed.

    Each condition is some card's first leaving, strictly earlier. So the cards that can ever
    leave are within the least set closed under these conditions; a card that must leave and is
    outside it never will, whatever is played.
    """
    stacks = [pile[1:] for pile in piles]
    stacks.append(reserve)
    hidden = [pile[0] - _HEADER for pile in piles]
    hidden.append(len(reserve))
    where = [-1] * 52  # pile (7: the reserve) * 64 + height, or -1 when home
    for i, cards in enumerate(stacks):
        for height, card in enumerate(cards):
            where[card] = i * 64 + height
    conditions = []
    must_leave = []
    # Top cards first: a card's conditions are mostly about the cards above it and above other
    # cards, so most are met within the first pass.
    for i, cards in enumerate(stacks):
        size = len(cards)
        for height in range(size - 1, -1, -1):
            card = cards[height]
            above = cards[height + 1] if height < hidden[i] and height + 1 < size else -1
            onto = ONTO[card]
            king = RANK[card] == KING
            if i < 7 and height and cards[height - 1] == onto:
                if king:
                    conditions.append((card, above, None))
                # Otherwise it lies in its run's order already: it never has to leave, and never
                # can, which the default (never shown to leave) says.
                continue
            must_leave.append(card)
            options = None
            spot = where[onto]
            if not king and spot >= 0:
                j, below = divmod(spot, 64)
                if j == 7:
                    options = () if i == 7 and below < height else (onto,)
                elif j == i:
                    if i < 7 and below < height:
                        options = cards[below + 1 : height]
                elif below + 1 < len(stacks[j]):
                    options = (stacks[j][below + 1],)
            conditions.append((card, above, options))
    left = bytearray(52)
    while True:
        waiting = []
        for condition in conditions:
            card, above, options = condition
            if above >= 0 and not left[above]:
                waiting.append(condition)
                continue
            if options is not None:
                for other in options:
                    if left[other]:
                        break
                else:
                    waiting.append(condition)
                    continue
            left[card] = 1
        if len(waiting) == len(conditions):
            break
        conditions = waiting
    return not all(left[card] for card in must_leave)


def could_lock(pile: bytes, moved: int) -> bool:
    """Whether moving the top ``moved`` cards off ``pile`` (as it was before) may have made a
    position stuck that was not: whether a moved card leaves behind, below the card it lay on,
    the card it builds on (``ONTO``) or the card that builds on it (``UNDER``, unless that is the
    group's top card).

    ``is_stuck`` works out the least set of cards closed under conditions, each saying which
    cards must have left before a card can: the card above a face-down one, and one of the cards
    that cover the card it builds on. The least set only grows as the conditions weaken, and the
    cards that must leave are those of before but the group's bottom card ``c``, now on its
    ``ONTO`` (a King in an empty pile still must, with no condition, as before). Going through
    what the move changes:

    - ``c``'s own condition goes, and every condition that named ``c``, but for the last case
      below, named it as the cover of the card it lay on, ``x``, which is now a pile top: such a
      condition is met at once. ``x`` turning up drops its condition on the card above it.
    - The card ``c`` lands on was a pile top: a condition about its cover was met at once before
      (only ``c`` builds on it), and ``c``'s is gone.
    - A card whose ``ONTO`` moved with the group, from elsewhere, keeps the same cover (the group
      moves whole); from below in the target pile, ``ONTO`` is now above it (nothing assumed).
    - A moved card whose ``ONTO`` lies elsewhere or in the target pile: the same cover, or now a
      longer list of cards between the two, which holds that cover.
    - What is left are a moved card and its ``ONTO`` parted by the move, one of them staying in
      the source pile: a moved card whose ``ONTO`` stays below ``x`` is held by one cover instead
      of any card between them (when its ``ONTO`` is ``x``, by nothing), and a staying card whose
      ``ONTO`` moved (unless that is the group's top card, a pile top after) needs a cover to
      leave now, where nothing was assumed.
    - A card played from the reserve lands on its ``ONTO``, a pile top, and a complete run going
      home uncovers the card beneath it: these only meet or drop conditions.

    So only the last case can make a position stuck, and only that one is checked here. It is
    about speed alone: a position never checked is searched on, as it would be without the check.
    """
    rest = pile[1:-moved]
    if not rest:
        return False
    uncovered = rest[-1]
    top = pile[-1]
    for card in pile[-moved:]:
        onto = ONTO[card]
        if onto != uncovered and onto in rest:
            return True
        if card != top and UNDER[card] in rest:
            return True
    return False


# The ``split`` of a position that ``is_stuck`` must look at whatever made it: the start.
UNSEEN = (b"", 0)


class ApplegateRules:
    """Positions and moves of one Applegate game for the searches of ``search``.

    ``watch_splits`` looks for a stuck card after every move that may have locked one
    (``could_lock``) instead of only where a card turned up: many more dead ends found, for
    some more time on each position.
    """

    def __init__(self, state: dict, watch_splits: bool = False) -> None:
        piles = []
        for pile in state["tableau"]:
            down = [parse_card(card) for card in pile["down"]]
            up = [parse_card(card) for card in pile["up"]]
            piles.append(bytes((_HEADER + len(down), *down, *up)))
        reserve = bytes(parse_card(card) for card in state["reserve"])
        self._held: set[bytes] = set()
        self.watch_splits = watch_splits
        self.start = (tuple(piles), reserve)
        self.root = self._settle(piles, reserve, None, split=UNSEEN)

    def key(self, position: tuple) -> bytes:
        return b"".join(sorted(position[0])) + _SEPARATOR + position[1]

    def is_won(self, position: tuple) -> bool:
        return not position[1] and all(len(pile) == 1 for pile in position[0])

    def moves(self, position: tuple) -> list[tuple]:
        """``all_moves``, or none from a position that is lost for good (see ``is_stuck``)."""
        piles, reserve = position[0], position[1]
        if self.watch_splits:
            split = position[2]
            checked = split is not None and (split is UNSEEN or could_lock(*split))
            return [] if checked and is_stuck(piles, reserve) else self.all_moves(position)
        # ``is_stuck`` costs several times a move search, so it looks at each layout of the
        # face-down cards, lowest face-up cards and reserve once: where a card turned up.
        held = b"".join(pile[: pile[0] - _HEADER + 2] for pile in piles) + reserve
        if held not in self._held:
            self._held.add(held)
            if is_stuck(piles, reserve):
                return []
        return self.all_moves(position)

    def all_moves(self, position: tuple) -> list[tuple]:
        """Moves in rising order of promise (the search tries the last first)."""
        piles, reserve = position[0], position[1]
        # One string of all the piles finds any card's place with one C-level search.
        joined = b"".join(piles)
        ends = []
        total = 0
        empty = -1
        for i, pile in enumerate(piles):
            total += len(pile)
            ends.append(total)
            if len(pile) == 1 and empty < 0:
                empty = i

        inside: list[tuple] = []
        emptying: list[tuple] = []
        uncovering: list[tuple] = []
        for j, pile in enumerate(piles):
            if len(pile) == 1:
                continue
            i, at = locate(joined, ends, piles, UNDER[pile[-1]])
            if i < 0:
                continue
            source = piles[i]
            if i == j or at <= source[0] - _HEADER:
                continue
            move = (RUN, i, j, len(source) - at)
            if at > source[0] - _HEADER + 1:
                inside.append(move)
            elif at > 1:
                uncovering.append(move)
            else:
                emptying.append(move)

        if empty >= 0:
            for king in KINGS:
                i, at = locate(joined, ends, piles, king)
                if i < 0:
                    continue
                source = piles[i]
                down = source[0] - _HEADER
                if at > down + 1:
                    inside.append((RUN, i, empty, len(source) - at))
                elif at > down and down:
                    uncovering.append((RUN, i, empty, len(source) - at))

        if reserve:
            card = reserve[-1]
            for j, pile in enumerate(piles):
                if len(pile) > 1 and pile[-1] == ONTO[card]:
                    emptying.append((FROM_RESERVE, j))
            if RANK[card] == KING and empty >= 0:
                emptying.append((FROM_RESERVE, empty))

        uncovering.sort(key=lambda move: piles[move[1]][0])
        return inside + emptying + uncovering

    def after(self, position: tuple, move: tuple, record: list | None = None) -> tuple:
        piles = list(position[0])
        reserve = position[1]
        if move[0] == RUN:
            _, i, j, n = move
            source = piles[i]
            piles[j] += source[-n:]
            piles[i] = _flip(source[:-n])
            touched = (i, j)
            split = (source, n)
        else:
            piles[move[1]] += reserve[-1:]
            reserve = reserve[:-1]
            touched = (move[1],)
            split = None
        return self._settle(piles, reserve, record, touched, split)

    def _settle(
        self,
        piles: list,
        reserve: bytes,
        record: list | None,
        touched: tuple = tuple(range(7)),
        split: tuple | None = None,
    ) -> tuple:
        """Send every complete run on top of a pile to a foundation (see the module docstring).

        A move can only complete a run on the piles it ``touched``. The position carries the
        move's ``split`` when the rules ``watch_splits``.
        """
        for i in touched:
            pile = piles[i]
            while _complete_run(pile):
                if record is not None:
                    record.append(((tuple(piles), reserve), (TO_FOUNDATION, i)))
                pile = _flip(pile[:-RUN_LENGTH])
                piles[i] = pile
        if self.watch_splits:
            return (tuple(piles), reserve, split)
        return (tuple(piles), reserve)

    def notation(self, line: list[tuple]) -> list[str]:
        """The winning ``line`` (from ``self.start``) in SPEC notation, runs going up included."""
        steps: list[tuple] = []
        self._settle(list(self.start[0]), self.start[1], steps)
        position = self.root
        for move in line:
            steps.append((position, move))
            position = self.after(position, move, steps)
        text = []
        for _, move in steps:
            if move[0] == RUN:
                _, i, j, n = move
                text.append(f"t{i + 1}-t{j + 1}" + (f":{n}" if n > 1 else ""))
            elif move[0] == FROM_RESERVE:
                text.append(f"reserve-t{move[1] + 1}")
            else:
                text.append(f"t{move[1] + 1}-f:{RUN_LENGTH}")
        return text
