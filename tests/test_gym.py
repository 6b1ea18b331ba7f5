"""The Gymnasium environments (issue 13): the API contract, masks, hidden cards, rewards."""

from __future__ import annotations

import copy
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from positions import applegate_state, klondike_state
from solitaire_widget.games import ApplegateGame, KlondikeGame
from solitaire_widget.gym import (
    APPLEGATE_ACTIONS,
    KLONDIKE_ACTIONS,
    ApplegateEnv,
    KlondikeEnv,
)
from solitaire_widget.gym.observations import Observer
from solitaire_widget.moves import Move

VARIANTS = [
    pytest.param("solitaire_widget/Klondike-v0", {"draw": 1}, id="klondike-draw1"),
    pytest.param("solitaire_widget/Klondike-v0", {"draw": 3}, id="klondike-draw3"),
    pytest.param("solitaire_widget/Applegate-v0", {}, id="applegate"),
]


def random_legal(info: dict, rng: np.random.Generator) -> int:
    return int(rng.choice(np.flatnonzero(info["action_mask"])))


# ----------------------------------------------------------------- the Gymnasium contract


@pytest.mark.parametrize(("env_id", "options"), VARIANTS)
def test_the_environment_passes_gymnasiums_checker(env_id: str, options: dict) -> None:
    env = gymnasium.make(env_id, render_mode="ansi", **options)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a warning from the checker is a failure too
        check_env(env.unwrapped)
    env.close()


def test_make_passes_the_game_options_on() -> None:
    env = gymnasium.make("solitaire_widget/Klondike-v0", draw=3, scoring="vegas")
    env.reset(seed=1)
    assert env.unwrapped.game.options == {"draw": 3, "scoring": "vegas"}


@pytest.mark.parametrize(("env_id", "options"), VARIANTS)
def test_random_masked_play_never_makes_an_illegal_move_and_every_episode_ends(
    env_id: str, options: dict
) -> None:
    """The status the environment reports (it skips the engine's search where the answer is
    known) is the engine's own after every step."""
    env = gymnasium.make(env_id, max_steps=150, **options).unwrapped
    rng = np.random.default_rng(5)
    for episode in range(4):
        _, info = env.reset(seed=episode)
        for _ in range(150):
            _, _, terminated, truncated, info = env.step(random_legal(info, rng))
            assert not info["illegal"] and info["illegal_actions"] == 0
            assert info["status"] == env.game.status
            if terminated or truncated:
                break
        assert terminated or truncated
        assert terminated == (env.game.status != "playing")


@pytest.mark.parametrize("env_class", [KlondikeEnv, ApplegateEnv])
def test_the_mask_marks_exactly_the_legal_moves(env_class: type) -> None:
    env = env_class()
    rng = np.random.default_rng(0)
    _, info = env.reset(seed=3)
    for _ in range(40):
        legal = {env.action_to_move(i) for i in np.flatnonzero(info["action_mask"])}
        assert legal == set(env.game.legal_moves())
        assert info["action_mask"].dtype == np.int8
        assert np.array_equal(env.action_masks(), info["action_mask"])
        _, _, terminated, truncated, info = env.step(random_legal(info, rng))
        if terminated or truncated:
            break


def test_an_illegal_action_changes_nothing_costs_the_penalty_and_is_counted() -> None:
    env = KlondikeEnv(illegal_penalty=2.5)
    observation, info = env.reset(seed=42)
    before = env.game.state()
    illegal = env.move_to_action("t3-t1")  # the 4 of spades can't go on the 7 of clubs
    assert info["action_mask"][illegal] == 0
    for count in (1, 2):
        after, reward, terminated, truncated, info = env.step(illegal)
        assert reward == -2.5
        assert info["illegal"] and info["illegal_actions"] == count
        assert not terminated and not truncated
        assert env.game.state() == before
        assert all(np.array_equal(after[key], observation[key]) for key in observation)
    _, _, _, _, info = env.step(env.move_to_action("t4-t1"))
    assert not info["illegal"] and info["illegal_actions"] == 2


def test_an_action_outside_the_table_is_refused() -> None:
    env = ApplegateEnv()
    env.reset(seed=0)
    for action in (-1, len(APPLEGATE_ACTIONS), 1.5):
        with pytest.raises(ValueError, match="an action is an integer from 0 to 2197"):
            env.step(action)


