"""The local game store: every recorded game's deal, options and moves, in one SQLite file.

Boards write here as they are played (``widget/recording.py``); ``saved_games``, ``sw.resume``
and ``sw.stats`` read. The engine never writes here.

Why it is built this way:
- WAL mode with a busy timeout and one short transaction per write, so two kernels can play into
  one file at once and a killed process leaves every committed move behind it.
- A game's moves are rows keyed by ply. Plies up to ``games.moves`` are the history; the plies
  after it are what redo would replay. Undo and redo then only change ``games.moves``, and a
  write that was cut short is repaired by the next one, which writes every ply from the first
  one that differs.
- Every write checks the row's ``revision``: when the row changed under the board (another
  kernel resumed the same game, a write committed just before an interrupt) or is gone (a new
  store), the board's whole line is written again instead of a patch onto something unknown.
- The store never stops play: trouble becomes ``StoreUnavailable``, whose text is a short notice
  for the board. A damaged file is set aside and a new one started.
"""

from __future__ import annotations

import datetime as dt
import errno
import json
import os
import sqlite3
import threading
import time
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs

HOME_VARIABLE = "SOLITAIRE_WIDGET_HOME"
AUTOSAVE_VARIABLE = "SOLITAIRE_WIDGET_AUTOSAVE"
FILE_NAME = "games.sqlite3"
# How long a write waits for another kernel's transaction before giving up for now.
BUSY_SECONDS = 1.0
# Connections kept open at once; a store used again after being dropped is simply reopened.
MAX_OPEN = 4
# The longest line of moves read back: far beyond any game played by hand, and a bound on the
# time a damaged store can cost a resume.
MAX_PLIES = 100_000
# From this many plies in one write on, they go to SQLite as one JSON list (see _write_plies).
BULK_PLIES = 64

