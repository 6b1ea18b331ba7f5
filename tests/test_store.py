"""The game store in one process: what boards record, what resume gives back, and a store that
is interrupted, damaged, shared by two boards or written by another version."""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path

import platformdirs
import pytest

import solitaire_widget as sw
from positions import klondike_state
from solitaire_widget import store
from solitaire_widget.games import KlondikeGame
from solitaire_widget.widget import clock as clock_module


def recorded(board: sw.Klondike | sw.Applegate) -> tuple[list[str], int]:
    """The line and the history length the store holds for the board's game."""
    record = store.open_store().game(board.game_id)
    assert record is not None
    return record.line, record.moves


def line_of(board: sw.Klondike | sw.Applegate) -> list[str]:
    return [str(move) for move in board.history + board._game.redo_line]


def assert_resumes_exactly(board: sw.Klondike | sw.Applegate) -> sw.Klondike | sw.Applegate:
    again = sw.resume(board.game_id)
    assert again.state() == board.state()
    assert line_of(again) == line_of(board)
    assert again.game_id == board.game_id
    return again


def play(board: sw.Klondike | sw.Applegate, count: int) -> None:
    for _ in range(count):
        board.move(board.legal_moves()[0])


def test_every_move_undo_and_redo_is_in_the_store_as_soon_as_it_is_made():
    board = sw.Klondike(seed=42)
    assert recorded(board) == ([], 0)
    for action in ["t4-t1", "draw", "undo", "undo", "redo", "t1-t5:2", "draw", "undo"]:
        if action in ("undo", "redo"):
            getattr(board, action)()
        else:
            board.move(action)
        assert recorded(board) == (line_of(board), board.moves)
    assert recorded(board) == (["t4-t1", "t1-t5:2", "draw"], 2)
    again = assert_resumes_exactly(board)
    again.redo()
    assert str(again.history[-1]) == "draw"


def test_resume_goes_on_recording_the_same_game_with_its_clock():
    board = sw.Klondike(seed=7)
    play(board, 3)
    record = store.open_store().game(board.game_id)
    again = sw.resume(board.game_id)
    assert again._timer.seconds() == pytest.approx(record.seconds, abs=0.5)
    play(again, 2)
    assert recorded(again) == (line_of(again), 5)
    assert len(sw.saved_games()) == 1


def test_resume_without_an_id_picks_the_most_recent_game_still_being_played():
    older = sw.Klondike(seed=1)
    play(older, 1)
    newer = sw.Applegate(seed=2)
    play(newer, 1)
    won = sw.load(klondike_state(["KS"]))
    won.move("t1-f")
    sw.Klondike(seed=3)  # dealt, never played
    assert sw.resume().game_id == newer.game_id
    newer.new_game()  # the player left it for another deal: abandoned
    assert sw.resume().game_id == older.game_id
    assert sw.resume(won.game_id).status == "won", "finished games can be looked at again"


def test_resume_says_when_there_is_nothing_to_resume():
    with pytest.raises(LookupError, match="No game in progress"):
        sw.resume()
    with pytest.raises(LookupError, match="No game 99"):
        sw.resume(99)


def test_a_restart_or_a_new_game_starts_a_new_recorded_game_and_abandons_the_last():
    board = sw.Klondike(seed=42)
    first = board.game_id
    board.restart()
    assert board.game_id == first, "a deal nobody moved in leaves no row behind"
    board.draw()
    board.restart()
    second = board.game_id
    assert second != first
    board.draw()
    board.new_game(seed=5)
    third = board.game_id
    board.move(board.legal_moves()[0])
    games = {game.id: game for game in sw.saved_games()}
    assert [games[first].status, games[second].status] == ["abandoned", "abandoned"]
    assert games[third].status == "playing" and games[third].seed == 5
    assert games[first].seed == games[second].seed == 42


def test_turning_recording_off_by_keyword_or_environment(monkeypatch):
    boards = [
        sw.Klondike(seed=1, autosave=False),
        sw.Applegate(seed=1, autosave=False),
        sw.Klondike.from_deal(sorted_deck(), autosave=False),
        sw.Applegate.from_deal(sorted_deck()[::-1], autosave=False),
        sw.load(klondike_state(["KS"]), autosave=False),
    ]
    monkeypatch.setenv("SOLITAIRE_WIDGET_AUTOSAVE", "0")
    boards.append(sw.Klondike(seed=3))
    for board in boards:
        board.move(board.legal_moves()[0])
        assert board.game_id is None
    assert sw.saved_games() == []


