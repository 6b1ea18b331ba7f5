"""The engine's status after a step, without its search where the answer is already known.

``game.status`` calls a game lost when no sequence of moves can make progress (SPEC section 1);
deciding that takes a search over the positions reachable without progress. An environment needs
the status after every step, and two facts spare most of those searches:

- the search answers "playing" at its first position whenever a legal move makes progress at once;
- a move that made no progress and can be taken back (a draw or a recycle, whose cycle through the
  stock comes back to the same position; a run moved between columns that can move straight back)
  leaves the set of positions reachable without progress as it was, so the answer is the one
  before the move. (A run whose move turned a card up can often move back too, but not to the
  same position: the card stays face-up.)

Only where neither holds does the engine search. The answer is always the engine's own (the
tests compare them over random games).
"""

from __future__ import annotations

from ..engine import Game
from ..moves import Move

PLAYING = "playing"
CARDS = 52


def status(
    game: Game,
    legal: list[Move],
    cards_home: int,
    quiet_move: Move | None = None,
    before: str | None = None,
) -> str:
    """``game.status``, given the legal moves and the number of cards on the foundations; after
    a move that made no progress (``makes_progress`` said so before it was made), also given
    that move and the status before it."""
    if cards_home == CARDS:
        return "won"
    if any(makes_progress(game, option) for option in legal):
        return PLAYING
    if quiet_move is not None and before == PLAYING and _can_take_back(game, quiet_move):
        return PLAYING
    return game.status


def makes_progress(game: Game, move: Move) -> bool:
    """Whether a legal move makes progress in SPEC's sense: a card leaves the waste or the
    reserve, goes to a foundation, or turns up a face-down card."""
    src = move.src
    if src in ("waste", "reserve"):
        return move.dst != "stock"
    if move.dst == "f":
        return True
    if src[0] == "t":
        column = int(src[1]) - 1
        return move.n == len(game.up[column]) and bool(game.down[column])
    return False


def _can_take_back(game: Game, move: Move) -> bool:
    if move.src == "stock" or move.dst == "stock":  # a draw or a recycle
        return True
    if move.src[0] == "t" and move.dst[0] == "t":
        return game.is_legal(Move(move.dst, move.src, move.n))
    return False
