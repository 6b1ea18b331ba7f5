"""How long a game review takes, against searching every position of the game in turn.

    python benchmarks/review_bench.py

Each game follows a winning line of a proven-winnable Klondike deal, makes a move the solver
proves loses, and plays on at random to about 200 moves. ``review(game, time_limit=10)`` places a
few searches like a bisection; the baseline, measured in the same run on the first game, solves
each of its positions (one second each at most), as a review without the bisection would.
"""

from __future__ import annotations

import os
import random
import time

from solitaire_widget.engine import KlondikeGame
from solitaire_widget.solver import _solve, solve
from solitaire_widget.solver.lines import bare
from solitaire_widget.solver.review import review
from solitaire_widget.state import load_game

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


def main() -> None:
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores\n")
    games = [g for g in (lost_game(*spec) for spec in GAMES) if g is not None]
    for game in games:
        result = review(game, time_limit=10, progress=False)
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
    mine = review(first, time_limit=10, progress=False).seconds
    print(
        f"\nbaseline, every position of the first game solved in turn: {every:.1f} s "
        f"({every / mine:.0f}x the review's {mine:.2f} s)"
    )


if __name__ == "__main__":
    main()
