"""The shape of JSON that comes from outside (saved games, requests from the page), checked
before anything reads it: size, nesting and types, with work bounded by the limits, not by the
input.

``json.loads`` recurses once per level of nesting (``"[" * 100000`` raises ``RecursionError``)
and builds every value before anyone can look at it; a dict built in Python may nest as deep, or
hold a list of ten million items. So JSON text is measured before it is parsed, and a dict is
walked iteratively, each list's length checked before its items are. What passes is a plain copy
(exact ``dict``, ``list``, ``str``, ``int``, ``float``, ``bool``, ``None``), so later checks need
not fear subclasses or odd objects. ``brief`` describes any value in a few words without
recursing into it, for messages and logs.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

# What follows the opening quote of a JSON string: its text, escapes included, up to the closing
# quote or the end of an unclosed string. Every part is optional, so a match never fails, and
# possessive (``*+``), so it keeps no place to go back to: it reads each character once, and
# needs no memory for a run of two million escapes (a plain ``*`` kept 230 MB of them).
_STRING_INSIDE = re.compile(r'[^"\\]*+(?:\\.[^"\\]*+)*+', re.DOTALL)
# What is left of the structure once strings are gone.
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
_OPENING = {"[": 1, "{": 1, "]": -1, "}": -1}


@dataclass(frozen=True)
class Limits:
    """How big a piece of outside JSON may be."""

    depth: int  # levels of nested lists and objects
    containers: int  # lists and objects in all
    items: int  # list items and object entries in all
    text: int  # characters in one string (keys included)
    size: int = 0  # characters (or bytes) of JSON text, for ``parse_json_text``
    holder: str = "a saved game"  # what the JSON is, for messages: "more than ... can hold"


def brief(value: object) -> str:
    """A short description of any value, safe for a message: never recursive, never long, and
    never converting a huge integer to decimal (Python refuses beyond 4300 digits)."""
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int):
        bits = int.bit_length(value)
        return repr(int(value)) if bits <= 64 else f"a {bits:,}-bit integer"
    if isinstance(value, float):
        return repr(float(value))
    if isinstance(value, str):
        text = str.__str__(value)
        return repr(text) if len(text) <= 24 else f"{text[:20]!r}... ({len(text):,} characters)"
    if isinstance(value, (bytes, bytearray)):
        return f"{len(value):,} bytes"
    if isinstance(value, dict):
        size = dict.__len__(value)
        return f"an object of {size:,} {'entry' if size == 1 else 'entries'}"
    if isinstance(value, list):
        size = list.__len__(value)
        return f"a list of {size:,} {'item' if size == 1 else 'items'}"
    return f"a {type(value).__name__}"


def _where(path: tuple | None) -> str:
    """``path`` is a chain (parent, key); the result reads like ``tableau[0].up``."""
    keys = []
    while path is not None:
        path, key = path
        keys.append(key)
    text = ""
    for key in reversed(keys):
        text += f"[{key}]" if isinstance(key, int) else (f".{key}" if text else key)
    return text or "the top level"


def _too_long(what: str, where: str, text: str, limits: Limits) -> str:
    return f"{what}: {where} holds {brief(text)}, too long (at most {limits.text} characters)"


def plain_copy(value: Any, limits: Limits, what: str) -> Any:
    """A copy of ``value`` made of exact JSON types, or ``ValueError`` naming the place that
    breaks ``limits`` or is not JSON. Iterative, and each container's length is checked before
    its items are visited, so the work never exceeds the limits."""
    holder: list[Any] = [None]
    stack: list[tuple[Any, Any, Any, int, tuple | None]] = [(holder, 0, value, 0, None)]
    items = containers = 0
    while stack:
        parent, slot, item, depth, path = stack.pop()
        if item is None or isinstance(item, bool):
            parent[slot] = item
        elif isinstance(item, int):
            parent[slot] = int.__int__(item)
        elif isinstance(item, float):
            parent[slot] = float.__float__(item)
        elif isinstance(item, str):
            if str.__len__(item) > limits.text:
                raise ValueError(_too_long(what, _where(path), item, limits))
            parent[slot] = str.__str__(item)
        elif isinstance(item, (dict, list)):
            containers += 1
            size = dict.__len__(item) if isinstance(item, dict) else list.__len__(item)
            items += size
            if depth >= limits.depth:
                raise ValueError(f"{what}: {_where(path)} is nested too deeply")
            if containers > limits.containers or items > limits.items:
                raise ValueError(
                    f"{what} is too large: {_where(path)} is {brief(item)}"
                    f" (at most {limits.items:,} values in all)"
                )
            if isinstance(item, dict):
                copy: Any = {}
                for key, entry in dict.items(item):
                    if not isinstance(key, str) or str.__len__(key) > limits.text:
                        raise ValueError(f"{what}: {_where(path)} has the key {brief(key)}")
                    key = str.__str__(key)
                    copy[key] = None
                    stack.append((copy, key, entry, depth + 1, (path, key)))
            else:
                entries = list.copy(item)
                if set(map(type, entries)) <= {str}:  # the usual list: cards or moves
                    if max(map(len, entries), default=0) > limits.text:
                        longest = max(entries, key=len)
                        raise ValueError(_too_long(what, _where(path), longest, limits))
                    copy = entries
                else:
                    copy = [None] * size
                    for index, entry in enumerate(entries):
                        stack.append((copy, index, entry, depth + 1, (path, index)))
            parent[slot] = copy
        else:
            raise ValueError(f"{what}: {_where(path)} is {brief(item)}, which is not a JSON value")
    return holder[0]


def parse_json_text(text: str | bytes | bytearray, limits: Limits, what: str) -> Any:
    """Parse JSON text from outside after measuring it, so that neither deep nesting nor a
    flood of values reaches ``json.loads``. Bytes must be UTF-8."""
    if len(text) > limits.size:
        raise ValueError(f"{what} is too long: {len(text):,} characters (at most {limits.size:,})")
    if not isinstance(text, str):
        try:
            text = bytes(text).decode("utf-8-sig")
        except UnicodeDecodeError as error:
            bad = error.object[error.start]
            raise ValueError(
                f"{what} is not UTF-8 text: byte 0x{bad:02x} at position {error.start} "
                "cannot be read"
            ) from None
    # Counted in the raw text first, strings and all (no saved game has a comma or a bracket
    # inside a string), which costs no memory: only text that passes is looked at closer.
    if text.count(",") >= limits.items:
        raise ValueError(
            f"{what} holds more than {limits.items:,} values, more than {limits.holder} can hold"
        )
    opened = text.count("[") + text.count("{")
    if opened > limits.containers:
        if _deepest(_NOT_BRACKET.sub("", text), limits) > limits.depth:
            raise ValueError(f"{what} is nested too deeply (more than {limits.depth} levels)")
        raise ValueError(
            f"{what} has {opened:,} lists and objects, more than the {limits.containers} "
            f"{limits.holder} can hold"
        )
    if _deepest(_brackets_outside_strings(text, limits, what), limits) > limits.depth:
        raise ValueError(f"{what} is nested too deeply (more than {limits.depth} levels)")
    try:
        return json.loads(text)
    except ValueError as error:  # JSONDecodeError, or an integer too long to read
        raise ValueError(f"{what} is not valid JSON: {error}") from None


def _brackets_outside_strings(text: str, limits: Limits, what: str) -> str:
    """The brackets of ``text`` that are not inside a string, in order, read in one pass.

    A string is skipped from its opening quote to its closing one by one match of
    ``_STRING_INSIDE``, and the next search starts after it, so no character is read twice
    whatever the text holds: a long run of escapes, of quotes or of any one character costs
    its length. An unclosed string ends the reading: ``json.loads`` stops there too, so no
    bracket after it can nest. A saved game has at most two strings a value (a key and its
    value), so more strings than that are refused as more values than it can hold, which also
    bounds the steps of the loop."""
    brackets = []
    strings = 0
    at = 0
    while True:
        quote = text.find('"', at)
        brackets.append(_NOT_BRACKET.sub("", text[at:] if quote < 0 else text[at:quote]))
        if quote < 0:
            break
        end = _STRING_INSIDE.match(text, quote + 1).end()
        if end == len(text) or text[end] != '"':  # unclosed: the text ends inside the string
            break
        strings += 1
        if strings > 2 * limits.items + 1:
            raise ValueError(
                f"{what} holds more than {2 * limits.items + 1:,} strings, more than a saved "
                "game can hold"
            )
        at = end + 1
    return "".join(brackets)


def _deepest(brackets: str, limits: Limits) -> int:
    """How deep the first brackets of ``brackets`` (nothing but brackets) nest: enough of them
    to tell whether the nesting passes ``limits.depth``."""
    depth = deepest = 0
    for bracket in brackets[: 2 * limits.containers + 2]:
        depth += _OPENING[bracket]
        deepest = max(deepest, depth)
    return deepest
