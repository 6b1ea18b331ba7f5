"""Klondike and Applegate solitaire to play, teach and script in Jupyter notebooks.

The rules engine (``solitaire_widget.engine``) is plain Python; ``Klondike`` and ``Applegate``
here are anywidgets that wrap it and show the board. Boards record their games in a local
store (``store.py``): ``resume``, ``saved_games`` and ``stats`` read it.
"""

from .engine import IllegalMove
from .moves import Move
from .saved import SavedGame, saved_games
from .scoreboard import Stats, VariantStats, stats
from .solver import Solution, solve
from .solver.review import Review, review
from .surveys import Survey, survey
from .widget import Applegate, Klondike, load, resume

__all__ = [
    "Applegate",
    "IllegalMove",
    "Klondike",
    "Move",
    "load",
    "resume",
    "Review",
    "review",
    "saved_games",
    "SavedGame",
    "Solution",
    "solve",
    "Stats",
    "stats",
    "Survey",
    "survey",
    "VariantStats",
]