def test_step_before_reset_is_refused() -> None:
    with pytest.raises(gymnasium.error.ResetNeeded):
        KlondikeEnv().step(0)


# ----------------------------------------------------------------- the action tables


def test_the_klondike_action_table_is_stable() -> None:
    assert len(KLONDIKE_ACTIONS) == 591
    assert KLONDIKE_ACTIONS.digest == (
        "fb21617fc944539c9a038619100d30c1e0531850b85e0dac916b179c68ec46b6"
    )
    golden = {0: "draw", 1: "recycle", 2: "waste-f", 3: "waste-t1", 10: "t1-f", 17: "f1-t1"}
    golden |= {44: "f4-t7", 45: "t1-t2", 57: "t1-t2:13", 58: "t1-t3", 590: "t7-t6:13"}
    for action, move in golden.items():
        assert str(KLONDIKE_ACTIONS.move(action)) == move
        assert KLONDIKE_ACTIONS.action(move) == action


def test_the_applegate_action_table_is_stable() -> None:
    assert len(APPLEGATE_ACTIONS) == 2198
    assert APPLEGATE_ACTIONS.digest == (
        "17cdaa2552cef554f066986979c873d71cc836ca122512b9bb3bbdf7dbd02661"
    )
    golden = {0: "reserve-t1", 7: "t1-f:13", 13: "t7-f:13", 14: "t1-t2", 65: "t1-t2:52"}
    golden |= {66: "t1-t3", 2197: "t7-t6:52"}
    for action, move in golden.items():
        assert str(APPLEGATE_ACTIONS.move(action)) == move
        assert APPLEGATE_ACTIONS.action(Move.parse(move)) == action


def test_a_move_no_position_allows_has_no_action() -> None:
    with pytest.raises(ValueError, match="not in the action table"):
        KlondikeEnv().move_to_action("t1-f2")  # foundation moves are written with f
    with pytest.raises(ValueError, match="not in the action table"):
        ApplegateEnv().move_to_action("draw")


# ----------------------------------------------------------------- observations


def swap(state: dict, first: tuple, second: tuple) -> dict:
    """The state with two cards exchanged; a place is (pile key, index) or
    ("tableau", column, "down"/"up", index)."""
    swapped = copy.deepcopy(state)

    def pile(place: tuple) -> list:
        if place[0] == "tableau":
            return swapped["tableau"][place[1]][place[2]]
        return swapped[place[0]]

    a, b = pile(first), pile(second)
    a[first[-1]], b[second[-1]] = b[second[-1]], a[first[-1]]
    return swapped


def test_the_engine_hands_out_one_move_object_a_group_move_whatever_the_pile_heights() -> None:
    """The action table finds a move by identity: however long the game, it meets each of the
    engine's moves once (t1-t3:2 lifted off a pile of 3 cards is the one lifted off 40)."""
    game = ApplegateGame(seed=5)
    rng = np.random.default_rng(0)
    seen: dict[str, Move] = {}
    for _ in range(400):
        legal = game.legal_moves()
        if not legal:
            game = ApplegateGame(seed=int(rng.integers(1000)))
            continue
        for move in legal:
            assert seen.setdefault(str(move), move) is move
        game.move(legal[int(rng.integers(len(legal)))])
    assert len(seen) > 50


@pytest.mark.parametrize(
    ("env_class", "state", "first", "second"),
    [
        # two face-down cards of different columns
        (KlondikeEnv, KlondikeGame(seed=8).state(), ("tableau", 6, "down", 0),
         ("tableau", 3, "down", 1)),
        # a stock card and a face-down card
        (KlondikeEnv, KlondikeGame(seed=8).state(), ("stock", 0), ("tableau", 5, "down", 2)),
        # a hidden reserve card and a face-down card
        (ApplegateEnv, ApplegateGame(seed=8).state(), ("reserve", 0), ("tableau", 4, "down", 0)),
    ],
)  # fmt: skip
def test_positions_differing_only_in_hidden_cards_look_the_same(
    env_class: type, state: dict, first: tuple, second: tuple
) -> None:
    state["seed"] = None
    other = swap(state, first, second)
    assert other != state
    env = env_class()
    seen, _ = env.reset(options={"state": state})
    seen_other, _ = env.reset(options={"state": other})
    for key in seen:
        assert np.array_equal(seen[key], seen_other[key]), key


