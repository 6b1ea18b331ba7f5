"""The rules engine: pure Python, no Jupyter, no solver. ``Game`` is the shared core every game
runs on; ``declaration`` is how a game describes itself. The games themselves live in
``solitaire_widget.games``; ``KlondikeGame``, ``ApplegateGame`` and ``GAMES`` (each registered
game's engine class, by name) are reachable from here too, as they always were."""

from __future__ import annotations

from typing import Any

from .base import Game, IllegalMove

__all__ = ["GAMES", "ApplegateGame", "Game", "IllegalMove", "KlondikeGame"]


def __getattr__(name: str) -> Any:
    """The games' names, looked up in the registry when first asked for: the games import the
    engine, so the engine cannot import them as it loads."""
    if name in ("GAMES", "KlondikeGame", "ApplegateGame"):
        from .. import games

        return getattr(games, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
