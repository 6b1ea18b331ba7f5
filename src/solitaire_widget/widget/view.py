"""What the page may know of a game: counts in place of every card it cannot see."""

from __future__ import annotations

from typing import Any

from ..cards import NAME
from ..engine import Game
from ..moves import Move

# Names shown beside the piles a newcomer may not know by sight; the page draws whatever label a
# pile carries, so it names no game and no pile itself.
PILE_LABELS = {"reserve": "Reserve"}
# A foundation holding a whole suit is complete: in Applegate its top card can be of any rank,
# so only the mark tells a finished run from a start.
SUIT_SIZE = 13


def _names(pile: list[int]) -> list[str]:
    return list(map(NAME.__getitem__, pile))


def pile_notes(game: Game) -> dict[str, dict[str, Any]]:
    """What the page shows about some piles besides their cards, by pile id: a ``label``, and
    ``complete`` on a foundation that holds a whole suit."""
    notes: dict[str, dict[str, Any]] = {
        pile: {"label": label} for pile, label in PILE_LABELS.items() if hasattr(game, pile)
    }
    for number, foundation in enumerate(game.foundations, 1):
        if len(foundation) == SUIT_SIZE:
            notes[f"f{number}"] = {"complete": True}
    return notes


def layout(game: Game) -> dict[str, Any]:
    """Where the page puts each pile, from the game's declaration: the top row (pile ids, None
    for a gap), the tableau's columns, what a click on the stock does ("draw" to a waste,
    "deal" onto every column, None without a stock), how many waste cards fan out, the rank an
    empty foundation or column shows (the card it takes, when only one does), and each pile's
    name in the game's words."""
    declared = game.definition
    table, rules = declared.table, declared.rules
    # An option named after a rule (Klondike's draw) sets that rule.
    fan = game.options.get("draw", rules.draw if rules else 1)
    return {
        "top": table.top_row(),
        "tableau": list(table.tableau),
        "stock": rules.stock if rules else None,
        "fan": fan,
        "marks": {
            "f": "A" if rules and rules.foundation == "by suit" else "",
            "t": "K" if rules and rules.empty == "king" else "",
        },
        "words": dict(declared.words),
    }


def board_view(game: Game, legal: list[Move] | None = None) -> dict[str, Any]:
    """What the page may know of the game: counts in place of every card it cannot see.
    ``legal`` is ``game.legal_moves()`` when the caller has it already.

    Built from the piles alone, never from ``game.state()``: the state carries the whole
    history, so a view made from it would make every move cost more the longer the game."""
    if legal is None:
        legal = game.legal_moves()
    stock = getattr(game, "stock", [])
    reserve = getattr(game, "reserve", [])
    return {
        "kind": game.kind,
        "version": game.version,
        "options": game.options,
        "tableau": [
            {"down": len(down), "up": _names(up)}
            for down, up in zip(game.down, game.up, strict=True)
        ],
        "foundations": [_names(pile) for pile in game.foundations],
        "stock": len(stock),
        "waste": _names(getattr(game, "waste", [])),
        "reserve": len(reserve),
        "reserve_top": NAME[reserve[-1]] if reserve else None,
        "legal": [str(move if move.dst != "f" else game.resolve(move)) for move in legal],
        "can_undo": game.can_undo,
        "can_redo": game.can_redo,
        "can_finish": game.can_auto_finish,
        "piles": pile_notes(game),
        "layout": layout(game),
    }
