"""The "lost" search for games played by ``TableGame``: the layouts of ``progress.py``, made of
engine copies.

A layout is a copy of the game in a position; a step is a legal move that makes no progress
(``TableGame.makes_progress`` says which do, from the game's declaration). The search walks the
positions such moves reach, bounded by ``progress.POSITION_LIMIT``, and stops at the first
position with a move that makes progress. Slower than the tuned searches of Klondike and
Applegate, but exact for any rules the declaration can say, and most positions are answered
before it runs (``progress.py``'s shortcuts).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..moves import Move
from .layouts import way_to

if TYPE_CHECKING:
    from .table import TableGame


class TableLayouts:
    """``progress.Layouts`` for a ``TableGame``."""

    def __init__(self, game: TableGame) -> None:
        self.root = game.copy()
        self.context = (game.kind, tuple(sorted(game.options.items(), key=str)))
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
        """The layout after ``step`` (a move's notation) where it is legal and makes no
        progress, with whether the layout reached has a move that does; None otherwise."""
        move = Move(step[0])
        if not layout.is_legal(move) or layout.makes_progress(move):
            return None
        after = layout.copy()
        after._push(move, after._plan(move))
        return after, any(after.makes_progress(m) for m in after._legal_now())

    def search(self, limit: int) -> tuple[bool | None, dict, list]:
        """Depth-first over the positions moves without progress reach from the root."""
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
