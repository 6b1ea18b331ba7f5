"""Review mode on the board: the positions of a reviewed game, one at a time, for the page.

The live game is never touched: the positions are rebuilt on the copy of the game the review
replayed from its history (walked with undo and redo, so a long game is not replayed again), and
each one is shown through ``view.board_view``, so the page sees what the player
saw at that moment and never a face-down card. Moves are named in a player's words, and in
notation (foundations resolved) for the marks on the board.
"""

from __future__ import annotations

from typing import Any

from ..cards import long_name, parse_card
from ..engine import Game
from ..moves import Move
from ..solver.review import GameLine, Review
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


def _cards_in(board: dict[str, Any]) -> list[str]:
    """Every card a ``board_view`` shows face up."""
    cards = [card for pile in board["tableau"] for card in pile["up"]]
    cards += [card for pile in board["foundations"] for card in pile] + board["waste"]
    return cards + ([board["reserve_top"]] if board["reserve_top"] else [])


class ReviewMode:
    """A review open on a board: which position the page shows, and that position's view."""

    def __init__(self, game: Game, review: Review) -> None:
        self.review = review
        # The review's copy of the game (one replayed from its history for a review made by
        # hand), walked with undo and redo from now on.
        states = review.states
        self._line = states if isinstance(states, GameLine) else GameLine(game._replayed_copy())
        self.last = len(review.positions) - 1
        self.runs = _runs(review)

    @property
    def opening(self) -> int:
        """Where review mode opens: at the turning point when there is one, else where the
        game stands now."""
        turning = self.review.turning_point
        return self.last if turning is None else turning

    def _go_to(self, index: int) -> Game:
        """The replayed game at position ``index`` (after ``index`` moves)."""
        return self._line.game_at(index)

    def _named(self, game: Game, move: Move | None) -> dict[str, str] | None:
        if move is None:
            return None
        return {"move": str(game.resolve(move)), "words": move_in_words(game, move)}

    def _summary(self, board: dict[str, Any]) -> str:
        """The review's summary, naming the moves at the turning point only where every card
        it names is in view: an earlier position may still hide them."""
        text = self.review.summary()
        shown = {parse_card(name) for name in _cards_in(board)}
        if any(long_name(card) in text for card in range(52) if card not in shown):
            return self.review.summary(name_moves=False)
        return text

    def view(self, index: int) -> dict[str, Any]:
        """The ``_review`` trait for position ``index`` (0 is the deal): its board, its verdict
        (``finished`` at the last position of a won game: it is won, not only winnable), the
        move played from it, and at the turning point the better move."""
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
            "summary": self._summary(board),
            "verdict": position.verdict,
            "finished": index == self.last and self.review.won,
            "board": board,
            "played": self._named(game, position.played),
            "better": self._named(game, self.review.better) if index == turning else None,
        }
