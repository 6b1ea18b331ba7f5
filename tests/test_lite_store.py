"""The game store in JupyterLite (issue 21): the store runs in the page's memory and is copied to
the browser's storage (JupyterLite's drive) after each change, so a reload or a browser restart
finds every game again.

Here the drive is a folder, a reload is a kernel whose memory (SOLITAIRE_WIDGET_HOME) is new and
empty, and the end of the code running in the page (when the copy is made) is the test running
the functions queued for it. tests/e2e/test_lite_site.py does the same in the real site.
"""

from __future__ import annotations

import errno
import sqlite3
from collections.abc import Callable
from pathlib import Path

import pytest

import solitaire_widget as sw
from solitaire_widget import lite_store, store


class Browser:
    """The drive and the page's event loop that kernels share in one browser."""

    def __init__(self, drive: Path) -> None:
        self.drive = drive
        self.kept = drive / lite_store.FOLDER / store.FILE_NAME
        self.after_task: list[Callable[[], None]] = []
        self.copies: list[lite_store.BrowserCopy] = []

    def browser_copy(self, working: Path, notify: lite_store.Notify) -> lite_store.BrowserCopy:
        copy = lite_store.BrowserCopy(
            working,
            self.kept,
            notify,
            after_task=self.after_task.append,
            announce=lambda: self.announce(copy),
        )
        self.copies.append(copy)
        return copy

    def announce(self, saver: lite_store.BrowserCopy) -> None:
        for copy in self.copies:
            if copy is not saver:
                copy.heard_of_a_save()

    def end_of_task(self) -> None:
        """The code running in the page has returned: what waited for it runs."""
        waiting, self.after_task[:] = list(self.after_task), []
        for run in waiting:
            run()


