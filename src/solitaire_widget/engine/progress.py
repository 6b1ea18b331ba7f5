"""Can the game still make progress? The search behind ``status == "lost"``.

SPEC.md calls a game lost when no sequence of moves can make progress: a card turning face-up,
a card leaving the stock, waste or reserve for the tableau or a foundation, or the foundations
growing beyond what they hold now. Moves that make no progress (drawing, recycling, shuffling
runs, taking a card down from a foundation) lead to finitely many positions, so a search over
them decides the question. The search is bounded: when it is cut off the answer is "unknown"
and the game stays "playing", because a game that can still progress must never be called lost.

``status`` answers for ``Game.status`` after every move, and nearly always without searching.
Each shortcut below gives exactly the answer of the plain search (``tests/test_status_search.py``
compares them with a plain search by the rules' words over random games of all three variants):

1. *A legal move makes progress*: "playing", by definition.
2. *After a move from a position whose status is known.* Write P for the position before the
   move, P' after it, and "quiet" for a move that makes no progress.
   - P lost, and the move takes no card off a foundation: P' is lost. The move was quiet (P has
     no other kind) and left the foundations as they were, so every position quiet moves reach
     from P' is one they reach from P, and none of those can progress.
   - P playing, and the move was quiet, left the foundations as they were and can be undone by
     quiet moves (a run that can move straight back, a recycle, a draw whose cycle of draws and
     recycles comes back to P): P' is playing. From P' quiet moves lead back to P and on
     along P's way to progress.
3. *A move that makes progress a few quiet moves away* (Klondike: a stock card that draws
   bring up and that fits somewhere; Applegate: after one of the legal moves):
   "playing", before anything is looked up.
4. *A position met before* in this game is answered from the game's memory of earlier searches.
   A search that finds progress remembers every position on its way there (each of them can
   follow the same way); one that finds none remembers every position it met that holds as
   many cards on the foundations as its start (their quiet moves are the start's, so they
   reach nothing new). A position it met with fewer is not remembered: there, putting the
   card back counts as progress.
5. *The way the last search found progress*, tried again from here: when its moves, made where
   they are legal here and passed over where not, lead to a move that makes progress, that is
   an answer, whatever the rest.
6. Otherwise a depth-first search over the layouts reachable without progress
   (``klondike_progress.py``, ``applegate_progress.py``: why they are enough is said there),
   checking each new layout for a move that makes progress as it is met (Applegate's asks,
   after a few layouts, for a proof that nothing can progress: ``applegate_lost.py``, which
   spares it walking every layout of most lost games). It returns the answer;
   every layout met, by key, with the key of the layout it was met from and the step that led
   there (the root: None); and, when progress was found, the way there (``layouts.way_to``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from ..moves import COLUMN_OF, Move, group_move

if TYPE_CHECKING:
    from .base import Game

POSITION_LIMIT = 10_000
# Layouts a game remembers the answer for; past this it starts again.
MEMORY_LIMIT = 20_000
# A search that finds no progress remembers what it met only up to this many layouts: the
# answer for its start is what matters most.
REMEMBERED_PER_SEARCH = 5_000


class Layouts(Protocol):
    """What ``KlondikeLayouts`` and ``ApplegateLayouts`` give ``_decide``."""

    root: object
    context: object

    def key(self, layout: object) -> tuple: ...
    def at_home(self, key: tuple) -> bool: ...
    def progress_near(self) -> bool: ...
    def replay(self, layout: object, step: tuple) -> tuple[object, bool] | None: ...
    def search(self, limit: int) -> tuple[bool | None, dict, list]: ...


def status(game: Game, legal: list[Move]) -> str:
    """``game.status`` worked out for a game not won (``legal``: its legal moves), taking every
    shortcut above."""
    if any_progress(game, legal):
        return "playing"
    before = game._status if game._status_version == game._version - 1 else None
    last = game._last_move
    if before is not None and last is not None and last[0] == game._version:
        _, move, record = last
        if before == "lost" and move.src[0] != "f":
            return "lost"
        if before == "playing" and _undone_quietly(game, move, record, legal):
            return "playing"
    limit = game.definition.status_positions or POSITION_LIMIT
    return "lost" if _decide(game, limit) is False else "playing"


def _decide(game: Game, limit: int) -> bool | None:
    """For a position with no legal move that makes progress: True when some sequence of moves
    makes progress, False when none can, None when the search met ``limit`` layouts without
    deciding. From the talon, the game's memory, the way the last search found, or a search.

    The search works on layouts of its own: the game itself is never touched, so an
    interrupted search (Ctrl-C while the board asks for its status) cannot change it."""
    layouts: Layouts = _layouts_of(game)(game)
    memory, context, root = game._progress_memory, layouts.context, layouts.root
    if layouts.progress_near():
        return True
    known = memory.get((context, layouts.key(root)))
    if known is not None:
        return known
    if _replays(layouts, root, game._progress_way):
        return True
    found, came_from, way = layouts.search(limit)
    if len(memory) > MEMORY_LIMIT:
        memory.clear()
    if found:
        game._progress_way = [step for step, _ in way]
        memory.update(((context, key), True) for _, key in way)
        memory[context, layouts.key(root)] = True
    elif found is False:
        met = came_from if len(came_from) <= REMEMBERED_PER_SEARCH else [layouts.key(root)]
        memory.update(((context, key), False) for key in met if layouts.at_home(key))
    return found


def _replays(layouts: Layouts, layout: object, way: list[tuple]) -> bool:
    """Whether the moves of ``way``, made from ``layout`` where they are legal and make no
    progress and passed over where not, come to a layout with a move that makes progress
    (``layout`` has none). Passing over a move keeps the rest a sequence of legal moves without
    progress, so progress met on the way is progress ``layout`` can reach; a way often still
    works past a move that went elsewhere (the move just made was one of its own, or took a card
    it wanted later)."""
    for step in way:
        after = layouts.replay(layout, step)
        if after is not None:
            layout, progress = after
            if progress:
                return True
    return False


def any_progress(game: Game, legal: list[Move]) -> bool:
    """Whether one of the legal moves ``legal`` makes progress: a card leaves the waste or the
    reserve, a card goes to a foundation (which then holds more than now), or a move lifts all
    of a column's face-up cards and so turns a card up. Written as one loop with no call a move:
    the status asks it after every move."""
    up, down = game.up, game.down
    for move in legal:
        src, dst = move.src, move.dst
        if src == "waste" or src == "reserve":
            if dst != "stock":
                return True
        elif dst[0] == "f":
            return True
        elif src[0] == "t":
            column = COLUMN_OF[src]
            if move.n == len(up[column]) and down[column]:
                return True
    return False


def _layouts_of(game: Game) -> Callable[[Game], Layouts]:
    """The class of a game's layouts (``Game.layouts``, which imports the game's search module
    when first asked), kept by game class: asking the class on every call costs more than a
    lookup."""
    kind = type(game)
    layouts = _LAYOUTS.get(kind)
    if layouts is None:
        layouts = _LAYOUTS[kind] = kind.layouts()
    return layouts


_LAYOUTS: dict[type, Callable[[Game], Layouts]] = {}


def _undone_quietly(game: Game, move: Move, record: tuple, legal: list[Move]) -> bool:
    """Whether ``move``, just made with undo record ``record``, made no progress, left the
    foundations as they were, and quiet moves lead from here back to where it was made
    (``legal``: the legal moves here)."""
    src, dst = move.src, move.dst
    if src == "waste" and dst == "stock":  # a recycle: drawing the whole stock comes back
        return True
    if src == "stock":
        return game._draw_comes_round(record)
    if src[0] == "t" and dst[0] == "t" and not record[2]:  # a run moved, nothing turned up
        # Legal when listed among the legal moves (every one of them once): both games hand
        # out the one ``group_move`` object of each move between columns, so a look by
        # identity finds it, without checking the move at length.
        reverse = group_move(dst, src, move.n)
        for legal_move in legal:
            if legal_move is reverse:
                return True
    return False
