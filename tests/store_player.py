"""A player in a process of its own, for the store tests that kill, share and starve a store.

    python tests/store_player.py GAME SEED RNG STEPS [--full-disk-after N] [--hold]

Plays a board of GAME ("klondike" or "applegate") dealt from SEED into the store at
$SOLITAIRE_WIDGET_HOME: random legal moves, undos and redos chosen by a random generator seeded
with RNG, STEPS of them. Before each action it prints {"intent": ...}; after it,
{"done": ...} with the history, the redo line, the state and the board's message, one JSON
object a line, flushed, so a test that kills it knows the last action applied and the one that
may have been under way.

--full-disk-after N: after N actions, a file-size limit (RLIMIT_FSIZE, SIGXFSZ ignored) stops
every file from growing; after N more, the limit is lifted again.
--hold: after the last action, wait to be killed instead of exiting.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import signal
import sys
import time

import solitaire_widget as sw
from solitaire_widget.widget import recording


def report(**fields: object) -> None:
    print(json.dumps(fields), flush=True)


def choose(board: sw.Klondike | sw.Applegate, rng: random.Random) -> tuple[str, str | None]:
    roll = rng.random()
    if roll < 0.12 and board._game.can_undo:
        return "undo", None
    if roll < 0.2 and board._game.can_redo:
        return "redo", None
    legal = board.legal_moves()
    if not legal:
        return ("undo", None) if board._game.can_undo else ("none", None)
    return "move", str(rng.choice(legal))


def apply(board: sw.Klondike | sw.Applegate, action: str, move: str | None) -> None:
    if action == "move":
        board.move(move)
    elif action == "undo":
        board.undo()
    elif action == "redo":
        board.redo()


def limit_file_size(limit: int) -> None:
    _, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, hard))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("game", choices=["klondike", "applegate"])
    parser.add_argument("seed", type=int)
    parser.add_argument("rng", type=int)
    parser.add_argument("steps", type=int)
    parser.add_argument("--full-disk-after", type=int)
    parser.add_argument("--hold", action="store_true")
    args = parser.parse_args()

    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    recording.FIRST_RETRY_SECONDS = 0.0  # retry at every action, so the test needs no waiting
    rng = random.Random(args.rng)
    board = (sw.Klondike if args.game == "klondike" else sw.Applegate)(seed=args.seed)
    report(started=board.game_id)
    for step in range(args.steps):
        if args.full_disk_after is not None and step == args.full_disk_after:
            limit_file_size(1024)
        if args.full_disk_after is not None and step == 2 * args.full_disk_after:
            limit_file_size(resource.RLIM_INFINITY)
        action, move = choose(board, rng)
        if action == "none":
            break
        report(intent={"action": action, "move": move})
        apply(board, action, move)
        report(
            done={
                "game_id": board.game_id,
                "history": [str(m) for m in board.history],
                "redo": [str(m) for m in board._game.redo_line],
                "state": board.state(),
                "message": board._message,
                "saved": board._recorder.has_saved(board._game),
            }
        )
    if args.hold:
        while True:
            time.sleep(1)


if __name__ == "__main__":
    sys.exit(main())
