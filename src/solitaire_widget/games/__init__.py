"""The games, one module each, and the registry that every other room reads.

``register`` adds a game's ``GameDef``; ``definition(name)`` finds it; ``GAMES`` maps each name
to the engine class that plays it. The engine, the state format, the store, the widget, the
page, the environments and surveys all read the registry, so a game module registered here (or
by a user, with ``register``) is playable everywhere without any of them naming it.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from typing import Any

from ..engine.base import Game
from ..engine.declaration import GameDef
from ..shape import brief

_DEFINITIONS: dict[str, GameDef] = {}


def register(game: GameDef) -> GameDef:
    """Add a game to the registry and bind its engine class to its declaration. A name is
    registered once: a second game of that name is a ``ValueError``."""
    if not isinstance(game, GameDef):
        raise TypeError(f"register takes a GameDef, not {type(game).__name__}")
    if game.name in _DEFINITIONS and _DEFINITIONS[game.name] is not game:
        raise ValueError(f"a game named {game.name!r} is registered already")
    if not (isinstance(game.engine, type) and issubclass(game.engine, Game)):
        raise TypeError(f"{game.title}'s engine must be a subclass of Game")
    game.engine.kind = game.name
    game.engine.definition = game
    _DEFINITIONS[game.name] = game
    return game


def unregister(name: str) -> None:
    """Take a game out of the registry (a test's game, once the test is done)."""
    _DEFINITIONS.pop(name, None)


def definition(name: Any) -> GameDef:
    """The declaration of the game called ``name``, or a ``ValueError`` naming the games."""
    game = _DEFINITIONS.get(name) if isinstance(name, str) else None
    if game is None:
        raise ValueError(f"there is no game {brief(name)}: the games are {spelled_names()}")
    return game


def names() -> tuple[str, ...]:
    """The registered games' names, in the order they were registered."""
    return tuple(_DEFINITIONS)


def spelled_names(quote: str = "'", among: Iterable[str] | None = None) -> str:
    """The names as a message lists them: "'klondike', 'applegate' or 'spider'"; ``among``:
    only these names (the games with a daily challenge, say)."""
    quoted = [f"{quote}{name}{quote}" for name in (_DEFINITIONS if among is None else among)]
    return " or ".join(filter(None, [", ".join(quoted[:-1]), quoted[-1]]))


class _Engines(Mapping[str, type[Game]]):
    """Each registered game's engine class by name, always as the registry is now."""

    def __getitem__(self, name: str) -> type[Game]:
        return _DEFINITIONS[name].engine

    def __iter__(self) -> Iterator[str]:
        return iter(_DEFINITIONS)

    def __len__(self) -> int:
        return len(_DEFINITIONS)


GAMES: Mapping[str, type[Game]] = _Engines()

# The games that come with the package, in the order menus list them.
from .applegate import APPLEGATE, ApplegateGame  # noqa: E402
from .klondike import KLONDIKE, KlondikeGame  # noqa: E402
from .spider import SPIDER  # noqa: E402

for _game in (KLONDIKE, APPLEGATE, SPIDER):
    register(_game)

__all__ = [
    "GAMES",
    "ApplegateGame",
    "GameDef",
    "KlondikeGame",
    "definition",
    "names",
    "register",
    "spelled_names",
    "unregister",
]
