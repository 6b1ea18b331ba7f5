"""What the Review button teaches about a lost game, and how long it takes.

    python benchmarks/review_bench.py                     # 40 games a variant from seed 1,000
    python benchmarks/review_bench.py --games 10 --first 100     # a quick look
    python benchmarks/review_bench.py --constructed       # also the 200-move games, see below
    python benchmarks/review_bench.py --long --games 0    # only the long histories, see below

Lost random deals: for Klondike draw 1, Klondike draw 3 and Applegate, the deals of ``--games``
seeds from ``--first`` are played by a greedy player with a little noise (cards home first, then
turning face-down cards over, the waste or reserve to the tableau, drawing; a few tries of part of
a run) until it is stuck: the rules engine says "lost", or a whole pass through the stock (a
position seen before, in Applegate) brings nothing. Games the player won are left out. Each game
goes to a board and is reviewed the way the page's Review button asks (a "review" request through
the widget's comm, 10 s). Printed per variant: the share of games whose start was decided (could
the deal be won?), the share of the games that could be won at the start whose turning point was
found, the share of positions decided, p50 and p95 of the wall time, and a few of the panel's
summaries. Run it with ``PYTHONPATH`` at an export of another version's ``src`` to compare.

``--constructed``: games that follow a winning line of a proven-winnable Klondike deal, make a
move the solver proves loses, and play on at random to about 200 moves; the baseline, measured in
the same run on the first game, solves each of its positions (one second each at most), as a
review without the bisection would.

``--long``: the deal of seed 5 drawn through 1,000 to 99,990 times (a saved game holds at most
100,000 moves), reviewed from its JSON with a 1 s time limit (the load of the text printed apart),
and by the page's Review button (10 s): past the load, a review's cost is its time limit and
little more however long the history.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time
from typing import Any

import solitaire_widget as sw
from solitaire_widget.games import ApplegateGame, KlondikeGame
from solitaire_widget.solver import _solve, solve
from solitaire_widget.solver.lines import bare
from solitaire_widget.solver.review import review
from solitaire_widget.state import load_game

VARIANTS = {"Klondike draw 1": 1, "Klondike draw 3": 3, "Applegate": None}
MOVE_CAP = 400
REVIEW_SECONDS = 10


# ----------------------------------------------------------------- lost random deals


def _klondike_choice(game: KlondikeGame, rng: random.Random) -> Any:
    best, best_value = None, -1.0
    for move in game.legal_moves():
        if "stock" in (move.src, move.dst):
            value = 0.0
        elif move.dst == "f":
            value = 5.0
        elif move.src == "waste":
            value = 2.0
        elif move.src[0] == "t" and move.n == len(game.up[int(move.src[1]) - 1]):
            column = int(move.src[1]) - 1
            if not game.down[column] and game.up[column][0] % 13 == 12:
                continue  # a King from one empty column to another
            value = 3.0 if game.down[column] else 4.0
        elif move.src[0] == "t" and rng.random() < 0.05:
            value = 1.0  # now and then part of a run, as a person tries things
        else:
            continue
        value += rng.random() * 1.5
        if value > best_value:
            best, best_value = move, value
    if best is not None and best_value < 1:  # only drawing: stop after a pass with nothing
        turn = len(game.stock) + len(game.waste) + 1
        recent = game.history[-turn:]
        if len(recent) == turn and all("stock" in (m.src, m.dst) for m in recent):
            return None
    return best


def _applegate_choice(game: ApplegateGame, rng: random.Random) -> Any:
    best, best_value = None, -1.0
    for move in game.legal_moves():
        if move.dst == "f":
            value = 10.0
        elif move.src == "reserve":
            value = 2.0
        else:
            column = int(move.src[1]) - 1
            up, down = game.up[column], game.down[column]
            if move.n == len(up) and not down and up[0] % 13 == 12:
                continue
            value = 3.0 if move.n == len(up) and down else 1.0
        value += rng.random() * 2
        if value > best_value:
            best, best_value = move, value
    return best


def played_game(draw: int | None, seed: int) -> KlondikeGame | ApplegateGame:
    """The deal of ``seed`` played by the greedy player until it is stuck (or MOVE_CAP)."""
    game = ApplegateGame(seed=seed) if draw is None else KlondikeGame(seed=seed, draw=draw)
    rng = random.Random(seed)
    seen = set()
    while game.status == "playing" and game.moves < MOVE_CAP:
        if draw is None:
            position = repr((game.up, game.reserve))
            if position in seen:
                break
            seen.add(position)
        choose = _applegate_choice if draw is None else _klondike_choice
        move = choose(game, rng)
        if move is None:
            break
        game.move(move)
    return game


def reviewed_on_the_board(game: Any) -> tuple[dict[str, Any], float]:
    """The page's Review button on a board holding ``game``: its ``_review`` and the time."""
    board = sw.load(game.state(), autosave=False)
    started = time.perf_counter()
    board.comm.handle_msg(
        {
            "content": {
                "data": {
                    "method": "custom",
                    "content": {"type": "review", "version": board._board["version"]},
                }
            },
            "buffers": [],
        }
    )
    return board._review, time.perf_counter() - started


