"""The fixed tables of moves behind the environments' ``Discrete`` action spaces.

An action is an index into a table that lists, once and in a fixed order, every move of SPEC.md's
notation that can ever be legal in the game. The tables never change with the position, so a
policy's output ``i`` always means the same move; which of them are legal now is the action mask.
Changing a table (its order or size) breaks every trained agent, so the tests pin its digest.

Klondike, 591 actions:
    0 ``draw``, 1 ``recycle``, 2 ``waste-f``, 3-9 ``waste-t1`` .. ``waste-t7``,
    10-16 ``t1-f`` .. ``t7-f``, 17-44 ``f1-t1`` .. ``f4-t7`` (foundation by foundation),
    45-590 ``tI-tJ:N`` for I in 1-7, J in 1-7 (J != I), N in 1-13 (N fastest, then J, then I).
    A face-up run holds at most 13 cards (King down to Ace). Foundation moves name ``f``, as
    ``legal_moves()`` does: the engine picks the foundation that takes the card.

Applegate, 2198 actions:
    0-6 ``reserve-t1`` .. ``reserve-t7``, 7-13 ``t1-f:13`` .. ``t7-f:13``,
    14-2197 ``tI-tJ:N`` for I in 1-7, J in 1-7 (J != I), N in 1-52 (N fastest, then J, then I).
    Applegate moves any group of face-up cards, in order or not, so a group can in principle be
    as large as the deck.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

import numpy as np

from ..moves import FOUNDATIONS, TABLEAU, Move

KLONDIKE_RUN = 13
APPLEGATE_GROUP = 52
APPLEGATE_RUN = 13


def _between_columns(longest: int) -> list[Move]:
    return [
        Move(source, target, n)
        for source in TABLEAU
        for target in TABLEAU
        if target != source
        for n in range(1, longest + 1)
    ]


class ActionTable:
    """Moves numbered ``0 .. len(table) - 1``; ``indices`` names the legal ones."""

    def __init__(self, moves: Iterable[Move]) -> None:
        self.moves: tuple[Move, ...] = tuple(moves)
        self._index = {move: i for i, move in enumerate(self.moves)}
        if len(self._index) != len(self.moves):
            raise ValueError("an action table lists each move once")
        # The engine hands out the same Move objects again and again; looking them up by
        # identity spares Move's hashing on every step. ``_held`` keeps each move looked up
        # alive, so that no other object can take its id while the id is in here.
        self._by_identity: dict[int, int] = {}
        self._held: list[Move] = []

    def __len__(self) -> int:
        return len(self.moves)

    @property
    def digest(self) -> str:
        """SHA-256 of the table's notation, one move a line: equal digests, equal tables."""
        return hashlib.sha256("\n".join(map(str, self.moves)).encode()).hexdigest()

    def move(self, action: int) -> Move:
        """The move numbered ``action``."""
        if isinstance(action, (int, np.integer)) and 0 <= action < len(self.moves):
            return self.moves[action]
        raise ValueError(f"an action is an integer from 0 to {len(self.moves) - 1}, not {action!r}")

    def action(self, move: Move | str) -> int:
        """The number of ``move`` (a ``Move`` or its notation)."""
        move = Move.coerce(move)
        try:
            return self._index[move]
        except KeyError:
            raise ValueError(
                f"{move} is not in the action table: no position makes it legal "
                "(moves to a foundation are written with 'f', e.g. 't3-f')"
            ) from None

    def indices(self, legal: Iterable[Move]) -> list[int]:
        """The actions of the legal moves ``legal``: where the action mask holds 1."""
        known = self._by_identity
        try:
            return [known[id(move)] for move in legal]
        except KeyError:
            return [self._learn(move) for move in legal]

    def _learn(self, move: Move) -> int:
        known = self._by_identity
        if id(move) not in known:
            if len(self._held) > 4 * len(self.moves):  # the engine made fresh moves: forget
                known.clear()
                self._held.clear()
            known[id(move)] = self._index[move]
            self._held.append(move)
        return known[id(move)]


KLONDIKE_ACTIONS = ActionTable(
    [
        Move("stock", "waste"),
        Move("waste", "stock"),
        Move("waste", "f"),
        *(Move("waste", column) for column in TABLEAU),
        *(Move(column, "f") for column in TABLEAU),
        *(Move(foundation, column) for foundation in FOUNDATIONS for column in TABLEAU),
        *_between_columns(KLONDIKE_RUN),
    ]
)

APPLEGATE_ACTIONS = ActionTable(
    [
        *(Move("reserve", column) for column in TABLEAU),
        *(Move(column, "f", APPLEGATE_RUN) for column in TABLEAU),
        *_between_columns(APPLEGATE_GROUP),
    ]
)
