"""Solitaire (Klondike, Applegate, Spider, any registered game) to play, teach and script in
Jupyter notebooks.

The rules engine (``solitaire_widget.engine``) is plain Python; ``game(name, ...)``, ``Klondike``
and ``Applegate`` here make anywidgets that wrap it and show the board; ``games()`` lists the
games. Boards record their games in a local
store (``store.py``): ``resume``, ``saved_games`` and ``stats`` read it.

Each public name, and each module (``sw.solver``, ``sw.store``), is imported the first time it
is asked for, so that ``import solitaire_widget.engine`` (a script, the gym, a test of the rules)
loads neither the solver nor Jupyter.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .engine import IllegalMove
    from .moves import Move
    from .saved import SavedGame, saved_games
    from .scoreboard import Stats, VariantStats, stats
    from .solver import Solution, solve
    from .solver.review import Review, review
    from .surveys import Survey, survey
    from .widget import Applegate, Klondike, game, load, resume

HOMES = {
    "Applegate": ".widget",
    "IllegalMove": ".engine",
    "Klondike": ".widget",
    "game": ".widget",
    "Move": ".moves",
    "load": ".widget",
    "resume": ".widget",
    "Review": ".solver.review",
    "review": ".solver.review",
    "saved_games": ".saved",
    "SavedGame": ".saved",
    "Solution": ".solver",
    "solve": ".solver",
    "Stats": ".scoreboard",
    "stats": ".scoreboard",
    "Survey": ".surveys",
    "survey": ".surveys",
    "VariantStats": ".scoreboard",
}
"""Where each public name lives."""

__all__ = [
    "Applegate",
    "IllegalMove",
    "Klondike",
    "game",
    "games",
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


def __getattr__(name: str) -> Any:
    """Import a public name or a module of the package on first use, then keep it here."""
    if name in HOMES:
        value = getattr(importlib.import_module(HOMES[name], __name__), name)
    elif not name.startswith("_") and importlib.util.find_spec(f"{__name__}.{name}") is not None:
        value = importlib.import_module(f"{__name__}.{name}")
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})


class _GameRegistry(ModuleType):
    """``solitaire_widget.games``, the registry's module, which is also ``sw.games()``: one
    name for both, since the package's attribute ``games`` is the module once it is imported."""

    def __call__(self) -> list[dict[str, Any]]:
        """Every registered game: name, title, family, options and variants (``game_list``)."""
        from .game_list import games

        return games()


class _Package(ModuleType):
    """The package, which makes its ``games`` module callable as it is imported."""

    def __setattr__(self, name: str, value: Any) -> None:
        if name == "games" and type(value) is ModuleType:
            value.__class__ = _GameRegistry
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
