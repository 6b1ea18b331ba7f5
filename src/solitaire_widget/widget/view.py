"""What the page may know of a game: counts in place of every card it cannot see."""

from __future__ import annotations

from typing import Any

from ..engine import Game

SCORING_NAMES = {"standard": "", "vegas": "Vegas scoring", None: "no score"}


def variant_label(kind: str, options: dict[str, Any]) -> str:
    """The game as players name it: "Klondike · draw 3 · Vegas scoring", "Applegate".

    Standard scoring is what a player expects of Klondike, so only the other scorings are named.
    """
    if kind == "applegate":
        return "Applegate"
    parts = ["Klondike", f"draw {options['draw']}", SCORING_NAMES[options["scoring"]]]
    return " · ".join(part for part in parts if part)


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
