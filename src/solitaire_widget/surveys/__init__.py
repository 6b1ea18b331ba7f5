"""``sw.survey``: solve many deals through any ``concurrent.futures.Executor``.

>>> import solitaire_widget as sw
>>> survey = sw.survey("klondike", range(20), positions=2000, time_limit=60, draw=3, progress=False)
>>> print(survey.summary["won"])
15/20 = 75.0% (95% CI 53.1-88.8%)
>>> survey.to_pandas().shape
(20, 5)

A process pool over the machine's cores by default; ``executor=client.get_executor()`` runs the
same survey on a Dask cluster (any executor with ``submit`` returning a ``concurrent.futures``
future will do). ``out="survey.csv"`` appends each row as it arrives and skips the seeds already in
the file, so a stopped survey resumes where it was.

What a verdict promises: "won" comes with a winning line replayed through the rules, and
"unwinnable" with a search that covered every position that matters, so two runs never contradict
each other; they can only differ where one of them said "unknown". With a time limit alone, a deal
solved close to the limit may go either way between runs and machines. With ``positions=N`` the
solver stops after N positions instead, which is the same on every machine, executor and run, so
the verdicts are reproducible provided ``time_limit`` is generous enough never to cut in first
(``Survey.timed_out`` lists the deals where it did).
"""

from __future__ import annotations

import concurrent.futures
import math
import os
from collections.abc import Iterable
from contextlib import nullcontext
from typing import Any

from ..games import GAMES, spelled_names
from ..options import read_seed
from ..shape import brief
from ..variants import checked_options
from .journal import Journal
from .results import Row, Share, Survey, wilson_interval
from .runner import process_pool, solve_all, solve_deal

__all__ = ["Row", "Share", "Survey", "solve_deal", "survey", "wilson_interval"]


def survey(
    game: Any,
    seeds: Iterable[int],
    time_limit: float = 10.0,
    executor: concurrent.futures.Executor | None = None,
    out: str | os.PathLike[str] | None = None,
    *,
    positions: int | None = None,
    window: int | None = None,
    progress: bool = True,
    **options: Any,
) -> Survey:
    """Solve the deal of every seed of ``game`` (a registered game's name: "klondike", "spider",
    ...; or its engine class) with the game's ``options`` (``draw=3``, ``suits=2``),
    ``time_limit`` seconds each (and at most ``positions`` positions each when given).

    ``executor``: any ``concurrent.futures.Executor``; by default a process pool with one worker
    per core, whose workers end with the survey however it ends (``runner.process_pool``).
    ``window``: how many deals may be in flight at once (default four per core). ``out``: a CSV
    file to append rows to and resume from. ``progress``: a tqdm bar when tqdm is installed.
    """
    kind = _kind(game)
    # Refuses bad options here rather than in every worker, and sends the workers the options as
    # the game keeps them; the label names them in full, so that survey("klondike") and
    # survey("klondike", draw=1) share a file.
    played = checked_options(kind, options)
    label = " ".join([kind, *(f"{name}={value}" for name, value in played.items())])
    if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)):
        raise ValueError(f"time_limit is a number of seconds, not {time_limit!r}")
    if not 0 < time_limit < math.inf:
        raise ValueError(f"time_limit must be above 0 and finite, not {time_limit!r}")
    _check_count("positions", positions)
    _check_count("window", window)
    cores = os.cpu_count() or 1
    window = window or 4 * cores

    journal = Journal(out, label) if out is not None else None
    wanted: dict[int, Row | None] = {}
    bar = _progress_bar(seeds, label) if progress else None
    try:
        with process_pool(cores) if executor is None else nullcontext(executor) as pool:
            fresh = (seed for seed in _checked(seeds) if _to_solve(seed, wanted, journal, bar))
            task = lambda seed: (kind, played, seed, float(time_limit), positions)  # noqa: E731
            for row in solve_all(pool, task, fresh, window):
                wanted[row.seed] = row
                if journal is not None:
                    journal.append(row)
                if bar is not None:
                    bar.update()
    finally:
        if bar is not None:
            bar.close()
        if journal is not None:
            journal.close()
    return Survey(label, [row for row in wanted.values() if row is not None], positions)


def _to_solve(seed: int, wanted: dict[int, Row | None], journal: Journal | None, bar) -> bool:
    """Note the seed; whether it still needs solving (not a repeat, not in the file)."""
    if seed in wanted:
        return False
    known = journal.rows.get(seed) if journal is not None else None
    wanted[seed] = known
    if known is not None and bar is not None:
        bar.update()
    return known is None


def _kind(game: Any) -> str:
    if isinstance(game, str) and game.lower() in GAMES:
        return game.lower()
    kind = getattr(getattr(game, "_game_class", game), "kind", None)
    if kind in GAMES:
        return kind
    raise ValueError(
        f"game must be {spelled_names()} or one of their engine classes, not {brief(game)}"
    )


def _checked(seeds: Iterable[int]) -> Iterable[int]:
    for seed in seeds:
        yield read_seed(seed)


def _check_count(name: str, value: int | None) -> None:
    if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
        raise ValueError(f"{name} must be a whole number >= 1, not {value!r}")


def _progress_bar(seeds: Iterable[int], label: str) -> Any:
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return None
    total = len(seeds) if hasattr(seeds, "__len__") else None
    return tqdm(total=total, desc=label, unit="deal")
