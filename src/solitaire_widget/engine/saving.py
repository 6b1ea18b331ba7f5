"""Writing a file so that a failure never destroys the one it replaces."""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import IO, TextIO


def write_atomically(
    path: str | os.PathLike[str],
    contents: str | bytes | Callable[[TextIO], object],
    *,
    newline: str | None = None,
) -> None:
    """Write ``contents`` (text, bytes, or ``contents(file)`` called on a text file) to a new file
    next to ``path``, make it durable, then rename it over ``path``. Until the rename, ``path`` is
    untouched: a write that raises (a full disk, an interrupt, a value that cannot be written)
    leaves the earlier file as it was and no temporary file behind.

    The package's one way to replace a file (saved games, preferences, exported pages, survey
    CSVs, the deal catalogue, the game store's copy in a browser's storage). A new file gets the
    mode any new file gets (0o666 less the umask), so a page a web server serves as another user
    stays readable; a replaced one keeps its mode. ``newline`` is ``open``'s (``""`` for the csv
    module); text is written as UTF-8."""
    target = Path(os.path.realpath(path))  # through a symlink, replace the file it names
    temporary = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with suppress(FileNotFoundError):
            os.chmod(temporary, os.stat(target).st_mode & 0o7777)  # keep the old file's mode
        if isinstance(contents, bytes):
            with os.fdopen(descriptor, "wb") as file:
                file.write(contents)
                _make_durable(file)
        else:
            with os.fdopen(descriptor, "w", encoding="utf-8", newline=newline) as file:
                if isinstance(contents, str):
                    file.write(contents)
                else:
                    contents(file)
                _make_durable(file)
        os.replace(temporary, target)
    except BaseException:
        with suppress(FileNotFoundError):
            os.unlink(temporary)
        raise
    _sync_directory(target.parent)


def _make_durable(file: IO) -> None:
    file.flush()
    os.fsync(file.fileno())


def _sync_directory(directory: Path) -> None:
    """Make the rename itself durable. Some systems cannot open a directory; they skip this."""
    try:
        descriptor = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(descriptor)
    except OSError:
        pass
    finally:
        os.close(descriptor)
