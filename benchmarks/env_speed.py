"""Environment steps per second with random legal actions, against soliterm's engine in the run.

Our environments step with a random action from ``info["action_mask"]``, resetting when an episode
ends: alone, four at a time in a ``gymnasium.vector.SyncVectorEnv``, and four at a time in our own
batched vector environment (``gymnasium.make_vec``'s default for our ids). A step is a whole
Gymnasium step: the move, the status (a lost game ends its episode, which takes the engine's
search over the positions reachable without progress), the mask and the observation arrays. The
random choice is made as soliterm's loop makes it (Python's ``random``, one draw a step), so
neither side pays for a slower generator.

The same single environment with ``detect_lost=False`` shows what that search costs.

Two soliterm baselines: its random legal moves exactly as ``engine_speed.py`` drives them (list the
legal moves, make one), and the same moves followed by the check an environment needs to end an
episode (``is_won()`` and ``is_stuck()``, soliterm's own test that nothing is left to do; a game
that ends early leaves its remaining moves unplayed). Rounds alternate and the best of each is
kept.

The target (5x) is judged like for like: an environment must learn after every step whether the
game is over, so our steps are set against soliterm's moves with that check ("checked"). The
ratios against its bare moves, which never ask, are printed too: there our step does the engine's
whole status search and soliterm's nothing of the kind.

    python benchmarks/env_speed.py [--steps 6000] [--rounds 3] [--envs 4]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from functools import partial

import gymnasium
import numpy as np
from engine_speed import play_soliterm

import solitaire_widget.gym  # noqa: F401  (registers the environments)

TARGET = 5.0
SOLITERM_GAME_STEPS = 250


def random_action(mask: np.ndarray, rng: random.Random) -> int:
    """A random legal action, or 0 where none is legal (a game over: a deal lost before any
    move, or an ended game that a vector environment deals again on this step)."""
    legal = np.flatnonzero(mask)
    return int(legal[rng.randrange(len(legal))]) if len(legal) else 0


def play_single(env_id: str, options: dict, steps: int) -> int:
    env = gymnasium.make(env_id, **options)
    rng = random.Random(1)
    _, info = env.reset(seed=0)
    for _ in range(steps):
        _, _, terminated, truncated, info = env.step(random_action(info["action_mask"], rng))
        if terminated or truncated:
            _, info = env.reset()
    env.close()
    return steps


def play_vector(env_id: str, options: dict, steps: int, envs: int, mode: str) -> int:
    """``mode``: "sync" (gymnasium's SyncVectorEnv over single environments) or
    "vector_entry_point" (our batched vector environment). Vector environments reset an ended
    episode on the next step (its action is ignored, and the mask of an ended game may be
    empty)."""
    vector = gymnasium.make_vec(env_id, num_envs=envs, vectorization_mode=mode, **options)
    rng = random.Random(1)
    _, infos = vector.reset(seed=0)
    for _ in range(steps // envs):
        actions = [random_action(mask, rng) for mask in infos["action_mask"]]
        _, _, _, _, infos = vector.step(np.array(actions))
    vector.close()
    return steps // envs * envs


def rate(play: Callable[[], int]) -> float:
    start = time.perf_counter()
    made = play()
    return made / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=6000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--envs", type=int, default=4)
    args = parser.parse_args()
    steps = args.steps
    games = range(steps // SOLITERM_GAME_STEPS)

    configs = [
        ("Klondike draw 1", "solitaire_widget/Klondike-v0", {"draw": 1}, "klondike", None),
        ("Klondike draw 3", "solitaire_widget/Klondike-v0", {"draw": 3}, "klondike", {"draw": 3}),
        ("Applegate", "solitaire_widget/Applegate-v0", {}, "scorpion", None),
    ]
    print(
        f"{steps} steps a measure, best of {args.rounds} rounds. env: one environment; sync: "
        f"SyncVectorEnv x {args.envs}; batched: our vector environment x {args.envs}; no-lost: "
        "detect_lost=False (episodes end on a win, no legal move or the step limit); soliterm: "
        "random moves; checked: with is_won/is_stuck"
    )
    print(
        f"{'game':<16}{'env/s':>8}{'sync/s':>8}{'batched/s':>10}{'no-lost/s':>10}{'soliterm':>9}"
        f"{'checked':>8}   {'env':>5}{'batched':>8}  (÷ checked)   {'env':>5}{'sync':>6}"
        f"{'batched':>8}{'no-lost':>8}  (÷ soliterm)"
    )
    like_for_like = bare = float("inf")
    for name, env_id, options, kind, soliterm_options in configs:
        measures = {
            "env": partial(play_single, env_id, options, steps),
            "sync": partial(play_vector, env_id, options, steps, args.envs, "sync"),
            "batched": partial(
                play_vector, env_id, options, steps, args.envs, "vector_entry_point"
            ),
            "no-lost": partial(play_single, env_id, {**options, "detect_lost": False}, steps),
            "soliterm": partial(play_soliterm, kind, games, SOLITERM_GAME_STEPS, soliterm_options),
            "checked": partial(
                play_soliterm, kind, games, SOLITERM_GAME_STEPS, soliterm_options, check_end=True
            ),
        }
        best = dict.fromkeys(measures, 0.0)
        for _ in range(args.rounds):
            for label, play in measures.items():
                best[label] = max(best[label], rate(play))
        single, sync, batched, fast, baseline, checked = best.values()
        like_for_like = min(like_for_like, single / checked, batched / checked)
        bare = min(bare, single / baseline, batched / baseline)
        print(
            f"{name:<16}{single:>8,.0f}{sync:>8,.0f}{batched:>10,.0f}{fast:>10,.0f}"
            f"{baseline:>9,.0f}{checked:>8,.0f}   {single / checked:>4.1f}x"
            f"{batched / checked:>7.1f}x{'':>14}{single / baseline:>4.1f}x"
            f"{sync / baseline:>5.1f}x{batched / baseline:>7.1f}x{fast / baseline:>7.1f}x"
        )
    verdict = "meets" if like_for_like >= TARGET else "misses"
    print(
        f"like for like (env and batched vector env ÷ soliterm with its end check): lowest "
        f"{like_for_like:.1f}x, {verdict} the {TARGET:.0f}x target"
    )
    print(
        f"against soliterm's bare moves (which never ask whether the game is over): "
        f"lowest {bare:.1f}x"
    )


if __name__ == "__main__":
    main()
