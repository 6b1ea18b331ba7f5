"""The rules engine: pure Python, no Jupyter. ``KlondikeGame`` and ``ApplegateGame``."""

from .applegate import ApplegateGame
from .base import Game, IllegalMove
from .klondike import KlondikeGame

GAMES: dict[str, type[Game]] = {"klondike": KlondikeGame, "applegate": ApplegateGame}

__all__ = ["GAMES", "ApplegateGame", "Game", "IllegalMove", "KlondikeGame"]
