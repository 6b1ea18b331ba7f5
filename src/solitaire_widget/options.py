"""Each game's options, declared once: their names, types, allowed values, defaults and words.

Everything that takes or names an option reads this table: the engine's configuration, loading a
state, a board's new game, the page's new-game request, the Gymnasium environments, surveys, the
daily deals, and the labels ("Klondike · draw 3 · Vegas scoring"). Each game lists its options in
its declaration (``games/<name>.py``); nothing else learns their names. The variants
(``variants()``: the app's picker, the deal catalogue, the daily deals) and the order the
statistics list them in come from the same declarations.

An option's value is exactly of its type: ``3.0``, ``Decimal(3)``, ``Fraction(3)`` and ``True``
are not the draw count 3 (a bool is never a number here). Integers of other integer types, such as
``numpy.int64(3)`` (any ``numbers.Integral`` that is not a bool), are read as the ``int`` they
equal, and text of a ``str`` subclass, such as ``numpy.str_("vegas")``, as the ``str`` it equals,
so a value taken from an array works; every value kept is a plain ``int``, ``str`` or ``None``, so
a game saves and loads as it was made. A seed is read by the same rule (``read_seed``).
"""

from __future__ import annotations

import itertools
import numbers
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .shape import brief


@dataclass(frozen=True)
class Option:
    """One option of a game."""

    name: str  # the keyword, and the key in a state's "options"
    kind: type  # int or str: the exact type of its values (None may be a value as well)
    values: tuple[Any, ...]  # the allowed values, in the order a menu lists them
    default: Any
    words: Mapping[Any, str] = field(default_factory=dict)  # each value as a label names it
    title: str = ""  # the option as a menu heads it
    named_at_default: bool = True  # whether a variant's short label names its default value
    # Whether each value makes a variant of its own (``VARIANTS``): the draw count changes which
    # deals can be won, scoring does not.
    variant: bool = False

    def refusal(self, value: Any, null: str = "None") -> str | None:
        """Why ``value`` is not one of this option's values, or None. ``null`` is how the
        message writes None: "None" to a Python caller, "null" about JSON."""
        if value is None and None in self.values:
            return None
        plain = _plain(value, self.kind)
        if plain is not None and plain in self.values:
            return None
        kind = f" (a {type(value).__name__})" if isinstance(value, (bool, float)) else ""
        return f"{self.name} must be {self.choices(null)}, not {brief(value)}{kind}"

    def read(self, value: Any, null: str = "None") -> Any:
        """``value`` as this option keeps it (a plain int, str or None), or ``ValueError``."""
        refusal = self.refusal(value, null)
        if refusal is not None:
            raise ValueError(refusal)
        return None if value is None else _plain(value, self.kind)

    def choices(self, null: str = "None", quoted: bool = True) -> str:
        """The allowed values as a message lists them: "1 or 3", "'standard', 'vegas' or None"
        ("standard, vegas or None" not ``quoted``)."""
        spell = repr if quoted else str
        spelled = [null if value is None else spell(value) for value in self.values]
        return " or ".join(filter(None, [", ".join(spelled[:-1]), spelled[-1]]))


def _plain(value: Any, kind: type) -> Any:
    """``value`` as a plain ``int`` or ``str`` of ``kind``: an integer of any integer type but
    bool, text of any ``str`` type; None when it is not of ``kind``."""
    if kind is int and isinstance(value, numbers.Integral) and not isinstance(value, bool):
        return int(value)
    if kind is str and isinstance(value, str):
        return str.__str__(value)
    return None


def read_seed(seed: Any) -> int:
    """``seed`` as the plain ``int`` a deal takes (an integer of another integer type, such as
    ``numpy.int64(5)``, is read as the int it equals, as an option's is), or ``ValueError``."""
    plain = _plain(seed, int)
    if plain is None or not 0 <= plain < 2**64:
        raise ValueError(f"a seed is an integer from 0 to 2**64-1, not {brief(seed)}")
    return plain


DRAW = Option(
    "draw",
    int,
    (1, 3),
    1,
    words={1: "draw 1", 3: "draw 3"},
    title="Cards drawn from the stock",
    variant=True,
)
SCORING = Option(
    "scoring",
    str,
    ("standard", "vegas", None),
    "standard",
    words={"standard": "standard scoring", "vegas": "Vegas scoring", None: "no score"},
    title="Scoring",
    named_at_default=False,  # standard scoring is what a player expects of Klondike
)


def game_options(game: str) -> tuple[Option, ...]:
    """``game``'s options as its declaration lists them, in the order labels name them (the
    registry is imported when first asked: the games import this module)."""
    from .games import definition

    return definition(game).options


def all_options() -> tuple[Option, ...]:
    """Every option some registered game has, each name once, in registry order."""
    from .games import definition, names

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
        from .games import GAMES, definition

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
    from .games import names

    return tuple(
        variant
        for game in names()
        for variant in _variants_of(game)
        if variant.catalogued or not catalogued
    )


def _options_of(game: str) -> tuple[Option, ...]:
    """A game's options, or none for a name no game has (a row of an old store)."""
    from .games import GAMES

    return game_options(game) if game in GAMES else ()


def _title_of(game: str) -> str:
    from .games import GAMES, definition

    return definition(game).title if game in GAMES else game.capitalize()


def menu_order(game: str, options: Mapping[str, Any]) -> tuple[Any, ...]:
    """Where a game with these options comes in a list of variants: the games in the table's
    order (any other after them, by name), then each option's values in the table's order
    (a value the table does not allow after them)."""
    from .games import names

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
    """``given`` as ``game``'s options, each read by its ``Option`` and the rest defaulted; a
    ``ValueError`` names an unknown option or a value that is not allowed. ``exact``: every
    option must be given (a saved state names them all)."""
    from .games import definition

    table = definition(game).options
    names = [option.name for option in table]
    title = definition(game).title
    unknown = [name for name in given if name not in names]
    if unknown:
        if not names:
            raise ValueError(f"{title} takes no options, got {', '.join(map(brief, unknown))}")
        raise ValueError(
            f"{title} has no option {brief(unknown[0])}: its options are {' and '.join(names)}"
        )
    if exact and len(given) != len(names):
        raise ValueError(f"{title} options are exactly {' and '.join(names)}")
    return {
        option.name: option.read(given.get(option.name, option.default), null) for option in table
    }


def refuse_other_options(game: str, keywords: Mapping[str, Any]) -> None:
    """Check the keywords that name an option of some game as ``game``'s options: one it does
    not have (``sw.Applegate(draw=1)``) is the ``ValueError`` naming its options that it is
    wherever options come in, not an unknown board setting."""
    named = {option.name for option in all_options()}
    checked_options(game, {name: value for name, value in keywords.items() if name in named})


def option_words(game: str, options: Mapping[str, Any], short: bool = False) -> list[str]:
    """Each option's value in words, in the table's order: ["draw 3", "Vegas scoring"].
    ``short`` leaves out the values a player takes for granted (``named_at_default``)."""
    words = []
    for option in game_options(game):
        value = options.get(option.name)
        if short and not option.named_at_default and value == option.default:
            continue
        words.append(option.words.get(value, f"{option.name} {value}"))
    return words
