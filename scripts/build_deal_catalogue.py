"""Build or extend the catalogues of proven-winnable seeds (``games/<name>.deals.json``).

The variants are those the games declare a catalogue for (``GameDef.daily``); each game's go into
its own file, beside its module. Each seed of each variant's range gets the search
``first_winnable_seed`` makes for it (``solver.prove_deal``: ``DEAL_BUDGET`` positions, the clock
lifted so that positions alone decide); the seeds it wins go into the catalogue. Run it under
``nice -n 19`` on a shared machine:

    nice -n 19 .venv/bin/python scripts/build_deal_catalogue.py \\
        --end applegate=6000 --end "klondike draw 3=5000" --end "klondike draw 1=6000" \\
        --end "spider 1 suit=3000"

- Resumable: every verdict is appended to ``.cache/deal_catalogue/`` as it comes in, and a new run
  searches only the seeds with none; the catalogue file is rewritten (atomically) whenever a
  variant's whole range is decided, with the CPU minutes its range cost when every verdict of
  the range was recorded here.
- It only extends: seeds below a variant's present end keep the verdicts the catalogue holds (the
  daily deals depend on them), and a catalogue built with another budget is refused.
- ``--report`` prints the cost of the search per seed from the verdicts recorded so far.
- When the build is done it runs the slow test that replays a win for every catalogued seed.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from collections.abc import Iterator
from math import inf
from multiprocessing import Pool
from pathlib import Path

from solitaire_widget.games import definition
from solitaire_widget.solver import DEAL_BUDGET, prove_deal
from solitaire_widget.solver.catalogue import WinnableDeals, load_catalogue, write_catalogue
from solitaire_widget.variants import variants

ROOT = Path(__file__).resolve().parent.parent
VERDICTS = ROOT / ".cache" / "deal_catalogue"
# Each variant as the engine takes it. Scoring never changes which deals can be won.
VARIANTS = {
    variant.name: (variant.game, dict(variant.options)) for variant in variants(catalogued=True)
}


def decide(task: tuple[str, int]) -> tuple[str, int, str, int, float]:
    """(variant, seed, verdict, positions, CPU seconds) for one seed: runs in a worker process."""
    variant, seed = task
    kind, options = VARIANTS[variant]
    start = time.process_time()
    solution = prove_deal(kind, seed, options, DEAL_BUDGET, seconds=inf)
    return variant, seed, solution.status, solution.nodes, time.process_time() - start


def verdict_file(variant: str) -> Path:
    return VERDICTS / f"{variant.replace(' ', '-')}-budget{DEAL_BUDGET}.tsv"


def recorded(variant: str) -> dict[int, tuple[str, int, float]]:
    """The verdicts of earlier runs: seed -> (verdict, positions, CPU seconds)."""
    path = verdict_file(variant)
    if not path.exists():
        return {}
    verdicts = {}
    for line in path.read_text().splitlines():
        fields = line.split("\t")
        if len(fields) == 4:  # a line cut short by an interrupted run is searched again
            seed, verdict, nodes, seconds = fields
            verdicts[int(seed)] = (verdict, int(nodes), float(seconds))
    return verdicts


def catalogue_file(kind: str) -> Path:
    """The game's catalogue file, beside its module (in ``src/`` when run from the tree)."""
    return Path(str(definition(kind).daily.file))


def present(kind: str) -> dict[str, WinnableDeals]:
    path = catalogue_file(kind)
    if not path.exists():
        return {}
    catalogue = dict(load_catalogue(str(path)))
    budgets = {deals.budget for deals in catalogue.values()}
    if budgets - {DEAL_BUDGET}:
        sys.exit(
            f"{path} was built with a budget of {budgets.pop()} positions, the solver's is "
            f"{DEAL_BUDGET}: its seeds cannot be extended with another search (and the daily "
            "deals depend on them)."
        )
    return catalogue


def cpu_minutes(verdicts: dict[int, tuple[str, int, float]], end: int) -> float | None:
    """What searching seeds [0, end) cost, when every one of them was searched here."""
    if any(seed not in verdicts for seed in range(end)):
        return None
    return round(sum(verdicts[seed][2] for seed in range(end)) / 60, 1)