def lost_deals(first: int, games: int, variants: list[str]) -> None:
    for name, draw in VARIANTS.items():
        if name not in variants:
            continue
        rows = []
        for seed in range(first, first + games):
            game = played_game(draw, seed)
            if game.status == "won" or not game.moves:
                continue  # won, or no move to make: nothing to review
            shown, seconds = reviewed_on_the_board(game)
            runs = shown["runs"]
            verdicts = [
                run["verdict"] for run in runs for _ in range(run["first"], run["last"] + 1)
            ]
            rows.append((verdicts, shown["turning_point"], seconds, shown["summary"], seed))
        if not rows:
            print(f"{name}: the player won every game")
            continue
        start_won = [row for row in rows if row[0][0] == "won" and row[0][-1] != "won"]
        decided = sum(v != "unknown" for row in rows for v in row[0])
        positions = sum(len(row[0]) for row in rows)
        times = sorted(row[2] for row in rows)
        print(
            f"{name}: {len(rows)} lost games ({games - len(rows)} won by the player or with no "
            f"move at all), "
            f"{statistics.mean(len(row[0]) - 1 for row in rows):.0f} moves on average\n"
            f"  start decided {_share(sum(row[0][0] != 'unknown' for row in rows), len(rows))} "
            f"(could be won {sum(row[0][0] == 'won' for row in rows)}, could not "
            f"{sum(row[0][0] == 'unwinnable' for row in rows)}); turning point found "
            f"{_share(sum(row[1] is not None for row in start_won), len(start_won))} of the "
            f"games that could be won at the start and were lost\n"
            f"  positions decided {_share(decided, positions)}; time p50 "
            f"{statistics.median(times):.2f} s, p95 {times[int(0.95 * (len(times) - 1))]:.2f} s, "
            f"max {times[-1]:.2f} s"
        )
        shown = [r for r in rows if r[1] is not None][:2] + [r for r in rows if r[1] is None][:3]
        for verdicts, _, seconds, summary, seed in shown:
            print(f"    seed {seed} ({len(verdicts) - 1} moves, {seconds:.1f} s): {summary}")


def _share(part: int, whole: int) -> str:
    return f"{part}/{whole} ({100 * part / whole:.0f}%)" if whole else "0/0"


# ----------------------------------------------------------------- 200-move constructed games

GAMES = [(14, 1, 161), (12, 1, 49), (12, 3, 100), (4, 3, 60)]
LENGTH = 200


def lost_game(seed: int, draw: int, turn: int) -> KlondikeGame | None:
    """The deal's winning line up to ``turn``, then the first move that the solver proves lost
    (trying the next few positions of the line), then random moves up to LENGTH."""
    game = KlondikeGame(seed=seed, draw=draw)
    line = _solve(game, 600, 20_000).moves
    for move in line[:turn]:
        game.move(move)
    for k in range(turn, len(line)):
        for move in game.legal_moves():
            if move == line[k] or move.src == "stock":
                continue
            after = load_game(game.state())
            after.move(move)
            if _solve(after, 600, 3_000).status == "unwinnable":
                rng = random.Random(seed)
                while after.moves < LENGTH and after.legal_moves():
                    after.move(rng.choice(after.legal_moves()))
                return after
        game.move(line[k])
    return None


def constructed() -> None:
    games = [g for g in (lost_game(*spec) for spec in GAMES) if g is not None]
    for game in games:
        result = review(game, time_limit=REVIEW_SECONDS, progress=False)
        searched = sum(p.how == "searched" for p in result.positions)
        print(
            f"seed {game.seed} draw {game.options['draw']}: {game.moves} moves reviewed in "
            f"{result.seconds:.2f} s with {searched} searches; turning point "
            f"{result.turning_point}, better {result.better}"
        )
    first = games[0]
    states = [bare(first.state())]
    replay = load_game(first.state())
    while replay.can_undo:
        replay.undo()
        states.append(bare(replay.state()))
    started = time.perf_counter()
    for state in states:
        solve(state, time_limit=1)
    every = time.perf_counter() - started
    mine = review(first, time_limit=REVIEW_SECONDS, progress=False).seconds
    print(
        f"\nbaseline, every position of the first game solved in turn: {every:.1f} s "
        f"({every / mine:.0f}x the review's {mine:.2f} s)"
    )


# ----------------------------------------------------------------- long histories

LONG = [1_000, 10_000, 30_000, 99_990]


def long_histories() -> None:
    game = KlondikeGame(seed=5)
    for moves in LONG:
        while game.moves < moves:
            game.draw()
        text = json.dumps(game.state())
        started = time.perf_counter()
        load_game(text)
        load = time.perf_counter() - started
        started = time.perf_counter()
        result = review(text, time_limit=1, progress=False)
        seconds = time.perf_counter() - started
        _, page = reviewed_on_the_board(game)
        decided = sum(v != "unknown" for v in result.verdicts)
        print(
            f"{moves:,} draws: load {load:.2f} s, review (1 s) {seconds:.2f} s with {decided:,} of "
            f"{len(result.verdicts):,} positions decided; the page's Review {page:.2f} s"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=1000, help="first seed (1,000)")
    parser.add_argument("--games", type=int, default=40, help="deals per variant (40)")
    parser.add_argument(
        "--variant", action="append", choices=list(VARIANTS), help="only this one (repeatable)"
    )
    parser.add_argument("--constructed", action="store_true", help="also the 200-move games")
    parser.add_argument("--long", action="store_true", help="also the long histories")
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores\n")
    if args.games:
        lost_deals(args.first, args.games, args.variant or list(VARIANTS))
    if args.constructed:
        print()
        constructed()
    if args.long:
        print()
        long_histories()


if __name__ == "__main__":
    main()