@pytest.mark.parametrize(("env_id", "options"), VARIANTS)
def test_each_observation_is_the_position_seen_afresh(env_id: str, options: dict) -> None:
    """A step rewrites only the piles its move named: the arrays must still be those of the
    whole position looked at anew."""
    env = gymnasium.make(env_id, **options).unwrapped
    rng = np.random.default_rng(11)
    seen, info = env.reset(seed=2)
    for _ in range(300):
        fresh = Observer(env.layout)
        fresh.look(env.game)
        for key, array in fresh.observation().items():
            assert np.array_equal(seen[key], array), key
        seen, _, terminated, truncated, info = env.step(random_legal(info, rng))
        if terminated or truncated:
            seen, info = env.reset()


def code(card: str) -> int:
    """A card's number in observations: 1 for the Ace of clubs up to 52 for the King of spades."""
    return 1 + "CDHS".index(card[1]) * 13 + "A23456789TJQK".index(card[0])


def test_the_observation_names_the_visible_cards_and_counts_the_hidden_ones() -> None:
    env = KlondikeEnv()
    observation, _ = env.reset(seed=42)  # t1: 7C; t2: ## KD; ... t7: six face-down and TS
    assert observation["tableau"][0, 0] == code("7C") and not observation["tableau"][0, 1:].any()
    assert observation["tableau"][1, 0] == code("KD")
    assert observation["tableau"][6, 0] == code("TS")
    assert observation["face_down"].tolist() == [0, 1, 2, 3, 4, 5, 6]
    assert observation["stock"].tolist() == [24]
    assert not observation["waste"].any() and not observation["foundations"].any()
    observation, *_ = env.step(env.move_to_action("draw"))
    assert observation["stock"].tolist() == [23]
    assert observation["waste"][0] == code(env.game.state()["waste"][-1])


# ----------------------------------------------------------------- rewards and episodes


def test_a_card_home_scores_one_and_the_win_adds_the_bonus() -> None:
    env = KlondikeEnv(win_bonus=7.0)
    env.reset(options={"state": klondike_state(["KS"])})  # every other card is home
    _, reward, terminated, truncated, info = env.step(env.move_to_action("t1-f"))
    assert reward == 1.0 + 7.0
    assert terminated and not truncated and info["status"] == "won"


def test_a_card_taken_back_off_a_foundation_costs_one() -> None:
    env = KlondikeEnv()
    env.reset(options={"state": klondike_state(["KS", "KH"], foundations=["QS", "QH", "KD", "KC"])})
    _, reward, *_ = env.step(
        env.move_to_action("f1-t2")
    )  # the Queen of spades onto the King of hearts
    assert reward == -1.0


def test_an_applegate_run_going_home_scores_its_thirteen_cards() -> None:
    run = "KS QS JS TS 9S 8S 7S 6S 5S 4S 3S 2S AS"
    env = ApplegateEnv(win_bonus=0.0)
    env.reset(options={"state": applegate_state([run])})  # the other suits are home
    _, reward, terminated, *_ = env.step(env.move_to_action("t1-f:13"))
    assert reward == 13.0 and terminated


def test_the_reward_can_be_the_score_or_any_function_of_the_move() -> None:
    env = KlondikeEnv(reward="score")
    env.reset(seed=42)
    _, reward, *_ = env.step(env.move_to_action("t4-t1"))  # turns a card up: +5
    assert reward == 5.0
    env = KlondikeEnv(reward=lambda step: 100.0 if step.move.src == "stock" else 0.0)
    env.reset(seed=42)
    assert env.step(env.move_to_action("draw"))[1] == 100.0
    with pytest.raises(ValueError, match="scoring"):
        KlondikeEnv(scoring=None, reward="score")
    with pytest.raises(ValueError, match="reward must be"):
        ApplegateEnv(reward="cards")


def test_the_step_limit_truncates_the_episode() -> None:
    env = KlondikeEnv(max_steps=3)
    env.reset(seed=1)
    results = [env.step(env.move_to_action("draw")) for _ in range(3)]
    assert [truncated for *_, truncated, _ in results] == [False, False, True]
    assert not any(terminated for _, _, terminated, _, _ in results)


