"""What recording every move into the game store costs a board.

Plays the same random games on boards with ``autosave`` on and off, alternating rounds so that
both see the same machine load, and prints the per-move time of each, the per-move overhead of
recording in microseconds, and the cost of dealing a new recorded game. The store lives in a
temporary directory.

    .venv/bin/python benchmarks/store_speed.py [--games 40] [--moves 60] [--rounds 5]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time


def play(boards: list, moves: int, seed: int) -> list[float]:
    """Random legal moves (an undo now and then) on each board; the seconds each of the board's
    move/undo calls took."""
    rng = random.Random(seed)
    spent = []
    for board in boards:
        for _ in range(moves):
            legal = board.legal_moves()
            if not legal or board.status != "playing":
                break
            if board.history and rng.random() < 0.1:
                started = time.perf_counter()
                board.undo()
            else:
                move = rng.choice(legal)
                started = time.perf_counter()
                board.move(move)
            spent.append(time.perf_counter() - started)
    return spent


def deal(sw, autosave: bool, games: int, first_seed: int) -> tuple[list, list[float]]:
    """A board per seed, Klondike and Applegate in turn; the seconds each took to make."""
    boards, spent = [], []
    for seed in range(first_seed, first_seed + games):
        started = time.perf_counter()
        boards.append((sw.Klondike if seed % 2 else sw.Applegate)(seed=seed, autosave=autosave))
        spent.append(time.perf_counter() - started)
    return boards, spent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--moves", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()

    home = tempfile.mkdtemp(prefix="store-speed-")
    os.environ["SOLITAIRE_WIDGET_HOME"] = home
    os.environ.pop("SOLITAIRE_WIDGET_AUTOSAVE", None)
    import solitaire_widget as sw

    per_move: dict[bool, list[float]] = {True: [], False: []}
    per_deal: dict[bool, list[float]] = {True: [], False: []}
    for round_number in range(args.rounds):
        order = (True, False) if round_number % 2 == 0 else (False, True)
        for autosave in order:
            boards, dealing = deal(sw, autosave, args.games, 1000 * round_number)
            per_move[autosave] += play(boards, args.moves, round_number)
            per_deal[autosave] += dealing
            for board in boards:
                board.close()

    print(f"python {sys.version.split()[0]}, {args.rounds} rounds of {args.games} games")
    print(f"{len(per_move[True])} recorded moves, {len(per_move[False])} unrecorded")
    print("microseconds per call     median    mean")
    for name, times in (("move/undo", per_move), ("new board", per_deal)):
        on = [t * 1e6 for t in times[True]]
        off = [t * 1e6 for t in times[False]]
        for label, sample in (("recording on", on), ("recording off", off)):
            median, mean = statistics.median(sample), statistics.mean(sample)
            print(f"{name:10} {label:14} {median:7.0f} {mean:7.0f}")
        extra = statistics.median(on) - statistics.median(off)
        ratio = statistics.median(on) / statistics.median(off)
        print(f"{name:10} overhead      {extra:7.0f}          (median ratio on/off {ratio:.2f})")
    print(f"games recorded: {len(sw.saved_games())}")


if __name__ == "__main__":
    main()
