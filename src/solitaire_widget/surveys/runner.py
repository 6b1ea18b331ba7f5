"""Solving deals on an executor: one task per deal, a bounded window of them in flight, and the
survey's own process pool, whose workers end with the survey."""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import multiprocessing.connection
import os
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from typing import Any

from ..games import GAMES
from ..solver import MAX_POSITIONS, _solve
from .results import Row

# How often a worker looks whether the survey's process is still there, in seconds.
_WATCH_INTERVAL = 0.5


def solve_deal(
    kind: str, options: dict[str, Any], seed: int, time_limit: float, positions: int | None
) -> Row:
    """Deal ``seed`` and solve it: the task each worker runs (a module-level function, so that
    every executor can pickle it)."""
    game = GAMES[kind](seed=seed, **options)
    solution = _solve(game, time_limit, positions=MAX_POSITIONS if positions is None else positions)
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


@contextmanager
def process_pool(workers: int) -> Iterator[concurrent.futures.ProcessPoolExecutor]:
    """A process pool whose workers end with the survey, however it ends.

    Each worker watches the process that started it and ends itself once that process is gone,
    so a survey killed outright (SIGKILL, SIGTERM, a crash) leaves no worker solving on for
    good. A survey stopped by an exception (Ctrl+C, an error) ends its workers at once rather
    than waiting for the deals they are solving; one that finishes shuts the pool down."""
    pool = concurrent.futures.ProcessPoolExecutor(
        max_workers=workers, initializer=_end_with_parent, initargs=(os.getpid(),)
    )
    try:
        yield pool
    except BaseException:
        processes = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        for process in processes:
            process.terminate()
        for process in processes:
            process.join()
        raise
    pool.shutdown(wait=True, cancel_futures=True)


def _end_with_parent(parent: int) -> None:
    """A worker's initializer: a thread that ends the worker when ``parent`` is gone. The
    parent's sentinel (a pipe only the parent writes to) closes when it dies; a worker forked
    after another holds the other's copy too, so the parent's id is checked as well: an orphan
    is adopted by another process."""
    creator = multiprocessing.parent_process()
    sentinel = creator.sentinel if creator is not None else None

    def watch() -> None:
        while True:
            if sentinel is not None:
                multiprocessing.connection.wait([sentinel], timeout=_WATCH_INTERVAL)
            else:
                threading.Event().wait(_WATCH_INTERVAL)
            if os.getppid() != parent:
                os._exit(1)

    threading.Thread(target=watch, name="survey-watch", daemon=True).start()
