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

from ..engine.layouts import interchangeable, way_to
from ..moves import COLUMN_OF
from .applegate import BELOW, KINGS, ONTO, RUN_LENGTH
from .applegate_lost import IS_KING, never_progresses

if TYPE_CHECKING:
    from .applegate import ApplegateGame

Layout = tuple[tuple[int, ...], ...]
# Layouts a search walks before it asks for a proof that the game is lost (``search``).
FIRST_LOOK = 8
# A move between layouts, by the cards it concerns: the group from ``card`` up onto the pile whose
# top card is ``onto`` (None: an empty pile).
Step = tuple[str, int, int | None]


def _run_from(card: int) -> tuple[int, ...]:
    run = [card]
    while len(run) < RUN_LENGTH:
        run.append(BELOW[run[-1]])
    return tuple(run)


# RUN_FROM[card]: the finished run whose bottom card is ``card``.
RUN_FROM = tuple(_run_from(card) for card in range(52))


class ApplegateLayouts:
    """The layouts reachable without progress from an Applegate position, and which of them make
    progress. ``context`` names what the answer depends on besides the layout.

    Made after every move that leaves no progress in sight, and most often answered by its
    first look (``progress_near``): it holds only what that look needs, a few small tables; the
    search makes its own."""

    def __init__(self, game: ApplegateGame) -> None:
        up = game.up
        self.root: Layout = tuple(map(tuple, up))
        self.covered = covered = tuple(map(bool, game.down))
        self.reserve = reserve = game.reserve[-1] if game.reserve else None
        self.context = (covered, reserve)
        # A layout's key: the same for layouts that differ only in the order of the piles
        # without face-down cards, which have the same answer.
        self.key = interchangeable(covered)
        # What a card coming to the top of a pile opens (see ``_opens``): the reserve's card
        # goes on it, or a covered pile's lowest face-up card (by the card it builds on, with
        # its pile; moving that card turns a card up, so it stays the same through every
        # layout); and whether a pile falling empty opens anything (a King waiting).
        self.reserve_onto = ONTO[reserve] if reserve is not None else None
        self.bottom_onto = bottom_onto = {}
        king_waits = reserve is not None and IS_KING[reserve]
        for pile, run in enumerate(up):
            if covered[pile]:
                lowest = run[0]
                bottom_onto[ONTO[lowest]] = pile
                king_waits = king_waits or IS_KING[lowest]
        self.king_waits = king_waits
        self._legal = game._legal_now()

    def at_home(self, key: tuple) -> bool:
        """Moves without progress never change the foundations: every layout counts."""
        return True

    def progress_near(self) -> bool:
        """Whether one of the legal moves (none of which makes progress) leads to a move that
        does: the search's first step, taken straight from the game's legal moves, without
        keys or a record of the layouts met. It settles about half the positions that have no
        progress in sight. (All those moves are group moves between piles: a move off the
        reserve or to a foundation is progress.)"""
        root, opens = self.root, self._opens
        for move in self._legal:
            source, target = COLUMN_OF[move.src], COLUMN_OF[move.dst]
            cards = root[source]
            k = len(cards) - move.n
            if opens(cards[:k], root[target] + cards[k:], source, k, target):
                return True
        return False

    def search(self, limit: int, prove: bool = True) -> tuple[bool | None, dict, list]:
        """The depth-first search over the layouts reachable without progress (``progress.py``
        says what it returns), as one loop, the status's hottest: onto each pile's top card
        goes the one face-up card that builds on it (onto an empty pile, any face-up King),
        with the cards above it; the layout it makes is checked only where it changed
        (``_opens``). Not moved: a group onto its own pile, a covered pile's whole face-up part
        (progress, a card turns up), a bare pile's King into an empty pile (the same layout).

        A search that finds no progress meets every layout, the costliest case; most lost
        positions fall to ``never_progresses`` at the cost of a few layouts. Progress is mostly
        found within a few layouts, so the proof is asked for once the search has met
        ``FIRST_LOOK`` of them; when it holds, every layout met is as lost as the root.
        ``prove=False``: the search alone (what the tests hold the proof to)."""
        root, key, covered, opens = self.root, self.key, self.covered, self._opens
        # The face-up card that can go on a top card, by that top card (a card missing here,
        # face-down or in the reserve, never moves without progress); the face-up Kings, which
        # can fill an empty pile. Moves without progress only regroup the face-up cards, so
        # these hold in every layout.
        face_up = set(chain.from_iterable(root))
        builds_on = {ONTO[card]: card for card in face_up}
        kings_up = tuple(card for card in KINGS if card in face_up)
        start = key(root)
        came_from: dict[tuple, tuple[tuple, Step] | None] = {start: None}
        frontier = [(root, start)]
        pop, push = frontier.pop, frontier.append
        bound = min(limit, FIRST_LOOK) if prove else limit
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
                                    if opens(child[pile], child[target], pile, k, target):
                                        return True, came_from, way_to(came_from, there)
                                    if len(came_from) > bound:
                                        if bound == limit:
                                            return None, came_from, []
                                        if never_progresses(root, covered, self.reserve):
                                            return False, came_from, []
                                        bound = limit
                                    push((child, there))
                            break
        return False, came_from, []

    def _opens(
        self, left: tuple[int, ...], landed: tuple[int, ...], source: int, k: int, target: int
    ) -> bool:
        """Whether the layout made by moving pile ``source``'s cards from ``k`` on onto pile
        ``target`` in a layout with no move that makes progress has one; ``left`` and ``landed``
        are the two piles after the move. Only the two piles
        changed, so only what they now show can be new: the card left on top of the source
        (the reserve's card or a covered pile's lowest face-up card may go on it) or the source
        left empty (a King may fill it), the moved cards' top card lying on another pile now (a
        covered pile's lowest card may go on it: in ``layout`` only the source's could, and it
        lay on its own pile), and a finished run on top of either pile."""
        if k:
            card = left[-1]
            if card == self.reserve_onto or self.bottom_onto.get(card, source) != source:
                return True
        elif self.king_waits:
            return True
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

    def replay(self, layout: Layout, step: Step) -> tuple[Layout, bool] | None:
        """The layout after ``step``, and whether it has a move that makes progress (``layout``
        has none: only what changed is looked at), when ``step`` is a legal move without
        progress here; else None. (Plain loops: a replayed way asks this for every step.)"""
        _, card, onto = step
        target = -1
        for pile, run in enumerate(layout):
            if (run[-1] == onto) if run else (onto is None):
                target = pile
                break
        if target < 0:
            return None
        for pile, cards in enumerate(layout):
            if card in cards:
                k = cards.index(card)
                if pile == target or (k == 0 and (self.covered[pile] or onto is None)):
                    return None
                left, landed = cards[:k], layout[target] + cards[k:]
                after = list(layout)
                after[pile], after[target] = left, landed
                return tuple(after), self._opens(left, landed, pile, k, target)
        return None
