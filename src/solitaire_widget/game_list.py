"""The registered games as a player and the page meet them: ``sw.games()``, and the Options menu's
list of games, variants and options, both read from the registry so that neither names a game."""

from __future__ import annotations

from typing import Any

from .games import definition, names
from .options import Option
from .variants import has_winnable_deals


def _option(option: Option) -> dict[str, Any]:
    return {
        "name": option.name,
        "title": option.title or option.name.capitalize(),
        "values": list(option.values),
        "words": [option.words.get(value, f"{option.name} {value}") for value in option.values],
        "default": option.default,
        # A variant's option picks which deals are won (a menu entry each); the others are
        # chosen beside them (Klondike's scoring).
        "variant": option.variant,
    }


def game_entry(name: str) -> dict[str, Any]:
    """One game: its name, title, family, options (values, words, default) and the variants its
    menu lists; ``daily`` says whether some variant has a daily challenge and proven-winnable
    deals, and each variant's ``winnable`` whether it has."""
    game = definition(name)
    defaults = {option.name: option.default for option in game.options}
    return {
        "name": game.name,
        "title": game.title,
        "family": game.family,
        "daily": game.daily is not None,
        "options": [_option(option) for option in game.options],
        "variants": [
            {
                "label": variant.label,
                "options": {**defaults, **variant.options},
                "winnable": has_winnable_deals(name, {**defaults, **variant.options}),
            }
            for variant in game.variants or ()
        ]
        or [
            {
                "label": game.title,
                "options": defaults,
                "winnable": has_winnable_deals(name, defaults),
            }
        ],
    }


def games() -> list[dict[str, Any]]:
    """Every registered game, in menu order: ``[{"name": "klondike", "title": "Klondike",
    "family": ..., "daily": True, "options": [{"name": "draw", "values": [1, 3], "default": 1,
    ...}], "variants": [{"label": "Klondike · draw 1", "options": {...}}, ...]}, ...]``."""
    return [game_entry(name) for name in names()]
