"""JSON texts shaped to make a reader slow: long runs of one token, escapes, unclosed strings.

Each shape is a function of a size in characters, so the tests and ``benchmarks/load_shapes.py``
build the same texts at any size (up to the state size limit, 4,000,000 characters).
"""

from __future__ import annotations

import json
from collections.abc import Callable

from solitaire_widget.games import KlondikeGame

# One token of JSON text, or a piece of one, that a long run of is worth trying.
TOKENS = [
    '"', "\\", '\\"', "\\\\", "\\u", "\\ud800", "[", "]", "{", "}", ",", ":", " ", "\n",
    "0", "1", "-", "e", ".", "t", "true", "nul", "x", '""', '"a":', '[""', '{"a":', '["\\"',
    "\u212a", "\x00",
]  # fmt: skip

_STATE = json.dumps(KlondikeGame(seed=42).state())


def _run(prefix: str, token: str, suffix: str = "") -> Callable[[int], str]:
    def text(size: int) -> str:
        return prefix + token * max(1, (size - len(prefix) - len(suffix)) // len(token)) + suffix

    return text


def _inside_state(token: str) -> Callable[[int], str]:
    """A real saved game with the run where a card's name should be."""
    at = _STATE.index('"7C"')
    return _run(_STATE[:at], token, _STATE[at:])


SHAPES: dict[str, Callable[[int], str]] = {
    # The shape of the report: an unclosed string of escaped quotes.
    "an unclosed string of escaped quotes": _run('"', '\\"'),
    "a closed string of escaped quotes": _run('"', '\\"', '"'),
    "an unclosed string in a list": _run('["', "a"),
    "an unclosed string of escapes after a list": _run('[1, "', "\\\\"),
    "a number with a long exponent": _run("1e", "9"),
    "a number with a long fraction": _run("0.", "0", "1"),
    "a state with a run of escaped quotes for a card": _inside_state('\\"'),
    "a state with a run of quotes for a card": _inside_state('"'),
    "a state with a run of brackets for a card": _inside_state("["),
    **{f"a run of {token!r}": _run("", token) for token in TOKENS},
    **{f"a string of {token!r}": _run('"', token, '"') for token in TOKENS},
}
