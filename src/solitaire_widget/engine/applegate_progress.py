"""Applegate's positions reachable without progress, for the status search (``progress.py``).

In Applegate every move off the reserve, every finished run sent home and every move that lifts
a covered pile's last face-up cards is progress; what is left are moves of groups between piles
that turn nothing up. So the positions reachable without progress differ only in their face-up
piles (a *layout*: one tuple of cards per pile), with the reserve, the foundations and the
face-down cards as they are.

A card goes onto one card only, the one it builds on (``ONTO``: same suit, one rank higher, a
King onto its suit's Ace), or a King into an empty pile; so each layout has at most a move or
two per pile.
"""

from __future__ import annotations

from itertools import chain
from typing import TYPE_CHECKING

from ..cards import KING, RANK
from .applegate import BELOW, KINGS, RUN_LENGTH
from .layouts import interchangeable, moved, way_to

if TYPE_CHECKING:
    from .applegate import ApplegateGame

Layout = tuple[tuple[int, ...], ...]
# A move between layouts, by the cards it concerns: the group from ``card`` up onto the pile whose
# top card is ``onto`` (None: an empty pile).
Step = tuple[str, int, int | None]

# ONTO[card]: the card it builds on.
ONTO = tuple(BELOW.index(card) for card in range(52))


def _run_from(card: int) -> tuple[int, ...]:
    run = [card]
    while len(run) < RUN_LENGTH:
        run.append(BELOW[run[-1]])
    return tuple(run)


# RUN_FROM[card]: the finished run whose bottom card is ``card``.
RUN_FROM = tuple(_run_from(card) for card in range(52))


class ApplegateLayouts:
    """The layouts reachable without progress from an Applegate position, and which of them make
    progress. ``context`` names what the answer depends on besides the layout."""

    def __init__(self, game: ApplegateGame) -> None:
        up = game.up
        self.root: Layout = tuple(map(tuple, up))
        covered = tuple(map(bool, game.down))
        reserve = game.reserve[-1] if game.reserve else None
        # The face-up cards: the same in every layout (moves without progress only regroup
        # them). A covered pile's lowest face-up card, with its pile: moving it turns a card
        # up, so it stays the same through every layout. With the covered piles and the
        # reserve's card they fix everything else here, which the positions between two
        # moves that make progress share: made once for them all.
        face_up = frozenset(chain.from_iterable(up))
        bottoms = tuple((up[pile][0], pile) for pile in range(7) if covered[pile])
        made_from = (covered, reserve, bottoms, face_up)
        made = _MADE.get(made_from)
        if made is None:
            if len(_MADE) >= MADE_LIMIT:
                _MADE.clear()
            made = _MADE[made_from] = _context(covered, reserve, bottoms, face_up)
        self.__dict__.update(made)

    def at_home(self, key: tuple) -> bool:
        """Moves without progress never change the foundations: every layout counts."""
        return True

    def progress(self, layout: Layout) -> bool:
        """Whether some legal move in this layout makes progress: the reserve's card onto a
        pile, a covered pile's face-up cards moved whole (turning a card up), a finished run
        sent home."""
        tops = {run[-1]: pile for pile, run in enumerate(layout) if run}
        empty = len(tops) < 7
        card = self.reserve
        if card is not None and (ONTO[card] in tops or (empty and RANK[card] == KING)):
            return True
        for card, pile in self.bottoms:
            if tops.get(ONTO[card], pile) != pile or (empty and RANK[card] == KING):
                return True
        for run in layout:
            if (
                len(run) >= RUN_LENGTH
                and BELOW[run[-1]] == run[-RUN_LENGTH]  # (a quick test first: see _generate)
                and run[-RUN_LENGTH:] == RUN_FROM[run[-RUN_LENGTH]]
            ):
                return True
        return False

    def search(self, limit: int) -> tuple[bool | None, dict, list]:
        """The depth-first search over the layouts reachable without progress (``progress.py``
        says what it returns), as one loop, the status's hottest: onto each pile's top card
        goes the one face-up card that builds on it (onto an empty pile, any face-up King),
        with the cards above it; the layout it makes is checked only where it changed
        (``_opens``). Not
        moved: a group onto its own pile, a covered pile's whole face-up part (progress, a card
        turns up), a bare pile's King into an empty pile (the same layout)."""
        root, key, covered, opens = self.root, self.key, self.covered, self._opens
        builds_on, kings_up = self.builds_on, self.kings_up
        came_from: dict[tuple, tuple[tuple, Step] | None] = {key(root): None}
        frontier = [(root, key(root))]
        pop, push = frontier.pop, frontier.append
        while frontier:
            layout, here = pop()
            for target, run in enumerate(layout):
                if run:
                    onto = run[-1]
                    card = builds_on.get(onto)
                    if card is None:
                        continue
                    cards: tuple[int, ...] = (card,)
                else:
                    onto, cards = None, kings_up
                for card in cards:
                    for pile, source in enumerate(layout):
                        if card in source:
                            k = source.index(card)
                            if pile != target and not (k == 0 and (covered[pile] or not run)):
                                child = list(layout)
                                child[pile] = source[:k]
                                child[target] = run + source[k:]
                                child = tuple(child)
                                there = key(child)
                                if there not in came_from:
                                    came_from[there] = (here, ("t", card, onto))
                                    if opens(child, pile, k, target):
                                        return True, came_from, way_to(came_from, there)
                                    if len(came_from) > limit:
                                        return None, came_from, []
                                    push((child, there))
                            break
        return False, came_from, []

    def _opens(self, child: Layout, source: int, k: int, target: int) -> bool:
        """Whether ``child``, made by moving pile ``source``'s cards from ``k`` on onto pile
        ``target`` in a layout with no move that makes progress, has one. Only the two piles
        changed, so only what they now show can be new: the card left on top of the source
        (the reserve's card or a covered pile's lowest face-up card may go on it) or the source
        left empty (a King may fill it), the moved cards' top card lying on another pile now (a
        covered pile's lowest card may go on it: in ``layout`` only the source's could, and it
        lay on its own pile), and a finished run on top of either pile."""
        left = child[source]
        if k:
            card = left[-1]
            if card == self.reserve_onto or self.bottom_onto.get(card, source) != source:
                return True
        elif self.king_waits:
            return True
        landed = child[target]
        if self.bottom_onto.get(landed[-1], target) != target:
            return True
        for run in (landed, left):
            if (
                len(run) >= RUN_LENGTH
                and BELOW[run[-1]] == run[-RUN_LENGTH]
                and run[-RUN_LENGTH:] == RUN_FROM[run[-RUN_LENGTH]]
            ):
                return True
        return False

    def replay(self, layout: Layout, step: Step) -> Layout | None:
        """The layout after ``step`` when it is a legal move without progress here, else None."""
        _, card, onto = step
        target = next(
            (pile for pile, run in enumerate(layout) if (run[-1] == onto if run else onto is None)),
            -1,
        )
        if target < 0:
            return None
        for pile, cards in enumerate(layout):
            if card in cards:
                k = cards.index(card)
                if pile == target or (k == 0 and (self.covered[pile] or onto is None)):
                    return None
                return moved(layout, pile, k, target)
        return None


