"""Each game's options, declared once: their names, types, allowed values, defaults and words.

Everything that takes or names an option reads this table: the engine's configuration, loading a
state, a board's new game, the page's new-game request, the Gymnasium environments, surveys, the
daily deals, and the labels ("Klondike · draw 3 · Vegas scoring"). Each game lists its options in
its declaration (``games/<name>.py``); nothing else learns their names. This module reads an
option table it is given (the engine passes its game's); ``variants.py`` reads the registry's
(a game's options by name, the variants, their order).

An option's value is exactly of its type: ``3.0``, ``Decimal(3)``, ``Fraction(3)`` and ``True``
are not the draw count 3 (a bool is never a number here). Integers of other integer types, such as
``numpy.int64(3)`` (any ``numbers.Integral`` that is not a bool), are read as the ``int`` they
equal, and text of a ``str`` subclass, such as ``numpy.str_("vegas")``, as the ``str`` it equals,
so a value taken from an array works; every value kept is a plain ``int``, ``str`` or ``None``, so
a game saves and loads as it was made. A seed is read by the same rule (``read_seed``).
"""

from __future__ import annotations

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


def read_options(
    table: tuple[Option, ...],
    title: str,
    given: Mapping[str, Any],
    *,
    exact: bool = False,
    null: str = "None",
) -> dict[str, Any]:
    """``given`` as the options of a game whose declaration lists ``table`` (``title`` names it
    in messages), each read by its ``Option`` and the rest defaulted; a ``ValueError`` names an
    unknown option or a value that is not allowed. ``exact``: every option must be given (a
    saved state names them all)."""
    names = [option.name for option in table]
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


def words_of(
    table: tuple[Option, ...], options: Mapping[str, Any], short: bool = False
) -> list[str]:
    """Each option's value in words, in the table's order: ["draw 3", "Vegas scoring"].
    ``short`` leaves out the values a player takes for granted (``named_at_default``)."""
    words = []
    for option in table:
        value = options.get(option.name)
        if short and not option.named_at_default and value == option.default:
            continue
        words.append(option.words.get(value, f"{option.name} {value}"))
    return words
