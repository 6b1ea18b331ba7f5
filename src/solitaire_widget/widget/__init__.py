"""The anywidget layer: the board in the page, requests from it, and hiding the hidden cards.

Python is the only judge. The page is sent a view of the game that names no face-down card,
no stock card and no hidden reserve card (``view.py``); it sends requests carrying the version
they were made on, whose shape ``requests.py`` checks before the engine decides (``board.py``).
"""

from .board import Applegate, Board, Klondike, game, load
from .requests import request_refusal
from .resume import resume
from .view import board_view

__all__ = [
    "Applegate",
    "Board",
    "Klondike",
    "board_view",
    "game",
    "load",
    "request_refusal",
    "resume",
]
