"""Moves and variants in a player's words: "the 7 of clubs onto the 8 of hearts", never
``t4-t1``; "Klondike · draw 3 · Vegas scoring".

Hints say what to do the way one player tells another, naming cards rather than piles. The
sentence is built from the position the move is made in, so the move must be legal there.
Callers add their own frame ("Hint: ... .") and, later, a reason ("... : that frees a face-down
card").
"""

from __future__ import annotations

from typing import Any

from .cards import SUIT, SUIT_NAMES, long_name
from .engine import Game, IllegalMove
from .moves import Move
from .tables import duration
from .variants import option_words


def variant_label(kind: str, options: dict[str, Any]) -> str:
    """The game as players name it: "Klondike · draw 3 · Vegas scoring", "Applegate".

    The words are the options table's; what a player takes for granted (standard scoring in
    Klondike) is left out."""
    return " · ".join([kind.capitalize(), *option_words(kind, options, short=True)])


def move_in_words(game: Game, move: Move | str) -> str:
    """The move as a player says it, in lower case and without a full stop.

    Raises ``IllegalMove`` (naming the rule) when the move is not legal in ``game``.
    """
    move = Move.coerce(move)
    if not game.is_legal(move):
        raise IllegalMove(game.explain(move))
    rules = game.definition.rules
    if move.src == "stock":
        if rules is not None and rules.stock == "deal":
            return "deal a card onto every column"
        # An option named after a rule (Klondike's draw) sets that rule.
        count = min(game.options.get("draw", rules.draw if rules else 1), len(game.stock))
        return "draw a card" if count == 1 else f"draw {count} cards"
    if move.dst == "stock":
        return "turn the waste over"
    card, origin = _moving_card(game, move)
    if move.dst[0] == "f":
        if rules is not None and rules.foundation == "runs":
            return f"the complete run of {SUIT_NAMES[SUIT[card]]} to a foundation"
        return f"the {long_name(card)} to a foundation"
    carried = {1: "", 2: " and the card on it"}.get(move.n, f" and the {move.n - 1} cards on it")
    column = int(move.dst[1:]) - 1
    pile = game.up[column]
    if pile:
        where = f"onto the {long_name(pile[-1])}"
    else:
        name = game.definition.words.get("column", "column")  # Applegate says "pile"
        where = f"to the empty {name} {column + 1}"
    return f"the {long_name(card)}{carried}{origin} {where}"


def _moving_card(game: Game, move: Move) -> tuple[int, str]:
    """The bottom card of what the move lifts, and where it comes from when a player would say
    so (a card taken back off a foundation)."""
    if move.src == "waste":
        return game.waste[-1], ""
    if move.src == "reserve":
        return game.reserve[-1], ""
    if move.src[0] == "f":
        return game.foundations[int(move.src[1:]) - 1][-1], " from its foundation"
    return game.up[int(move.src[1:]) - 1][-move.n], ""


def _counted(number: int, thing: str) -> str:
    return f"{number} {thing}" if number == 1 else f"{number} {thing}s"


def won_text(seconds: int | None, moves: int, score: int | None, bests: list[str]) -> str:
    """ "You won in 1:23 · 87 moves · 640 points! New best time!": the time when the board has
    a clock, the score when the game keeps one, and the bests the win beat ("time", "score")."""
    figures = [duration(seconds)] if seconds is not None else []
    figures.append(_counted(moves, "move"))
    if score is not None:
        figures.append(_counted(score, "point"))
    text = f"You won in {' · '.join(figures)}!"
    if bests:
        text += f" New best {' and '.join(bests)}!"
    return text
