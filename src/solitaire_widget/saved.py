"""The list of recorded games (``sw.saved_games()``), newest first."""

from __future__ import annotations

import datetime as dt
import warnings
from dataclasses import dataclass, field
from typing import Any

from .store import GameRecord, recorded_games
from .tables import Table, duration
from .words import variant_label

COLUMNS = ("id", "game", "seed", "moves", "status", "started", "last played", "time played")


@dataclass(frozen=True)
class SavedGame:
    """One recorded game. ``status`` is "playing", "won", "lost" or "abandoned" (left unfinished
    for another game on the same board); ``seconds`` is the time played on the board's clock.
    ``sw.resume(game.id)`` shows it on a board again."""

    id: int
    game: str
    options: dict[str, Any] = field(default_factory=dict)
    seed: int | None = None
    moves: int = 0
    status: str = "playing"
    started: dt.datetime | None = None
    last_played: dt.datetime | None = None
    seconds: float = 0.0
    score: int | None = None
    daily: str | None = None

    @property
    def label(self) -> str:
        return variant_label(self.game, self.options)

    def cells(self) -> list[str]:
        seed = "custom deal" if self.seed is None else str(self.seed)
        if self.daily:
            seed += f" (daily {self.daily})"
        return [
            str(self.id),
            self.label,
            seed,
            str(self.moves),
            self.status,
            _when(self.started),
            _when(self.last_played),
            duration(self.seconds),
        ]


class SavedGames(Table, list[SavedGame]):
    """A list of ``SavedGame``; shows as a table in a notebook."""

    header = COLUMNS
    empty = "No recorded games."


def status_of(record: GameRecord) -> str:
    if record.won_at is not None:
        return "won"
    if record.status == "playing" and record.abandoned_at is not None:
        return "abandoned"
    return record.status


def saved_game(record: GameRecord) -> SavedGame:
    return SavedGame(
        id=record.id,
        game=record.deal.game,
        options=dict(record.deal.options),
        seed=record.deal.seed,
        moves=record.moves,
        status=status_of(record),
        started=_time(record.started),
        last_played=_time(record.last_played),
        seconds=record.seconds,
        score=record.score,
        daily=record.deal.daily,
    )


def saved_games() -> SavedGames:
    """Every game played in a notebook in which a move was made, newest (last played) first
    (the games of the Voilà app's visitors are theirs: see ``solitaire_widget.app``).

    A store that cannot be read gives a warning and an empty list, a row that cannot be read a
    warning naming it; never an error.
    """
    records, notices = recorded_games()
    for notice in notices:
        warnings.warn(notice, RuntimeWarning, stacklevel=2)
    return SavedGames(saved_game(record) for record in records)


def _time(stamp: float | None) -> dt.datetime | None:
    return None if stamp is None else dt.datetime.fromtimestamp(stamp).astimezone()


def _when(moment: dt.datetime | None) -> str:
    return "–" if moment is None else moment.strftime("%Y-%m-%d %H:%M")
