"""Recording a board's game into the local store (``store.py``) as it is played.

The board calls ``Recorder.update`` after every change it syncs to the page. The recorder keeps
what the store holds for its game (the line of moves and the row's revision) and writes only the
difference, in one short transaction. It finds the difference without reading the whole line: the
line (the history, then the redo line) changes only where a new move cuts it, and the engine notes
every cut (``Game._line_cuts``), so a move costs the same at ply 10 and at ply 100,000.

A write that fails or is cut short changes nothing the recorder believes, so the next one writes
everything the store is missing: a board whose store was locked, full or read-only for a while
catches up by itself once the store works again.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, overload

from ..engine import GAMES, Game
from ..store import Deal, GameRecord, Progress, StoreUnavailable, open_store

_log = logging.getLogger(__name__)

# After a failed write the store is left alone for a while (doubling up to the maximum), so a
# locked store does not make every move wait out the busy timeout.
FIRST_RETRY_SECONDS = 2.0
MAX_RETRY_SECONDS = 60.0


def start_of(game: Game) -> dict[str, Any] | None:
    """The position the game's history starts from, or None when that is its seed's deal."""
    if game.moves:
        # a history with no start position is replayed from the seed's deal
        return game._start_state()
    state = game.state()
    if game.seed is not None:
        dealt = GAMES[game.kind](game.seed, **game.options).state()
        if dealt == state:
            return None
    return state


class Recorder:
    """Keeps one board's game in the store at ``path``; ``path`` None records nothing."""

    def __init__(self, path: Path | None) -> None:
        self.path = path
        self.game_id: int | None = None
        self._revision = 0
        self._known: list[str] = []  # the line the store holds for game_id, in notation
        self._cuts_seen = 0  # how many of the game's line cuts ``_known`` already follows
        self._start: object = None  # the engine's start position of the game being recorded
        self._deal: Deal | None = None
        self._redeal = False
        self._started = 0.0
        self._leaving: int | None = None
        self._written_version = -1
        self._retry_at = 0.0
        self._retry_delay = FIRST_RETRY_SECONDS
        self._failing = False

    def has_saved(self, game: Game) -> bool:
        """Whether the store holds ``game`` exactly as it stands."""
        return self._start is game._start and self._written_version == game.version

    def continue_game(self, game: Game, record: GameRecord) -> None:
        """Carry on recording ``record``'s row, which ``game`` was rebuilt from (``resume``)."""
        self.game_id = record.id
        self._known = list(map(str, game.history + game.redo_line))
        self._cuts_seen = len(game._line_cuts)
        # A line the rules cut short when it was replayed is written again whole.
        self._revision = record.revision if self._known == record.line else -1
        self._start = game._start
        self._deal = record.deal
        self._started = record.started
        self._written_version = game.version

    def update(
        self, game: Game, seconds: float | None, daily: str | None
    ) -> tuple[str, str] | None:
        """Write what changed since the last write. Returns a notice for the player and its
        kind ("info" or "error"), or None."""
        if self.path is None:
            return None
        # A new deal, a restart or a switch of game all give the engine a new start position.
        # (``_start`` is the engine's; identity is what tells a new attempt from an undo.)
        if game._start is not self._start:
            self._begin(game, daily)
        elif game.version == self._written_version:
            return None
        if time.monotonic() < self._retry_at:
            return None
        assert self._deal is not None
        keep, tail = self._changes(game)
        progress = Progress(
            line=Line(self._known, keep, tail),
            moves=game.moves,
            status=game.status,
            score=game.score,
            seconds=seconds,
        )
        try:
            store = open_store(self.path)
            self.game_id, self._revision = store.record(
                self.game_id,
                self._revision,
                keep,
                len(self._known),
                self._deal,
                self._redeal,
                self._started,
                progress,
                self._leaving,
            )
        except Exception as error:  # the store must never stop play
            if not isinstance(error, StoreUnavailable):
                _log.exception("solitaire_widget: recording the game failed")
            return self._failed(str(error) if isinstance(error, StoreUnavailable) else repr(error))
        del self._known[keep:]
        self._known += tail
        self._cuts_seen = len(game._line_cuts)
        self._written_version = game.version
        self._redeal = False
        self._leaving = None
        notices = store.take_notices()
        if self._failing:
            self._failing = False
            self._retry_delay = FIRST_RETRY_SECONDS
            notices.append("The game store works again: every move is saved.")
        return (" ".join(notices), "info") if notices else None

    def _begin(self, game: Game, daily: str | None) -> None:
        """Start recording a new game: a new row, or the current one when no move was made in it
        (a deal dealt again before any move need not leave a row behind)."""
        if self._known:
            self._leaving = self.game_id
            self.game_id = None
            self._revision = 0
            self._known = []
        else:
            self._redeal = self.game_id is not None
        self._start = game._start
        self._cuts_seen = len(game._line_cuts)
        self._deal = Deal(game.kind, game.options, game.seed, start_of(game), daily)
        self._started = time.time()
        self._written_version = -1

    def _changes(self, game: Game) -> tuple[int, list[str]]:
        """How many leading plies of the game's line the store holds already, and the plies
        after them in notation. Only a cut made since the last write (or a line shorter than
        the store's) can end the shared part before the store's line ends; undo and redo move
        plies between the history and the redo line without changing the line."""
        keep = min([len(self._known), *game._line_cuts[self._cuts_seen :]])
        history, redo = game._history, game._redo_stack
        moves, length = len(history), len(history) + len(redo)
        keep = min(keep, length)
        if keep < moves:
            return keep, [*map(str, history[keep:]), *map(str, reversed(redo))]
        # ply ``i`` from ``moves`` on is ``redo[length - 1 - i]`` (the next redo is last)
        return keep, list(map(str, redo[length - 1 - keep :: -1])) if keep < length else []

    def _failed(self, trouble: str) -> tuple[str, str] | None:
        self._retry_at = time.monotonic() + self._retry_delay
        self._retry_delay = min(self._retry_delay * 2, MAX_RETRY_SECONDS)
        if self._failing:
            return None
        self._failing = True
        return f"Moves are not being saved: {trouble}. Play goes on.", "error"


class Line(Sequence[str]):
    """A line of moves in notation: the first ``keep`` plies of ``known`` followed by ``tail``.
    Nothing is copied until read, and the store reads only the plies it writes (``line[keep:]``,
    unless the row changed under the board), so a write costs what changed, not the game's
    length."""

    def __init__(self, known: list[str], keep: int, tail: list[str]) -> None:
        self._known, self._keep, self._tail = known, keep, tail

    def __len__(self) -> int:
        return self._keep + len(self._tail)

    @overload
    def __getitem__(self, index: int) -> str: ...
    @overload
    def __getitem__(self, index: slice) -> list[str]: ...
    def __getitem__(self, index: int | slice) -> str | list[str]:
        keep = self._keep
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self))
            if step != 1:
                return [self[i] for i in range(start, stop, step)]
            head = self._known[start : min(stop, keep)]
            return head + self._tail[max(start - keep, 0) : max(stop - keep, 0)]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError("ply out of range")
        return self._known[index] if index < keep else self._tail[index - keep]
