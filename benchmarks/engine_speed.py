"""Moves per second through the public API, against soliterm's engine in the same run.

Both engines play the same kind of random games: at every step, list the legal moves (a stock
draw counts as one of them), pick one at random and make it. Each engine gets the same seeds and
the same step budget; rounds alternate between the engines and the best of each is kept, so a
busy moment on the machine does not decide the ratio.

The same random games are played through the board widgets (``sw.Klondike``, ``sw.Applegate``),
made outside a kernel as a script makes them: every move also brings the board's view and traits
up to date, with no page to send them to; with autosave on (every move recorded in the game
store) and off. A last table prints what one move costs at the start of a game and after 10,000
draws, through the engine and through a board (no page, or a page; autosave on and off), and the
ratio of the two: a move must not cost more the longer the game. The store is a temporary one.

    python benchmarks/engine_speed.py [--games 60] [--steps 250] [--rounds 3]
"""

from __future__ import annotations

import argparse
import os
import random
import tempfile
import time
from collections.abc import Callable

from soliterm.engine import new_solitaire

import solitaire_widget as sw
from solitaire_widget.engine import Game
from solitaire_widget.games import ApplegateGame, KlondikeGame
from solitaire_widget.games.spider import SpiderGame

LONG_GAME = 10_000  # draws before the second measure of a move's cost


def play_ours(
    make: Callable[[int], Game | sw.Klondike | sw.Applegate], seeds: range, steps: int
) -> int:
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


def unsaved(board: type[sw.Klondike | sw.Applegate]) -> Callable[[int], sw.Klondike | sw.Applegate]:
    return lambda seed: board(seed, autosave=False)


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


def draw_cost(game: Game | sw.Klondike, draws: int, rounds: int) -> float:
    """Seconds per ``draw()`` (a draw or a recycle) over ``draws`` draws from where the game is,
    best of ``rounds`` after one to warm up; each round is undone afterwards, so every round
    starts at the same move."""
    best = float("inf")
    for round_ in range(rounds + 1):
        start = time.perf_counter()
        for _ in range(draws):
            game.draw()
        if round_:
            best = min(best, (time.perf_counter() - start) / draws)
        for _ in range(draws):
            game.undo()
    return best


def on_a_page(board: sw.Klondike) -> sw.Klondike:
    """A board whose messages go to a page (one that drops them): it keeps its view and traits
    up to date after every move and builds every message, as in a notebook."""
    board.comm.send = lambda data=None, metadata=None, buffers=None: None
    return board


def long_game_rows(rounds: int) -> list[tuple[str, float, float]]:
    """(name, seconds per move at move 0, seconds per move after ``LONG_GAME`` draws)."""
    rows = []
    for name, make in (
        ("engine Klondike", lambda: KlondikeGame(seed=1, scoring=None)),
        ("board, no page", lambda: sw.Klondike(seed=1, scoring=None, autosave=False)),
        ("  autosave on", lambda: sw.Klondike(seed=1, scoring=None)),
        ("board on a page", lambda: on_a_page(sw.Klondike(seed=1, scoring=None, autosave=False))),
        ("  autosave on", lambda: on_a_page(sw.Klondike(seed=1, scoring=None))),
    ):
        game = make()
        fresh = draw_cost(game, 200, rounds)
        for _ in range(LONG_GAME):
            game.draw()
        rows.append((name, fresh, draw_cost(game, 200, rounds)))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--steps", type=int, default=250)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    os.environ["SOLITAIRE_WIDGET_HOME"] = tempfile.mkdtemp(prefix="engine_speed-")
    seeds = range(args.games)
    # A board costs more per move than the bare engine: a fifth of the games keeps the run short.
    board_seeds = range(max(1, args.games // 5))

    pairs = [
        ("Klondike draw 1", lambda: play_ours(KlondikeGame, seeds, args.steps),
         "soliterm klondike", lambda: play_soliterm("klondike", seeds, args.steps)),
        ("Klondike draw 3", lambda: play_ours(lambda s: KlondikeGame(s, draw=3), seeds, args.steps),
         "soliterm klondike 3", lambda: play_soliterm("klondike", seeds, args.steps, {"draw": 3})),
        ("Applegate", lambda: play_ours(ApplegateGame, seeds, args.steps),
         "soliterm scorpion", lambda: play_soliterm("scorpion", seeds, args.steps)),
        ("Spider 1 suit", lambda: play_ours(SpiderGame, seeds, args.steps),
         "soliterm spider 1", lambda: play_soliterm("spider", seeds, args.steps, {"suits": 1})),
        ("Spider 4 suits", lambda: play_ours(lambda s: SpiderGame(s, suits=4), seeds, args.steps),
         "soliterm spider 4", lambda: play_soliterm("spider", seeds, args.steps, {"suits": 4})),
        ("board Klondike 1", lambda: play_ours(sw.Klondike, board_seeds, args.steps),
         "soliterm klondike", lambda: play_soliterm("klondike", board_seeds, args.steps)),
        ("  autosave off", lambda: play_ours(unsaved(sw.Klondike), board_seeds, args.steps),
         "soliterm klondike", lambda: play_soliterm("klondike", board_seeds, args.steps)),
        ("board Klondike 3",
         lambda: play_ours(lambda s: sw.Klondike(s, draw=3), board_seeds, args.steps),
         "soliterm klondike 3",
         lambda: play_soliterm("klondike", board_seeds, args.steps, {"draw": 3})),
        ("  autosave off",
         lambda: play_ours(lambda s: sw.Klondike(s, draw=3, autosave=False), board_seeds,
                           args.steps),
         "soliterm klondike 3",
         lambda: play_soliterm("klondike", board_seeds, args.steps, {"draw": 3})),
        ("board Applegate", lambda: play_ours(sw.Applegate, board_seeds, args.steps),
         "soliterm scorpion", lambda: play_soliterm("scorpion", board_seeds, args.steps)),
        ("  autosave off", lambda: play_ours(unsaved(sw.Applegate), board_seeds, args.steps),
         "soliterm scorpion", lambda: play_soliterm("scorpion", board_seeds, args.steps)),
    ]  # fmt: skip
    print(f"{args.games} games x up to {args.steps} random moves, best of {args.rounds} rounds")
    print(f"(boards: {len(board_seeds)} games, made outside a kernel, no page open)")
    print(f"{'ours':<18}{'moves/s':>10}   {'baseline':<20}{'moves/s':>10}{'ratio':>8}")
    for name, ours, baseline_name, baseline in pairs:
        mine, theirs = best_rates(ours, baseline, args.rounds)
        print(
            f"{name:<18}{mine:>10,.0f}   {baseline_name:<20}{theirs:>10,.0f}{mine / theirs:>7.1f}x"
        )
    print(f"\nOne draw at move 0 and after {LONG_GAME:,} draws (best of {args.rounds} rounds)")
    print("(a board's first row: autosave off; the next: on)")
    print(f"{'game':<18}{'move 0':>10}{'long game':>12}{'ratio':>8}")
    for name, fresh, late in long_game_rows(args.rounds):
        print(f"{name:<18}{fresh * 1e6:>8.1f}us{late * 1e6:>10.1f}us{late / fresh:>7.2f}x")


if __name__ == "__main__":
    main()
