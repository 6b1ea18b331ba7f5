"""The memory a long solve takes, whatever the time limit: ``solve`` stops at ``MAX_POSITIONS``.

Solves a Klondike draw-3 deal the solver cannot decide within its cap (seed 66) with the longest
time limit there is, and prints how many positions it stored, how long it ran, and the memory it
took: the growth of the process's peak resident size (``resource``) and the peak of what Python
allocated (``tracemalloc``, in a second run: tracing makes it several times slower).

    python benchmarks/solver_memory.py [--seed 66] [--draw 3] [--no-tracemalloc]
"""

from __future__ import annotations

import argparse
import resource
import time
import tracemalloc

import solitaire_widget as sw
from solitaire_widget.games import KlondikeGame
from solitaire_widget.solver import MAX_POSITIONS, MAX_TIME_LIMIT


def peak_rss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # kB on Linux


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=66)
    parser.add_argument("--draw", type=int, default=3)
    parser.add_argument("--no-tracemalloc", action="store_true")
    args = parser.parse_args()
    game = KlondikeGame(seed=args.seed, draw=args.draw)

    before = peak_rss_mb()
    start = time.perf_counter()
    solution = sw.solve(game, time_limit=MAX_TIME_LIMIT)
    seconds = time.perf_counter() - start
    grown = peak_rss_mb() - before
    print(f"Klondike draw {args.draw}, seed {args.seed}: {solution.status}")
    print(f"{solution.nodes:,} positions (cap {MAX_POSITIONS:,}) in {seconds:.1f} s")
    print(f"peak resident size grew by {grown:.1f} MB ({peak_rss_mb():.1f} MB in all)")
    if not args.no_tracemalloc:
        tracemalloc.start()
        sw.solve(game, time_limit=MAX_TIME_LIMIT)
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
        print(f"tracemalloc peak: {peak / 2**20:.1f} MiB")


if __name__ == "__main__":
    main()
