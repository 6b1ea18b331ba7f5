"""The player's preferences: how boards look and help, and the Options menu's choices for the
next new game, kept in ``preferences.json`` beside the game store so that they carry to the next
board and the next session.

Who reads them:
- Boards a player makes (``sw.Klondike``, ``sw.Applegate``, their ``daily`` and ``from_deal``,
  ``sw.resume`` and the app) take a saved display setting for each one the cell leaves out; a
  setting given in the cell wins, for that board alone. Lesson boards (``controls="lesson"``)
  take the four-colour deck only: smart click, auto-move, the coach and the marks would change
  the lesson.
- The rules never change with them: ``sw.Klondike()`` is always draw 1 with standard scoring. The
  engine, the environments, surveys and ``sw.load`` never read this file, so a script, an
  experiment or a shared game does the same on every machine.

Who writes them: the player, on a board. A setting changed in the Options menu, and a new game
dealt from it (or from the app's picker), is saved; code in a cell (``g.four_colour = True``,
``g.new_game(draw=3)``) changes that board only. ``SOLITAIRE_WIDGET_AUTOSAVE=0`` writes nothing
beside the store: no games, no preferences.

Whose they are: ``preferences.json`` is the notebooks' player's. Each visitor of the Voilà app
has a file of their own, ``visitors/<token>.json`` beside it, named by the token their browser
keeps (see ``visitor.py``), as the store keeps each visitor's games apart: one visitor's choices
never become another's, nor the notebooks' player's. A visitor whose browser keeps no token
(``store.NO_VISITOR``) has none: their choices apply to their board only.

The file is input from outside: it is read bounded (a few KB, a regular file only), checked
whole, and a file that is not what this module writes is ignored with one warning and replaced by
the next preference saved. Nothing here raises into a board.
"""

from __future__ import annotations

import json
import os
import stat
import warnings
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .engine.saving import write_atomically
from .games import names, spelled_names
from .shape import Limits, brief, parse_json_text
from .store import NO_VISITOR, autosave_enabled, store_path
from .store_rows import TOKEN
from .variants import all_options, has_winnable_deals, variant_of

FILE_NAME = "preferences.json"
# The folder beside the store that holds each visitor's file (see "Whose they are").
VISITORS_FOLDER = "visitors"
FORMAT = "solitaire-widget-preferences/1"
# The board settings a player's choice carries over: the Options menu's "This board" part.
DISPLAY = ("smart_click", "four_colour", "show_marks", "auto_move", "coach")
# The ones a lesson board takes: how the cards look, never how the lesson goes.
LESSON_DISPLAY = ("four_colour",)
# The Options menu's choices for the next new game; the rules' own defaults until one is saved:
# the game, whether its deal must be proven winnable, and the last choice of every game's
# options (a game chosen keeps the other games' choices for their next deal).
NEXT_GAME_DEFAULTS: dict[str, Any] = {
    "game": names()[0],
    **{option.name: option.default for option in all_options()},
    "winnable": False,
}
# The file holds a handful of names; anything near these bounds is not what this module wrote.
LIMITS = Limits(depth=3, containers=4, items=24, text=40, size=4096, holder="a preferences file")


@dataclass(frozen=True)
class Preferences:
    """What the file holds: the saved display settings (only those the player chose) and the
    choices for the next new game (None until one was saved)."""

    display: Mapping[str, bool] = field(default_factory=dict)
    next_game: Mapping[str, Any] | None = None

    def fill(self, settings: Mapping[str, Any], lesson: bool) -> dict[str, Any]:
        """``settings`` as a cell gave them, with the saved display settings it left out."""
        names = LESSON_DISPLAY if lesson else DISPLAY
        saved = {name: self.display[name] for name in names if name in self.display}
        return {**saved, **settings}

    def as_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "board": dict(self.display),
            "next_game": None if self.next_game is None else dict(self.next_game),
        }


def preferences_path(player: str | None = None) -> Path:
    """``preferences.json`` beside the game store (see ``store.store_path``) for the notebooks'
    player (None); ``visitors/<token>.json`` beside it for a visitor of the app."""
    if player is None:
        return store_path().with_name(FILE_NAME)
    if not TOKEN.fullmatch(player):
        raise ValueError(f"a visitor is known by 32 hexadecimal digits, not {brief(player)}")
    return store_path().with_name(VISITORS_FOLDER) / f"{player}.json"


# The file last read: its path, what ``os.stat`` said of it, and what it held.
_last_read: tuple[Path, tuple[int, ...], Preferences] | None = None


def saved(player: str | None = None) -> Preferences:
    """The saved preferences of ``player`` (None: the notebooks' player; else the app's visitor
    of that token); none when the file is missing or cannot be read (then a ``RuntimeWarning``
    says why, once for each version of the file)."""
    global _last_read
    if player == NO_VISITOR:
        return Preferences()
    path = preferences_path(player)
    signature = _signature(path)
    if _last_read is not None and _last_read[:2] == (path, signature):
        return _last_read[2]
    preferences, trouble = _read(path)
    if trouble is not None:
        warnings.warn(
            f"Your saved board preferences in {path} are ignored: {trouble}. The next setting "
            "you change on a board replaces the file.",
            RuntimeWarning,
            stacklevel=3,
        )
    _last_read = (path, signature, preferences)
    return preferences


def remember_setting(name: str, value: bool, player: str | None = None) -> str | None:
    """Save a display setting ``player`` changed on a board. Returns a notice for the board
    when it could not be saved, else None."""
    if name not in DISPLAY or not isinstance(value, bool):
        raise ValueError(f"{name!r} is not a board setting a player can keep")
    before = saved(player)
    return _save(Preferences({**before.display, name: value}, before.next_game), player)


