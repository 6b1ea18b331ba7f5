"""Following the hints: how long a game takes, and how often it goes through the stock, with the
polished lines of ``solver.lines`` against the solver's raw lines (what hints followed before).

    python benchmarks/hint_bench.py                 # 50 winnable deals per game and draw
    python benchmarks/hint_bench.py --deals 10      # a quick look

Hints keep to one winning line (``solver.Adviser``), so following them from the deal plays that
line: the raw one before, the polished one now. Both come from the same search, bounded by a
count of positions so that every machine plays the same deals the same way. The deals are the
first winnable ones from seed 2,000,000 on, a range no rule of the solver or of the polish was
tuned on. Prints the median (and mean) moves, stock passes and moves of a card moved before, and
checks every line through the rules engine.
"""

from __future__ import annotations

import argparse
import statistics
import time

from solitaire_widget.games import ApplegateGame, KlondikeGame
from solitaire_widget.solver import _solve
from solitaire_widget.solver.lines import bare, polish, stock_passes
from solitaire_widget.state import load_game

CONFIGS = {
    "Klondike draw 1": lambda seed: KlondikeGame(seed=seed, draw=1),
    "Klondike draw 3": lambda seed: KlondikeGame(seed=seed, draw=3),
    "Applegate": lambda seed: ApplegateGame(seed=seed),
}
FIRST_SEED = 2_000_000
POSITIONS = 20_000


def figures(state: dict, line: list) -> tuple[int, int, int]:
    """Moves, stock passes and moves of a card already moved from the tableau, replaying the
    line through the engine (which raises on an illegal move) to a win."""
    game = load_game(state)
    moved, again = set(), 0
    for move in line:
        if move.src[0] == "t":
            card = game.state()["tableau"][int(move.src[1]) - 1]["up"][-move.n]
            again += card in moved
            moved.add(card)
        game.move(move)
    assert game.status == "won"
    return len(line), stock_passes(line), again


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=50, help="winnable deals per game (50)")
    arguments = parser.parse_args()
    started = time.perf_counter()
    header = f"{'game':<16} {'hints':<9} {'moves':>14} {'stock passes':>14} {'moved again':>14}"
    print(header + "\n" + "-" * len(header))
    for name, deal in CONFIGS.items():
        rows = {"before": [], "after": []}
        seconds = []
        seed = FIRST_SEED
        while len(rows["after"]) < arguments.deals:
            state = bare(deal(seed).state())
            seed += 1
            solution = _solve(state, 600, POSITIONS)
            if solution.status != "won":
                continue
            clock = time.perf_counter()
            polished = polish(state, solution.moves)
            seconds.append(time.perf_counter() - clock)
            rows["before"].append(figures(state, solution.moves))
            rows["after"].append(figures(state, polished))
        for label, values in rows.items():
            cells = []
            for column in range(3):
                numbers = [row[column] for row in values]
                cells.append(f"{statistics.median(numbers):>6g} ({statistics.mean(numbers):5.1f})")
            print(f"{name:<16} {label:<9} {cells[0]:>14} {cells[1]:>14} {cells[2]:>14}")
        print(
            f"{'':<16} {len(values)} deals (seeds {FIRST_SEED}..{seed - 1}); polishing a line "
            f"took median {statistics.median(seconds):.2f} s"
        )
    print("\nmedian (mean); moves include draws and recycles")
    print(f"wall time {time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
