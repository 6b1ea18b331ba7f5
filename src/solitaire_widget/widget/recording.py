"""Recording a board's game into the local store (``store.py``) as it is played.

The board calls ``Recorder.update`` after every change it syncs to the page. The recorder keeps
what the store holds for its game (the line of moves and the row's revision) and writes only the
difference, in one short transaction, to the row its game's token names. It finds the difference
without reading the whole line: the line (the history, then the redo line) changes only where a
new move cuts it, and the engine notes every cut (``Game._line_cuts``), so a move costs the same
at ply 10 and at ply 100,000.

A write that fails or is cut short changes nothing the recorder believes, so the next one writes
everything the store is missing: a board whose store was locked, full or read-only for a while
catches up by itself once the store works again. A KeyboardInterrupt may land between any two
bytecodes of the recorder: what it knows changes in steps that each leave it true, or that
mark it unknown until the last one (see ``_Held``).
"""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, overload

from ..engine import Game
from ..games import GAMES
from ..store import (
    NO_VISITOR,
    Attempt,
    Deal,
    GameRecord,
    Progress,
    StoreUnavailable,
    new_token,
    open_store,
)

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


# The games left for another on one board whose row is still to be marked abandoned (they pile
# up only while the store fails).
MOST_PREVIOUS = 16


@dataclass
class _Held:
    """What the recorder knows of the row of the game it records.

    A new game gets a new ``_Held``, put in place by one assignment, so an interrupt (Ctrl-C)
    leaves the recorder on the old game or on the new one, never on a mix of the two (a new
    deal's start with the old deal). ``revision`` is None while the rest may not be what the
    store holds (before the first write, and while the bookkeeping after a write is under
    way): the next write then sends the whole line and deal."""

    start: object  # the engine's start position; identity tells a new attempt from an undo
    attempt: Attempt
    previous: tuple[str, ...]  # the tokens of the games left for this one (see store.record)
    game_id: int | None = None
    revision: int | None = None
    known: list[str] = field(default_factory=list)  # the line the row holds, in notation
    cuts_seen: int = 0  # how many of the game's line cuts ``known`` already follows
    written_version: int = -1


class Recorder:
    """Keeps one board's game in the store at ``path``; ``path`` None records nothing.

    ``player`` is whose games the board records: None for a notebook's player, a visitor's
    token in the app, ``NO_VISITOR`` for a visitor whose browser keeps no token (nothing is
    recorded for them)."""

    def __init__(self, path: Path | None, player: str | None = None) -> None:
        self.path = None if player == NO_VISITOR else path
        self.player = player
        self._held: _Held | None = None
        self._retry_at = 0.0
        self._retry_delay = FIRST_RETRY_SECONDS
        self._failing = False

    @property
    def game_id(self) -> int | None:
        return None if self._held is None else self._held.game_id

    def has_saved(self, game: Game) -> bool:
        """Whether the store holds ``game`` exactly as it stands."""
        held = self._held
        return (
            held is not None and held.start is game._start and held.written_version == game.version
        )

    def continue_game(self, game: Game, record: GameRecord) -> None:
        """Carry on recording ``record``'s row, which ``game`` was rebuilt from (``resume``).
        A row with no token (a store opened read-only, unmigrated) goes on in a new row."""
        known = list(map(str, game.history + game.redo_line))
        self.player = record.player
        attempt = Attempt(record.token or new_token(), record.deal, record.started, record.player)
        self._held = _Held(
            start=game._start,
            attempt=attempt,
            previous=(),
            game_id=record.id,
            # A line the rules cut short when it was replayed is written again whole.
            revision=record.revision if known == record.line and record.token else None,
            known=known,
            cuts_seen=len(game._line_cuts),
            written_version=game.version,
        )

    def update(
        self, game: Game, seconds: float | None, daily: str | None
    ) -> tuple[str, str] | None:
        """Write what changed since the last write. Returns a notice for the player and its
        kind ("info" or "error"), or None."""
        if self.path is None:
            return None
        held = self._held
        # A new deal, a restart or a switch of game all give the engine a new start position.
        if held is None or game._start is not held.start:
            held = self._begin(game, daily)
        elif game.version == held.written_version:
            return None
        if time.monotonic() < self._retry_at:
            return None
        if held.revision is None:
            keep, tail = 0, [*map(str, game._history), *map(str, reversed(game._redo_stack))]
        else:
            keep, tail = self._changes(game, held)
        progress = Progress(
            line=Line(held.known, keep, tail),
            moves=game.moves,
            status=game.status,
            score=game.score,
            seconds=seconds,
        )
        try:
            store = open_store(self.path)
            game_id, revision = store.record(
                held.attempt, held.revision, keep, len(held.known), progress, held.previous
            )
        except Exception as error:  # the store must never stop play
            if not isinstance(error, StoreUnavailable):
                _log.exception("solitaire_widget: recording the game failed")
            return self._failed(str(error) if isinstance(error, StoreUnavailable) else repr(error))
        # Until the last line, what ``held`` says may be half old, half new: unknown.
        held.revision = None
        held.game_id = game_id
        del held.known[keep:]
        held.known += tail
        held.cuts_seen = len(game._line_cuts)
        held.written_version = game.version
        held.previous = ()
        held.revision = revision
        notices = store.take_notices()
        if self._failing:
            self._failing = False
            self._retry_delay = FIRST_RETRY_SECONDS
            notices.append("The game store works again: every move is saved.")
        return (" ".join(notices), "info") if notices else None

    def _begin(self, game: Game, daily: str | None) -> _Held:
        """Start recording a new game (a new deal, a restart, a switch of game): a new token,
        and the game shown before left behind (see ``store.record``'s ``previous``)."""
        before = self._held
        previous = () if before is None else (*before.previous, before.attempt.token)
        deal = Deal(game.kind, game.options, game.seed, start_of(game), daily)
        held = _Held(
            start=game._start,
            attempt=Attempt(new_token(), deal, time.time(), self.player),
            previous=previous[-MOST_PREVIOUS:],
            cuts_seen=len(game._line_cuts),
        )
        self._held = held
        return held

    def _changes(self, game: Game, held: _Held) -> tuple[int, list[str]]:
        """How many leading plies of the game's line the store holds already, and the plies
        after them in notation. Only a cut made since the last write (or a line shorter than
        the store's) can end the shared part before the store's line ends; undo and redo move
        plies between the history and the redo line without changing the line."""
        keep = min([len(held.known), *game._line_cuts[held.cuts_seen :]])
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