def remember_next_game(
    choice: Mapping[str, Any], player: str | None = None
) -> tuple[dict[str, Any], str | None]:
    """Save the choices of a new game ``player`` dealt from a menu: those in ``choice`` (some
    of game, winnable and the games' options) replace the saved ones. Returns the choices for the
    next new game, and a notice for the board when they could not be saved (else None)."""
    unknown = sorted(set(choice) - set(NEXT_GAME_DEFAULTS))
    if unknown:
        raise ValueError(f"a next game has no choice {unknown[0]!r}")
    before = saved(player)
    next_game = {**(before.next_game or NEXT_GAME_DEFAULTS), **choice}
    problem = _next_game_problem(next_game)
    if problem is not None:
        raise ValueError(problem)
    return next_game, _save(Preferences(before.display, next_game), player)


def _save(preferences: Preferences, player: str | None) -> str | None:
    global _last_read
    if not autosave_enabled() or player == NO_VISITOR:
        return None
    path = preferences_path(player)
    text = json.dumps(preferences.as_json(), indent=1, sort_keys=True) + "\n"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(path, text)
    except OSError as error:
        # A visitor is not told where the server keeps its files.
        where = path if player is None else "the server's folder for them"
        return f"This choice applies to this board only: {where} cannot be written ({_why(error)})."
    _last_read = (path, _signature(path), preferences)
    return None


def _why(error: OSError) -> str:
    return error.strerror or type(error).__name__


def _signature(path: Path) -> tuple[int, ...]:
    """What changes whenever the file does (an atomic write gives it a new inode)."""
    try:
        found = os.stat(path)
    except OSError:
        return ()
    return (found.st_dev, found.st_ino, found.st_size, found.st_mtime_ns)


def _read(path: Path) -> tuple[Preferences, str | None]:
    """The preferences in ``path`` and, when the file is there but cannot be used, why."""
    try:
        # Non-blocking, so that a FIFO put in the file's place cannot stall the kernel.
        descriptor = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except (FileNotFoundError, NotADirectoryError):
        return Preferences(), None  # nothing saved yet (the store's folder may not exist)
    except OSError as error:
        return Preferences(), f"it cannot be opened ({_why(error)})"
    try:
        if not stat.S_ISREG(os.fstat(descriptor).st_mode):
            return Preferences(), "it is not a file"
        text = _first_bytes(descriptor, LIMITS.size + 1)
    except OSError as error:
        return Preferences(), f"it cannot be read ({_why(error)})"
    finally:
        os.close(descriptor)
    if len(text) > LIMITS.size:
        return Preferences(), f"it is longer than the {LIMITS.size:,} bytes this module writes"
    try:
        return _preferences(parse_json_text(text, LIMITS, "it")), None
    except ValueError as problem:
        return Preferences(), str(problem)


def _first_bytes(descriptor: int, count: int) -> bytes:
    """Up to ``count`` bytes from the start of an open file, however long it is."""
    chunks = []
    while count > 0 and (chunk := os.read(descriptor, count)):
        chunks.append(chunk)
        count -= len(chunk)
    return b"".join(chunks)


def _preferences(content: Any) -> Preferences:
    """The file's JSON checked whole; ``ValueError`` names the first thing that is wrong."""
    if not isinstance(content, dict) or content.get("format") != FORMAT:
        raise ValueError(f"it is not a preferences file of this version ({FORMAT})")
    unknown = sorted(set(content) - {"format", "board", "next_game"})
    if unknown:
        raise ValueError(f"it has an unknown entry {brief(unknown[0])}")
    board = content.get("board", {})
    if not isinstance(board, dict):
        raise ValueError(f"its board settings are {brief(board)}, not an object")
    for name, value in board.items():
        if name not in DISPLAY:
            known = ", ".join(DISPLAY)
            raise ValueError(f"it has no board setting {brief(name)}: they are {known}")
        if not isinstance(value, bool):
            raise ValueError(f"its {name} is {brief(value)}, not true or false")
    next_game = content.get("next_game")
    if next_game is not None:
        if not isinstance(next_game, dict) or not {"game", "winnable"} <= set(next_game):
            raise ValueError("its next game does not name a game and whether it is winnable")
        unknown = sorted(set(next_game) - set(NEXT_GAME_DEFAULTS), key=str)
        if unknown:
            raise ValueError(f"its next game has no choice {brief(unknown[0])}")
        # A file written before a game was added lacks that game's options: their defaults.
        next_game = {**NEXT_GAME_DEFAULTS, **next_game}
        problem = _next_game_problem(next_game)
        if problem is not None:
            raise ValueError(problem)
    return Preferences(board, next_game)


def _next_game_problem(choice: Mapping[str, Any]) -> str | None:
    """What is wrong with the choices for a next game, or None."""
    game = choice["game"]
    if not isinstance(game, str) or game not in names():
        return f"the next game is {spelled_names()}, not {brief(game)}"
    for option in all_options():
        refusal = option.refusal(choice[option.name], null="null")
        if refusal is not None:
            return f"the next game's {refusal}"
    if not isinstance(choice["winnable"], bool):
        return f"the next game's winnable choice is true or false, not {brief(choice['winnable'])}"
    if choice["winnable"] and not has_winnable_deals(game, choice):
        label = variant_of(game, choice).label
        return f"the next game, {label}, has no proven-winnable deals"
    return None
