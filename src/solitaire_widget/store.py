"""The local game store: every recorded game's deal, options and moves, in one SQLite file.

Boards write here as they are played (``widget/recording.py``); ``saved_games``, ``sw.resume``
and ``sw.stats`` read. The engine never writes here.

Why it is built this way:
- WAL mode with a busy timeout and one short transaction per write, so two kernels can play into
  one file at once and a killed process leaves every committed move behind it.
- A game's moves are rows keyed by ply. Plies up to ``games.moves`` are the history; the plies
  after it are what redo would replay. Undo and redo then only change ``games.moves``, and a
  write that was cut short is repaired by the next one, which writes every ply from the first
  one that differs. A read ends the line at the first hole; a game read with rows beyond its
  line (edited by hand) is read without a revision, so the next write replaces them all.
- Every write names its row by the random token the row was made with (``Attempt.token``),
  never by its id alone: a board whose store was set aside and started again, where ids begin
  at 1 once more, can never write into another game that now has its old id.
- Every write checks the row's ``revision``: when the row changed under the board (another
  kernel resumed the same game, a write committed just before an interrupt) or is gone (a new
  store), the board's whole line and deal are written again instead of a patch onto something
  unknown.
- Rows are read as input from outside (``store_rows.py``): a bad row is skipped with a notice
  naming it, and the rest of the store still reads.
- The store never stops play: trouble becomes ``StoreUnavailable``, whose text is a short notice
  for the board. A damaged file is set aside and a new one started.
"""

from __future__ import annotations

import errno
import json
import os
import secrets
import sqlite3
import threading
import time
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import platformdirs

from . import lite_store
from .shape import brief
from .store_rows import NAMES, BadRow, Deal, GameRecord, game_record

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
# The longest move in notation ("reserve-t1", "t2-t5:12"); a longer one ends a line read back.
LONGEST_MOVE = 16
# Notices about bad rows one read gives, one a row; the rest are counted in one more notice.
MOST_ROW_NOTICES = 5
# A visitor of the app whose browser keeps no token (its storage is blocked): they own no
# games, so nothing is recorded for them and no game is read for them.
NO_VISITOR = ""

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
    (
        # Every write names its row by this token (see ``Attempt``); rows of earlier versions
        # are given one here.
        "ALTER TABLE games ADD COLUMN token TEXT",
        "UPDATE games SET token = lower(hex(randomblob(16)))",
        "CREATE UNIQUE INDEX games_by_token ON games (token)",
        # None: a game played in a notebook; else the token of the app's visitor who played it.
        "ALTER TABLE games ADD COLUMN player TEXT",
        "CREATE INDEX games_by_player ON games (player, last_played)",
    ),
]

_DAMAGED = {sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB}
_BUSY = {sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED}
_READ_ONLY = {sqlite3.SQLITE_READONLY, sqlite3.SQLITE_PERM, sqlite3.SQLITE_CANTOPEN}
_FULL_ERRNOS = {errno.ENOSPC, errno.EDQUOT, errno.EFBIG}
_READ_ONLY_ERRNOS = {errno.EROFS, errno.EACCES, errno.EPERM}


# A row's revision after a write: one more, starting again from 1 after anything that is not
# a revision this module wrote (text, a float, a number near SQLite's largest integer).
_NEXT_REVISION = (
    "CASE WHEN typeof(revision) = 'integer' AND revision BETWEEN 0 AND 4611686018427387903 "
    "THEN revision + 1 ELSE 1 END"
)


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
class Attempt:
    """One game as a board records it: the deal and when it was dealt, and who plays it
    (``player``: None in a notebook, else the app's visitor's token).

    ``token`` is random text made with the attempt. The row is created with it and every write
    finds the row by it, so a board writes only into a row of its own game, whatever ids a
    store that was set aside and started again gives out, and a write cut short after its
    commit is found again rather than made twice."""

    token: str
    deal: Deal
    started: float
    player: str | None = None


