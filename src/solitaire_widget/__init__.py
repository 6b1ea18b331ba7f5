"""Klondike and Applegate solitaire to play, teach and script in Jupyter notebooks.

The rules engine (``solitaire_widget.engine``) is plain Python; ``Klondike`` and ``Applegate``
here are anywidgets that wrap it and show the board.
"""

from .engine import IllegalMove
from .moves import Move
from .solver import Solution, solve
from .solver.review import Review, review
from .widget import Applegate, Klondike, load

__all__ = [
    "Applegate",
    "IllegalMove",
    "Klondike",
    "Move",
    "Review",
    "Solution",
    "load",
    "review",
    "solve",
]