@pytest.mark.parametrize("detect_lost", [True, False])
def test_a_move_into_a_lost_game_ends_the_episode(detect_lost: bool) -> None:
    """After the Queen of clubs goes home nothing can move: every face-up card is stuck, the
    stock and waste are empty and no column is free."""
    tableau = ["5H 7H | 6H", "5S 7S | 6S", "9H 9S | 8H", "JH JS | 8S", "KH | TH", "KS | TS",
               "QS KC | QH"]  # fmt: skip
    env = KlondikeEnv(detect_lost=detect_lost)
    _, info = env.reset(
        options={"state": klondike_state(tableau, foundations=["JC", "KD", "4H", "4S"], waste="QC")}
    )
    assert info["status"] == "playing"
    _, reward, terminated, truncated, info = env.step(env.move_to_action("waste-f"))
    assert reward == 1.0 and terminated and not truncated
    assert info["status"] == "lost" and not info["action_mask"].any()


def test_a_deal_lost_before_any_move_ends_at_the_first_step_free_of_charge() -> None:
    """Seed 3772656288676667995 deals an Applegate game with no legal move. Gymnasium's reset
    cannot end an episode, so it says "lost" in the info; the first step, whatever its action,
    ends the episode and neither costs the penalty nor counts as illegal."""
    env = ApplegateEnv()
    observation, info = env.reset(seed=3772656288676667995)
    assert info["status"] == "lost" and not info["action_mask"].any()
    before = env.game.state()
    after, reward, terminated, truncated, info = env.step(5)
    assert (reward, terminated, truncated) == (0.0, True, False)
    assert info["illegal_actions"] == 0 and not info["illegal"]
    assert env.game.state() == before
    assert all(np.array_equal(after[name], observation[name]) for name in observation)


def test_a_step_in_a_won_position_ends_the_episode_and_moves_nothing() -> None:
    """A loaded position that is already won: a card could come back off a foundation, but the
    episode is over and the step leaves the game as it is."""
    env = KlondikeEnv()
    state = klondike_state(["", "", "", "", "", "", ""], foundations=["KC", "KD", "KH", "KS"])
    _, info = env.reset(options={"state": state})
    assert info["status"] == "won"
    _, reward, terminated, _, info = env.step(env.move_to_action("f1-t1"))
    assert reward == 0.0 and terminated and info["status"] == "won"
    assert env.game.status == "won" and env.game.history == []


def test_a_run_that_turned_a_card_up_and_can_move_back_does_not_hide_a_lost_game() -> None:
    """The 6 of hearts leaves the 7 of clubs face-up, and could go back onto it; but nothing can
    progress any more (the 6 of clubs lies under the 7 and no red 8 is free to take it)."""
    tableau = ["6C 7C | 6H", "5H 5S | 7S", "8C 9C TC | KH", "JC QC 7H | KS", "8H 9H TH | KC",
               "QH 6S 8S | JH", "TS JS QS | 9S"]  # fmt: skip
    env = KlondikeEnv()
    env.reset(options={"state": klondike_state(tableau, foundations=["5C", "KD", "4H", "4S"])})
    _, _, terminated, _, info = env.step(env.move_to_action("t1-t2"))
    assert env.game.is_legal("t2-t1")
    assert info["status"] == env.game.status == "lost" and terminated


def test_without_lost_detection_episodes_end_on_a_win_no_legal_move_or_the_step_limit() -> None:
    env = ApplegateEnv(detect_lost=False, max_steps=120)
    rng = np.random.default_rng(8)
    for episode in range(6):
        _, info = env.reset(seed=episode)
        terminated = truncated = False
        while not (terminated or truncated):
            _, _, terminated, truncated, info = env.step(random_legal(info, rng))
            assert info["status"] == "playing" or terminated
        if terminated:
            assert info["status"] == env.game.status
            assert info["status"] == "won" or not info["action_mask"].any()


# ----------------------------------------------------------------- resets


def test_reset_with_a_seed_deals_that_seed() -> None:
    env = gymnasium.make("solitaire_widget/Klondike-v0", draw=3)
    _, info = env.reset(seed=123)
    assert info["seed"] == 123
    assert env.unwrapped.game.state() == KlondikeGame(seed=123, draw=3).state()


def test_resets_without_a_seed_follow_the_seeded_generator() -> None:
    first, second = ApplegateEnv(), ApplegateEnv()
    seeds = []
    for env in (first, second):
        env.reset(seed=9)
        seeds.append([env.reset()[1]["seed"] for _ in range(3)])
    assert seeds[0] == seeds[1] and len(set(seeds[0])) == 3
    assert all(0 <= seed < 2**63 for seed in seeds[0])


