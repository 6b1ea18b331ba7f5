"""What recording every move into the game store costs a board.

Two boards of the same deal, one recording (autosave on) and one not, make the same random moves
(an undo now and then) side by side, in alternating order, so both see the same machine load at
the same moment. Prints the per-call time of each, the per-move overhead of recording in
microseconds (median of the paired differences) and the on/off ratio, and the same for dealing
a new board. The store lives in a temporary directory.

    .venv/bin/python benchmarks/store_speed.py [--games 40] [--moves 80]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from typing import Any


def timed(action: Callable[[], Any]) -> tuple[float, Any]:
    started = time.perf_counter()
    result = action()
    return (time.perf_counter() - started) * 1e6, result


def paired(first: Callable[[], Any], second: Callable[[], Any], swap: bool) -> tuple:
    """Two calls made one after the other, in either order: their microseconds and results."""
    if swap:
        later, earlier = timed(second), timed(first)
        return earlier, later
    return timed(first), timed(second)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--moves", type=int, default=80)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="store-speed-") as home:
        os.environ["SOLITAIRE_WIDGET_HOME"] = home
        os.environ.pop("SOLITAIRE_WIDGET_AUTOSAVE", None)
        measure(args.games, args.moves)


def measure(games: int, moves_per_game: int) -> None:
    import solitaire_widget as sw

    rng = random.Random(1)
    moves: list[tuple[float, float]] = []
    deals: list[tuple[float, float]] = []
    for seed in range(games):
        kind = sw.Klondike if seed % 2 else sw.Applegate
        (dealt_on, on), (dealt_off, off) = paired(
            partial(kind, seed=seed, autosave=True),
            partial(kind, seed=seed, autosave=False),
            seed % 4 < 2,
        )
        deals.append((dealt_on, dealt_off))
        for step in range(moves_per_game):
            legal = on.legal_moves()
            if not legal or on.status != "playing":
                break
            if on.history and rng.random() < 0.1:
                calls = on.undo, off.undo
            else:
                move = rng.choice(legal)
                calls = partial(on.move, move), partial(off.move, move)
            (took_on, _), (took_off, _) = paired(*calls, step % 2 == 1)
            moves.append((took_on, took_off))
        assert on.state() == off.state()
        on.close()
        off.close()

    print(f"python {sys.version.split()[0]}, {games} games, {len(moves)} paired moves")
    print("microseconds per call   on (median)  off (median)  overhead (median of pairs)  ratio")
    for name, pairs in (("move/undo", moves), ("new board", deals)):
        on_median = statistics.median(on for on, _ in pairs)
        off_median = statistics.median(off for _, off in pairs)
        overhead = statistics.median(on - off for on, off in pairs)
        ratio = on_median / off_median
        print(f"{name:10} {on_median:21.0f} {off_median:13.0f} {overhead:27.0f} {ratio:6.2f}")
    print(f"games recorded: {len(sw.saved_games())}")
    sw.store.open_store().close()


if __name__ == "__main__":
    main()
