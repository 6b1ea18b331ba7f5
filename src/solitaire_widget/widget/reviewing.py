"""Review mode on the board: the positions of a reviewed game, one at a time, for the page.

The live game is never touched: the positions are rebuilt on a copy of the game replayed from
its history, and each one is shown through ``view.board_view``, so the page sees what the player
saw at that moment and never a face-down card. Moves are named in a player's words, and in
notation (foundations resolved) for the marks on the board.
"""

from __future__ import annotations

from typing import Any

from ..engine import Game
from ..moves import Move
from ..solver.review import Review
from ..state import load_game
from ..words import move_in_words, variant_label
from .view import board_view


def _runs(review: Review) -> list[dict[str, Any]]:
    """The verdicts as runs of positions with the same verdict: what the timeline draws, and
    a few values however long the game."""
    runs: list[dict[str, Any]] = []
    for position in review.positions:
        if runs and runs[-1]["verdict"] == position.verdict:
            runs[-1]["last"] = position.index
        else:
            runs.append(
                {"verdict": position.verdict, "first": position.index, "last": position.index}
            )
    return runs


class ReviewMode:
    """A review open on a board: which position the page shows, and that position's view."""

    def __init__(self, game: Game, review: Review) -> None:
        self.review = review
        # A copy replayed from the game's history, walked with undo and redo from now on.
        self._replay = load_game(game.state())
        self.last = len(review.positions) - 1
        self.runs = _runs(review)
        self.summary = review.summary()

    @property
    def opening(self) -> int:
        """Where review mode opens: at the turning point when there is one, else where the
        game stands now."""
        turning = self.review.turning_point
        return self.last if turning is None else turning

    def _go_to(self, index: int) -> Game:
        """The replayed game at position ``index`` (after ``index`` moves)."""
        replay = self._replay
        while replay.moves > index:
            replay.undo()
        while replay.moves < index:
            replay.redo()
        return replay

    def _named(self, game: Game, move: Move | None) -> dict[str, str] | None:
        if move is None:
            return None
        return {"move": str(game.resolve(move)), "words": move_in_words(game, move)}

    def view(self, index: int) -> dict[str, Any]:
        """The ``_review`` trait for position ``index`` (0 is the deal): its board, its verdict,
        the move played from it, and at the turning point the better move."""
        game = self._go_to(index)
        position = self.review.positions[index]
        board = board_view(game, legal=[])
        board["label"] = variant_label(game.kind, game.options)
        board["badges"] = []
        turning = self.review.turning_point
        return {
            "index": index,
            "last": self.last,
            "turning_point": turning,
            "runs": self.runs,
            "summary": self.summary,
            "verdict": position.verdict,
            "board": board,
            "played": self._named(game, position.played),
            "better": self._named(game, self.review.better) if index == turning else None,
        }
