"""How fast the solver decides deals, against pyksolve (the C++ Klondike-Solver) on the same deals.

    python benchmarks/solver_bench.py                 # seeds 1,000,000.. (150 per game), 10 s each
    python benchmarks/solver_bench.py --seeds 20 --time-limit 2    # a quick look
    python benchmarks/solver_bench.py --first 3000000 --seeds 100 --pyksolve-states 0 \
        --hints 0 --jobs 1                   # the held-out figures, benchmarks/README.md

For each of Klondike draw 1, Klondike draw 3 and Applegate the same seeds are solved with
``solve(game, time_limit)``. The default seeds, from 1,000,000 on, are held out: no rule or setting
of the solver was tuned on them. Every Klondike deal is also handed to pyksolve, as its
156-character deal string, in both its modes: ``solve_fast`` (which finds wins but cannot prove a
deal lost) and ``solve_minimal`` (exhaustive, so it can), each bounded by ``--pyksolve-states``
positions. pyksolve's winning lines are replayed through our rules engine (an illegal one counts as
a conflict too), and every verdict that contradicts another is printed. Then ``hint()`` is timed on
random positions of all three. Deals run in parallel processes (``--jobs``, default one per core),
one deal per core, so a deal's time is its own; the machine's load is printed, since other work on
it slows every solver alike.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from multiprocessing import Pool

from solitaire_widget.games import ApplegateGame, KlondikeGame
from solitaire_widget.solver import hint, solve
from solitaire_widget.state import load_game

CONFIGS = {
    "Klondike draw 1": ("klondike", {"draw": 1, "scoring": "standard"}),
    "Klondike draw 3": ("klondike", {"draw": 3, "scoring": "standard"}),
    "Applegate": ("applegate", {}),
}
RANKS = "A23456789TJQK"
# pyksolve's suit digits: 1 clubs, 2 diamonds, 3 hearts, 4 spades.
PYKSOLVE_SUITS = "CDHS"


def new_game(kind: str, options: dict, seed: int):
    return KlondikeGame(seed=seed, **options) if kind == "klondike" else ApplegateGame(seed=seed)


def deal_string(state: dict) -> str:
    """The deal in pyksolve's format: the order a person deals the cards, three digits a card
    (rank 01-13, then the suit), tableau row by row and then the stock from its top down."""
    columns = [pile["down"] + pile["up"] for pile in state["tableau"]]
    order = [columns[column][row] for row in range(7) for column in range(row, 7)]
    order += state["stock"][::-1]
    return "".join(f"{RANKS.index(c[0]) + 1:02d}{PYKSOLVE_SUITS.index(c[1]) + 1}" for c in order)


def replay_pyksolve(state: dict, line: str) -> bool:
    """Whether pyksolve's move list (``DR2 W4 47-3 F4 ... NEW``) wins in our engine."""
    game = load_game(state)
    try:
        for step in line.split():
            if step.startswith("DR"):
                for _ in range(int(step[2:])):
                    game.move("draw")
            elif step == "NEW":
                game.move("recycle")
            elif step[0] == "F" and step[1:].isdigit():
                continue  # a flip: our engine turns cards up by itself
            else:
                piles, _, count = step.partition("-")
                source, target = piles[0], piles[1]
                if source == "W":
                    source = "waste"
                elif source.isdigit():
                    source = f"t{source}"
                else:
                    foundations = game.state()["foundations"]
                    source = next(
                        f"f{i + 1}"
                        for i, pile in enumerate(foundations)
                        if pile and pile[0][1] == source
                    )
                target = f"t{target}" if target.isdigit() else "f"
                game.move(source, target, int(count or 1))
    except ValueError:
        return False
    return game.status == "won"


def run_pyksolve(state: dict, mode: str, states: int) -> tuple[str, float]:
    from pyksolve.solver import Solitaire, SolveResult

    solitaire = Solitaire()
    solitaire.load_solitaire(deal_string(state))
    solitaire.reset_game(state["options"]["draw"])
    start = time.perf_counter()
    result = getattr(solitaire, mode)(max_closed_count=states)
    seconds = time.perf_counter() - start
    if result in (SolveResult.SolvedMinimal, SolveResult.SolvedMayNotBeMinimal):
        verdict = "won" if replay_pyksolve(state, solitaire.moves_made()) else "illegal line"
    elif result == SolveResult.Impossible:
        verdict = "unwinnable"
    else:
        verdict = "unknown"
    return verdict, seconds


PYKSOLVE_MODES = ("solve_fast", "solve_minimal")


def decide(task: tuple) -> tuple:
    name, seed, time_limit, states = task
    kind, options = CONFIGS[name]
    state = new_game(kind, options, seed).state()
    solution = solve(state, time_limit)
    theirs = (
        {mode: run_pyksolve(state, mode, states) for mode in PYKSOLVE_MODES}
        if kind == "klondike" and states
        else {}
    )
    return name, seed, solution.status, solution.seconds, theirs


