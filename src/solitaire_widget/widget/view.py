"""What the page may know of a game: counts in place of every card it cannot see."""

from __future__ import annotations

from typing import Any

from ..engine import Game


def board_view(game: Game) -> dict[str, Any]:
    """What the page may know of the game: counts in place of every card it cannot see."""
    state = game.state()
    reserve = state["reserve"]
    return {
        "kind": state["game"],
        "version": game.version,
        "options": state["options"],
        "tableau": [
            {"down": len(pile["down"]), "up": list(pile["up"])} for pile in state["tableau"]
        ],
        "foundations": [list(pile) for pile in state["foundations"]],
        "stock": len(state["stock"]),
        "waste": list(state["waste"]),
        "reserve": len(reserve),
        "reserve_top": reserve[-1] if reserve else None,
        "legal": [str(game.resolve(move)) for move in game.legal_moves()],
        "can_undo": game.can_undo,
        "can_redo": game.can_redo,
        "can_finish": game.can_auto_finish,
    }
