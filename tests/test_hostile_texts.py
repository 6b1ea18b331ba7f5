"""Reading JSON text costs its length, whatever its shape (issue 20).

``'"' + '\\"' * n`` (an unclosed string of escaped quotes) once cost time quadratic in n: 24 s for
80 KB, about 17 hours for 4 MB. Reading a text before parsing it now skips each string with one
match that starts where the last one ended, so no character is read twice. These tests count
what the reading reads (a deterministic bound, not a clock); ``benchmarks/load_shapes.py``
times the shapes at sizes up to the limit.
"""

from __future__ import annotations

import contextlib
import json
import re

import pytest

import solitaire_widget as sw
from hostile_texts import SHAPES
from solitaire_widget import shape
from solitaire_widget.games import KlondikeGame
from solitaire_widget.state import STATE_LIMITS


class Reads:
    """Stands in for a pattern of ``shape`` and notes what each use of it reads."""

    def __init__(self, pattern: re.Pattern[str]) -> None:
        self.pattern = pattern
        self.spans: list[tuple[int, int]] = []  # of the text the string matches ran over
        self.characters = 0  # handed to ``sub``

    def match(self, text: str, at: int) -> re.Match[str] | None:
        found = self.pattern.match(text, at)
        self.spans.append((at, found.end()))
        return found

    def sub(self, replacement: str, text: str) -> str:
        self.characters += len(text)
        return self.pattern.sub(replacement, text)


@pytest.fixture
def reads(monkeypatch: pytest.MonkeyPatch) -> tuple[Reads, Reads]:
    strings, rest = Reads(shape._STRING_INSIDE), Reads(shape._NOT_BRACKET)
    monkeypatch.setattr(shape, "_STRING_INSIDE", strings)
    monkeypatch.setattr(shape, "_NOT_BRACKET", rest)
    return strings, rest


def assert_read_once(text: str, strings: Reads, rest: Reads) -> None:
    """Each string match starts past the end of the one before it, their spans and the text
    between them add up to at most the text, and there are no more matches than a saved game
    has strings."""
    ends = [0, *(end for _, end in strings.spans)]
    assert all(start > end for (start, _), end in zip(strings.spans, ends, strict=False))
    inside = sum(end - start for start, end in strings.spans)
    assert inside + rest.characters <= len(text)
    assert len(strings.spans) <= 2 * STATE_LIMITS.items + 2


@pytest.mark.parametrize("name", SHAPES)
def test_reading_a_text_reads_each_character_once_whatever_its_shape(name, reads):
    text = SHAPES[name](200_000)
    with contextlib.suppress(ValueError):
        shape.parse_json_text(text, STATE_LIMITS, "the state")
    assert_read_once(text, *reads)


def test_a_saved_game_is_read_whole_and_still_loads(reads):
    """The counting is of the real reading: a real state's strings are all matched."""
    state = KlondikeGame(seed=42).state()
    text = json.dumps(state)
    assert sw.load(text).state() == state
    strings, rest = reads
    assert len(strings.spans) == text.count('"') // 2
    assert_read_once(text, *reads)


ESCAPES = SHAPES["an unclosed string of escaped quotes"](STATE_LIMITS.size - 10)


def _reset_gym(text: str) -> object:
    import gymnasium

    import solitaire_widget.gym  # noqa: F401

    env = gymnasium.make("solitaire_widget/Klondike-v0")
    return env.reset(options={"state": text})


ENTRY_POINTS = {
    "sw.load of text": lambda text: sw.load(text),
    "sw.load of bytes": lambda text: sw.load(text.encode()),
    "sw.solve": lambda text: sw.solve(text, time_limit=1),
    "sw.review": lambda text: sw.review(text, time_limit=1, progress=False),
    "a Gymnasium reset from a state": _reset_gym,
}


@pytest.mark.parametrize("entry", ENTRY_POINTS)
def test_the_report_s_4_mb_of_escaped_quotes_is_refused_reading_each_character_once(entry, reads):
    with pytest.raises(ValueError, match="Unterminated string"):
        ENTRY_POINTS[entry](ESCAPES)
    assert_read_once(ESCAPES, *reads)
    assert reads[0].spans == [(1, len(ESCAPES))]
