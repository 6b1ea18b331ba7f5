"""A game without hand-made tables (Spider) is an environment too, its actions and observations
sized from its declaration."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

import solitaire_widget.gym  # noqa: F401  (registers the environments)
from solitaire_widget.gym.observations import Observer
from solitaire_widget.moves import Move

SPIDER = "solitaire_widget/Spider-v0"
SPADES = set(range(40, 53))  # the codes of the Ace to the King of spades


@pytest.mark.parametrize("suits", [1, 2, 4])
def test_spider_passes_gymnasiums_checker(suits: int) -> None:
    env = gymnasium.make(SPIDER, render_mode="ansi", suits=suits)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped)
    assert env.unwrapped.game.options == {"suits": suits}


def test_spiders_actions_and_arrays_are_sized_from_its_declaration() -> None:
    env = gymnasium.make(SPIDER).unwrapped
    # A deal, ten runs home, and groups of 1 to 13 cards between ten columns.
    assert env.action_space.n == 1 + 10 + 10 * 9 * 13
    assert env.action_to_move(0) == Move("stock", "waste")
    assert env.move_to_action("t10-t1:13") == len(env.actions) - 9 * 13 + 12
    shapes = {name: space.shape for name, space in env.observation_space.items()}
    assert shapes == {"tableau": (10, 104), "face_down": (10,), "foundations": (8,), "stock": (1,)}


def test_a_card_with_copies_is_seen_as_that_card() -> None:
    env = gymnasium.make(SPIDER, suits=1)
    observation, _ = env.reset(seed=3)
    seen = set(observation["tableau"].ravel().tolist()) - {0}
    assert seen and seen <= SPADES  # eight copies of each spade, each coded as the spade it is
    assert observation["face_down"].tolist() == [5, 5, 5, 5, 4, 4, 4, 4, 4, 4]
    assert observation["stock"].tolist() == [50]


@pytest.mark.parametrize("suits", [1, 4])
def test_random_masked_play_stays_legal_sees_each_position_afresh_and_ends(suits: int) -> None:
    """After every step, deals onto every column included, the observation is the position
    looked at from scratch."""
    env = gymnasium.make(SPIDER, suits=suits, max_steps=120).unwrapped
    rng = np.random.default_rng(7)
    dealt = 0
    for episode in range(2):
        _, info = env.reset(seed=episode)
        for _ in range(120):
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            observation, _, terminated, truncated, info = env.step(action)
            dealt += info["move"] == "draw"
            assert not info["illegal"]
            assert info["status"] == env.game.status
            fresh = Observer(env.layout)
            fresh.look(env.game)
            for name, array in fresh.observation().items():
                np.testing.assert_array_equal(observation[name], array)
            if terminated or truncated:
                break
        assert terminated or truncated
        assert terminated == (env.game.status != "playing")
    assert dealt  # the deals onto every column were seen too


def test_a_vector_of_spider_games_steps_with_masks() -> None:
    envs = gymnasium.make_vec(SPIDER, num_envs=2, suits=2)
    observations, infos = envs.reset(seed=1)
    assert observations["tableau"].shape == (2, 10, 104)
    actions = [int(np.flatnonzero(mask)[0]) for mask in infos["action_mask"]]
    _, _, _, _, infos = envs.step(np.array(actions))
    assert not infos["illegal"].any()
    envs.close()
