"""The game store in JupyterLite: kept in the browser's storage, so that games, statistics and
streaks outlive a reload of the page and a restart of the browser.

In JupyterLite, Python is Pyodide in a web worker and its file system lives in memory: the store
in the user data directory is gone with the page. JupyterLite mounts the user's own files at
``/drive`` (its DriveFS, kept in the browser's IndexedDB and reached synchronously through a
service worker). SQLite cannot run there: DriveFS holds an open file in memory and writes it
back only when it is closed, and answers ``fstat`` with the size it last wrote. So SQLite keeps
running on the file in memory, with a rollback journal (with WAL the latest commits would sit in
a side file), and after each commit the whole file is copied to
``/drive/.solitaire_widget/games.sqlite3``: written beside it, then renamed over it. DriveFS
stores a closed file in one IndexedDB write, so the copy there is always a whole store as it was
after some commit.

The copy is made as soon as the Python code that committed has returned (a microtask): a move
is answered first, a cell that makes a hundred moves copies once, and no other message or click
is handled before the copy, so a reload loses at most the change being made. A kernel reads the
copy when it first uses the store, and again after another kernel of the same browser (another
notebook, another tab) has saved; they tell each other on a BroadcastChannel.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from .engine.saving import write_atomically

# Where JupyterLite mounts the user's files.
DRIVE = Path("/drive")
# A hidden folder of the user's files, out of the way of the file browser.
FOLDER = ".solitaire_widget"
# A copy larger than this is neither read into the page's memory nor overwritten.
MAX_BYTES = 64 * 1024 * 1024
# The kernels of one browser announce their saves here.
CHANNEL = "solitaire_widget: game store saved"

NO_LASTING_STORAGE = (
    "Games are kept only until this page is closed: the browser gives it no lasting storage "
    "(a private window, or site data turned off)."
)

Notify = Callable[[str], None]


def journal_mode(copied: bool) -> str:
    """SQLite's journal mode for a store: WAL, which lets two kernels play into one file, except
    for a store that is copied after each commit (the copy must be the whole store) or runs in
    the browser, whose in-memory file system only imitates the shared memory WAL needs."""
    return "DELETE" if copied or sys.platform == "emscripten" else "WAL"


class BrowserCopy:
    """Keeps ``kept`` (on the drive) a copy of the store at ``working`` (in memory) as it was
    after its last commit, and brings it back into memory in a new kernel.

    ``after_task`` runs a function once the code running now has returned; ``announce`` tells
    the other kernels that the copy changed (they call ``heard_of_a_save``).
    """

    def __init__(
        self,
        working: Path,
        kept: Path,
        notify: Notify,
        after_task: Callable[[Callable[[], None]], None],
        announce: Callable[[], None] = lambda: None,
    ) -> None:
        self.working = working
        self.kept = kept
        self._notify = notify
        self._after_task = after_task
        self._announce = announce
        self._stale = True  # the kept copy is newer than the store in memory (or unread)
        self._pending = False
        self._failing = False
        self._given_up = False
        self._folder_made = False
        self._set_aside_kept: set[str] = set()

    def heard_of_a_save(self) -> None:
        self._stale = True

    def load(self) -> None:
        """Before each transaction: the kept copy into memory, when this kernel has not read it
        yet or another kernel has saved since. A copy that cannot be read is left alone, and so
        is the store in memory, which this page then keeps only until it closes."""
        if not self._stale or self._given_up:
            return
        self._stale = False
        try:
            size = self.kept.stat().st_size
            if size > MAX_BYTES:
                self._give_up(
                    f"The game store in this browser's storage ({size // 2**20} MB) is too large "
                    "to open in a page"
                )
                return
            store = self.kept.read_bytes()
        except FileNotFoundError:
            return  # a new store: the first commit saves it
        except OSError as error:
            self._give_up(f"The game store in this browser's storage cannot be read ({error})")
            return
        self.working.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(self.working, store)  # a new file: the store opens it afresh

    def committed(self) -> None:
        """After each write: save once the code that wrote has returned."""
        if self._pending or self._given_up:
            return
        self._pending = True
        self._after_task(self._save)

    def _save(self) -> None:
        self._pending = False
        try:
            if not self._folder_made:
                self.kept.parent.mkdir(parents=True, exist_ok=True)
                self._folder_made = True
            for damaged in self._new_set_aside_files():
                _copy(damaged, self.kept.parent / damaged.name)
                self._set_aside_kept.add(damaged.name)
            _copy(self.working, self.kept)
        except OSError as error:
            if not self._failing:
                self._notify(
                    f"The browser's storage refused the game store ({error}): moves are kept "
                    "in this page, and saved again at the next move."
                )
            self._failing = True
            return
        if self._failing:
            self._notify("The browser's storage takes the game store again: every move is kept.")
            self._failing = False
        self._announce()

    def _new_set_aside_files(self) -> list[Path]:
        """Stores set aside as damaged in memory, so that the drive keeps them too."""
        prefix = f"{self.working.name}.damaged-"
        return [
            path
            for path in sorted(self.working.parent.glob(f"{prefix}*"))
            if path.name not in self._set_aside_kept
        ]

    def _give_up(self, why: str) -> None:
        self._given_up = True
        self._notify(f"{why}: games of this page are kept only until it is closed.")


def _copy(source: Path, target: Path) -> None:
    """Writes source's bytes beside target and renames them over it: target is either the old
    file or the new one, whole."""
    write_atomically(target, source.read_bytes())


def browser_copy(working: Path, notify: Notify) -> BrowserCopy | None:
    """The copy in the browser's storage of the store at ``working``, when Python runs in a
    web page with JupyterLite's drive mounted; None elsewhere. Without the drive (a private
    window) the player hears that the games last only as long as the page."""
    if sys.platform != "emscripten":
        return None
    if not DRIVE.is_dir():
        notify(NO_LASTING_STORAGE)
        return None
    if working.is_relative_to(DRIVE):
        return None  # SOLITAIRE_WIDGET_HOME set into the drive: the store stays where it is told
    return _in_this_page(working, DRIVE / FOLDER / working.name, notify)


def _in_this_page(working: Path, kept: Path, notify: Notify) -> BrowserCopy:
    """A BrowserCopy wired to the page's event loop and to the other kernels of the browser."""
    import js  # type: ignore[import-not-found]  # Pyodide's window onto JavaScript
    from pyodide.ffi import create_once_callable, create_proxy  # type: ignore[import-not-found]

    channel = js.BroadcastChannel.new(CHANNEL)
    copy = BrowserCopy(
        working,
        kept,
        notify,
        after_task=lambda save: js.queueMicrotask(create_once_callable(save)),
        announce=lambda: channel.postMessage(str(kept)),
    )

    def heard(event: Any) -> None:
        if event.data == str(kept):
            copy.heard_of_a_save()

    channel.addEventListener("message", create_proxy(heard))
    return copy
