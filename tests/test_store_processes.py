"""The store across processes: killed at any instant, shared by two players, starved of disk,
or read-only. Each player is tests/store_player.py in a process of its own."""

from __future__ import annotations

import contextlib
import ctypes
import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

import solitaire_widget as sw
from solitaire_widget.state import load_game

PLAYER = Path(__file__).with_name("store_player.py")
# Kill trials per game; SW_KILL_TRIALS runs more (the report's long run).
KILL_TRIALS = int(os.environ.get("SW_KILL_TRIALS", "8"))
PR_CAPBSET_DROP, CAP_SETPCAP = 24, 8


def start_player(home: Path, *args: object) -> subprocess.Popen[str]:
    env = dict(os.environ, SOLITAIRE_WIDGET_HOME=str(home))
    return subprocess.Popen(
        [sys.executable, str(PLAYER), *map(str, args)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def events(lines: list[str]) -> list[dict[str, Any]]:
    """The player's complete JSON lines (a line cut off by the kill is left out)."""
    found = []
    for line in lines:
        with contextlib.suppress(json.JSONDecodeError):
            found.append(json.loads(line))
    return found


def kill(player: subprocess.Popen[str], lines: list[str]) -> list[dict[str, Any]]:
    """Kill the player; what it said, the lines already read included. (The rest is read
    through the same buffered stream, which may hold lines read ahead of ``lines``.)"""
    player.send_signal(signal.SIGKILL)
    assert player.stdout is not None and player.stderr is not None
    lines = lines + player.stdout.readlines()
    player.stderr.read()
    player.wait(timeout=60)
    return events(lines)


def finish(player: subprocess.Popen[str], timeout: float = 120) -> list[dict[str, Any]]:
    out, err = player.communicate(timeout=timeout)
    assert player.returncode == 0, err
    assert "Traceback" not in err, err
    return events(out.splitlines())


def after(state: dict[str, Any], intent: dict[str, Any], redo: list[str]) -> dict[str, Any]:
    """The state after the player's announced action, worked out with the engine."""
    game = load_game(state)
    if intent["action"] == "move":
        game.move(intent["move"])
    elif intent["action"] == "undo":
        game.undo()
    else:
        game.move(redo[0])
    return game.state()


def resumed_matches(board: Any, done: dict[str, Any]) -> bool:
    return (
        board.state() == done["state"] and [str(m) for m in board._game.redo_line] == done["redo"]
    )


@pytest.mark.parametrize("game", ["klondike", "applegate"])
def test_a_player_killed_at_any_moment_resumes_at_its_last_applied_move(
    game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(f"kill-{game}")
    ahead = 0
    for trial in range(KILL_TRIALS):
        home = tmp_path / f"trial-{trial}"
        player = start_player(
            home, game, rng.randrange(10_000), rng.randrange(10_000), 400, "--hold"
        )
        lines: list[str] = []
        wanted = rng.randint(1, 40)
        assert player.stdout is not None
        while sum('"done"' in line for line in lines) < wanted:
            line = player.stdout.readline()
            assert line, player.stderr.read() if player.stderr else "the player stopped"
            lines.append(line)
        time.sleep(rng.uniform(0, 0.004))
        told = kill(player, lines)
        done_at = max(i for i, event in enumerate(told) if "done" in event)
        last = told[done_at]["done"]
        intent = next((event["intent"] for event in told[done_at + 1 :] if "intent" in event), None)

        monkeypatch.setenv("SOLITAIRE_WIDGET_HOME", str(home))
        board = sw.resume(last["game_id"])
        if resumed_matches(board, last):
            assert [str(m) for m in board.history] == last["history"]
        else:
            # Killed after the store took the next action and before the player said so.
            assert intent is not None, f"trial {trial}: the store lost applied moves"
            assert board.state() == after(last["state"], intent, last["redo"])
            ahead += 1
        assert board.status != "playing" or sw.resume().game_id == last["game_id"]
        board.close()
    print(f"{game}: {KILL_TRIALS} kills, {ahead} caught between the write and the report")


def test_two_players_share_one_store_and_lose_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    players = [
        start_player(tmp_path, "klondike", 11, 1, 150),
        start_player(tmp_path, "applegate", 7, 2, 150),
    ]
    finals = []
    for player in players:
        told = finish(player)
        dones = [event["done"] for event in told if "done" in event]
        assert all(done["saved"] for done in dones), "a write gave up while the other played"
        assert all(done["message"]["kind"] != "error" for done in dones)
        finals.append(dones[-1])
    monkeypatch.setenv("SOLITAIRE_WIDGET_HOME", str(tmp_path))
    for final in finals:
        board = sw.resume(final["game_id"])
        assert resumed_matches(board, final)
        assert [str(m) for m in board.history] == final["history"]
    assert {game.id for game in sw.saved_games()} == {final["game_id"] for final in finals}


def test_a_full_disk_gives_one_notice_and_play_goes_on_and_is_saved_once_there_is_room(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    told = finish(start_player(tmp_path, "klondike", 3, 5, 30, "--full-disk-after", 10))
    dones = [event["done"] for event in told if "done" in event]
    assert len(dones) == 30
    assert all(done["saved"] for done in dones[:10])
    starved = dones[10:20]
    assert not any(done["saved"] for done in starved)
    notices = [d["message"] for d in starved if d["message"]["text"].startswith("Moves are not")]
    assert len({notice["id"] for notice in notices}) == 1, "one notice, not one per move"
    assert notices[0]["kind"] == "error"
    assert all(done["saved"] for done in dones[20:]), "the store caught up once there was room"
    monkeypatch.setenv("SOLITAIRE_WIDGET_HOME", str(tmp_path))
    board = sw.resume(dones[-1]["game_id"])
    assert resumed_matches(board, dones[-1])


def test_a_full_disk_keeps_everything_recorded_before_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # 19 actions: the disk is full from the 11th on and never has room again (the player would
    # lift the limit after the 20th, and a loaded machine might let it get there before the kill).
    player = start_player(tmp_path, "applegate", 9, 6, 19, "--full-disk-after", 10, "--hold")
    lines = []
    assert player.stdout is not None
    while sum('"done"' in line for line in lines) < 18:
        lines.append(player.stdout.readline())
    dones = [event["done"] for event in kill(player, lines) if "done" in event]
    monkeypatch.setenv("SOLITAIRE_WIDGET_HOME", str(tmp_path))
    board = sw.resume(dones[9]["game_id"])
    assert resumed_matches(board, dones[9]), "the last move recorded before the disk filled"


def can_drop_root_powers() -> bool:
    """Whether this process may drop capabilities from its bounding set (CAP_SETPCAP)."""
    status = Path("/proc/self/status").read_text()
    effective = int(
        next(line for line in status.splitlines() if line.startswith("CapEff:")).split()[1], 16
    )
    return bool(effective >> CAP_SETPCAP & 1)


def without_root_powers() -> None:
    """Run as root, a process ignores file modes. Dropping the two capabilities that let it do
    so (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH) from the bounding set before exec makes a
    read-only folder read-only for the player too."""
    libc = ctypes.CDLL(None, use_errno=True)
    for capability in (1, 2):
        if libc.prctl(PR_CAPBSET_DROP, capability, 0, 0, 0) != 0:
            raise OSError(ctypes.get_errno(), "prctl(PR_CAPBSET_DROP) failed")


def test_a_read_only_store_is_read_and_never_stops_play(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    as_root = os.geteuid() == 0
    if as_root and not can_drop_root_powers():
        pytest.skip("running as root without CAP_SETPCAP: nothing here is read-only to root")
    home = tmp_path / "home"
    monkeypatch.setenv("SOLITAIRE_WIDGET_HOME", str(home))
    recorded = sw.Klondike(seed=5)
    for move in recorded.legal_moves()[:2]:
        recorded.move(move)
    game_id = recorded.game_id
    recorded.close()
    sw.store.open_store().close()
    store_file = home / "games.sqlite3"
    before = store_file.read_bytes()
    home.chmod(0o555)
    store_file.chmod(0o444)
    code = f"""
import json, solitaire_widget as sw
listed = [game.id for game in sw.saved_games()]
old = sw.resume({game_id})
old.draw()
old_message = old._message
old.draw()
new = sw.Klondike(seed=8)
new_message = new._message
new.move(new.legal_moves()[0])
print(json.dumps({{"listed": listed, "old": str(old.history[-1]), "old_message": old_message,
    "new_id": new.game_id, "new_message": new_message}}))
"""
    env = dict(os.environ, SOLITAIRE_WIDGET_HOME=str(home))
    try:
        run = subprocess.run(
            [sys.executable, "-c", code],
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
            preexec_fn=without_root_powers if as_root else None,
        )
    finally:
        home.chmod(0o755)
    assert run.returncode == 0, run.stderr
    seen = json.loads(run.stdout)
    assert seen["listed"] == [game_id], "a read-only store is still read"
    assert seen["old"] == "draw", "play went on"
    assert seen["new_id"] is None
    for message in (seen["old_message"], seen["new_message"]):
        assert message["kind"] == "error"
        assert message["text"].startswith("Moves are not being saved")
    assert store_file.read_bytes() == before


def test_a_store_that_another_process_holds_locked_gives_a_notice_not_a_wait_per_move(
    tmp_path: Path,
) -> None:
    """A kernel holding a write lock for long (a stuck process) costs one busy timeout, then
    play goes on without waiting while the store is left alone."""
    board = sw.Klondike(seed=4)
    holder = sqlite3.connect(sw.store.store_path(), isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        started = time.monotonic()
        board.draw()
        assert board._message["kind"] == "error" and "busy" in board._message["text"]
        for _ in range(5):
            board.draw()
        waited = time.monotonic() - started
        assert board.moves == 6
        assert waited < 6 * sw.store.BUSY_SECONDS
    finally:
        holder.execute("ROLLBACK")
        holder.close()
