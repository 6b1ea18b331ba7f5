"""Solving deals on an executor: one task per deal, a bounded window of them in flight."""

from __future__ import annotations

import concurrent.futures
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from ..engine import GAMES
from ..solver import _solve
from .results import Row


def solve_deal(
    kind: str, options: dict[str, Any], seed: int, time_limit: float, positions: int | None
) -> Row:
    """Deal ``seed`` and solve it: the task each worker runs (a module-level function, so that
    every executor can pickle it)."""
    game = GAMES[kind](seed=seed, **options)
    solution = _solve(game, time_limit, positions=positions)
    moves = len(solution.moves) if solution.status == "won" else None
    return Row(seed, solution.status, moves, solution.nodes, solution.seconds)


def solve_all(
    executor: concurrent.futures.Executor,
    task: Callable[[int], tuple],
    seeds: Iterable[int],
    window: int,
) -> Iterator[Row]:
    """Rows as they finish, keeping at most ``window`` deals submitted and not yet done, so a
    survey of a million seeds holds a few dozen futures, not a million. ``task(seed)`` gives the
    arguments of ``solve_deal``. Pending deals are cancelled when the caller stops early."""
    pending: set[concurrent.futures.Future] = set()
    queue = iter(seeds)
    try:
        while True:
            for seed in queue:
                pending.add(executor.submit(solve_deal, *task(seed)))
                if len(pending) >= window:
                    break
            if not pending:
                return
            done, pending = concurrent.futures.wait(
                pending, return_when=concurrent.futures.FIRST_COMPLETED
            )
            for future in done:
                yield future.result()
    finally:
        for future in pending:
            future.cancel()
