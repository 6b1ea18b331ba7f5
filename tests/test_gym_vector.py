"""The batched vector environments (issue 13): gymnasium's VectorEnv API, autoreset, masks, and
the same games as single environments in ``SyncVectorEnv``."""

from __future__ import annotations

import gymnasium
import numpy as np
import pytest
from gymnasium.vector import AutoresetMode, SyncVectorEnv

from solitaire_widget.games import KlondikeGame
from solitaire_widget.gym import ApplegateVectorEnv, KlondikeVectorEnv

VARIANTS = [
    pytest.param("solitaire_widget/Klondike-v0", {"draw": 1}, id="klondike-draw1"),
    pytest.param("solitaire_widget/Klondike-v0", {"draw": 3}, id="klondike-draw3"),
    pytest.param("solitaire_widget/Applegate-v0", {}, id="applegate"),
]


def random_actions(masks: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A random legal action a game, with now and then an illegal one (0 where nothing is
    legal: a game that has just ended)."""
    actions = []
    for mask in masks:
        legal = np.flatnonzero(mask)
        if not len(legal) or rng.random() < 0.1:
            actions.append(int(rng.integers(len(mask))))
        else:
            actions.append(int(rng.choice(legal)))
    return np.array(actions)


def assert_same(ours: object, theirs: object, where: str) -> None:
    """Equal values of equal types, through dicts and arrays (object arrays of observations
    included)."""
    if isinstance(theirs, tuple):
        assert isinstance(ours, tuple) and len(ours) == len(theirs), where
        for k, (mine, other) in enumerate(zip(ours, theirs, strict=True)):
            assert_same(mine, other, f"{where}[{k}]")
    elif isinstance(theirs, dict):
        assert isinstance(ours, dict) and sorted(ours) == sorted(theirs), where
        for key in theirs:
            assert_same(ours[key], theirs[key], f"{where}[{key!r}]")
    elif isinstance(theirs, np.ndarray):
        assert isinstance(ours, np.ndarray), where
        assert ours.dtype == theirs.dtype and ours.shape == theirs.shape, where
        if theirs.dtype == object:
            for k, (mine, other) in enumerate(zip(ours, theirs, strict=True)):
                assert_same(mine, other, f"{where}[{k}]")
        else:
            assert np.array_equal(ours, theirs), where
    else:
        assert ours == theirs, where


def play_both(env_id: str, options: dict, mode: AutoresetMode, steps: int) -> int:
    """Drive our vector environment and a SyncVectorEnv of single environments with the same
    seeds and actions, checking every output; returns how many games ended."""
    ours = gymnasium.make_vec(env_id, num_envs=3, autoreset_mode=mode, **options)
    theirs = SyncVectorEnv(
        [lambda: gymnasium.make(env_id, **options) for _ in range(3)], autoreset_mode=mode
    )
    started = ours.reset(seed=21)
    assert_same(started, theirs.reset(seed=21), "reset")
    rng = np.random.default_rng(4)
    infos, ended = started[1], 0
    for step in range(steps):
        actions = random_actions(infos["action_mask"], rng)
        mine, other = ours.step(actions), theirs.step(actions)
        assert_same(mine, other, f"step {step}")
        infos = mine[4]
        assert np.array_equal(ours.action_masks(), infos["action_mask"])
        ended += int(mine[2].sum() + mine[3].sum())
    ours.close()
    theirs.close()
    return ended


@pytest.mark.parametrize(("env_id", "options"), VARIANTS)
def test_make_vec_plays_the_same_games_as_single_environments(env_id: str, options: dict) -> None:
    ended = play_both(env_id, {**options, "max_steps": 12}, AutoresetMode.NEXT_STEP, 60)
    assert ended >= 3, "the episodes must end (and be dealt again) within the test"


@pytest.mark.parametrize(("env_id", "options"), VARIANTS[1:])
def test_same_step_autoreset_hands_over_the_final_observation(env_id: str, options: dict) -> None:
    ended = play_both(env_id, {**options, "max_steps": 9}, AutoresetMode.SAME_STEP, 40)
    assert ended >= 3


def test_make_vec_gives_the_batched_environment_and_sync_on_request() -> None:
    envs = gymnasium.make_vec("solitaire_widget/Klondike-v0", num_envs=2, draw=3)
    assert isinstance(envs, KlondikeVectorEnv)
    assert envs.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    assert all(env.game.options["draw"] == 3 for env in envs.envs)
    sync = gymnasium.make_vec("solitaire_widget/Applegate-v0", 2, vectorization_mode="sync")
    assert isinstance(sync, SyncVectorEnv)


def test_the_batch_fits_the_spaces_and_masks_mark_the_legal_moves() -> None:
    envs = ApplegateVectorEnv(4)
    observations, infos = envs.reset(seed=[3, 1, 4, 1])
    assert infos["seed"].tolist() == [3, 1, 4, 1]
    rng = np.random.default_rng(7)
    for _ in range(20):
        assert envs.observation_space.contains(observations)
        for env, mask in zip(envs.envs, infos["action_mask"], strict=True):
            legal = {env.action_to_move(i) for i in np.flatnonzero(mask)}
            assert legal == set(env.game.legal_moves())
        observations, _, _, _, infos = envs.step(random_actions(infos["action_mask"], rng))


def test_an_ended_game_is_dealt_again_on_the_next_step_and_its_action_ignored() -> None:
    envs = KlondikeVectorEnv(2, max_steps=1)
    _, infos = envs.reset(seed=5)
    draw = envs.envs[0].move_to_action("draw")
    _, rewards, _, truncated, infos = envs.step(np.array([draw, draw]))
    assert truncated.tolist() == [True, True]
    seeds = infos["seed"].copy()
    observations, rewards, terminated, truncated, infos = envs.step(np.array([draw, 590]))
    assert rewards.tolist() == [0.0, 0.0] and not terminated.any() and not truncated.any()
    assert not infos["illegal"].any() and infos["move"].tolist() == ["", ""]
    assert (infos["seed"] != seeds).all()
    fresh = [KlondikeGame(seed=int(seed)) for seed in infos["seed"]]
    assert all(env.game.state() == game.state() for env, game in zip(envs.envs, fresh, strict=True))
    assert observations["stock"].tolist() == [[24], [24]]


def test_without_autoreset_an_ended_game_waits_for_a_masked_reset() -> None:
    envs = KlondikeVectorEnv(3, max_steps=1, autoreset_mode=AutoresetMode.DISABLED)
    envs.reset(seed=0)
    draw = envs.envs[0].move_to_action("draw")
    envs.step(np.array([draw] * 3))
    with pytest.raises(gymnasium.error.ResetNeeded, match="game 0 has ended"):
        envs.step(np.array([draw] * 3))
    kept = envs.envs[1].game
    _, infos = envs.reset(seed=10, options={"reset_mask": np.array([True, False, True])})
    assert envs.envs[1].game is kept
    assert infos["seed"].tolist() == [10, 1, 12]
    with pytest.raises(gymnasium.error.ResetNeeded, match="game 1 has ended"):
        envs.step(np.array([draw] * 3))


def test_copies_are_the_callers_own_and_copy_false_hands_out_the_batch() -> None:
    envs = KlondikeVectorEnv(2)
    first, _ = envs.reset(seed=0)
    kept = first["waste"].copy()
    draw = envs.envs[0].move_to_action("draw")
    second, *_ = envs.step(np.array([draw, draw]))
    assert np.array_equal(first["waste"], kept) and not np.array_equal(second["waste"], kept)
    live = KlondikeVectorEnv(2, copy=False)
    first, _ = live.reset(seed=0)
    second, *_ = live.step(np.array([draw, draw]))
    assert first["waste"] is second["waste"]


def test_a_batch_starts_from_a_saved_position_and_refuses_bad_arguments() -> None:
    state = KlondikeGame(seed=8, draw=3).state()
    envs = KlondikeVectorEnv(2, draw=3)
    observations, _ = envs.reset(options={"state": state})
    assert np.array_equal(observations["tableau"][0], observations["tableau"][1])
    with pytest.raises(ValueError, match="2 seeds for 3 environments"):
        KlondikeVectorEnv(3).reset(seed=[1, 2])
    with pytest.raises(ValueError, match="one action a game"):
        envs.step(np.array([0, 0, 0]))
    with pytest.raises(ValueError, match="num_envs"):
        KlondikeVectorEnv(0)
