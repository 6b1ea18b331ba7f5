"""Searches over positions that a game's ``Rules`` describe, and a portfolio that runs several.

A position is an immutable value and ``Rules.key`` names it up to symmetry, so each search expands
a position at most once. A search stops early only when it finds a win, so when a search whose
rules leave out only moves that are provably never needed runs out of positions, the deal is lost.

Depth-first search finds most wins within a few hundred positions but now and then sinks into a
hopeless corner; best-first search avoids the corners but wanders elsewhere. No single search is
good on every deal, so ``run_portfolio`` interleaves several in small slices until one of them
finds a win, the proving one (the one whose rules leave out nothing a win needs) runs out of
positions, or time is up.
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Hashable
from time import perf_counter
from typing import Protocol

WON, UNWINNABLE, UNKNOWN = "won", "unwinnable", "unknown"

# Positions a search expands before the portfolio looks at the clock and lets the next one run:
# small enough to stop within a few milliseconds of the deadline, large enough to cost nothing.
SLICE = 200


class Rules(Protocol):
    """A game as a search sees it: positions, their names, and the moves out of them."""

    def key(self, position: tuple) -> Hashable:
        """The same value for positions that are the same up to symmetry."""

    def moves(self, position: tuple) -> list[tuple]:
        """Moves worth trying from ``position``, the most promising last."""

    def after(self, position: tuple, move: tuple) -> tuple:
        """The position after ``move`` and every safe move it makes automatic."""

    def is_won(self, position: tuple) -> bool: ...

    def score(self, position: tuple) -> int:
        """How far from won ``position`` looks, lower being better (for ``BestFirst`` only)."""


class DepthFirst:
    """Depth-first search trying each position's moves in the order ``Rules.moves`` gives.

    ``cannot_win``, when given, is a proof that a position is lost (it must never call a
    winnable position lost): a position it proves lost is a dead end, whose moves are not tried.
    It is asked only once the search has expanded ``checking_from`` positions: a proof costs
    about as much as a position's moves, and most deals are won, by some search of a portfolio,
    long before a dead end would be worth finding.
    """

    def __init__(
        self,
        rules: Rules,
        root: tuple,
        cannot_win: Callable[[tuple], bool] | None = None,
        checking_from: int = 0,
    ) -> None:
        self.rules = rules
        self.nodes = 0
        self.line: list[tuple] = []
        self.seen = {rules.key(root)}
        self._cannot_win = cannot_win
        self._checking_from = checking_from
        self._moves = rules.moves if cannot_win is None else self._moves_unless_lost
        self._positions = [root]
        self._pending = [self._moves(root)]

    def _moves_unless_lost(self, position: tuple) -> list[tuple]:
        if self.nodes >= self._checking_from and self._cannot_win(position):
            return []
        return self.rules.moves(position)

    def advance(self, budget: int) -> str | None:
        """Expand up to ``budget`` positions (half as many once it looks for dead ends, each
        position then taking about twice the time); the verdict once there is one, else None."""
        key, moves, after, is_won = (
            self.rules.key, self._moves, self.rules.after, self.rules.is_won,
        )  # fmt: skip
        seen, positions, pending, line = self.seen, self._positions, self._pending, self.line
        if self._cannot_win is not None and self.nodes >= self._checking_from:
            budget = max(1, budget // 2)
        stop = self.nodes + budget
        while pending:
            todo = pending[-1]
            if not todo:
                pending.pop()
                positions.pop()
                if line:
                    line.pop()
                continue
            move = todo.pop()
            child = after(positions[-1], move)
            name = key(child)
            if name in seen:
                continue
            seen.add(name)
            self.nodes += 1
            line.append(move)
            if is_won(child):
                return WON
            positions.append(child)
            pending.append(moves(child))
            if self.nodes >= stop:
                return None
        return UNWINNABLE


class BestFirst:
    """Always expands the open position that looks best: lowest ``Rules.score`` plus ``pace``
    times its depth (ties: the newest).

    A ``width`` keeps only that many of each position's best children and forgets the rest (a
    beam, so it may miss wins); ``pace`` makes long detours cost, which keeps the search from
    circling round the stock.
    """

    def __init__(self, rules: Rules, root: tuple, width: int = 0, pace: int = 0) -> None:
        self.rules = rules
        self.width = width
        self.pace = pace
        self.nodes = 0
        self.line: list[tuple] = []
        self.seen = {rules.key(root)}
        # Each generated position's parent and the move that made it, to rebuild the winning line.
        self._links: list[tuple] = [(-1, None)]
        self._open = [(rules.score(root), 0, 0, root)]

    def advance(self, budget: int) -> str | None:
        key, moves, after, is_won, score = (
            self.rules.key, self.rules.moves, self.rules.after, self.rules.is_won, self.rules.score,
        )  # fmt: skip
        seen, links, heap = self.seen, self._links, self._open
        stop = self.nodes + budget
        width, pace = self.width, self.pace
        while heap:
            _, node, depth, position = heapq.heappop(heap)
            depth += 1
            found = {}
            for move in moves(position):
                child = after(position, move)
                name = key(child)
                if name in seen or name in found:
                    continue
                if is_won(child):
                    links.append((-node, move))
                    self.line = self._line(len(links) - 1)
                    return WON
                found[name] = (score(child) + pace * depth, name, move, child)
            children = list(found.values())
            if width:
                children.sort(key=lambda entry: entry[0])
                del children[width:]
            for value, name, move, child in children:
                seen.add(name)
                self.nodes += 1
                links.append((-node, move))
                heapq.heappush(heap, (value, -(len(links) - 1), depth, child))
            if self.nodes >= stop:
                return None
        return UNWINNABLE

    def _line(self, node: int) -> list[tuple]:
        line = []
        while node > 0:
            node, move = self._links[node]
            line.append(move)
        return line[::-1]


def run_portfolio(
    searches: list, deadline: float, proving: object | None, positions: int | None = None
) -> tuple[str, list[tuple], object | None, int]:
    """Interleave ``searches`` until one wins, ``proving`` runs out of positions, the deadline
    passes or, when ``positions`` is given, they have expanded that many positions together.

    Returns the verdict, the winning line, the search that won (None otherwise) and the number of
    positions expanded. Another search running out of positions proves nothing (its rules may
    leave out moves a win needs), so it just drops out.
    """
    active = list(searches)
    while active and perf_counter() < deadline:
        for search in list(active):
            outcome = search.advance(SLICE)
            nodes = sum(s.nodes for s in searches)
            if outcome == WON:
                return WON, search.line, search, nodes
            if outcome == UNWINNABLE:
                if search is proving:
                    return UNWINNABLE, [], None, nodes
                active.remove(search)
            if perf_counter() >= deadline or (positions is not None and nodes >= positions):
                return UNKNOWN, [], None, nodes
    return UNKNOWN, [], None, sum(s.nodes for s in searches)