def random_position(task: tuple):
    """A position some random moves into a deal (never only draws: a move that changes the board
    is taken whenever there is one), as a player asking for a hint might have it."""
    name, number = task
    kind, options = CONFIGS[name]
    rng = random.Random(number)
    game = new_game(kind, options, 10_000 + number)
    for _ in range(rng.randrange(60)):
        moves = game.legal_moves()
        board = [m for m in moves if m.src not in ("stock",) and m.dst != "stock"]
        if not moves:
            break
        game.move(rng.choice(board or moves))
    return game


def time_hint(task: tuple) -> tuple:
    game = random_position(task)
    start = time.perf_counter()
    move = hint(game)
    seconds = time.perf_counter() - start
    return task[0], seconds, move is None or game.is_legal(move)


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=1_000_000, help="first seed (1,000,000)")
    parser.add_argument("--seeds", type=int, default=150, help="deals per game and draw (150)")
    parser.add_argument("--time-limit", type=float, default=10.0, help="seconds per deal (10)")
    parser.add_argument(
        "--pyksolve-states", type=int, default=1_000_000,
        help="positions each pyksolve mode may search per deal (1,000,000; 0: skip pyksolve)",
    )  # fmt: skip
    parser.add_argument("--hints", type=int, default=60, help="random positions per game (60)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="processes")
    arguments = parser.parse_args()

    started = time.perf_counter()
    load_before = os.getloadavg()
    seeds = range(arguments.first, arguments.first + arguments.seeds)
    tasks = [
        (name, seed, arguments.time_limit, arguments.pyksolve_states)
        for name in CONFIGS
        for seed in seeds
    ]
    results: dict[str, list] = {name: [] for name in CONFIGS}
    with Pool(arguments.jobs) as pool:
        for done, result in enumerate(pool.imap_unordered(decide, tasks), 1):
            results[result[0]].append(result)
            print(f"\r{done}/{len(tasks)} deals", end="", file=sys.stderr, flush=True)
        print(file=sys.stderr)
        hint_tasks = [(name, n) for name in CONFIGS for n in range(arguments.hints)]
        hints = pool.map(time_hint, hint_tasks, chunksize=1)

    print(
        f"\nseeds {seeds.start}..{seeds.stop - 1} ({arguments.seeds} per game), time limit "
        f"{arguments.time_limit:g} s per deal, pyksolve {arguments.pyksolve_states:,} positions "
        f"per mode, {arguments.jobs} processes on {os.cpu_count()} cores; load average "
        f"{load_before[0]:.1f} at the start, {os.getloadavg()[0]:.1f} at the end\n"
    )
    header = f"{'game':<16} {'solver':<22} {'won':>6} {'unwinnable':>10} {'decided':>8} "
    header += f"{'median s':>9} {'p95 s':>7}"
    print(header)
    print("-" * len(header))
    conflicts = []
    for name, rows in results.items():
        rows.sort(key=lambda row: row[1])
        solvers = [("solitaire_widget", [(row[2], row[3]) for row in rows])]
        for mode in PYKSOLVE_MODES:
            if rows and mode in rows[0][4]:
                solvers.append((f"pyksolve {mode}", [row[4][mode] for row in rows]))
        for solver, outcomes in solvers:
            count = len(outcomes)
            won = sum(verdict == "won" for verdict, _ in outcomes)
            lost = sum(verdict == "unwinnable" for verdict, _ in outcomes)
            seconds = [s for _, s in outcomes]
            print(
                f"{name:<16} {solver:<22} {won / count:>6.1%} {lost / count:>10.1%} "
                f"{(won + lost) / count:>8.1%} {statistics.median(seconds):>9.3f} "
                f"{percentile(seconds, 0.95):>7.3f}"
            )
        undecided = [str(seed) for _, seed, ours, _, _ in rows if ours == "unknown"]
        if undecided:
            print(f"{'':<16} solitaire_widget left undecided: seeds {', '.join(undecided)}")
        for _, seed, ours, _, theirs in rows:
            verdicts = {"solitaire_widget": ours, **{m: v for m, (v, _) in theirs.items()}}
            decided = {v for v in verdicts.values() if v != "unknown"}
            if "illegal line" in decided or decided == {"won", "unwinnable"}:
                said = ", ".join(f"{solver} {verdict}" for solver, verdict in verdicts.items())
                conflicts.append(f"{name} seed {seed}: {said}")
    print("\nconflicting verdicts:", "none" if not conflicts else "")
    for line in conflicts:
        print("  " + line)

    print(f"\nhint() on random positions ({arguments.hints} per game, default budget):")
    for name in CONFIGS:
        times = [seconds for game, seconds, _ in hints if game == name]
        legal = sum(ok for game, _, ok in hints if game == name)
        print(
            f"  {name:<16} p50 {percentile(times, 0.5):.3f} s  p95 {percentile(times, 0.95):.3f} s"
            f"  legal {legal}/{len(times)}"
        )
    every = [seconds for _, seconds, _ in hints]
    print(f"  {'all':<16} p50 {percentile(every, 0.5):.3f} s  p95 {percentile(every, 0.95):.3f} s")
    print(f"\nwall time {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
