"""The rules engine: pure Python, no Jupyter, no solver. ``Game`` is the shared core every game
runs on, ``declaration`` how a game describes itself, ``table`` the engine of a game whose rules
are all data. The games themselves, and the registry, are ``solitaire_widget.games``."""

from .base import Game, IllegalMove

__all__ = ["Game", "IllegalMove"]