def sorted_deck() -> list[str]:
    return [rank + suit for suit in "CDHS" for rank in "A23456789TJQK"]


def test_the_engine_never_writes_to_the_store(store_home: Path):
    game = KlondikeGame(seed=42)
    game.move("t4-t1")
    game.draw()
    assert not (store_home / "games.sqlite3").exists()


def test_dealt_and_loaded_games_resume_from_where_they_started():
    dealt = sw.Applegate.from_deal(sorted_deck())
    play(dealt, 2)
    assert_resumes_exactly(dealt)
    position = sw.Klondike(seed=9, draw=3, scoring="vegas", autosave=False)
    play(position, 3)
    loaded = sw.load(position.state())  # arrives with a history: all of it is recorded
    assert recorded(loaded) == (line_of(loaded), 3)
    loaded.undo()
    assert_resumes_exactly(loaded)
    midway = sw.load({**position.state(), "history": []})  # a position with no past
    play(midway, 1)
    assert_resumes_exactly(midway)


class InterruptedOnce:
    """The store's connection, with a Ctrl-C arriving just after the statement that starts with
    ``words`` has run: a KeyboardInterrupt in the middle of a write."""

    def __init__(self, connection: sqlite3.Connection, words: str) -> None:
        self._connection, self._words, self.fired = connection, words, False

    def _after(self, sql: str, result: object) -> object:
        if sql.startswith(self._words) and not self.fired:
            self.fired = True
            raise KeyboardInterrupt
        return result

    def execute(self, sql: str, *args: object) -> object:
        return self._after(sql, self._connection.execute(sql, *args))

    def executemany(self, sql: str, *args: object) -> object:
        return self._after(sql, self._connection.executemany(sql, *args))

    def __getattr__(self, name: str) -> object:
        return getattr(self._connection, name)


@pytest.mark.parametrize("cut_at", ["INSERT OR REPLACE INTO moves", "COMMIT"])
def test_a_write_cut_short_by_ctrl_c_is_repaired_by_the_next_one(cut_at):
    board = sw.Klondike(seed=42)
    board.move("t4-t1")
    opened = store.open_store()
    opened._connection = InterruptedOnce(opened._connect(), cut_at)
    with pytest.raises(KeyboardInterrupt):
        board.draw()
    assert opened._connection.fired
    assert str(board.history[-1]) == "draw", "the move itself was made"
    board.draw()
    assert recorded(board) == (line_of(board), 3)
    assert_resumes_exactly(board)


def test_two_boards_on_one_game_keep_a_whole_line_of_the_board_moved_last():
    first = sw.Klondike(seed=8)
    play(first, 2)
    second = sw.resume(first.game_id)
    second.undo()
    second.move(second.legal_moves()[-1])
    first.draw()
    assert recorded(first) == (line_of(first), first.moves)
    second.draw()
    assert recorded(second) == (line_of(second), second.moves)
    assert_resumes_exactly(second)


