"""The registered games' options and variants, by game name: what the rooms above the engine ask
(the state loader, the board, the page's requests, the app, the catalogue, the statistics).

A variant is a game with the options that change which deals can be won ("Klondike · draw 3",
"Spider · 2 suits"): what the deal catalogue proves, the daily challenge deals and the app's
picker offers. Everything here reads the games' declarations through the registry; the checks
themselves are ``options.py``'s.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .games import GAMES, definition, names
from .options import Option, read_options, words_of


def game_options(game: str) -> tuple[Option, ...]:
    """``game``'s options as its declaration lists them, in the order labels name them."""

    return definition(game).options


def all_options() -> tuple[Option, ...]:
    """Every option some registered game has, each name once, in registry order."""

    found = {option.name: option for name in names() for option in definition(name).options}
    return tuple(found.values())


@dataclass(frozen=True)
class Variant:
    """A game with the options that change which deals can be won: what the deal catalogue
    proves, the daily challenge deals and the app's picker offers."""

    game: str
    options: Mapping[str, Any]

    @property
    def name(self) -> str:
        """The deal catalogue's name: "klondike draw 3", "applegate"."""
        return " ".join([self.game, *self._words()])

    @property
    def label(self) -> str:
        """As a player names it: "Klondike · draw 3", "Applegate"."""
        return " · ".join([_title_of(self.game), *self._words()])

    @property
    def catalogued(self) -> bool:
        """Whether the game declares a catalogue of winnable deals and a daily challenge for
        this variant (``GameDef.daily``)."""

        daily = definition(self.game).daily if self.game in GAMES else None
        return daily is not None and any(
            dict(declared.options) == dict(self.options) for declared in daily.variants
        )

    def _words(self) -> list[str]:
        return [
            option.words[self.options[option.name]]
            for option in _options_of(self.game)
            if option.variant
        ]


def variant_of(game: str, options: Mapping[str, Any]) -> Variant:
    """The variant a game with these options plays, options left out at their defaults."""
    return Variant(
        game,
        {
            option.name: options.get(option.name, option.default)
            for option in _options_of(game)
            if option.variant
        },
    )


def _variants_of(game: str) -> list[Variant]:
    table = [option for option in game_options(game) if option.variant]
    names = [option.name for option in table]
    return [
        Variant(game, dict(zip(names, values, strict=True)))
        for values in itertools.product(*(option.values for option in table))
    ]


def has_winnable_deals(game: str, options: Mapping[str, Any]) -> bool:
    """Whether the variant a game with these options plays has proven-winnable deals (and a
    daily challenge)."""
    return variant_of(game, options).catalogued


def variants(catalogued: bool = False) -> tuple[Variant, ...]:
    """Every registered game's variants, in the registry's order: Klondike draw 1, Klondike
    draw 3, Applegate, Spider 1 suit, ... ``catalogued``: only the variants with a catalogue of
    proven-winnable deals and a daily challenge, as each game declares them (``GameDef.daily``)."""

    return tuple(
        variant
        for game in names()
        for variant in _variants_of(game)
        if variant.catalogued or not catalogued
    )


def _options_of(game: str) -> tuple[Option, ...]:
    """A game's options, or none for a name no game has (a row of an old store)."""

    return game_options(game) if game in GAMES else ()


def _title_of(game: str) -> str:

    return definition(game).title if game in GAMES else game.capitalize()


def menu_order(game: str, options: Mapping[str, Any]) -> tuple[Any, ...]:
    """Where a game with these options comes in a list of variants: the games in the table's
    order (any other after them, by name), then each option's values in the table's order
    (a value the table does not allow after them)."""

    games = list(names())
    return (
        games.index(game) if game in games else len(games),
        game,
        *(
            option.values.index(value) if value in option.values else len(option.values)
            for option in _options_of(game)
            for value in [options.get(option.name)]
        ),
    )


def defaults(game: str) -> dict[str, Any]:
    """The options a new game of ``game`` has when none are given."""
    return {option.name: option.default for option in game_options(game)}


def checked_options(
    game: str, given: Mapping[str, Any], *, exact: bool = False, null: str = "None"
) -> dict[str, Any]:
    """``given`` as ``game``'s options (``options.read_options`` with its declaration's)."""
    declared = definition(game)
    return read_options(declared.options, declared.title, given, exact=exact, null=null)


def refuse_other_options(game: str, keywords: Mapping[str, Any]) -> None:
    """Check the keywords that name an option of some game as ``game``'s options: one it does
    not have (``sw.Applegate(draw=1)``) is the ``ValueError`` naming its options that it is
    wherever options come in, not an unknown board setting."""
    named = {option.name for option in all_options()}
    checked_options(game, {name: value for name, value in keywords.items() if name in named})


def option_words(game: str, options: Mapping[str, Any], short: bool = False) -> list[str]:
    """Each of ``game``'s options in words (``options.words_of``): ["draw 3", "Vegas scoring"]."""
    return words_of(game_options(game), options, short)
