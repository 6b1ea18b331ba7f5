"""What a hint, a review and a coach's check cost in loads and writes of the state format.

    python benchmarks/hint_cost.py                  # every case, the time the best of 3 runs
    python benchmarks/hint_cost.py --repeats 1      # a quick look

Inside the solver a game should travel as an engine game (``game.copy()``) and a position as
``game._position_key()``: ``load_game`` checks a state from outside, and ``Game.state()`` writes
the whole history as JSON, both costs a hint should not pay again and again. For each case this
counts the calls of ``load_game``, ``Game.state()`` and ``Game.position()`` (one instrumented run)
and prints the wall time (the best of ``--repeats`` runs without the counting):

- the first hint of a fresh Klondike deal (seed 2024, draw 1);
- the hint after 30 moves of that deal, each the hint before followed, by a new adviser (a
  search from a game with a history of 30 moves);
- the first hint of an Applegate deal: the first winnable one from seed 2024 (seed 2026; most
  Applegate deals are lost, and their first hint says so at once);
- the review of a lost Klondike game: the deal of seed 6 played at random (never off a
  foundation) until the engine says it is lost, 288 moves (the same game in every run). It
  takes its time limit (10 s, as the page's Review button), so what it decided in that time is
  printed too: the positions whose verdict it found, and the time its searches took;
- a coach's check of one move: the first hint of Klondike seed 2024 made, judged the way a board
  in coach mode judges it (the state before the move, and the game after it).

Budgets are large, so the position caps decide each search and the answers are the same in
every run: the counts are too. There is no baseline in the same run; the counts are the measure,
compared with the figures recorded in the README.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable
from typing import Any

from solitaire_widget import state as state_module
from solitaire_widget.engine.base import Game
from solitaire_widget.games import GAMES
from solitaire_widget.solver import Adviser, first_winnable_seed
from solitaire_widget.solver.coach import Coach
from solitaire_widget.solver.review import review

BUDGET = 30.0
REVIEW_SECONDS = 10.0  # what the page's Review button allows


def first_klondike_hint() -> Callable[[], Any]:
    game = GAMES["klondike"](seed=2024)
    return lambda: Adviser().advice(game, BUDGET)


def hint_after_thirty() -> Callable[[], Any]:
    game = GAMES["klondike"](seed=2024)
    adviser = Adviser()
    for _ in range(30):
        game.move(adviser.advice(game, BUDGET).move)
    return lambda: Adviser().advice(game, BUDGET)


def applegate_hint() -> Callable[[], Any]:
    game = GAMES["applegate"](seed=first_winnable_seed("applegate", 2024))
    return lambda: Adviser().advice(game, BUDGET)


def lost_klondike_review() -> Callable[[], Any]:
    game = GAMES["klondike"](seed=6)
    rng = random.Random(6)
    while game.status != "lost":
        game.move(rng.choice([move for move in game.legal_moves() if move.src[0] != "f"]))
    return lambda: review(game, REVIEW_SECONDS, progress=False)


def coach_check() -> Callable[[], Any]:
    game = GAMES["klondike"](seed=2024)
    move = Adviser().advice(game, BUDGET).move

    def check() -> Any:
        played = game.copy()
        before = played.state()  # what a board in coach mode keeps before each move
        played.move(move)
        return Coach().judge(before, played, move)

    return check


CASES = {
    "first Klondike hint": first_klondike_hint,
    "Klondike hint after 30 moves": hint_after_thirty,
    "Applegate hint": applegate_hint,
    "review of a lost Klondike game": lost_klondike_review,
    "coach check of one move": coach_check,
}


class Counts:
    """Counts the calls of ``load_game`` (wherever a module imported it), ``Game.state()`` and
    ``Game.position()`` while it is entered."""

    def __init__(self) -> None:
        self.loads = self.states = self.positions = 0

    def __enter__(self) -> Counts:
        load, state, position = state_module.load_game, Game.state, Game.position
        self._undo: list[Callable[[], None]] = []

        def counted_load(*args: Any, **kwargs: Any) -> Any:
            self.loads += 1
            return load(*args, **kwargs)

        def counted_state(game: Game) -> Any:
            self.states += 1
            return state(game)

        def counted_position(game: Game) -> Any:
            self.positions += 1
            return position(game)

        for module in list(sys.modules.values()):
            if getattr(module, "load_game", None) is load:
                module.load_game = counted_load
                self._undo.append(lambda module=module: setattr(module, "load_game", load))
        Game.state, Game.position = counted_state, counted_position
        self._undo.append(lambda: setattr(Game, "state", state))
        self._undo.append(lambda: setattr(Game, "position", position))
        return self

    def __exit__(self, *exc: object) -> None:
        for undo in self._undo:
            undo()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3, help="timed runs of each case")
    args = parser.parse_args()
    print(f"{'case':32} {'load_game':>10} {'state()':>9} {'position()':>11} {'time':>9}")
    for name, setup in CASES.items():
        run = setup()
        with Counts() as counts:
            run()
        times = []
        for _ in range(args.repeats):
            start = time.perf_counter()
            run()
            times.append(time.perf_counter() - start)
        print(
            f"{name:32} {counts.loads:>10,} {counts.states:>9,} {counts.positions:>11,} "
            f"{min(times) * 1000:>7.0f} ms"
        )
        answer = run()
        if hasattr(answer, "positions"):  # a review: what it decided within its time limit
            decided = [p for p in answer.positions if p.verdict != "unknown"]
            searched = sum(p.seconds for p in answer.positions)
            print(
                f"{'':32} decided {len(decided)} of {len(answer.positions)} positions, "
                f"{searched:.1f} s of it in searches"
            )


if __name__ == "__main__":
    main()