# Each migration brings the schema from version N to N + 1; the store's version is how many ran.
MIGRATIONS: list[tuple[str, ...]] = [
    (
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            game TEXT NOT NULL,
            options TEXT NOT NULL,
            seed TEXT,
            start TEXT,
            daily TEXT,
            started REAL NOT NULL,
            last_played REAL,
            status TEXT NOT NULL DEFAULT 'playing',
            moves INTEGER NOT NULL DEFAULT 0,
            score INTEGER,
            seconds REAL NOT NULL DEFAULT 0,
            won_at REAL,
            win_moves INTEGER,
            win_seconds REAL,
            win_score INTEGER,
            abandoned_at REAL,
            revision INTEGER NOT NULL DEFAULT 0
        )""",
        """CREATE TABLE moves (
            game_id INTEGER NOT NULL,
            ply INTEGER NOT NULL,
            move TEXT NOT NULL,
            at REAL NOT NULL,
            PRIMARY KEY (game_id, ply)
        ) WITHOUT ROWID""",
        "CREATE INDEX games_by_last_played ON games (last_played)",
    ),
]

_DAMAGED = {sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB}
_BUSY = {sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED}
_READ_ONLY = {sqlite3.SQLITE_READONLY, sqlite3.SQLITE_PERM, sqlite3.SQLITE_CANTOPEN}
_FULL_ERRNOS = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG}
_READ_ONLY_ERRNOS = {errno.EROFS, errno.EACCES, errno.EPERM}


class StoreUnavailable(Exception):
    """The store cannot do this now. The message is a short notice written for a player."""


def store_path() -> Path:
    """Where the store lives: ``$SOLITAIRE_WIDGET_HOME/games.sqlite3``, else the platform's user
    data directory (``~/.local/share/solitaire_widget`` on Linux)."""
    home = os.environ.get(HOME_VARIABLE)
    if home:
        return Path(home).expanduser() / FILE_NAME
    return Path(platformdirs.user_data_dir("solitaire_widget", appauthor=False)) / FILE_NAME


def autosave_enabled() -> bool:
    """False when ``SOLITAIRE_WIDGET_AUTOSAVE`` says no (0, false, no, off)."""
    value = os.environ.get(AUTOSAVE_VARIABLE, "")
    return value.strip().lower() not in {"0", "false", "no", "off"}


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
class Progress:
    """Where a game stands at a write. ``line`` is the history followed by the moves redo would
    replay (the next one first); ``moves`` of them are the history. ``seconds`` is None on a
    board without a clock: its game records no time, and its win no time to beat."""

    line: Sequence[str]
    moves: int
    status: str
    score: int | None
    seconds: float | None


@dataclass(frozen=True)
class GameRecord:
    """One recorded game as the store holds it."""

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
    revision: int


_COLUMNS = (
    "id, game, options, seed, start, daily, status, moves, score, seconds, started, last_played, "
    "won_at, win_moves, win_seconds, win_score, abandoned_at, revision"
)


class _Unreadable(ValueError):
    """A row that is not what this module writes (a damaged or hand-edited store)."""


def _game_record(row: tuple, line: list[str]) -> GameRecord:
    """A row as a ``GameRecord``. The file is input from outside: every field is checked, and a
    row that does not hold what this module writes raises ``_Unreadable``."""
    (id_, game, options, seed, start, daily, status, moves, score, seconds, *rest) = row
    started, last_played, won_at, win_moves, win_seconds, win_score, abandoned, revision = rest
    numbers = (moves, score, seconds, started, last_played, won_at, win_moves, win_seconds)
    if not all(value is None or isinstance(value, (int, float)) for value in numbers):
        raise _Unreadable(f"game {id_} has a number that is not one")
    if not all(isinstance(value, int) for value in (moves, revision)) or moves < 0:
        raise _Unreadable(f"game {id_} has no move count")
    if not all(isinstance(value, str) for value in (game, options, status)):
        raise _Unreadable(f"game {id_} has no game, options or status")
    try:
        deal = Deal(
            game=game,
            options=json.loads(options),
            seed=None if seed is None else int(seed),
            start=None if start is None else json.loads(start),
            daily=None if daily is None else dt.date.fromisoformat(daily).isoformat(),
        )
    except (TypeError, ValueError) as error:
        raise _Unreadable(f"game {id_} has an unreadable deal ({error})") from None
    if not isinstance(deal.options, dict) or not isinstance(deal.start, (dict, type(None))):
        raise _Unreadable(f"game {id_} has an unreadable deal")
    return GameRecord(
        id_, deal, line, moves, status, score, seconds, started, last_played,
        won_at, win_moves, win_seconds, win_score, abandoned, revision,
    )  # fmt: skip


def _notice(error: BaseException) -> str:
    """What a player is told when the store fails with ``error``."""
    if isinstance(error, sqlite3.Error):
        code = (getattr(error, "sqlite_errorcode", None) or 0) & 0xFF
        if code in _BUSY:
            return "the game store is busy (another kernel holds it)"
        if code in _READ_ONLY:
            return "the game store is read-only"
        if code == sqlite3.SQLITE_FULL:
            return "the disk is full"
        if code == sqlite3.SQLITE_IOERR:
            return "the disk refused a write (full, or failing)"
    if isinstance(error, OSError):
        if error.errno in _FULL_ERRNOS:
            return "the disk is full"
        if error.errno in _READ_ONLY_ERRNOS:
            return "the game store's folder is read-only"
    return f"the game store failed ({error})"


def _is_damage(error: BaseException) -> bool:
    code = (getattr(error, "sqlite_errorcode", None) or 0) & 0xFF
    return isinstance(error, sqlite3.DatabaseError) and code in _DAMAGED


class _Damaged(Exception):
    """The file is not a sound SQLite database."""


class GameStore:
    """One store file. Opens its connection when first needed and again after any trouble."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.RLock()
        self._connection: sqlite3.Connection | None = None
        self._file_id: tuple[int, int] | None = None
        self._pid = 0
        self._notices: list[str] = []

    # ------------------------------------------------------------- connecting

    def take_notices(self) -> list[str]:
        """Things a player should hear about that happened while opening (a damaged file)."""
        notices, self._notices = self._notices, []
        return notices

    def close(self) -> None:
        with self._lock:
            connection, self._connection = self._connection, None
            if connection is not None and self._pid == os.getpid():
                connection.close()

    def _current_file(self) -> tuple[int, int] | None:
        try:
            found = os.stat(self.path)
        except OSError:
            return None
        return found.st_dev, found.st_ino

    def _connect(self) -> sqlite3.Connection:
        """The open connection, reopened when the file was replaced, removed or set aside by
        another process, or when this is a forked child."""
        if self._connection is not None:
            if self._pid == os.getpid() and self._current_file() == self._file_id:
                return self._connection
            if self._pid != os.getpid():
                self._connection = None  # the parent's: never use it across a fork
            else:
                self.close()
        try:
            connection = self._open()
        except _Damaged:
            self._set_aside()
            connection = self._open()
        self._connection, self._pid = connection, os.getpid()
        self._file_id = self._current_file()
        _keep_open(self)
        return connection

    def _open(self) -> sqlite3.Connection:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        connection = sqlite3.connect(
            self.path, timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=False
        )
        try:
            connection.execute("PRAGMA journal_mode=WAL")
            connection.execute("PRAGMA synchronous=NORMAL")
            if connection.execute("PRAGMA quick_check").fetchone() != ("ok",):
                raise _Damaged
            self._migrate(connection)
        except BaseException as error:
            connection.close()
            if _is_damage(error):
                raise _Damaged from error
            raise
        return connection

    def _migrate(self, connection: sqlite3.Connection) -> None:
        version = _schema_version(connection)
        if version > len(MIGRATIONS):
            raise StoreUnavailable(
                "the game store was written by a newer solitaire_widget; this one leaves it alone"
            )
        if version == len(MIGRATIONS):
            return
        connection.execute("BEGIN IMMEDIATE")
        try:
            version = _schema_version(connection)  # another kernel may have just migrated
            if version == 0:
                connection.execute("CREATE TABLE IF NOT EXISTS schema (version INTEGER NOT NULL)")
                connection.execute("INSERT INTO schema VALUES (0)")
            for statements in MIGRATIONS[version:]:
                for statement in statements:
                    connection.execute(statement)
            connection.execute("UPDATE schema SET version = ?", (len(MIGRATIONS),))
            connection.execute("COMMIT")
        except BaseException:
            connection.rollback()
            raise

    def _set_aside(self) -> None:
        """Move a damaged file (and its WAL) out of the way, under a name that says so."""
        stamp = time.strftime("%Y%m%dT%H%M%S")
        target = self.path.with_name(f"{self.path.name}.damaged-{stamp}")
        number = 1
        while target.exists():
            number += 1
            target = self.path.with_name(f"{self.path.name}.damaged-{stamp}-{number}")
        try:
            os.replace(self.path, target)
        except FileNotFoundError:
            return  # another kernel set it aside a moment ago
        except OSError as error:
            raise StoreUnavailable(
                f"the game store is damaged and cannot be set aside ({error.strerror})"
            ) from None
        for suffix in ("-wal", "-shm"):
            side = self.path.with_name(self.path.name + suffix)
            try:
                if suffix == "-wal":
                    os.replace(side, target.with_name(target.name + suffix))
                else:
                    side.unlink()
            except FileNotFoundError:
                pass
        self._notices.append(
            f"The game store was damaged: it was set aside as {target.name} and a new one started."
        )

    @contextmanager
    def _transaction(self, write: bool) -> Iterator[sqlite3.Connection]:
        """One short transaction; any trouble becomes ``StoreUnavailable``. A transaction left
        open by an interrupt is rolled back before the next one starts."""
        with self._lock:
            temporary = False
            try:
                if write:
                    connection = self._connect()
                else:
                    connection, temporary = self._reader()
                if connection.in_transaction:
                    connection.rollback()
                connection.execute("BEGIN IMMEDIATE" if write else "BEGIN")
                try:
                    yield connection
                    connection.execute("COMMIT")
                except BaseException:
                    if connection.in_transaction:
                        connection.rollback()
                    raise
                finally:
                    if temporary:
                        connection.close()
            except (sqlite3.Error, OSError) as error:
                if _is_damage(error) and not temporary:
                    self.close()
                    self._set_aside()
                raise StoreUnavailable(_notice(error)) from error

    def _reader(self) -> tuple[sqlite3.Connection, bool]:
        """A connection to read from, and whether it is a temporary one. A store this process
        may not write (a read-only folder or file) is still read, through a connection that
        treats the file as unchanging, opened for this one read."""
        try:
            return self._connect(), False
        except (sqlite3.Error, OSError) as error:
            if _is_damage(error) or not self.path.is_file():
                raise
        uri = f"{self.path.resolve().as_uri()}?immutable=1"
        connection = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
        return connection, True

    # ------------------------------------------------------------- writing

    def record(
        self,
        game_id: int | None,
        revision: int,
        keep: int,
        held: int,
        deal: Deal,
        redeal: bool,
        started: float,
        progress: Progress,
        leaving: int | None = None,
    ) -> tuple[int, int]:
        """Bring one game's row up to ``progress``; return its id and new revision.

        The caller believes the store holds ``held`` plies for ``game_id`` at ``revision``, of
        which the first ``keep`` are those of ``progress.line``: only the plies after them are
        written (and those beyond the line's end deleted). ``redeal`` rewrites the deal (a row
        reused for another deal before any move).
        ``leaving`` is the game this board played before: it is marked abandoned if unfinished.
        """
        now = time.time()
        line = progress.line
        with self._transaction(write=True) as db:
            if leaving is not None:
                db.execute(
                    "UPDATE games SET abandoned_at = ? WHERE id = ? AND status = 'playing' "
                    "AND won_at IS NULL AND abandoned_at IS NULL",
                    (now, leaving),
                )
            fields = (
                "status = ?, moves = ?, score = ?, seconds = ?, abandoned_at = NULL, "
                "last_played = CASE WHEN ? THEN ? ELSE last_played END, "
                "won_at = COALESCE(won_at, ?), win_moves = COALESCE(win_moves, ?), "
                "win_seconds = COALESCE(win_seconds, ?), win_score = COALESCE(win_score, ?)"
            )
            won = progress.status == "won"
            values = (
                progress.status, progress.moves, progress.score, progress.seconds or 0.0,
                bool(line), now,
                now if won else None, progress.moves if won else None,
                progress.seconds if won else None, progress.score if won else None,
            )  # fmt: skip
            if game_id is not None and redeal:
                fields += ", game = ?, options = ?, seed = ?, start = ?, daily = ?, started = ?"
                values += (*_deal_columns(deal), started)
            patched = game_id is not None and bool(
                db.execute(
                    f"UPDATE games SET {fields}, revision = revision + 1 "
                    "WHERE id = ? AND revision = ?",
                    (*values, game_id, revision),
                ).rowcount
            )
            if patched:
                revision += 1
                if held > len(line):
                    db.execute(
                        "DELETE FROM moves WHERE game_id = ? AND ply > ?", (game_id, len(line))
                    )
            else:
                # New, or changed or gone under this board: write its whole line.
                keep = 0
                if (
                    game_id is None
                    or not db.execute(
                        f"UPDATE games SET {fields}, revision = revision + 1 WHERE id = ?",
                        (*values, game_id),
                    ).rowcount
                ):
                    game_id = db.execute(
                        "INSERT INTO games (game, options, seed, start, daily, started) "
                        "VALUES (?, ?, ?, ?, ?, ?)",
                        (*_deal_columns(deal), started),
                    ).lastrowid
                    db.execute(f"UPDATE games SET {fields} WHERE id = ?", (*values, game_id))
                db.execute("DELETE FROM moves WHERE game_id = ?", (game_id,))
                (revision,) = db.execute(
                    "SELECT revision FROM games WHERE id = ?", (game_id,)
                ).fetchone()
            if len(line) > keep:
                _write_plies(db, game_id, keep + 1, line[keep:], now)
        assert game_id is not None
        return game_id, revision

    # ------------------------------------------------------------- reading

    def game(self, game_id: int) -> GameRecord | None:
        """One recorded game with its line, or None when the store has no such game."""
        with self._transaction(write=False) as db:
            row = db.execute(f"SELECT {_COLUMNS} FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                return None
            plies = db.execute(
                "SELECT ply, move FROM moves WHERE game_id = ? ORDER BY ply LIMIT ?",
                (game_id, MAX_PLIES),
            ).fetchall()
        line = []
        for expected, (ply, move) in enumerate(plies, 1):
            if ply != expected or not isinstance(move, str):
                break  # a hole or junk: the line ends before it
            line.append(move)
        try:
            return _game_record(row, line)
        except _Unreadable as error:
            raise StoreUnavailable(str(error)) from None

    def latest_playing(self) -> int | None:
        """The most recently played game that is still being played."""
        with self._transaction(write=False) as db:
            row = db.execute(
                "SELECT id FROM games WHERE last_played IS NOT NULL AND status = 'playing' "
                "AND won_at IS NULL AND abandoned_at IS NULL "
                "ORDER BY last_played DESC, id DESC LIMIT 1"
            ).fetchone()
        return None if row is None else row[0]

    def played_games(self) -> list[GameRecord]:
        """Every game in which a move was made, newest first, without their lines."""
        with self._transaction(write=False) as db:
            rows = db.execute(
                f"SELECT {_COLUMNS} FROM games WHERE last_played IS NOT NULL "
                "ORDER BY last_played DESC, id DESC"
            ).fetchall()
        records = []
        for row in rows:
            with suppress(_Unreadable):
                records.append(_game_record(row, []))
        return records


def recorded_games() -> tuple[list[GameRecord], str | None]:
    """Every played game in the store, newest first, and a notice when it cannot be read."""
    try:
        return open_store().played_games(), None
    except StoreUnavailable as trouble:
        return [], f"The game store cannot be read: {trouble}."


def _schema_version(connection: sqlite3.Connection) -> int:
    exists = connection.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema'"
    ).fetchone()
    if not exists:
        return 0
    row = connection.execute("SELECT version FROM schema").fetchone()
    return 0 if row is None else int(row[0])


def _deal_columns(deal: Deal) -> tuple[Any, ...]:
    return (
        deal.game,
        json.dumps(deal.options, sort_keys=True),
        None if deal.seed is None else str(deal.seed),  # seeds reach 2**64, beyond SQLite's int
        None if deal.start is None else json.dumps(deal.start),
        deal.daily,
    )


def _write_plies(
    db: sqlite3.Connection, game_id: int, first: int, moves: list[str], now: float
) -> None:
    """Write ``moves`` as plies ``first`` on. A long line (a loaded history of 100,000 plies)
    goes through SQLite's ``json_each``, which unpacks it in C, several times faster than a row
    per call; a move or two, or a SQLite built without JSON support, a row per call."""
    if len(moves) >= BULK_PLIES:
        try:
            db.execute(
                "INSERT OR REPLACE INTO moves SELECT ?, ? + key, value, ? FROM json_each(?)",
                (game_id, first, now, json.dumps(moves)),
            )
            return
        except sqlite3.OperationalError as error:
            if "json_each" not in str(error):
                raise
    db.executemany(
        "INSERT OR REPLACE INTO moves VALUES (?, ?, ?, ?)",
        ((game_id, ply, move, now) for ply, move in enumerate(moves, first)),
    )


# ------------------------------------------------------------- one store object per file

_stores: dict[Path, GameStore] = {}
_open_stores: OrderedDict[Path, GameStore] = OrderedDict()
# Reentrant: an interrupt (Ctrl-C) that lands between a ``with`` block's last line and its
# release leaves the lock held by the same thread, which must not then wait on itself forever.
_registry_lock = threading.RLock()


def open_store(path: Path | None = None) -> GameStore:
    """The store at ``path`` (default: ``store_path()``), shared by every board in the process."""
    if path is None:
        path = store_path()
    elif not isinstance(path, Path):
        path = Path(path)
    store = _stores.get(path)  # (a board asks after every move: no lock once it exists)
    if store is None:
        with _registry_lock:
            store = _stores.setdefault(path, GameStore(path))
    return store


def _keep_open(store: GameStore) -> None:
    """Count ``store`` as recently used; close the least recently used beyond ``MAX_OPEN``, so a
    process that visits many stores (a test suite) does not run out of file handles."""
    evicted = []
    with _registry_lock:
        _open_stores[store.path] = store
        _open_stores.move_to_end(store.path)
        while len(_open_stores) > MAX_OPEN:
            evicted.append(_open_stores.popitem(last=False)[1])
    for oldest in evicted:
        oldest.close()
