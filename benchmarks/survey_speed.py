"""Survey throughput with one and two workers: deals solved per second, and the ratio.

The same Klondike draw-3 deals (the variant of the published winnability surveys) are surveyed on a
process pool of one worker, then of two, and then on a local Dask cluster of two worker processes. A
positions budget makes every run do exactly the same work whatever the machine's speed. The budget
is small and the deals many, as in a survey: a third of the deals use the whole budget and the rest
take a few positions, so the work splits evenly between two workers. (A few long deals among many
short ones would not: the last long one keeps one worker busy while the other waits, whatever the
survey does.) Rounds alternate and the best of each is kept. The machine's load average is printed
too: on a machine shared with other work, two workers cannot reach twice the speed of one, and the
CPU seconds the pool's workers got per second of wall time show how much of the machine the survey
had.

    python benchmarks/survey_speed.py [--seeds 160] [--positions 5000] [--rounds 2]
"""

from __future__ import annotations

import argparse
import os
import resource
import time
from concurrent.futures import ProcessPoolExecutor

from dask.distributed import Client, LocalCluster

import solitaire_widget as sw
from solitaire_widget.surveys.runner import solve_deal

TARGET = 1.7
# The deals surveyed: the game and its options, for the survey and for the bare solving processes.
GAME, OPTIONS = "klondike", {"draw": 3}


def deals_per_second(executor, seeds: range, positions: int) -> tuple[float, dict[int, str]]:
    start = time.perf_counter()
    result = sw.survey(
        GAME,
        seeds,
        time_limit=600,
        positions=positions,
        executor=executor,
        progress=False,
        **OPTIONS,
    )
    return len(seeds) / (time.perf_counter() - start), result.verdicts


def on_pool(workers: int, seeds: range, positions: int) -> tuple[float, dict[int, str], float]:
    """Deals per second on a fresh process pool, the verdicts, and the CPU seconds its workers got
    per second of the wall clock (counted once the pool's processes have ended): near the number
    of workers on an idle machine, lower when other work holds the cores."""
    before = _children_cpu()
    with ProcessPoolExecutor(workers) as pool:
        # Started and warm before the clock runs, like the Dask cluster: a long survey pays a
        # worker's start (a process, the package's import) once, so it is not what is measured.
        warming = sum(pool.map(_warm_up, range(workers)))
        start = time.perf_counter()
        speed, verdicts = deals_per_second(pool, seeds, positions)
        elapsed = time.perf_counter() - start
    return speed, verdicts, (_children_cpu() - before - warming) / elapsed


def _warm_up(_: int) -> float:
    """Import the solver in a worker and hold it a moment, so that every worker gets one; the
    CPU time that took, to leave out of the workers' count."""
    import solitaire_widget.solver  # noqa: F401

    time.sleep(0.3)
    return time.process_time()


def solve_in_turn(seeds: range, positions: int) -> None:
    """Every deal one after another in this process, with no survey around it."""
    for seed in seeds:
        solve_deal(GAME, OPTIONS, seed, 600, positions)


def machine_ceiling(seeds: range, positions: int) -> float:
    """How much faster two processes solving deals at once go than one, with no survey between:
    the most two workers can give on this machine. The solver works through much memory, so two
    processes slow each other down where they share caches, even on two idle cores."""
    with ProcessPoolExecutor(2) as pool:
        list(pool.map(_warm_up, range(2)))
        start = time.perf_counter()
        pool.submit(solve_in_turn, seeds, positions).result()
        alone = time.perf_counter() - start
        start = time.perf_counter()
        list(pool.map(solve_in_turn, [seeds, seeds], [positions, positions]))
        together = time.perf_counter() - start
    return 2 * alone / together


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def on_dask(seeds: range, positions: int) -> tuple[float, dict[int, str]]:
    """Deals per second on a local Dask cluster of two worker processes, started before the
    clock runs and closed after: an idle cluster's event loops would take CPU from the process
    pool's runs if it stayed up beside them."""
    with (
        LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
        ) as cluster,
        Client(cluster) as client,
    ):
        return deals_per_second(client.get_executor(), seeds, positions)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=160)
    parser.add_argument("--positions", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    seeds = range(args.seeds)
    print(
        f"{args.seeds} Klondike draw-3 deals, {args.positions} positions each, best of "
        f"{args.rounds} rounds; load average before: {os.getloadavg()[0]:.1f}"
    )

    best: dict[str, tuple[float, float | None]] = {}
    verdicts = {}
    ceiling = 0.0
    for _ in range(args.rounds):
        for workers in (1, 2):
            name = f"process pool, {workers} worker{'s' if workers > 1 else ''}"
            speed, verdicts[name], cpu = on_pool(workers, seeds, args.positions)
            best[name] = max(best.get(name, (0.0, None)), (speed, cpu))
        name = "Dask LocalCluster, 2 workers"
        speed, verdicts[name] = on_dask(seeds, args.positions)
        best[name] = max(best.get(name, (0.0, None)), (speed, None))
        ceiling = max(ceiling, machine_ceiling(seeds, args.positions))

    baseline = best["process pool, 1 worker"][0]
    for name, (speed, cpu) in best.items():
        used = f"   workers' CPU s per s: {cpu:.2f}" if cpu is not None else ""
        print(f"{name:<30}{speed:>8.2f} deals/s{speed / baseline:>7.2f}x{used}")
    same = len({tuple(sorted(v.items())) for v in verdicts.values()}) == 1
    print(f"same verdicts on every executor: {same}")
    print(f"the machine's ceiling: two bare solving processes go {ceiling:.2f}x one")
    ratio = best["process pool, 2 workers"][0] / baseline
    verdict = "meets" if ratio >= TARGET else "misses"
    print(
        f"2 workers / 1 worker {ratio:.2f}x ({ratio / ceiling:.0%} of the ceiling): "
        f"{verdict} the {TARGET}x target"
    )
    print(f"load average after: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
