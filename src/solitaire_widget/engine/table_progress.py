"""The "lost" search for games played by ``TableGame`` (``progress.py`` says what it is for).

Where the table has no waste, everything but the face-up cards stays put until progress comes:
a card turned up, a run or card sent home, a deal from the stock, each of them progress. So a
layout is just the columns' face-up cards, a tuple of tuples (``layouts.py``), and a step moves
a group from one column to another: cheap to make, cheap to compare, and columns with nothing
face down under them are interchangeable. Spider's searches run here.

A table with a waste (a stock drawn to it) changes the waste and the stock without progress as
well, and a game whose foundations give cards back changes its foundations: there a layout is a
copy of the game itself, slower but exact for any declared rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..moves import Move
from .layouts import Piles, interchangeable, moved, way_to

if TYPE_CHECKING:
    from .table import TableGame

RUN = 13


def layouts_for(game: TableGame) -> ColumnLayouts | CopyLayouts:
    """``progress.Layouts`` for a ``TableGame``: the layouts of its columns where nothing else
    can change without progress, copies of the game where something can."""
    if game._has_waste or game._rules.back_from_foundation:
        return CopyLayouts(game)
    return ColumnLayouts(game)


class ColumnLayouts:
    """Layouts of face-up columns. ``context`` holds what the search never changes (which
    columns are covered, the foundations' tops, whether the stock can still deal), so that
    answers remembered by (context, key) stay true."""

    def __init__(self, game: TableGame) -> None:
        self._game = game
        self.covered = tuple(bool(down) for down in game.down)
        self.root: Piles = tuple(tuple(run) for run in game.up)
        tops = tuple(pile[-1] if pile else -1 for pile in game.foundations)
        self.context = (game.kind, tuple(game.options.items()), self.covered, tops, len(game.stock))
        self._name = interchangeable(self.covered)
        rules = game._rules
        self._deals = bool(game.stock) and rules.stock == "deal"
        self._deal_over_empty = rules.deal_over_empty
        self._runs_home = rules.foundation == "runs"
        self._wants = (
            set()
            if self._runs_home
            else {card for card in range(52) if game._foundation_for(card) is not None}
        )

    def key(self, layout: Piles) -> tuple:
        return self._name(layout)  # type: ignore[return-value]

    def at_home(self, key: tuple) -> bool:
        return True  # the foundations never change without progress: they are in the context

    def progress_near(self) -> bool:
        game = self._game
        return any(game.makes_progress(move) for move in game._legal_now())

    def _steps(self, layout: Piles) -> tuple[bool, list[tuple[int, int, int]]]:
        """Whether ``layout`` has a move that makes progress, and else its quiet steps:
        (source column, index of the first card moved, target column)."""
        game, covered = self._game, self.covered
        if self._deals and (self._deal_over_empty or all(layout)):
            return True, []
        takers, movable_of, empty_takes = game._takers, game._movable, game._empty_takes
        empty = [j for j, run in enumerate(layout) if not run and not covered[j]]
        # Each card some column's top card would take, with those columns.
        wanted: dict[int, list[int]] = {}
        for j, run in enumerate(layout):
            if run:
                for card in takers[run[-1]]:
                    wanted.setdefault(card, []).append(j)
        steps = []
        for i, run in enumerate(layout):
            if not run:
                continue
            if self._runs_home:
                if len(run) >= RUN and game._complete_run(list(run)):
                    return True, []
            elif run[-1] in self._wants:
                return True, []
            for n in range(1, movable_of(list(run)) + 1):
                card = run[-n]
                k = len(run) - n
                targets = [j for j in wanted.get(card, ()) if j != i]
                if empty and empty_takes(card) and not (k == 0 and not covered[i]):
                    targets += empty  # a whole bare column to an empty one changes nothing
                if targets and k == 0 and covered[i]:
                    return True, []  # the column's last face-up cards leave: a card turns up
                steps.extend((i, k, j) for j in targets)
        return False, steps

    def replay(self, layout: Piles, step: tuple) -> tuple[Piles, bool] | None:
        progress, steps = self._steps(layout)
        if progress or step not in steps:
            return None
        source, k, target = step
        after = moved(layout, source, k, target)
        return after, self._steps(after)[0]

    def search(self, limit: int) -> tuple[bool | None, dict, list]:
        """Depth-first over the layouts quiet steps reach from the root."""
        root_key = self.key(self.root)
        came_from: dict[object, tuple | None] = {root_key: None}
        stack = [(self.root, root_key)]
        while stack:
            layout, key = stack.pop()
            progress, steps = self._steps(layout)
            if progress:
                return True, came_from, way_to(came_from, key)
            for step in steps:
                after = moved(layout, *step)
                after_key = self.key(after)
                if after_key in came_from:
                    continue
                came_from[after_key] = (key, step)
                if len(came_from) >= limit:
                    return None, came_from, []
                stack.append((after, after_key))
        return False, came_from, []


class CopyLayouts:
    """Layouts that are copies of the game: a step is a legal move's notation."""

    def __init__(self, game: TableGame) -> None:
        self.root = game.copy()
        self.context = (game.kind, tuple(game.options.items()))
        columns, foundations = len(game.up), len(game.foundations)
        self._home = slice(2 * columns, 2 * columns + foundations)
        self._at_home = self._home_count(self.key(self.root))

    def key(self, layout: TableGame) -> tuple:
        return layout._position_key()

    def _home_count(self, key: tuple) -> int:
        return sum(map(len, key[self._home]))

    def at_home(self, key: tuple) -> bool:
        """Whether a layout holds as many cards home as the search's start."""
        return self._home_count(key) == self._at_home

    def progress_near(self) -> bool:
        root = self.root
        return any(root.makes_progress(move) for move in root._legal_now())

    def replay(self, layout: TableGame, step: tuple) -> tuple[TableGame, bool] | None:
        move = Move(step[0])
        if not layout.is_legal(move) or layout.makes_progress(move):
            return None
        after = layout.copy()
        after._push(move, after._plan(move))
        return after, any(after.makes_progress(m) for m in after._legal_now())

    def search(self, limit: int) -> tuple[bool | None, dict, list]:
        root = self.root
        root_key = self.key(root)
        came_from: dict[tuple, tuple | None] = {root_key: None}
        stack = [(root, root_key)]
        while stack:
            layout, key = stack.pop()
            for move in layout._legal_now():
                if layout.makes_progress(move):
                    return True, came_from, way_to(came_from, key)
                after = layout.copy()
                after._push(move, after._plan(move))
                after_key = self.key(after)
                if after_key in came_from:
                    continue
                came_from[after_key] = (key, (str(move),))
                if len(came_from) >= limit:
                    return None, came_from, []
                stack.append((after, after_key))
        return False, came_from, []
