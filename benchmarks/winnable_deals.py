"""How long a winnable deal takes to deal, per game, for the two kinds of board.

- A board that shows its seed (the default) deals from the shipped catalogue:
  ``sw.Applegate(winnable=True)``, ``sw.Klondike(winnable=True, draw=3)`` and New game on such a
  board, against the search the catalogue replaced (``first_winnable_seed(...,
  catalogue=False)``, timed from fixed seeds past the catalogue's range) in the same run.
- A board whose seed the page may not see (``show_seed=False``, the Voilà app) searches a fresh
  64-bit seed every game (``solver.fresh_winnable_seed``): ``sw.Klondike(winnable=True,
  show_seed=False)`` for draw 1 and draw 3, ``sw.Applegate(winnable=True, show_seed=False)``, each
  as New game on such a board, with how many seeds each game tried.

    python benchmarks/winnable_deals.py [--runs 50] [--searches 10] [--fresh 100]

Each line prints p50, p95 and max over the runs. Fresh deals are random by design, so their
figures move from run to run; ``--fresh`` sets how many games each variant deals.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections.abc import Callable

import solitaire_widget as sw
import solitaire_widget.solver as solver
from solitaire_widget.solver import FRESH_DEAL_BUDGET, first_winnable_seed
from solitaire_widget.solver.catalogue import winnable_deals

GAMES = {
    "Applegate": (sw.Applegate, "applegate", {}),
    "Klondike draw 3": (sw.Klondike, "klondike", {"draw": 3}),
}
FRESH = {
    "Klondike draw 1": lambda: sw.Klondike(draw=1, winnable=True, show_seed=False),
    "Klondike draw 3": lambda: sw.Klondike(draw=3, winnable=True, show_seed=False),
    "Applegate": lambda: sw.Applegate(winnable=True, show_seed=False),
}


def timings(make: Callable[[], object], runs: int) -> list[float]:
    seconds = []
    for _ in range(runs):
        start = time.perf_counter()
        make()
        seconds.append(time.perf_counter() - start)
    return sorted(seconds)


def percentile(values: list[float], share: float) -> float:
    return values[min(len(values) - 1, round(share * len(values)) - 1)]


def summary(seconds: list[float]) -> str:
    return (
        f"p50 {statistics.median(seconds) * 1000:8.1f} ms  "
        f"p95 {percentile(seconds, 0.95) * 1000:8.1f} ms  "
        f"max {seconds[-1] * 1000:8.1f} ms  ({len(seconds)} runs)"
    )


def catalogue_and_search(runs: int, searches: int) -> None:
    for name, (board, kind, options) in GAMES.items():
        end = winnable_deals(kind, options).end
        seeds = iter(range(end + 1000, end + 1000 + 1000 * searches, 1000))

        def searched(board=board, kind=kind, options=options, seeds=seeds) -> None:
            seed = first_winnable_seed(kind, next(seeds), options, catalogue=False)
            board(seed, **options)

        before = timings(searched, searches)

        def catalogued(board=board, options=options) -> None:
            board(winnable=True, **options)

        after = timings(catalogued, runs)
        table = board(winnable=True, **options)
        again = timings(table.new_game, runs)
        print(f"{name}, winnable=True (seed shown)")
        print(f"  search (before)   {summary(before)}")
        print(f"  catalogue (after) {summary(after)}")
        print(f"  New game (after)  {summary(again)}")
        ratio = statistics.median(before) / statistics.median(after)
        print(
            f"  the search / the catalogue: p50 x{ratio:,.0f}, max x{before[-1] / after[-1]:,.0f}"
        )


def fresh_deals(games: int) -> None:
    """New game on a hidden-seed winnable board, timed, with the seeds each game tried."""
    print(f"Fresh winnable deals (show_seed=False), {FRESH_DEAL_BUDGET:,} positions a seed")
    for name, make in FRESH.items():
        board = make()
        tried: list[int] = []
        real = solver.fresh_winnable_seed

        def counting(kind, options=None, *, trying=None, real=real, tried=tried, **rest) -> int:
            seeds = [0]

            def counted(count: int) -> None:
                seeds[0] = count + 1
                if trying is not None:
                    trying(count)

            seed = real(kind, options, trying=counted, **rest)
            tried.append(seeds[0])
            return seed

        solver.fresh_winnable_seed = counting
        try:
            seconds = timings(board.new_game, games)
        finally:
            solver.fresh_winnable_seed = real
        tried.sort()
        print(f"  {name:16} {summary(seconds)}")
        print(
            f"  {'':16} seeds tried a game: median {statistics.median(tried):g}, "
            f"p95 {percentile(tried, 0.95)}, max {tried[-1]}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=50)
    parser.add_argument("--searches", type=int, default=10)
    parser.add_argument("--fresh", type=int, default=100, help="fresh games per variant")
    parser.add_argument("--fresh-only", action="store_true", help="only the hidden-seed boards")
    args = parser.parse_args()
    print(f"load average {' '.join(f'{load:.2f}' for load in os.getloadavg())}")
    fresh_deals(args.fresh)
    if not args.fresh_only:
        catalogue_and_search(args.runs, args.searches)


if __name__ == "__main__":
    main()
