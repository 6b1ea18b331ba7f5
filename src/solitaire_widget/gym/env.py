"""``KlondikeEnv`` and ``ApplegateEnv``: the rules engine as Gymnasium environments.

They drive the engine game directly (no widget, no JSON on the way), so a step costs one engine
move, the legal moves for the mask and the observation arrays. See the package docstring and
docs/gym.md for the action tables, the observation keys, the reward and the penalties.
"""

from __future__ import annotations

import copy
import time
from typing import Any, ClassVar

import gymnasium
import numpy as np
from gymnasium import spaces

from ..engine import Game
from ..games import ApplegateGame, KlondikeGame
from ..games.klondike import DRAW_OPTION as DRAW
from ..games.klondike import SCORING
from ..moves import Move
from ..state import load_game
from .actions import APPLEGATE_ACTIONS, KLONDIKE_ACTIONS, ActionTable
from .observations import (
    APPLEGATE_LAYOUT,
    KLONDIKE_LAYOUT,
    Layout,
    Observer,
    shape_refusal,
)
from .rewards import PRESETS, Reward, Transition

Observation = dict[str, np.ndarray]
# Deals for resets without a seed are drawn below 2**63 so that a seed fits an int64 array, which
# is how vector environments gather ``info["seed"]``.
DEAL_SEEDS = 2**63


