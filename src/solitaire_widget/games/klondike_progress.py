"""Klondike's positions reachable without progress, for the status search (``progress.py``).

Moves that make no progress in Klondike are draws and recycles, which touch only the stock and
the waste, and moves among the tableau and the foundations that turn no card up and leave the
foundations holding no more than they hold at the start. Neither kind changes what the other
may do, so the positions reachable without progress are every pairing of a *talon state*
(where the stock and waste are split) with a *layout* (the face-up piles and the foundations).
A position makes progress when its layout does (a card turns up, the foundations pass their
start) or when its waste's top card goes somewhere, which depends on the layout and that one
card. So the search walks layouts alone, holding the set of cards the draws and recycles can
ever bring to the top of the waste: at most 25 talon states fold into one set, and a search of
a few hundred layouts decides what took thousands of positions.

A layout is ``(up, heights)``: the face-up cards of each column (tuples) and, per suit, how many
cards its foundation holds (a Klondike foundation is its suit from the Ace up, so its height
says everything and its place among f1-f4 does not matter). Face-down cards never move without
progress, so only which columns have any is kept.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..cards import RANK, SUIT
from ..engine.layouts import interchangeable, moved, way_to
from .klondike import GOES_ON, KINGS

if TYPE_CHECKING:
    from .klondike import KlondikeGame

Layout = tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]
# A move between layouts, by the cards it concerns (so that it can be tried again on another
# position): ("t", card, onto) moves the group from ``card`` up onto the column whose top card
# is ``onto`` (None: an empty column); ("down", card, onto) takes a foundation's top card down;
# ("up", card, None) puts a column's top card on its foundation.
Step = tuple[str, int, int | None]


def talon_tops(game: KlondikeGame) -> frozenset[int]:
    """Every card that draws and recycles can bring to the top of the waste, the one there now
    included. The order of the waste followed by the stock (as drawn) never changes; a pass
    shows every ``draw``-th card of what is left of it, and the last card of a short draw."""
    draw = game.options["draw"]
    drawn = game.stock[::-1]  # in the order the draws turn them
    tops = [game.waste[-1]] if game.waste else []
    for cards in (drawn, game.waste + drawn):  # the rest of this pass, then every later pass
        tops += cards[draw - 1 :: draw]
        if len(cards) % draw:
            tops.append(cards[-1])
    return frozenset(tops)


class KlondikeLayouts:
    """The layouts reachable without progress from a Klondike position, and which of them make
    progress. ``context`` names what the answer depends on besides the layout."""

    def __init__(self, game: KlondikeGame) -> None:
        self.covered = tuple(bool(down) for down in game.down)
        heights = [0, 0, 0, 0]
        for foundation in game.foundations:
            if foundation:
                heights[SUIT[foundation[-1]]] = len(foundation)
        self.home = sum(heights)
        self.talon = talon_tops(game)
        self.root: Layout = (tuple(map(tuple, game.up)), tuple(heights))
        # A covered column's lowest face-up card, by column: moving it turns a card up. It stays
        # the same through every layout (only that move, progress, could change it).
        self.bottoms = [(up[0], i) for i, up in enumerate(game.up) if self.covered[i]]
        self.context = (self.covered, self.talon)
        name = interchangeable(self.covered)
        # A layout's key: the same for layouts that differ only in the order of the columns
        # without face-down cards, which have the same answer.
        self.key = lambda layout: (name(layout[0]), layout[1])

    def at_home(self, key: tuple) -> bool:
        """Whether a layout (by its key) has as many cards on the foundations as the start."""
        return sum(key[1]) == self.home

    def progress_near(self) -> bool:
        """Whether a move some draws and recycles away (a stock card that fits) makes progress:
        the root's own moves are the talon's first state only."""
        return self.progress(self.root)

    def progress(self, layout: Layout) -> bool:
        """Whether some legal move in this layout makes progress: a waste card going anywhere,
        a card turning up, a card to the foundations beyond what they held at the start."""
        up, heights = layout
        wanted = {suit * 13 + height for suit, height in enumerate(heights) if height < 13}
        taken: set[int] = set()  # the cards some column would take
        for run in up:
            if run:
                taken.update(GOES_ON[run[-1]])
            else:  # an empty column has no face-down cards (they would have turned up)
                taken.update(KINGS)
        if not (self.talon.isdisjoint(taken) and self.talon.isdisjoint(wanted)):
            return True
        for card, column in self.bottoms:
            # (A column's top never takes a card from lower in its own alternating run.)
            if card in taken or (card in wanted and len(up[column]) == 1):
                return True
        if sum(heights) == self.home:
            return any(run and run[-1] in wanted for run in up)
        return False

    def search(self, limit: int) -> tuple[bool | None, dict, list]:
        """Depth-first search from ``root`` (which has no move that makes progress) over the
        layouts reachable without progress; ``progress.py`` says what it returns."""
        key, progress = self.key, self.progress
        came_from: dict[tuple, tuple[tuple, Step] | None] = {key(self.root): None}
        frontier = [(self.root, key(self.root))]
        while frontier:
            layout, here = frontier.pop()
            for step, child in self.children(layout):
                there = key(child)
                if there in came_from:
                    continue
                came_from[there] = (here, step)
                if progress(child):
                    return True, came_from, way_to(came_from, there)
                if len(came_from) > limit:
                    return None, came_from, []
                frontier.append((child, there))
        return False, came_from, []

    def children(self, layout: Layout) -> Iterator[tuple[Step, Layout]]:
        """The layouts one move without progress away (moves that make progress are left to
        ``progress``), with the move."""
        up, heights = layout
        covered = self.covered
        where = {card: (column, k) for column, run in enumerate(up) for k, card in enumerate(run)}
        for target, run in enumerate(up):
            onto = run[-1] if run else None
            for card in GOES_ON[onto] if run else KINGS:
                found = where.get(card)
                if found is not None:
                    # (Never from the target column: a run goes down from its bottom card.)
                    column, k = found
                    # Lifting a covered column's whole run turns a card up: progress. A bare
                    # column's King into an empty column gives the same layout.
                    if k == 0 and (covered[column] or not run):
                        continue
                    yield ("t", card, onto), (moved(up, column, k, target), heights)
                elif heights[SUIT[card]] == RANK[card]:  # the card tops its foundation
                    lowered = _with_height(heights, SUIT[card], -1)
                    yield ("down", card, onto), (_placed(up, target, card), lowered)
        if sum(heights) < self.home:  # up to the foundations without passing the start
            for column, run in enumerate(up):
                if run and heights[SUIT[run[-1]]] + 1 == RANK[run[-1]]:
                    if covered[column] and len(run) == 1:
                        continue  # it turns a card up: progress
                    raised = _with_height(heights, SUIT[run[-1]], 1)
                    yield ("up", run[-1], None), (moved(up, column, len(run) - 1, -1), raised)

    def replay(self, layout: Layout, step: Step) -> tuple[Layout, bool] | None:
        """The layout after ``step``, and whether it has a move that makes progress, when
        ``step`` is a legal move without progress here; None when it is not legal here or makes
        progress (a move that makes progress here is one of the layout's progress moves)."""
        after = self._replayed(layout, step)
        return None if after is None else (after, self.progress(after))

    def _replayed(self, layout: Layout, step: Step) -> Layout | None:
        kind, card, onto = step
        up, heights = layout
        if kind == "up":
            column = _top_column(up, card)
            if (
                column < 0
                or heights[SUIT[card]] + 1 != RANK[card]
                or sum(heights) >= self.home
                or (self.covered[column] and len(up[column]) == 1)
            ):
                return None
            raised = _with_height(heights, SUIT[card], 1)
            return moved(up, column, len(up[column]) - 1, -1), raised
        target = _target_column(up, onto, -1)
        if target < 0:
            return None
        if kind == "down":
            if heights[SUIT[card]] != RANK[card]:
                return None
            return _placed(up, target, card), _with_height(heights, SUIT[card], -1)
        for column, run in enumerate(up):
            if card in run:
                k = run.index(card)
                if column == target or (k == 0 and (self.covered[column] or onto is None)):
                    return None
                return moved(up, column, k, target), heights
        return None


def _placed(up: tuple, target: int, card: int) -> tuple:
    piles = list(up)
    piles[target] = up[target] + (card,)
    return tuple(piles)


def _with_height(heights: tuple[int, ...], suit: int, change: int) -> tuple[int, ...]:
    changed = list(heights)
    changed[suit] += change
    return tuple(changed)


def _top_column(up: tuple, card: int) -> int:
    for column, run in enumerate(up):
        if run and run[-1] == card:
            return column
    return -1


def _target_column(up: tuple, onto: int | None, other_than: int) -> int:
    """The column whose top card is ``onto`` (None: the first empty column), or -1."""
    for column, run in enumerate(up):
        if column != other_than and (run[-1] == onto if run else onto is None):
            return column
    return -1