def build(ends: dict[str, int], processes: int) -> None:
    catalogues: dict[str, dict[str, WinnableDeals]] = {}
    VERDICTS.mkdir(parents=True, exist_ok=True)
    for variant, end in ends.items():
        kind = VARIANTS[variant][0]
        catalogue = catalogues.setdefault(kind, present(kind))
        old = catalogue.get(variant)
        begin = old.end if old else 0
        if end <= begin:
            print(f"{variant}: the catalogue already covers [0, {begin})")
            continue
        verdicts = recorded(variant)
        todo = [(variant, seed) for seed in range(begin, end) if seed not in verdicts]
        print(f"{variant}: seeds [{begin}, {end}), {len(todo)} to search", flush=True)
        started = time.perf_counter()
        with verdict_file(variant).open("a") as log, Pool(processes) as pool:
            for done, (_, seed, verdict, nodes, seconds) in enumerate(
                pool.imap_unordered(decide, todo, chunksize=4), 1
            ):
                log.write(f"{seed}\t{verdict}\t{nodes}\t{seconds:.4f}\n")
                log.flush()
                verdicts[seed] = (verdict, nodes, seconds)
                if done % 200 == 0 or done == len(todo):
                    elapsed = time.perf_counter() - started
                    print(f"  {done}/{len(todo)} in {elapsed:.0f} s", flush=True)
        won = [seed for seed in range(begin, end) if verdicts[seed][0] == "won"]
        kept = old.seeds if old else ()
        cost = cpu_minutes(verdicts, end)
        catalogue[variant] = WinnableDeals(variant, end, (*kept, *won), DEAL_BUDGET, cost)
        in_order = [catalogue[name] for name in VARIANTS if name in catalogue]
        write_catalogue(catalogue_file(kind), in_order)
        print(f"{variant}: {len(kept) + len(won)} winnable seeds in [0, {end})", flush=True)


def percentile(values: list[float], share: float) -> float:
    return values[min(len(values) - 1, int(share * len(values)))]


def report() -> Iterator[str]:
    """The per-seed cost of the search, from the verdicts recorded so far."""
    for variant in VARIANTS:
        verdicts = recorded(variant)
        if not verdicts:
            continue
        yield f"{variant}: {len(verdicts)} seeds searched"
        for name, part in (
            ("all", list(verdicts.values())),
            ("won", [v for v in verdicts.values() if v[0] == "won"]),
            ("not won", [v for v in verdicts.values() if v[0] != "won"]),
        ):
            cost = sorted(seconds for _, _, seconds in part)
            if cost:
                yield (
                    f"  {name:<8} {len(cost):>6} seeds  CPU {sum(cost) / 60:6.1f} min  "
                    f"p50 {percentile(cost, 0.5):.3f} s  p95 {percentile(cost, 0.95):.3f} s  "
                    f"max {cost[-1]:.3f} s"
                )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--end",
        action="append",
        default=[],
        metavar="VARIANT=N",
        help=f"cover seeds [0, N) of VARIANT (one of: {', '.join(VARIANTS)})",
    )
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--report", action="store_true", help="print the cost per seed and stop")
    parser.add_argument("--no-check", action="store_true", help="skip the slow replay test")
    args = parser.parse_args()
    if args.report:
        print("\n".join(report()))
        return
    ends = {}
    for text in args.end:
        variant, _, end = text.rpartition("=")
        if variant not in VARIANTS or not end.isdigit():
            parser.error(f"--end takes VARIANT=N with VARIANT one of {', '.join(VARIANTS)}")
        ends[variant] = int(end)
    build(ends, args.processes)
    print("\n".join(report()))
    if not args.no_check:
        test = ROOT / "tests" / "test_deal_catalogue.py"
        sys.exit(subprocess.call([sys.executable, "-m", "pytest", "-m", "slow", str(test)]))


if __name__ == "__main__":
    main()