def new_token() -> str:
    """128 random bits as 32 hexadecimal digits."""
    return secrets.token_hex(16)


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
        # In JupyterLite the store runs in memory and is copied to the browser's storage.
        self._browser = (
            lite_store.browser_copy(path, lambda text: self._notices.append(text))
            if path == store_path()
            else None
        )

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
            journal = lite_store.journal_mode(copied=self._browser is not None)
            connection.execute(f"PRAGMA journal_mode={journal}")
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
                if self._browser is not None:
                    self._browser.load()
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
                    if write and self._browser is not None:
                        self._browser.committed()
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
        attempt: Attempt,
        revision: int | None,
        keep: int,
        held: int,
        progress: Progress,
        previous: Sequence[str] = (),
    ) -> tuple[int, int]:
        """Bring the row of ``attempt`` (found by its token) up to ``progress``; return the row's
        id and new revision.

        The caller believes the row holds ``held`` plies at ``revision`` (None: it does not
        know), of which the first ``keep`` are those of ``progress.line``: only the plies after
        them are written (and those beyond the line's end deleted). Otherwise, or when the row
        changed under the caller, the row gets the whole line and the attempt's deal.
        ``previous`` are the tokens of the games this board played before: each is marked
        abandoned if it is unfinished, and the last one, if nobody ever moved in it, becomes
        this attempt's row (a board that deals again and again leaves no rows behind).
        """
        now = time.time()
        line = progress.line
        with self._transaction(write=True) as db:
            for token in previous:
                db.execute(
                    "UPDATE games SET abandoned_at = ? WHERE token = ? AND last_played IS NOT NULL "
                    "AND status = 'playing' AND won_at IS NULL AND abandoned_at IS NULL",
                    (now, token),
                )
            if previous:
                db.execute(
                    "UPDATE games SET token = ? WHERE token = ? AND last_played IS NULL "
                    "AND NOT EXISTS (SELECT 1 FROM games WHERE token = ?)",
                    (attempt.token, previous[-1], attempt.token),
                )
            fields = (
                "status = ?, moves = ?, score = ?, seconds = ?, abandoned_at = NULL, "
                "last_played = CASE WHEN ? THEN ? ELSE last_played END, "
                "won_at = COALESCE(won_at, ?), win_moves = COALESCE(win_moves, ?), "
                "win_seconds = COALESCE(win_seconds, ?), win_score = COALESCE(win_score, ?), "
                f"revision = {_NEXT_REVISION}"
            )
            won = progress.status == "won"
            values = (
                progress.status, progress.moves, progress.score, progress.seconds or 0.0,
                bool(line), now,
                now if won else None, progress.moves if won else None,
                progress.seconds if won else None, progress.score if won else None,
            )  # fmt: skip
            row = db.execute(
                "SELECT id, revision FROM games WHERE token = ?", (attempt.token,)
            ).fetchone()
            if row is not None and revision is not None and row[1] == revision:
                game_id = row[0]
                db.execute(f"UPDATE games SET {fields} WHERE id = ?", (*values, game_id))
                if held > len(line):
                    db.execute(
                        "DELETE FROM moves WHERE game_id = ? AND ply > ?", (game_id, len(line))
                    )
            else:
                # New, changed under this board, or gone: the whole deal and line.
                keep = 0
                deal = _deal_columns(attempt.deal)
                if row is None:
                    game_id = db.execute(
                        "INSERT INTO games (token, player, game, options, seed, start, daily, "
                        "started) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                        (attempt.token, attempt.player, *deal, attempt.started),
                    ).lastrowid
                else:
                    game_id = row[0]
                db.execute(
                    f"UPDATE games SET {fields}, player = ?, game = ?, options = ?, seed = ?, "
                    "start = ?, daily = ?, started = ? WHERE id = ?",
                    (*values, attempt.player, *deal, attempt.started, game_id),
                )
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
        """One recorded game with its line, or None when the store has no such game (or
        ``game_id`` is beyond SQLite's integers). Raises ``BadRow`` for a row it cannot read."""
        if not -(2**63) <= game_id < 2**63:
            return None
        with self._transaction(write=False) as db:
            columns, _, tokened = _columns(db)
            row = db.execute(f"SELECT {columns} FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                return None
            plies = db.execute(
                "SELECT ply, move FROM moves WHERE game_id = ? ORDER BY ply LIMIT ?",
                (game_id, MAX_PLIES + 1),
            ).fetchall()
        line = []
        for expected, (ply, move) in enumerate(plies[:MAX_PLIES], 1):
            if ply != expected or not isinstance(move, str) or len(move) > LONGEST_MOVE:
                break  # a hole or junk: the line ends before it
            line.append(move)
        record = game_record(row, line, tokened)
        if len(line) < len(plies):
            # Rows the line leaves out (a ply before the first, a hole and the plies after it,
            # junk) would join the line once a board's writes fill the hole, and a ply before
            # the first would hide every move written after it. No revision: the next write
            # puts the whole line in the row again, and those rows go.
            record = replace(record, revision=None)
        return record

    def played_games(self, player: str | None = None) -> tuple[list[GameRecord], list[str]]:
        """Every game of ``player`` (None: played in a notebook) in which a move was made, newest
        first, without their lines; and a notice for each row that cannot be read."""
        if player == NO_VISITOR:
            return [], []
        with self._transaction(write=False) as db:
            columns, owner, tokened = _columns(db)
            rows = db.execute(
                f"SELECT {columns} FROM games WHERE last_played IS NOT NULL "
                f"AND {owner} IS ? ORDER BY last_played DESC, id DESC",
                (player,),
            ).fetchall()
        records, skipped = [], []
        for row in rows:
            try:
                records.append(game_record(row, [], tokened))
            except BadRow as bad:
                skipped.append(bad.skipped())
        if len(skipped) > MOST_ROW_NOTICES:
            more = len(skipped) - MOST_ROW_NOTICES
            skipped[MOST_ROW_NOTICES:] = [f"{more} more games are skipped: they cannot be read."]
        return records, skipped


def recorded_games(player: str | None = None) -> tuple[list[GameRecord], list[str]]:
    """Every played game of ``player`` (None: played in a notebook) in the store, newest first,
    and the notices for the player: the store cannot be read, or a row of it is skipped."""
    try:
        return open_store().played_games(player)
    except StoreUnavailable as trouble:
        return [], [f"The game store cannot be read: {trouble}."]


def _schema_version(connection: sqlite3.Connection) -> int:
    """How many migrations the store has had (0: a new file). A version that is not what this
    module writes (text, a fraction, no row at all) leaves the store alone."""
    exists = connection.execute(
        "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'schema'"
    ).fetchone()
    if not exists:
        return 0
    rows = connection.execute("SELECT version FROM schema LIMIT 2").fetchall()
    if len(rows) != 1 or type(rows[0][0]) is not int or rows[0][0] < 0:
        found = "no version" if not rows else ("two versions" if len(rows) > 1 else None)
        raise StoreUnavailable(
            f"the game store's schema version is {found or brief(rows[0][0])}, which no "
            "solitaire_widget writes; this one leaves it alone"
        )
    return rows[0][0]


def _columns(connection: sqlite3.Connection) -> tuple[str, str, bool]:
    """The columns of ``store_rows.NAMES`` to select, the player's, and whether every row has a
    token. A store opened read-only is read as it is, unmigrated: one of schema version 1 has no
    tokens or players."""
    if _schema_version(connection) < 2:
        columns = ", ".join("NULL" if name in ("token", "player") else name for name in NAMES)
        return columns, "NULL", False
    return ", ".join(NAMES), "player", True


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
