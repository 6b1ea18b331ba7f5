"""Klondike and Applegate solitaire to play, teach and script in Jupyter notebooks."""

from .engine import ApplegateGame as Applegate
from .engine import IllegalMove
from .engine import KlondikeGame as Klondike
from .moves import Move
from .state import load_game as load

__all__ = ["Applegate", "IllegalMove", "Klondike", "Move", "load"]
