"""Every registered game as a Gymnasium environment (``pip install solitaire_widget[gym]``).

Importing this module registers ``solitaire_widget/<Title>-v0`` for each game of the registry
(``solitaire_widget/Klondike-v0``, ``solitaire_widget/Applegate-v0``,
``solitaire_widget/Spider-v0``, ...); a game's keywords are its options:

>>> import gymnasium
>>> import solitaire_widget.gym
>>> env = gymnasium.make("solitaire_widget/Klondike-v0", draw=3)
>>> observation, info = env.reset(seed=42)  # deal 42, as sw.Klondike(seed=42, draw=3)
>>> action = env.action_space.sample(mask=info["action_mask"])
>>> observation, reward, terminated, truncated, info = env.step(action)
>>> env.unwrapped.action_to_move(0), env.unwrapped.move_to_action("t4-t1")
(Move('draw'), 279)

- Actions: a ``Discrete`` space over a fixed table of moves (``actions.py``; Klondike 591,
  Applegate 2198; any other game's read from its declaration, ``declared.py``: Spider 1181).
  ``info["action_mask"]`` and ``env.unwrapped.action_masks()`` mark the legal ones;
  ``action_to_move`` / ``move_to_action`` translate.
- Observations: a ``Dict`` of int8 arrays holding only what a player sees (``observations.py``).
- Reward: by default one point a card reaching the foundations (minus one a card taken back), plus
  ``win_bonus`` (10) for the win; ``reward="score"`` or any callable of a ``Transition``.
  An illegal action changes nothing, earns ``-illegal_penalty`` (-1) and is counted in
  ``info["illegal_actions"]``.
- Episodes end ``terminated`` when the engine's status is "won" or "lost", ``truncated`` after
  ``max_steps`` steps (1000; illegal actions count). ``detect_lost=False`` skips the search that
  tells a lost game, ending episodes only on a win, no legal move, or the step limit.
- Vector environments: ``gymnasium.make_vec("solitaire_widget/Klondike-v0", num_envs=8)`` builds
  a ``KlondikeVectorEnv`` (``vector.py``): the games write straight into batch arrays, 1.4-1.9x
  as fast as ``SyncVectorEnv`` (which ``vectorization_mode="sync"`` still gives).
"""

from __future__ import annotations

import gymnasium

from ..games import ApplegateGame, KlondikeGame, definition, names
from .actions import APPLEGATE_ACTIONS, KLONDIKE_ACTIONS, ActionTable
from .declared import DeclaredEnv, env_class, vector_class
from .env import ApplegateEnv, KlondikeEnv, SolitaireEnv
from .observations import APPLEGATE_SPACE, KLONDIKE_SPACE
from .rewards import Transition
from .vector import ApplegateVectorEnv, KlondikeVectorEnv, SolitaireVectorEnv

__all__ = [
    "APPLEGATE_ACTIONS",
    "APPLEGATE_SPACE",
    "KLONDIKE_ACTIONS",
    "KLONDIKE_SPACE",
    "ActionTable",
    "ApplegateEnv",
    "ApplegateVectorEnv",
    "DeclaredEnv",
    "KlondikeEnv",
    "KlondikeVectorEnv",
    "SolitaireEnv",
    "SolitaireVectorEnv",
    "Transition",
]

# The environments with hand-made action tables and observation arrays, by the game they play
# (trained agents depend on them); every other registered game gets a ``DeclaredEnv``.
HAND_MADE = {
    KlondikeGame.kind: (KlondikeEnv, KlondikeVectorEnv),
    ApplegateGame.kind: (ApplegateEnv, ApplegateVectorEnv),
}


def env_id(game: str) -> str:
    """The id a registered game's environment is made by: "solitaire_widget/Spider-v0"."""
    return f"solitaire_widget/{definition(game).title.replace(' ', '')}-v0"


def register_environments() -> None:
    """Register an environment for each game of the registry that has none yet (a game
    registered after this module was imported: call it again)."""
    for game in names():
        if env_id(game) in gymnasium.registry:  # importing again (a reload) must not warn
            continue
        if game in HAND_MADE:
            env, vector = HAND_MADE[game]
            entry, vector_entry = f"{__name__}:{env.__name__}", f"{__name__}:{vector.__name__}"
        else:
            entry, vector_entry = env_class(game), vector_class(game)
        gymnasium.register(id=env_id(game), entry_point=entry, vector_entry_point=vector_entry)


register_environments()
