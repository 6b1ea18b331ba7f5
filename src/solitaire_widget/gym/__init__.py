"""Klondike and Applegate as Gymnasium environments (``pip install solitaire_widget[gym]``).

Importing this module registers ``solitaire_widget/Klondike-v0`` and
``solitaire_widget/Applegate-v0``:

>>> import gymnasium
>>> import solitaire_widget.gym
>>> env = gymnasium.make("solitaire_widget/Klondike-v0", draw=3)
>>> observation, info = env.reset(seed=42)  # deal 42, as sw.Klondike(seed=42, draw=3)
>>> action = env.action_space.sample(mask=info["action_mask"])
>>> observation, reward, terminated, truncated, info = env.step(action)
>>> env.unwrapped.action_to_move(0), env.unwrapped.move_to_action("t4-t1")
(Move('draw'), 279)

- Actions: a ``Discrete`` space over a fixed table of moves (``actions.py``; Klondike 591,
  Applegate 2198). ``info["action_mask"]`` and ``env.unwrapped.action_masks()`` mark the legal
  ones; ``action_to_move`` / ``move_to_action`` translate.
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

from .actions import APPLEGATE_ACTIONS, KLONDIKE_ACTIONS, ActionTable
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
    "KlondikeEnv",
    "KlondikeVectorEnv",
    "SolitaireEnv",
    "SolitaireVectorEnv",
    "Transition",
]

IDS = {
    "solitaire_widget/Klondike-v0": "Klondike",
    "solitaire_widget/Applegate-v0": "Applegate",
}

for _id, _game in IDS.items():
    if _id not in gymnasium.registry:  # importing again (a reload) must not warn
        gymnasium.register(
            id=_id,
            entry_point=f"{__name__}:{_game}Env",
            vector_entry_point=f"{__name__}:{_game}VectorEnv",
        )
