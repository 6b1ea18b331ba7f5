"""Writing a file so that a failure never destroys the one it replaces."""

from __future__ import annotations

import os
import secrets
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import TextIO


def write_atomically(
    path: str | os.PathLike[str], write: Callable[[TextIO], object], *, newline: str | None = None
) -> None:
    """Call ``write(file)`` on a new file next to ``path``, make it durable, then rename it over
    ``path``. Until the rename, ``path`` is untouched: a write that raises (a full disk, an
    interrupt, a value that cannot be written) leaves the earlier file as it was and no
    temporary file behind.

    The package's one way to replace a file (saved games, exported pages, survey CSVs, the deal
    catalogue). A new file gets the mode any new file gets (0o666 less the umask), so a page a
    web server serves as another user stays readable; a replaced one keeps its mode. ``newline``
    is ``open``'s (``""`` for the csv module)."""
    target = Path(os.path.realpath(path))  # through a symlink, replace the file it names
    temporary = target.with_name(f".{target.name}.{secrets.token_hex(4)}.tmp")
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666)
    try:
        with suppress(FileNotFoundError):
            os.chmod(temporary, os.stat(target).st_mode & 0o7777)  # keep the old file's mode
        with os.fdopen(descriptor, "w", encoding="utf-8", newline=newline) as file:
            write(file)
            file.flush()
            os.fsync(file.fileno())
        os.replace(temporary, target)
    except BaseException:
        with suppress(FileNotFoundError):
            os.unlink(temporary)
        raise
    _sync_directory(target.parent)


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
