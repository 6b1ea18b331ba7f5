"""Recording a board's game into the local store (``store.py``) as it is played.

The board calls ``Recorder.update`` after every change it syncs to the page. The recorder keeps
what the store holds for its game (the line of moves and the row's revision) and writes only the
difference, in one short transaction. A write that fails or is cut short changes nothing the
recorder believes, so the next one writes everything the store is missing: a board whose store
was locked, full or read-only for a while catches up by itself once the store works again.
"""

from __future__ import annotations

import logging
import time
from pathlib import Path
from typing import Any

from ..engine import GAMES, Game
from ..moves import Move
from ..store import Deal, GameRecord, Progress, StoreUnavailable, open_store, shared_prefix

_log = logging.getLogger(__name__)

# After a failed write the store is left alone for a while (doubling up to the maximum), so a
# locked store does not make every move wait out the busy timeout.
FIRST_RETRY_SECONDS = 2.0
MAX_RETRY_SECONDS = 60.0


def start_of(game: Game) -> dict[str, Any] | None:
    """The position the game's history starts from, or None when that is its seed's deal."""
    state = game.state()
    if "start" in state:
        return state["start"]
    if game.history:
        return None  # a history with no start position is replayed from the seed's deal
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
        self._known: list[Move] = []  # the line the store holds for game_id
        self._known_text: list[str] = []  # the same in notation
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
        self._known = game.history + game.redo_line
        self._known_text = [str(move) for move in self._known]
        # A line the rules cut short when it was replayed is written again whole.
        self._revision = record.revision if self._known_text == record.line else -1
        self._start = game._start
        self._deal = record.deal
        self._started = record.started
        self._written_version = game.version

    def update(self, game: Game, seconds: float, daily: str | None) -> tuple[str, str] | None:
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
        line = game.history + game.redo_line
        shared = shared_prefix(self._known, line)
        text = self._known_text[:shared] + [str(move) for move in line[shared:]]
        progress = Progress(
            line=text,
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
                self._known_text,
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
        self._known, self._known_text = line, text
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
            self._known, self._known_text = [], []
        else:
            self._redeal = self.game_id is not None
        self._start = game._start
        self._deal = Deal(game.kind, game.options, game.seed, start_of(game), daily)
        self._started = time.time()
        self._written_version = -1

    def _failed(self, trouble: str) -> tuple[str, str] | None:
        self._retry_at = time.monotonic() + self._retry_delay
        self._retry_delay = min(self._retry_delay * 2, MAX_RETRY_SECONDS)
        if self._failing:
            return None
        self._failing = True
        return f"Moves are not being saved: {trouble}. Play goes on.", "error"
