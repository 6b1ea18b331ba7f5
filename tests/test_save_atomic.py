"""``g.save(path)`` is atomic: a save that fails partway leaves the earlier file as it was."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import solitaire_widget as sw
from solitaire_widget.engine import base


def saved_earlier(folder: Path) -> tuple[Path, bytes, sw.Klondike]:
    """A file holding a saved game, its bytes, and a board that has moved on since."""
    board = sw.Klondike(seed=42, autosave=False)
    board.move("t4-t1")
    path = folder / "game.json"
    board.save(path)
    board.draw()
    return path, path.read_bytes(), board


def test_a_save_writes_the_state_and_replaces_the_earlier_file(tmp_path):
    path, _, board = saved_earlier(tmp_path)
    path.chmod(0o640)
    board.save(path)
    assert sw.load(path.read_text()).state() == board.state()
    assert path.stat().st_mode & 0o777 == 0o640, "the file keeps its mode"
    assert os.listdir(tmp_path) == ["game.json"], "no temporary file is left"


def test_a_save_through_a_symlink_replaces_the_file_it_names(tmp_path):
    path, _, board = saved_earlier(tmp_path)
    link = tmp_path / "latest.json"
    link.symlink_to(path.name)
    board.save(link)
    assert link.is_symlink()
    assert json.loads(path.read_text())["history"] == ["t4-t1", "draw"]


@pytest.mark.parametrize("failure", [OSError("the disk went away"), KeyboardInterrupt()])
def test_a_save_that_fails_partway_leaves_the_earlier_file_unchanged(
    tmp_path, monkeypatch, failure
):
    path, earlier, board = saved_earlier(tmp_path)

    def dump_half_then_fail(state, file, **options):
        file.write(json.dumps(state)[:100])
        raise failure

    monkeypatch.setattr(base.json, "dump", dump_half_then_fail)
    with pytest.raises(type(failure)):
        board.save(path)
    assert path.read_bytes() == earlier
    assert sw.load(path.read_text()).history == [sw.Move("t4-t1")]
    assert os.listdir(tmp_path) == ["game.json"]


def test_a_save_cut_short_by_a_full_disk_leaves_the_earlier_file_unchanged(tmp_path):
    path, earlier, _ = saved_earlier(tmp_path)
    code = f"""
import json, resource, signal, sys
import solitaire_widget as sw
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
board = sw.Klondike(seed=42, autosave=False)
board.move("t4-t1")
board.draw()
resource.setrlimit(resource.RLIMIT_FSIZE, ({len(earlier) // 2}, resource.RLIM_INFINITY))
try:
    board.save({str(path)!r})
except OSError as error:
    print(error.errno)
"""
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == str(errno.EFBIG), "the save said it failed"
    assert path.read_bytes() == earlier
    assert os.listdir(tmp_path) == ["game.json"]
