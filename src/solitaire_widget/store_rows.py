"""A row of the game store read back, every field checked: the file is input from outside (a
hand-edited or damaged store, or one another program wrote).

SQLite keeps whatever a value was given in any column: text in a number column, inf, integers
up to 2**63, blobs, JSON nested a hundred thousand levels deep. A row that does not hold what
``store.py`` writes raises ``BadRow``, whose reason names the field ("its time played is inf,
not a number of seconds"); readers skip that row with one notice naming it and read the rest.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from .games import GAMES
from .shape import Limits, brief, parse_json_text
from .state import STATE_LIMITS, read_options

# The columns a read selects, in the order ``game_record`` takes them.
NAMES = (
    "id", "token", "player", "game", "options", "seed", "start", "daily", "status", "moves",
    "score", "seconds", "started", "last_played", "won_at", "win_moves", "win_seconds",
    "win_score", "abandoned_at", "revision",
)  # fmt: skip
# A token names a row (every write finds its row by it) or a visitor of the app: 128 random
# bits as 32 hexadecimal digits.
TOKEN = re.compile(r"[0-9a-f]{32}")
# Times (seconds since 1970) up to the year 3000: every reader can show them as dates.
LATEST_TIME = 32_503_680_000.0
# Move counts and scores beyond this belong to no game (and JavaScript holds them exactly).
LARGEST_COUNT = 2**53
STATUSES = ("playing", "won", "lost")
_OPTIONS_LIMITS = Limits(depth=1, containers=1, items=8, text=16, size=200)
_SEED = re.compile(r"[0-9]{1,20}")
T = TypeVar("T")


@dataclass(frozen=True)
class Deal:
    """What a recorded game starts from: its seed's deal, or ``start``, a position in the state
    format (a ``from_deal`` game, a loaded position)."""

    game: str
    options: dict[str, Any]
    seed: int | None
    start: dict[str, Any] | None = None
    daily: str | None = None


@dataclass(frozen=True)
class GameRecord:
    """One recorded game as the store holds it. ``token`` names its row in every write;
    ``player`` is None for a game played in a notebook, else the app's visitor's token."""

    id: int
    deal: Deal
    line: list[str]
    moves: int
    status: str
    score: int | None
    seconds: float
    started: float
    last_played: float | None
    won_at: float | None
    win_moves: int | None
    win_seconds: float | None
    win_score: int | None
    abandoned_at: float | None
    revision: int | None
    token: str | None = None
    player: str | None = None


class BadRow(ValueError):
    """A row that does not hold what the store writes; ``reason`` says which field and why."""

    def __init__(self, game_id: object, reason: str) -> None:
        super().__init__(f"game {brief(game_id)}: {reason}")
        self.game_id, self.reason = game_id, reason

    def skipped(self) -> str:
        return f"game {brief(self.game_id)} is skipped: {self.reason}"

    def not_resumed(self) -> str:
        return f"game {brief(self.game_id)} cannot be resumed: {self.reason}"


class _Bad(ValueError):
    pass


def game_record(row: tuple[Any, ...], line: list[str], tokened: bool = True) -> GameRecord:
    """The row (the columns of ``NAMES``) as a ``GameRecord``, or ``BadRow``. ``tokened``: the
    store gives every row a token (all but a read-only store written before tokens), so a row
    without one was edited by hand, and a board resumed from it would write to a new row."""
    fields = dict(zip(NAMES, row, strict=True))
    try:
        if tokened and fields["token"] is None:
            raise _Bad("it has no token, which names its row in every write")
        return _checked(fields, line)
    except _Bad as bad:
        raise BadRow(fields["id"], str(bad)) from None


def _checked(row: dict[str, Any], line: list[str]) -> GameRecord:
    game = row["game"]
    if not isinstance(game, str) or game not in GAMES:
        raise _Bad(f"its game is {brief(game)}, which this version does not know")
    try:
        text = _text(row["options"], "options are")
        options = parse_json_text(text, _OPTIONS_LIMITS, "its options")
        options = read_options(game, options, "its options: ")
    except ValueError as error:
        raise _Bad(str(error)) from None
    seed, start = _seed(row["seed"]), _start(row["start"])
    if seed is None and start is None:
        raise _Bad("it has neither a seed nor a start position to deal from")
    return GameRecord(
        id=row["id"],
        deal=Deal(game, options, seed, start, _daily(row["daily"])),
        line=line,
        moves=_count(row["moves"], "move count"),
        status=_status(row["status"]),
        score=_score(row["score"], "score"),
        seconds=_seconds(row["seconds"], "time played"),
        started=_time(row["started"], "start time"),
        last_played=_maybe(_time, row["last_played"], "last played time"),
        won_at=_maybe(_time, row["won_at"], "time won"),
        win_moves=_maybe(_count, row["win_moves"], "move count when won"),
        win_seconds=_maybe(_seconds, row["win_seconds"], "time played when won"),
        win_score=_score(row["win_score"], "score when won"),
        abandoned_at=_maybe(_time, row["abandoned_at"], "time abandoned"),
        # The writes' own count: one that is not is not the player's concern, and the next
        # write (which finds it changed) puts the whole game in the row again.
        revision=row["revision"] if type(row["revision"]) is int else None,
        token=_token(row["token"], "token"),
        player=_token(row["player"], "player's token"),
    )


def _text(value: Any, what: str) -> str:
    if not isinstance(value, str):
        raise _Bad(f"its {what} {brief(value)}, not text")
    return value


def _maybe(check: Callable[[Any, str], T], value: Any, what: str) -> T | None:
    """``check`` for a field that may be empty (NULL)."""
    return None if value is None else check(value, what)


def _time(value: Any, what: str, kind: str = "a time") -> float:
    # nan fails the comparison too
    if type(value) not in (int, float) or not 0 <= value <= LATEST_TIME:
        raise _Bad(f"its {what} is {brief(value)}, not {kind}")
    return float(value)


def _seconds(value: Any, what: str) -> float:
    return _time(value, what, "a number of seconds")


def _count(value: Any, what: str) -> int:
    if type(value) is not int or not 0 <= value <= LARGEST_COUNT:
        raise _Bad(f"its {what} is {brief(value)}, not a count")
    return value


def _score(value: Any, what: str) -> int | None:
    if value is not None and (type(value) is not int or abs(value) > LARGEST_COUNT):
        raise _Bad(f"its {what} is {brief(value)}, not a score")
    return value


def _status(value: Any) -> str:
    if not isinstance(value, str) or value not in STATUSES:
        raise _Bad(f"its status is {brief(value)}, not one of {', '.join(STATUSES)}")
    return value


def _seed(value: Any) -> int | None:
    if value is None:
        return None
    if not isinstance(value, str) or not _SEED.fullmatch(value) or int(value) >= 2**64:
        raise _Bad(f"its seed is {brief(value)}, not a number from 0 to 2**64-1")
    return int(value)


def _start(value: Any) -> dict[str, Any] | None:
    if value is None:
        return None
    try:
        start = parse_json_text(
            _text(value, "start position is"), STATE_LIMITS, "its start position"
        )
    except ValueError as error:
        raise _Bad(str(error)) from None
    if not isinstance(start, dict):
        raise _Bad(f"its start position is {brief(start)}, not a position")
    return start


def _daily(value: Any) -> str | None:
    if value is None:
        return None
    try:
        if not isinstance(value, str) or len(value) != 10:
            raise ValueError
        return dt.date.fromisoformat(value).isoformat()
    except ValueError:
        raise _Bad(f"its daily challenge's date is {brief(value)}, not a date") from None


def _token(value: Any, what: str) -> str | None:
    if value is not None and (not isinstance(value, str) or not TOKEN.fullmatch(value)):
        raise _Bad(f"its {what} is {brief(value)}, not 32 hexadecimal digits")
    return value