@pytest.mark.parametrize("damage", ["garbage", "truncated"])
def test_a_damaged_store_is_set_aside_with_a_notice_and_a_new_one_started(store_home, damage):
    path = store_home / "games.sqlite3"
    for seed in range(30):
        board = sw.Klondike(seed=seed)
        play(board, 2)
    store.open_store().close()  # as a new process finds it
    if damage == "garbage":
        path.write_bytes(b"not a database at all " * 500)
    else:
        with path.open("r+b") as file:
            file.truncate(path.stat().st_size // 2)
    damaged = path.read_bytes()
    board = sw.Applegate(seed=3)
    assert board._message["kind"] == "info"
    assert board._message["text"].startswith("The game store was damaged: it was set aside as")
    aside = [p for p in store_home.iterdir() if p.name.startswith("games.sqlite3.damaged-")]
    assert len(aside) == 1 and aside[0].read_bytes() == damaged
    assert aside[0].name in board._message["text"]
    play(board, 2)
    assert [game.id for game in sw.saved_games()] == [board.game_id]
    assert_resumes_exactly(board)


def test_a_store_from_a_newer_version_is_left_alone(store_home):
    sw.Klondike(seed=1)
    store.open_store().close()
    with sqlite3.connect(store_home / "games.sqlite3") as db:
        db.execute("UPDATE schema SET version = 99")
    board = sw.Klondike(seed=2)
    assert board.game_id is None
    assert "newer solitaire_widget" in board._message["text"]
    board.draw()
    with sqlite3.connect(store_home / "games.sqlite3") as db:
        assert db.execute("SELECT version FROM schema").fetchone() == (99,)
        assert db.execute("SELECT COUNT(*) FROM games").fetchone() == (1,)


def test_the_schema_migrates_forward_and_keeps_every_game(store_home, monkeypatch):
    board = sw.Klondike(seed=1)
    play(board, 2)
    store.open_store().close()
    later = [*store.MIGRATIONS, ("ALTER TABLE games ADD COLUMN note TEXT",)]
    monkeypatch.setattr(store, "MIGRATIONS", later)
    board.draw()  # reopens the store, which migrates
    with sqlite3.connect(store_home / "games.sqlite3") as db:
        assert db.execute("SELECT version FROM schema").fetchone() == (len(later),)
        assert db.execute("SELECT note FROM games").fetchall() == [(None,)]
    assert_resumes_exactly(board)


def test_the_store_lives_in_the_user_data_directory_without_the_variable(monkeypatch):
    monkeypatch.delenv("SOLITAIRE_WIDGET_HOME")
    expected = Path(platformdirs.user_data_dir("solitaire_widget", appauthor=False))
    assert store.store_path() == expected / "games.sqlite3"


def test_saved_games_lists_played_games_newest_first_as_a_table():
    first = sw.Klondike(seed=11, draw=3, scoring="vegas")
    play(first, 1)
    second = sw.Applegate(seed=12)
    play(second, 2)
    sw.Klondike(seed=13)  # never played: not listed
    games = sw.saved_games()
    assert [game.id for game in games] == [second.game_id, first.game_id]
    assert games[0].game == "applegate" and games[0].moves == 2 and games[0].seed == 12
    assert games[1].options == {"draw": 3, "scoring": "vegas"}
    assert games[1].label == "Klondike · draw 3 · Vegas scoring"
    assert games[0].started <= games[0].last_played
    table = repr(games).splitlines()
    assert table[0].split()[:4] == ["id", "game", "seed", "moves"]
    assert "Applegate" in table[1] and "playing" in table[1]
    assert "<table>" in games._repr_html_()


def test_the_store_holds_seeds_up_to_two_to_the_64():
    board = sw.Klondike(seed=2**64 - 1)
    play(board, 1)
    assert sw.saved_games()[0].seed == 2**64 - 1
    assert_resumes_exactly(board)


def test_a_store_full_of_hostile_rows_resumes_up_to_the_first_bad_move(store_home):
    board = sw.Klondike(seed=42)
    for move in ["t4-t1", "draw", "draw"]:
        board.move(move)
    with sqlite3.connect(store_home / "games.sqlite3") as db:
        db.execute("UPDATE moves SET move = 't7-t1:9' WHERE ply = 2")
    again = sw.resume(board.game_id)
    assert [str(move) for move in again.history] == ["t4-t1"]
    again.draw()
    assert recorded(again) == (["t4-t1", "draw"], 2), "the whole line is written again"
    with sqlite3.connect(store_home / "games.sqlite3") as db:
        db.execute("UPDATE games SET start = ?", (json.dumps(klondike_state(["KS", "KS"])),))
    with pytest.raises(LookupError, match="cannot be dealt again"):
        sw.resume(board.game_id)
    with sqlite3.connect(store_home / "games.sqlite3") as db:
        db.execute("UPDATE games SET options = ?", (json.dumps({"draw": 7, "scoring": None}),))
    with pytest.raises(LookupError, match="cannot be resumed: its options: draw must be 1 or 3"):
        sw.resume(board.game_id)
    with sqlite3.connect(store_home / "games.sqlite3") as db:
        db.execute("UPDATE games SET seed = 'many', moves = 'some'")
    with pytest.raises(LookupError, match="cannot be resumed"):
        sw.resume(board.game_id)
    with pytest.warns(RuntimeWarning, match=f"game {board.game_id} is skipped"):
        assert sw.saved_games() == [], "an unreadable row is left out"
    with pytest.warns(RuntimeWarning, match=f"game {board.game_id} is skipped"):
        assert len(sw.stats()) == 0


def test_the_clock_of_a_resumed_game_goes_on_from_its_recorded_time(monkeypatch):
    now = [1_000_000]
    monkeypatch.setattr(clock_module, "now_ms", lambda: now[0])
    board = sw.Klondike(seed=7)
    play(board, 1)  # the clock starts at the first move
    now[0] += 42_000
    play(board, 1)
    assert store.open_store().game(board.game_id).seconds == 42
    now[0] += 1_000_000  # the kernel was away
    again = sw.resume(board.game_id)
    assert again._timer.seconds() == 42


def test_after_a_damaged_store_is_set_aside_no_board_writes_into_another_game(store_home):
    """Boards keep the ids of the old file; the new file numbers its games from 1 again. Each
    board's next change goes into a row of its own game, never into the game that now has its
    old id."""
    first = sw.Klondike(seed=1)
    play(first, 3)
    second = sw.Applegate(seed=2)
    play(second, 3)
    store.open_store().close()  # as another kernel finds it
    (store_home / "games.sqlite3").write_bytes(b"not a database at all " * 500)
    third = sw.Klondike(seed=3)  # sets the damaged file aside: game 1 of the new store
    play(third, 2)
    fourth = sw.Klondike(seed=4)
    play(fourth, 2)
    first.draw()
    second.move(second.legal_moves()[0])
    third.draw()
    boards = [first, second, third, fourth]
    assert len({board.game_id for board in boards}) == 4
    for board in boards:
        assert_resumes_exactly(board)
    assert sorted(game.id for game in sw.saved_games()) == sorted(b.game_id for b in boards)


@pytest.mark.parametrize("game_id", [2**63, 2**64 + 5, 10**40, -1, 0, -(2**63) - 1])
def test_resume_of_any_whole_number_that_is_no_recorded_game_is_a_lookup_error(game_id):
    play(sw.Klondike(seed=1), 1)
    with pytest.raises(LookupError, match=f"No game {game_id} is recorded"):
        sw.resume(game_id)


@pytest.mark.parametrize("game_id", ["1", 1.0, True, [1]])
def test_resume_of_something_that_is_not_a_whole_number_says_what_an_id_is(game_id):
    play(sw.Klondike(seed=1), 1)
    with pytest.raises(TypeError, match="a game id is a whole number"):
        sw.resume(game_id)


STORES = Path(__file__).with_name("stores")


def expected_of_schema_1() -> dict:
    """What tests/stores/schema-1.sqlite3 held when main (42e5ba8, schema version 1) wrote it:
    each played game's state and redo line, the listing and the statistics."""
    return json.loads((STORES / "schema-1.json").read_text())


def listing() -> list[dict]:
    keys = ("id", "status", "seed", "game", "options", "moves", "daily")
    return [{key: getattr(game, key) for key in keys} for game in sw.saved_games()]


def test_a_store_written_before_tokens_migrates_and_every_game_resumes_and_goes_on(store_home):
    path = store_home / "games.sqlite3"
    shutil.copy(STORES / "schema-1.sqlite3", path)
    expected = expected_of_schema_1()
    assert listing() == expected["listed"]
    assert [variant.cells() for variant in sw.stats()] == expected["stats"]
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT version FROM schema").fetchone() == (len(store.MIGRATIONS),)
        tokens = [row[0] for row in db.execute("SELECT token FROM games")]
    assert len(set(tokens)) == len(tokens) == 10 and all(len(token) == 32 for token in tokens)
    for game in expected["games"]:
        board = sw.resume(game["id"])
        assert board.state() == game["state"] and board.status == game["status"]
        assert [str(move) for move in board._game.redo_line] == game["redo"]
        if board.legal_moves():
            board.move(board.legal_moves()[0])
            assert board.game_id == game["id"]
            assert_resumes_exactly(board)
    newer = sw.Klondike(seed=5)
    newer.draw()
    assert newer.game_id == 11 and len(sw.saved_games()) == len(expected["listed"]) + 1


def test_a_read_only_store_written_before_tokens_is_still_read(store_home, monkeypatch):
    """A store this process may not write is read as it is, unmigrated."""
    shutil.copy(STORES / "schema-1.sqlite3", store_home / "games.sqlite3")
    expected = expected_of_schema_1()

    def read_only(self):
        raise sqlite3.OperationalError("attempt to write a readonly database")

    monkeypatch.setattr(store.GameStore, "_connect", read_only)
    assert listing() == expected["listed"]
    game = expected["games"][0]
    board = sw.resume(game["id"])
    assert board.state() == game["state"]
    board.draw()
    assert board._message["text"].startswith("Moves are not being saved")