class SolitaireEnv(gymnasium.Env[Observation, np.int64]):
    """What both environments share; the subclasses name the game, its table and its arrays."""

    metadata: ClassVar[dict[str, Any]] = {"render_modes": ["ansi", "widget"], "render_fps": 10}
    actions: ClassVar[ActionTable]
    layout: ClassVar[Layout]

    def __init__(
        self,
        game: Game,
        render_mode: str | None = None,
        *,
        reward: str | Reward = "foundation",
        win_bonus: float = 10.0,
        illegal_penalty: float = 1.0,
        max_steps: int = 1000,
        detect_lost: bool = True,
    ) -> None:
        """``game``: a fresh engine game with the environment's options (the subclasses make it).
        The keywords, the same for both games: ``reward`` ("foundation", "score" or a callable of
        a ``Transition``), ``win_bonus``, ``illegal_penalty``, ``max_steps``, ``detect_lost``."""
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None, 'ansi' or 'widget', not {render_mode!r}")
        if isinstance(max_steps, bool) or not isinstance(max_steps, int) or max_steps < 1:
            raise ValueError(f"max_steps must be a whole number >= 1, not {max_steps!r}")
        if callable(reward):
            self._reward: Reward = reward
        elif isinstance(reward, str) and reward in PRESETS:
            if reward == "score" and game.score is None:
                raise ValueError('reward="score" needs a Klondike game with a scoring')
            self._reward = PRESETS[reward]
        else:
            raise ValueError(f"reward must be 'foundation', 'score' or a callable, not {reward!r}")
        self.render_mode = render_mode
        self.win_bonus = float(win_bonus)
        self.illegal_penalty = float(illegal_penalty)
        self.max_steps = max_steps
        self.detect_lost = bool(detect_lost)
        self.action_space = spaces.Discrete(len(self.actions))
        # A space carries its own random generator (for sample()): one per environment.
        self.observation_space = copy.deepcopy(self.layout.space)
        self.game = game
        self._options = game.options
        self._cards = game.card_set.size
        self._needs_reset = True
        self._status = "playing"
        self._seat(
            memoryview(bytearray(self.layout.size)), memoryview(bytearray(len(self.actions)))
        )
        self._frame: Any = None
        self._board: Any = None
        self._shown_at = 0.0

    # ----------------------------------------------------------------- the Gymnasium API

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Observation, dict[str, Any]]:
        """Deal ``seed`` (the same deal as ``sw.Klondike(seed=seed)``), or a deal whose seed is
        drawn from the environment's generator when ``seed`` is None; with
        ``options={"state": state}`` start from that position (SPEC section 4) instead."""
        self._deal(seed, options)
        return self._observer.observation(), self._info("", illegal=False)

    def step(
        self, action: int | np.integer
    ) -> tuple[Observation, float, bool, bool, dict[str, Any]]:
        """Make the move numbered ``action``. An illegal one changes nothing, costs
        ``illegal_penalty`` and is counted in ``info["illegal_actions"]``. In a game already
        over (``info["status"]`` "won" or "lost" from the reset) the step only ends the
        episode."""
        reward, terminated, truncated, illegal, move = self._advance(action)
        return (
            self._observer.observation(),
            reward,
            terminated,
            truncated,
            self._info(move, illegal),
        )

    def render(self) -> Any:
        """``"ansi"``: the board as text, hidden cards as ``##``. ``"widget"``: a notebook widget
        (an ``ipywidgets.VBox`` holding a board) that follows every step and reset."""
        if self.render_mode == "ansi":
            return str(self.game)
        if self.render_mode == "widget":
            if self._frame is None:
                self._show()
            return self._frame
        return None

    def close(self) -> None:
        if self._frame is not None:
            for board in self._frame.children:
                board.close()
            self._frame.close()
            self._frame = self._board = None

    # ----------------------------------------------------------------- actions

    def action_masks(self) -> np.ndarray:
        """1 for each legal action now, else 0 (``np.int8``): what MaskablePPO asks for, and what
        ``action_space.sample(mask=...)`` takes."""
        return self._mask_array.copy()

    def action_to_move(self, action: int) -> Move:
        return self.actions.move(action)

    def move_to_action(self, move: Move | str) -> int:
        return self.actions.action(move)

    # ----------------------------------------------------------------- inside

    def _seat(self, seen: memoryview, mask: memoryview) -> None:
        """Where this environment keeps its observation bytes and its action mask (one byte an
        action): buffers of its own, or its rows of a vector environment's batch arrays, which
        it then writes in place."""
        self._observer = Observer(self.layout, seen)
        self._mask = mask
        self._mask_array = np.frombuffer(mask, dtype=np.int8)
        self._cleared = bytes(len(mask))
        if not self._needs_reset:
            self._observer.look(self.game)
            self._mark(self.game.legal_moves())

    def _deal(self, seed: int | None, options: dict[str, Any] | None) -> None:
        """``reset`` without its observation and info."""
        super().reset(seed=seed)
        options = dict(options or {})
        state = options.pop("state", None)
        if options:
            raise ValueError(f"reset() takes only the option 'state', not {sorted(options)}")
        if state is not None:
            self.game = self._position(state)
        else:
            deal = seed if seed is not None else int(self.np_random.integers(DEAL_SEEDS))
            self.game = type(self.game)(seed=deal, **self._options)
        self._begin()

    def _begin(self) -> None:
        """Start an episode on the game just dealt or loaded."""
        self._needs_reset = False
        self._steps = 0
        self._illegal = 0
        self._home = sum(map(len, self.game.foundations))
        legal = self.game.legal_moves()
        self._mark(legal)
        self._status = self._status_now(legal)
        self._observer.look(self.game)
        self._show()

    def _advance(self, action: int | np.integer) -> tuple[float, bool, bool, bool, str]:
        """A step without its observation and info (which ``step`` and a vector environment
        each build their own way): reward, terminated, truncated, illegal, the move's notation."""
        if self._needs_reset:
            raise gymnasium.error.ResetNeeded("call reset() before step()")
        move = self.actions.move(action)
        self._steps += 1
        if self._status != "playing":
            # Over before this step: a deal with no legal move, a loaded position already won or
            # lost, or a step after the end. Gymnasium's reset cannot say an episode is over, so
            # its first step ends it, whatever the action, with nothing earned, lost or counted.
            return 0.0, True, False, False, str(move)
        game = self.game
        illegal = not self._mask[action]
        if illegal:
            self._illegal += 1
            reward = -self.illegal_penalty
        else:
            home, score = self._home, game.score
            game.move(move)
            self._home = sum(map(len, game.foundations))
            step = Transition(game, move, home, self._home, score, game.score)
            reward = float(self._reward(step))
            legal = game.legal_moves()
            self._mark(legal)
            self._status = self._status_now(legal)
            if self._status == "won":
                reward += self.win_bonus
            self._observer.follow(game, move)
            self._follow(move)
        terminated = self._status != "playing"
        truncated = not terminated and self._steps >= self.max_steps
        return reward, terminated, truncated, illegal, str(move)

    def _mark(self, legal: list[Move]) -> None:
        """Rewrite the action mask for the legal moves ``legal``: cleared in one copy, then a
        byte for each legal move."""
        mask = self._mask
        mask[:] = self._cleared
        for action in self.actions.indices(legal):
            mask[action] = 1

    def _position(self, state: Any) -> Game:
        game = load_game(state)
        if game.kind != self.game.kind:
            raise ValueError(f"this environment plays {self.game.kind}, the state is {game.kind}")
        if game.options != self._options:
            raise ValueError(
                f"this environment plays with options {self._options}, the state has {game.options}"
            )
        refusal = shape_refusal(game, self.layout)
        if refusal is not None:
            raise ValueError(f"the position does not fit the observation: {refusal}")
        return game

    def _status_now(self, legal: list[Move]) -> str:
        """The engine's status (which rarely needs its search after a step: see
        ``engine/progress.py``); with ``detect_lost=False``, "lost" only when no move is legal
        at all (which the engine calls lost too), sparing that search."""
        if self.detect_lost:
            return self.game.status
        if self._home == self._cards:
            return "won"
        return "playing" if legal else "lost"

    def _info(self, move: str, illegal: bool) -> dict[str, Any]:
        return {
            "action_mask": self._mask_array.copy(),
            "illegal": illegal,
            "illegal_actions": self._illegal,
            "move": move,
            "status": self._status,
            "cards_home": self._home,
            "seed": -1 if self.game.seed is None else self.game.seed,
        }

    def _show(self) -> None:
        """In widget mode, show the new game on a fresh board in the same frame. An agent's
        games are not a player's: the board records nothing in the game store."""
        if self.render_mode != "widget":
            return
        import ipywidgets

        from ..widget import load

        self._board = load(self.game.state(), autosave=False)
        if self._frame is None:
            self._frame = ipywidgets.VBox([self._board])
        else:
            old = self._frame.children
            self._frame.children = (self._board,)
            for board in old:
                board.close()
        self._shown_at = time.perf_counter()

    def _follow(self, move: Move) -> None:
        """In widget mode, play the move on the board too, at most ``render_fps`` a second so
        that a person can watch."""
        if self._board is None:
            return
        pause = self._shown_at + 1 / self.metadata["render_fps"] - time.perf_counter()
        if pause > 0:
            time.sleep(pause)
        self._board.move(move)
        self._shown_at = time.perf_counter()


class KlondikeEnv(SolitaireEnv):
    """Klondike (``draw`` 1 or 3, ``scoring`` "standard", "vegas" or None) as an environment:
    591 actions, observations of ``KLONDIKE_SPACE``."""

    actions = KLONDIKE_ACTIONS
    layout = KLONDIKE_LAYOUT

    def __init__(
        self,
        draw: int = DRAW.default,
        scoring: str | None = SCORING.default,
        render_mode: str | None = None,
        **settings: Any,
    ) -> None:
        """``settings``: the keywords of ``SolitaireEnv`` (reward, win_bonus, illegal_penalty,
        max_steps, detect_lost)."""
        super().__init__(KlondikeGame(seed=0, draw=draw, scoring=scoring), render_mode, **settings)


class ApplegateEnv(SolitaireEnv):
    """Applegate as an environment: 2198 actions, observations of ``APPLEGATE_SPACE``."""

    actions = APPLEGATE_ACTIONS
    layout = APPLEGATE_LAYOUT

    def __init__(self, render_mode: str | None = None, **settings: Any) -> None:
        """``settings``: the keywords of ``SolitaireEnv``."""
        super().__init__(ApplegateGame(seed=0), render_mode, **settings)