def _context(
    covered: tuple[bool, ...],
    reserve: int | None,
    bottoms: tuple[tuple[int, int], ...],
    face_up: frozenset[int],
) -> dict[str, object]:
    """``ApplegateLayouts``' attributes besides the root: what every layout of one search
    shares."""
    return {
        "covered": covered,
        "reserve": reserve,
        "face_up": face_up,
        "bottoms": bottoms,
        "context": (covered, reserve),
        # What a card coming to the top of a pile opens (see ``_opens``): the reserve's card
        # goes on it, or a covered pile's lowest face-up card (by the card it builds on, with
        # its pile); and whether a pile falling empty opens anything (a King waiting).
        "reserve_onto": ONTO[reserve] if reserve is not None else None,
        "bottom_onto": {ONTO[card]: pile for card, pile in bottoms},
        "king_waits": any(
            RANK[card] == KING
            for card in (reserve, *(card for card, _ in bottoms))
            if card is not None
        ),
        # A layout's key: the same for layouts that differ only in the order of the piles
        # without face-down cards, which have the same answer.
        "key": interchangeable(covered),
        # For the search's inner loop: the face-up card that can go on a top card, by that top
        # card (a card missing here, face-down or in the reserve, never moves without
        # progress); the face-up Kings, which can fill an empty pile.
        "builds_on": {ONTO[card]: card for card in face_up},
        "kings_up": tuple(card for card in KINGS if card in face_up),
    }


# ``_context``'s answers by its arguments (which are all it reads, so they hold for any game);
# forgotten past MADE_LIMIT.
MADE_LIMIT = 256
_MADE: dict[tuple, dict[str, object]] = {}
