"""The cards a player has seen in this attempt: the only cards a hint's words may name.

A hint comes from a solver that sees every card, but its words are for the player: "draws to
reach the Ace of clubs" with the Ace still in the stock tells them where a hidden card lies. So
a hint names a card only when the player has seen it: face up now, or turned face up at any time
since the deal or the restart of this attempt (an undo does not un-see a card).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .engine import Game


def face_up_cards(game: Game) -> set[int]:
    """Every card the page is shown now: face-up tableau cards, the foundations, the whole
    waste and the reserve's top card."""
    cards = {card for up in game.up for card in up}
    cards.update(card for foundation in game.foundations for card in foundation)
    cards.update(getattr(game, "waste", ()))
    cards.update(getattr(game, "reserve", ())[-1:])
    return cards


class SeenCards:
    """The cards seen in one attempt at a game, kept up to date move by move.

    A move can show only a few new cards: a column's new top card (the card it turned face
    up) and, after a draw, the waste's top three; an undo shows none that was not seen before.
    So ``moved`` looks at those alone, which costs far less than the move. A game that arrives
    with a history (loaded or resumed) is replayed once, when the cards are first asked for.
    """

    def __init__(self, game: Game) -> None:
        self._game = game
        self._cards: set[int] | None = None if game.history else face_up_cards(game)

    def moved(self) -> None:
        """Note what the move just made turned face up."""
        if self._cards is not None:
            _note_new_cards(self._game, self._cards)

    def cards(self) -> frozenset[int]:
        if self._cards is None:
            self._cards = _seen_along_history(self._game)
        return frozenset(self._cards)


def _note_new_cards(game: Game, cards: set[int]) -> None:
    """Add to ``cards`` what a move can have turned face up: the columns' top cards, the
    waste's top three and the reserve's top card."""
    for up in game.up:
        cards.update(up[-1:])
    cards.update(getattr(game, "waste", ())[-3:])
    cards.update(getattr(game, "reserve", ())[-1:])


def _seen_along_history(game: Game) -> set[int]:
    """The cards face up at some point of ``game``'s history, replayed from its start: the
    position it was loaded at, or its seed's deal."""
    retraced = game._start_copy()
    seen = face_up_cards(retraced)
    for move in game.history:
        retraced.move(move)
        _note_new_cards(retraced, seen)
    return seen