@pytest.fixture
def browser(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Browser:
    browser = Browser(tmp_path / "drive")
    monkeypatch.setattr(lite_store, "browser_copy", browser.browser_copy)
    return browser


def new_kernel(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, name: str) -> Path:
    """A kernel started by a (re)load of the page: its in-memory file system is empty."""
    home = tmp_path / name
    monkeypatch.setenv(store.HOME_VARIABLE, str(home))
    return home


def kept_games(browser: Browser) -> list[tuple[int, int]]:
    with sqlite3.connect(browser.kept) as copy:
        return copy.execute("SELECT id, moves FROM games ORDER BY id").fetchall()


def test_each_change_is_copied_to_the_browser_once_the_code_that_made_it_returns(browser):
    board = sw.Klondike(seed=42)
    for move in ["t4-t1", "draw", "draw"]:
        board.move(move)
    assert not browser.kept.exists()
    assert len(browser.after_task) == 1  # three moves in one cell: one copy
    browser.end_of_task()
    assert kept_games(browser) == [(board.game_id, 3)]
    with sqlite3.connect(browser.kept) as copy:
        assert copy.execute("PRAGMA journal_mode").fetchone() == ("delete",)
    board.undo()
    browser.end_of_task()
    assert kept_games(browser) == [(board.game_id, 2)]
    assert sorted(path.name for path in browser.kept.parent.iterdir()) == [store.FILE_NAME]


def test_after_a_reload_the_games_stats_and_board_come_back(browser, tmp_path, monkeypatch):
    board = sw.Klondike(seed=42)
    for move in ["t4-t1", "draw"]:
        board.move(move)
        browser.end_of_task()  # a click each
    new_kernel(tmp_path, monkeypatch, "after-reload")
    games = sw.saved_games()
    assert [(game.id, game.moves) for game in games] == [(board.game_id, 2)]
    assert sw.stats()["Klondike · draw 1"].played == 1
    again = sw.resume()
    assert again.game_id == board.game_id and again.state() == board.state()


def test_a_reload_loses_at_most_the_change_being_made(browser, tmp_path, monkeypatch):
    board = sw.Klondike(seed=42)
    board.move("t4-t1")
    browser.end_of_task()
    board.move("draw")  # the page reloads before this change is copied
    new_kernel(tmp_path, monkeypatch, "after-reload")
    assert [str(move) for move in sw.resume(board.game_id).history] == ["t4-t1"]


def test_a_kernel_reads_the_games_another_kernel_saved(browser, tmp_path, monkeypatch):
    """Two notebooks open at once: each kernel's saves reach the other's next transaction, so
    neither copies its store over the other's games."""
    new_kernel(tmp_path, monkeypatch, "first")
    first = sw.Klondike(seed=1)
    first.move("draw")
    browser.end_of_task()
    new_kernel(tmp_path, monkeypatch, "second")
    second = sw.Klondike(seed=2)
    second.move("draw")
    browser.end_of_task()
    new_kernel(tmp_path, monkeypatch, "first")
    first.move("draw")
    browser.end_of_task()
    assert kept_games(browser) == [(first.game_id, 2), (second.game_id, 1)]
    new_kernel(tmp_path, monkeypatch, "after-reload")
    assert {game.id for game in sw.saved_games()} == {first.game_id, second.game_id}


def test_a_damaged_copy_is_set_aside_in_the_browser_and_a_new_store_started(browser):
    browser.kept.parent.mkdir(parents=True)
    browser.kept.write_bytes(b"not a game store" * 100)
    board = sw.Klondike(seed=42)  # recorded as it is dealt
    assert board._message["text"].startswith("The game store was damaged: it was set aside as")
    board.move("draw")
    browser.end_of_task()
    assert kept_games(browser) == [(board.game_id, 1)]
    aside = [p for p in browser.kept.parent.iterdir() if ".damaged-" in p.name]
    assert len(aside) == 1 and aside[0].read_bytes() == b"not a game store" * 100


def test_a_copy_too_large_to_open_is_left_alone(browser, monkeypatch):
    browser.kept.parent.mkdir(parents=True)
    browser.kept.write_bytes(b"\0" * 2048)
    monkeypatch.setattr(lite_store, "MAX_BYTES", 1024)
    board = sw.Klondike(seed=42)
    assert "too large to open in a page" in board._message["text"]
    assert "kept only until it is closed" in board._message["text"]
    board.move("draw")
    browser.end_of_task()
    assert browser.kept.read_bytes() == b"\0" * 2048
    assert board.game_id is not None  # the game is played and recorded in memory


def test_a_refused_copy_is_told_once_and_made_at_the_next_change(browser, monkeypatch):
    copy = lite_store._copy
    refusals = [OSError(errno.ENOSPC, "No space left on device")] * 2

    def refusing(source: Path, target: Path) -> None:
        if refusals:
            raise refusals.pop()
        copy(source, target)

    monkeypatch.setattr(lite_store, "_copy", refusing)
    board = sw.Klondike(seed=42)
    board.move("draw")
    browser.end_of_task()
    board.move("draw")
    assert "The browser's storage refused the game store" in board._message["text"]
    browser.end_of_task()
    board.move("draw")
    assert "refused" not in board._message["text"]  # said once
    browser.end_of_task()
    assert kept_games(browser) == [(board.game_id, 3)]
    board.move("draw")
    assert board._message["text"] == (
        "The browser's storage takes the game store again: every move is kept."
    )


def test_a_page_without_the_browsers_storage_says_games_last_as_long_as_the_page(
    tmp_path, monkeypatch
):
    monkeypatch.setattr(lite_store.sys, "platform", "emscripten")
    monkeypatch.setattr(lite_store, "DRIVE", tmp_path / "no-drive")
    board = sw.Klondike(seed=42)
    assert board._message["text"] == lite_store.NO_LASTING_STORAGE
    board.move("draw")
    assert sw.resume().state() == board.state()


def test_outside_the_browser_the_store_is_not_copied_and_keeps_wal(tmp_path):
    assert lite_store.browser_copy(tmp_path / store.FILE_NAME, print) is None
    assert lite_store.journal_mode(copied=False) == "WAL"
    board = sw.Klondike(seed=42)
    board.move("draw")
    with sqlite3.connect(store.store_path()) as connection:
        assert connection.execute("PRAGMA journal_mode").fetchone() == ("wal",)
