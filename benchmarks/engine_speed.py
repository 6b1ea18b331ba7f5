"""Moves per second through the public API, against soliterm's engine in the same run.

Both engines play the same kind of random games: at every step, list the legal moves (a stock
draw counts as one of them), pick one at random and make it. Each engine gets the same seeds and
the same step budget; rounds alternate between the engines and the best of each is kept, so a
busy moment on the machine does not decide the ratio.

    python benchmarks/engine_speed.py [--games 60] [--steps 250] [--rounds 3]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from soliterm.engine import new_solitaire

from solitaire_widget.engine import ApplegateGame, Game, KlondikeGame


def play_ours(make: Callable[[int], Game], seeds: range, steps: int) -> int:
    rng = random.Random(1)
    made = 0
    for seed in seeds:
        game = make(seed)
        for _ in range(steps):
            moves = game.legal_moves()
            if not moves:
                break
            game.move(rng.choice(moves))
            made += 1
    return made


def play_soliterm(
    kind: str, seeds: range, steps: int, options: dict | None = None, check_end: bool = False
) -> int:
    """``check_end`` also asks after every move whether the game is over, as a Gymnasium
    environment must (``env_speed.py``)."""
    rng = random.Random(1)
    made = 0
    for seed in seeds:
        game = new_solitaire(kind, seed, options)
        for _ in range(steps):
            moves: list = game.legal_moves()
            if game.can_deal():
                moves.append(None)
            if not moves:
                break
            choice = rng.choice(moves)
            if choice is None:
                game.deal()
            else:
                game.attempt_move(*choice)
            made += 1
            if check_end and (game.is_won() or game.is_stuck()):
                break
    return made


def rate(play: Callable[[], int]) -> float:
    start = time.perf_counter()
    made = play()
    return made / (time.perf_counter() - start)


def best_rates(
    ours: Callable[[], int], baseline: Callable[[], int], rounds: int
) -> tuple[float, float]:
    """Rounds alternate between the two engines, so a busy spell on the machine hits both alike."""
    mine = theirs = 0.0
    for _ in range(rounds):
        mine = max(mine, rate(ours))
        theirs = max(theirs, rate(baseline))
    return mine, theirs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--steps", type=int, default=250)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    seeds = range(args.games)

    pairs = [
        ("Klondike draw 1", lambda: play_ours(KlondikeGame, seeds, args.steps),
         "soliterm klondike", lambda: play_soliterm("klondike", seeds, args.steps)),
        ("Klondike draw 3", lambda: play_ours(lambda s: KlondikeGame(s, draw=3), seeds, args.steps),
         "soliterm klondike 3", lambda: play_soliterm("klondike", seeds, args.steps, {"draw": 3})),
        ("Applegate", lambda: play_ours(ApplegateGame, seeds, args.steps),
         "soliterm scorpion", lambda: play_soliterm("scorpion", seeds, args.steps)),
    ]  # fmt: skip
    print(f"{args.games} games x up to {args.steps} random moves, best of {args.rounds} rounds")
    print(f"{'ours':<18}{'moves/s':>10}   {'baseline':<20}{'moves/s':>10}{'ratio':>8}")
    for name, ours, baseline_name, baseline in pairs:
        mine, theirs = best_rates(ours, baseline, args.rounds)
        print(
            f"{name:<18}{mine:>10,.0f}   {baseline_name:<20}{theirs:>10,.0f}{mine / theirs:>7.1f}x"
        )


if __name__ == "__main__":
    main()
