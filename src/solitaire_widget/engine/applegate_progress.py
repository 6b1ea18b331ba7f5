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

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..cards import KING, RANK
from .applegate import BELOW, KINGS, RUN_LENGTH
from .layouts import interchangeable, moved

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
        self.covered = tuple(bool(down) for down in game.down)
        self.root: Layout = tuple(map(tuple, game.up))
        # The face-up cards: the same in every layout (moves without progress only regroup them).
        self.face_up = frozenset(card for run in game.up for card in run)
        self.reserve = game.reserve[-1] if game.reserve else None
        # A covered pile's lowest face-up card, by pile: moving it turns a card up. It stays the
        # same through every layout (only that move, progress, could change it).
        self.bottoms = [(up[0], pile) for pile, up in enumerate(game.up) if self.covered[pile]]
        self.context = (self.covered, self.reserve)
        # A layout's key: the same for layouts that differ only in the order of the piles
        # without face-down cards, which have the same answer.
        self.key = interchangeable(self.covered)

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

    def children(self, layout: Layout) -> Iterator[tuple[Step, Layout]]:
        """The layouts one move without progress away (moves that make progress are left to
        ``progress``), with the move."""
        covered, face_up = self.covered, self.face_up
        for target, run in enumerate(layout):
            onto = run[-1] if run else None
            for card in (BELOW[onto],) if run else KINGS:
                if card not in face_up:  # (most are not: a quick answer)
                    continue
                for pile, cards in enumerate(layout):
                    if card in cards:
                        k = cards.index(card)
                        # A group never moves onto its own pile. Lifting a covered pile's whole
                        # face-up part turns a card up: progress. A bare pile's King into an
                        # empty pile gives the same layout.
                        if pile != target and not (k == 0 and (covered[pile] or not run)):
                            yield ("t", card, onto), moved(layout, pile, k, target)
                        break

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
