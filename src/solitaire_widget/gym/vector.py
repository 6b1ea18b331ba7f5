"""``KlondikeVectorEnv`` and ``ApplegateVectorEnv``: many games stepped together, in one process.

``gymnasium.vector.SyncVectorEnv`` steps each environment through its wrappers, takes back each
one's observation arrays and info dict, and copies them into batch arrays. Here each game writes
its observation bytes and its action mask in place, in its own row of the batch arrays, and the
infos are built once a batch: what a step costs is the games' moves, which is how vector
environments such as EnvPool's earn their speed. The games are ``KlondikeEnv`` /
``ApplegateEnv`` objects, so a game in a vector environment plays, scores and ends exactly as it
does alone; the tests hold the two to the same trajectories.

They follow gymnasium's ``VectorEnv`` API and ``SyncVectorEnv``'s conventions: ``reset(seed=s)``
seeds the games ``s, s+1, ...``; infos hold a batch array per key with its ``_key`` mask;
``autoreset_mode`` ``AutoresetMode.NEXT_STEP`` (the default), ``SAME_STEP`` or ``DISABLED`` (then
``reset(options={"reset_mask": ...})`` resets the games that ended). ``gymnasium.make_vec``
builds them for the registered ids.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

import gymnasium
import numpy as np
from gymnasium.vector import AutoresetMode
from gymnasium.vector.utils import batch_space

from .env import ApplegateEnv, KlondikeEnv, Observation, SolitaireEnv

# The keys of a game's info, and the masks beside them in a batch's infos (``_infos``).
INFO_KEYS = ("action_mask", "illegal", "illegal_actions", "move", "status", "cards_home", "seed")
INFO_FLAGS = tuple(f"_{key}" for key in INFO_KEYS)


class SolitaireVectorEnv(gymnasium.vector.VectorEnv):
    """``num_envs`` games of one kind. ``copy=False`` hands out the batch observation arrays
    themselves, which the next step overwrites; ``settings`` go to every game's environment
    (``draw``, ``scoring``, ``reward``, ``max_steps``, ``detect_lost``, ...)."""

    single: ClassVar[type[SolitaireEnv]]

    def __init__(
        self,
        num_envs: int,
        *,
        autoreset_mode: str | AutoresetMode = AutoresetMode.NEXT_STEP,
        copy: bool = True,
        **settings: Any,
    ) -> None:
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise ValueError(f"num_envs must be a whole number >= 1, not {num_envs!r}")
        self.num_envs = num_envs
        self.autoreset_mode = AutoresetMode(autoreset_mode)
        self.copy = copy
        self.envs = [self.single(**settings) for _ in range(num_envs)]
        first = self.envs[0]
        self.metadata = {**first.metadata, "autoreset_mode": self.autoreset_mode}
        self.render_mode = first.render_mode
        self.single_observation_space = first.observation_space
        self.single_action_space = first.action_space
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)

        layout, actions = first.layout, len(first.actions)
        seen, masks = bytearray(num_envs * layout.size), bytearray(num_envs * actions)
        self._observations = layout.views(seen, num_envs)
        self._masks = np.frombuffer(masks, dtype=np.int8).reshape(num_envs, actions)
        for row, env in enumerate(self.envs):
            env._seat(
                memoryview(seen)[row * layout.size : (row + 1) * layout.size],
                memoryview(masks)[row * actions : (row + 1) * actions],
            )
        self._rewards = np.zeros(num_envs, dtype=np.float64)
        self._terminations = np.zeros(num_envs, dtype=np.bool_)
        self._truncations = np.zeros(num_envs, dtype=np.bool_)
        self._illegal = np.zeros(num_envs, dtype=np.bool_)
        self._moves = [""] * num_envs
        self._ended = np.zeros(num_envs, dtype=np.bool_)  # to reset on the next step
        self._everyone = np.ones(num_envs, dtype=np.bool_)  # each info's "_key" mask

    def reset(
        self,
        *,
        seed: int | Sequence[int | None] | None = None,
        options: dict[str, Any] | None = None,
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal every game (``seed``: None, an int ``s`` for the seeds ``s, s+1, ...``, or one
        seed a game); ``options`` go to each game's reset, except ``"reset_mask"`` (a bool array
        a game), which resets only the games it marks."""
        if seed is None:
            seeds: Sequence[int | None] = [None] * self.num_envs
        elif isinstance(seed, (int, np.integer)) and not isinstance(seed, bool):
            seeds = [int(seed) + i for i in range(self.num_envs)]
        else:
            seeds = list(seed)
            if len(seeds) != self.num_envs:
                raise ValueError(f"{len(seeds)} seeds for {self.num_envs} environments")
        options = dict(options or {})
        chosen = options.pop("reset_mask", None)
        if chosen is None:
            chosen = np.ones(self.num_envs, dtype=np.bool_)
        elif (
            not isinstance(chosen, np.ndarray)
            or chosen.dtype != np.bool_
            or chosen.shape != (self.num_envs,)
        ):
            raise ValueError(f"options['reset_mask'] is a bool array of shape ({self.num_envs},)")
        for row in np.flatnonzero(chosen):
            self.envs[row]._deal(seeds[row], options or None)
            self._steps_reset(row)
        self._ended[chosen] = False
        return self._batch(), self._infos()

    def step(
        self, actions: Sequence[int] | np.ndarray
    ) -> tuple[Observation, np.ndarray, np.ndarray, np.ndarray, dict[str, Any]]:
        """One action a game. With "next_step" autoreset, a game that ended on the previous
        step is dealt again instead, its action ignored (reward 0)."""
        actions = np.asarray(actions)
        if actions.shape != (self.num_envs,):
            raise ValueError(f"step() takes one action a game: shape ({self.num_envs},)")
        mode, ended = self.autoreset_mode, self._ended
        rewards, terminations, truncations = self._rewards, self._terminations, self._truncations
        finals: dict[str, Any] = {}
        for row, (env, action) in enumerate(zip(self.envs, actions.tolist(), strict=True)):
            if ended[row]:
                if mode == AutoresetMode.DISABLED:
                    raise gymnasium.error.ResetNeeded(
                        f"game {row} has ended: reset it (options={{'reset_mask': ...}})"
                    )
                env._deal(None, None)  # next_step: the new deal is this step's outcome
                self._steps_reset(row)
                continue
            reward, terminations[row], truncations[row], self._illegal[row], self._moves[row] = (
                env._advance(action)
            )
            rewards[row] = reward
            if mode == AutoresetMode.SAME_STEP and (terminations[row] or truncations[row]):
                info = env._info(self._moves[row], bool(self._illegal[row]))
                final = {"final_obs": env._observer.observation(), "final_info": info}
                finals = self._add_info(finals, final, row)
                env._deal(None, None)  # the infos beside the final ones are the new deal's
                self._illegal[row], self._moves[row] = False, ""
        if mode != AutoresetMode.SAME_STEP:
            np.logical_or(terminations, truncations, out=ended)
        infos = self._infos()
        infos.update(finals)
        return self._batch(), rewards.copy(), terminations.copy(), truncations.copy(), infos

    def action_masks(self) -> np.ndarray:
        """The games' action masks, one row a game (``np.int8``)."""
        return self._masks.copy()

    def render(self) -> tuple[Any, ...] | None:
        if self.render_mode is None:
            return None
        return tuple(env.render() for env in self.envs)

    def close_extras(self, **kwargs: Any) -> None:
        for env in self.envs:
            env.close()

    # ----------------------------------------------------------------- inside

    def _steps_reset(self, row: int) -> None:
        """A game just dealt: this step's outcome for it is the deal, as in SyncVectorEnv."""
        self._rewards[row] = 0.0
        self._terminations[row] = self._truncations[row] = self._illegal[row] = False
        self._moves[row] = ""

    def _batch(self) -> Observation:
        if not self.copy:
            return self._observations
        return {name: array.copy() for name, array in self._observations.items()}

    def _infos(self) -> dict[str, Any]:
        """The infos of every game as batch arrays, the keys and types ``SyncVectorEnv`` gives
        the single environments' infos."""
        envs = self.envs
        moves = np.empty(self.num_envs, dtype=object)
        moves[:] = self._moves
        statuses = np.empty(self.num_envs, dtype=object)
        statuses[:] = [env._status for env in envs]
        infos = {
            "action_mask": self._masks.copy(),
            "illegal": self._illegal.copy(),
            "illegal_actions": np.array([env._illegal for env in envs]),
            "move": moves,
            "status": statuses,
            "cards_home": np.array([env._home for env in envs]),
            "seed": np.array([-1 if env.game.seed is None else env.game.seed for env in envs]),
        }
        everyone = self._everyone
        infos.update({flag: everyone.copy() for flag in INFO_FLAGS})
        return infos


class KlondikeVectorEnv(SolitaireVectorEnv):
    """``num_envs`` Klondike games: ``KlondikeVectorEnv(8, draw=3)``."""

    single = KlondikeEnv


class ApplegateVectorEnv(SolitaireVectorEnv):
    """``num_envs`` Applegate games."""

    single = ApplegateEnv
