"""How long a winnable deal takes: ``sw.Applegate(winnable=True)`` and
``sw.Klondike(winnable=True, draw=3)`` (the catalogue), and New game on such a board, against the
search they replaced (``first_winnable_seed(..., catalogue=False)``) in the same run.

The search is timed from a handful of fixed seeds past the catalogue's range (each one a deal no
catalogue knows, as a random seed was before), followed by making the board, as the old
``winnable=True`` did.

    python benchmarks/winnable_deals.py [--runs 50] [--searches 10]
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

import solitaire_widget as sw
from solitaire_widget.solver import first_winnable_seed
from solitaire_widget.solver.catalogue import winnable_deals

GAMES = {
    "Applegate": (sw.Applegate, "applegate", {}),
    "Klondike draw 3": (sw.Klondike, "klondike", {"draw": 3}),
}


def timings(make: Callable[[], object], runs: int) -> list[float]:
    seconds = []
    for _ in range(runs):
        start = time.perf_counter()
        make()
        seconds.append(time.perf_counter() - start)
    return sorted(seconds)


def summary(seconds: list[float]) -> str:
    p95 = seconds[min(len(seconds) - 1, round(0.95 * len(seconds)) - 1)]
    return (
        f"p50 {statistics.median(seconds) * 1000:8.1f} ms  p95 {p95 * 1000:8.1f} ms  "
        f"max {seconds[-1] * 1000:8.1f} ms  ({len(seconds)} runs)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--searches", type=int, default=10)
    args = parser.parse_args()
    for name, (board, kind, options) in GAMES.items():
        end = winnable_deals(kind, options).end
        seeds = iter(range(end + 1000, end + 1000 + 1000 * args.searches, 1000))

        def searched(board=board, kind=kind, options=options, seeds=seeds) -> None:
            seed = first_winnable_seed(kind, next(seeds), options, catalogue=False)
            board(seed, **options)

        before = timings(searched, args.searches)

        def catalogued(board=board, options=options) -> None:
            board(winnable=True, **options)

        after = timings(catalogued, args.runs)
        table = board(winnable=True, **options)
        again = timings(table.new_game, args.runs)
        print(f"{name}, winnable=True")
        print(f"  search (before)   {summary(before)}")
        print(f"  catalogue (after) {summary(after)}")
        print(f"  New game (after)  {summary(again)}")
        ratio = statistics.median(before) / statistics.median(after)
        print(
            f"  the search / the catalogue: p50 x{ratio:,.0f}, max x{before[-1] / after[-1]:,.0f}"
        )


if __name__ == "__main__":
    main()