def test_reset_starts_from_a_saved_position() -> None:
    game = KlondikeGame(seed=42, draw=3)
    for move in ("t4-t1", "draw", "draw"):
        game.move(move)
    env = KlondikeEnv(draw=3)
    _, info = env.reset(options={"state": game.state()})
    assert env.game.state() == game.state()
    assert info["action_mask"].sum() == len(game.legal_moves())


@pytest.mark.parametrize(
    ("env", "state", "message"),
    [
        (KlondikeEnv(), ApplegateGame(seed=1).state(), "plays klondike"),
        (KlondikeEnv(draw=1), KlondikeGame(seed=1, draw=3).state(), "options"),
        (KlondikeEnv(), {"format": "solitaire-widget/1"}, "lacks"),
    ],
)
def test_reset_refuses_a_position_the_environment_cannot_play(env, state, message) -> None:
    with pytest.raises(ValueError, match=message):
        env.reset(options={"state": state})


def test_reset_refuses_a_position_wider_than_the_observation() -> None:
    state = ApplegateGame(seed=2).state()
    pile = state["tableau"][1]
    pile["down"].append(pile["up"].pop(0))  # three face-down cards: no deal does that
    with pytest.raises(ValueError, match="t2 has 3 face-down cards"):
        ApplegateEnv().reset(options={"state": state})


def test_reset_refuses_unknown_options() -> None:
    with pytest.raises(ValueError, match="only the option 'state'"):
        KlondikeEnv().reset(options={"deal": 4})


# ----------------------------------------------------------------- vector environments


def test_sync_vector_environments_step_with_masks() -> None:
    envs = gymnasium.vector.SyncVectorEnv(
        [lambda: gymnasium.make("solitaire_widget/Klondike-v0", draw=3) for _ in range(3)]
    )
    observations, infos = envs.reset(seed=10)
    assert observations["tableau"].shape == (3, 7, 13)
    assert infos["seed"].tolist() == [10, 11, 12]
    rng = np.random.default_rng(1)
    for _ in range(30):
        actions = np.array([rng.choice(np.flatnonzero(mask)) for mask in infos["action_mask"]])
        observations, rewards, terminated, truncated, infos = envs.step(actions)
        assert not infos["illegal"].any()
    envs.close()


def test_async_vector_environments_step_in_two_processes() -> None:
    envs = gymnasium.vector.AsyncVectorEnv(
        [lambda: gymnasium.make("solitaire_widget/Applegate-v0") for _ in range(2)]
    )
    observations, infos = envs.reset(seed=4)
    assert observations["tableau"].shape == (2, 7, 52)
    rng = np.random.default_rng(2)
    for _ in range(25):
        actions = [
            rng.choice(np.flatnonzero(mask)) if mask.any() else 0 for mask in infos["action_mask"]
        ]
        observations, rewards, terminated, truncated, infos = envs.step(np.array(actions))
        assert rewards.dtype == np.float64 and not infos["illegal"].any()
    envs.close()


# ----------------------------------------------------------------- rendering


def test_ansi_rendering_is_the_text_board() -> None:
    env = KlondikeEnv(draw=3, render_mode="ansi")
    env.reset(seed=42)
    assert env.render() == str(env.game)
    assert "## ## ## ## ## ## TS" in env.render()


def test_the_widget_follows_the_agent_through_steps_and_resets() -> None:
    env = ApplegateEnv(render_mode="widget")
    env.metadata = {**env.metadata, "render_fps": 1000}  # no pause for a person to watch
    _, info = env.reset(seed=6)
    frame = env.render()
    rng = np.random.default_rng(3)
    for _ in range(10):
        _, _, terminated, _, info = env.step(random_legal(info, rng))
        if terminated:
            break
    (board,) = frame.children
    assert board.state() == env.game.state()
    assert board.game_id is None, "an agent's game must not land in the player's game store"
    env.reset(seed=7)
    (board,) = frame.children
    assert board.seed == 7 and board.moves == 0
    env.close()


def test_positions_differing_in_a_visible_card_look_different() -> None:
    state = KlondikeGame(seed=8).state()
    other = swap(state, ("tableau", 0, "up", 0), ("tableau", 6, "down", 0))
    env = KlondikeEnv()
    seen, _ = env.reset(options={"state": state})
    seen_other, _ = env.reset(options={"state": other})
    assert not np.array_equal(seen["tableau"], seen_other["tableau"])
