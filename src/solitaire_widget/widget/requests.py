"""Requests from the page: their shape is checked here, before the engine sees them.

Only the shape is checked; whether a well-formed move is legal is the engine's call.
"""

from __future__ import annotations

import re

from ..shape import Limits, brief, plain_copy

_SOURCE = r"(?:stock|waste|reserve|f[1-4]|t[1-7])"
_MOVE_REQUEST = re.compile(rf"({_SOURCE})-({_SOURCE}|f)(?::([0-9]{{1,2}}))?")
_MAX_MOVE_LENGTH = 16
_PLAIN_REQUESTS = frozenset({"draw", "undo", "redo", "new_game", "hint", "finish"})
_REQUEST_FIELDS = {"move": frozenset({"type", "move", "version"})} | {
    kind: frozenset({"type", "version"}) for kind in _PLAIN_REQUESTS
}
_STALE = "The board changed before this request arrived, so nothing was done. Try again."
# Every request is a small flat object; these limits leave room for a few nested options.
REQUEST_LIMITS = Limits(depth=4, containers=16, items=64, text=200)


def oversized_request(content: object) -> str | None:
    """Why a request is too deep, too big or not JSON at all, or None. The first check every
    request meets, whatever its type: it costs what the limits allow, never what the request
    holds, so nothing after it (messages, logs, the checks below) can recurse or run long."""
    try:
        plain_copy(content, REQUEST_LIMITS, "The request")
    except ValueError as refusal:
        return f"{refusal}."
    return None


def request_refusal(content: object, version: int) -> str | None:
    """Why a request from the page cannot be carried out as it stands, or None when it can.

    Only the shape is checked here; whether a well-formed move is legal is the engine's call.
    """
    oversized = oversized_request(content)
    if oversized is not None:
        return oversized
    if not isinstance(content, dict):
        return "A request must be an object with a type and a version."
    kind = content.get("type")
    if not isinstance(kind, str) or kind not in _REQUEST_FIELDS:
        return f"Unknown request type {brief(kind)}."
    expected = _REQUEST_FIELDS[kind]
    if set(content) != expected:
        missing = sorted(expected - set(content))
        extra = sorted(map(brief, set(content) - expected))
        wrong = "; ".join(
            part
            for part in (
                f"missing {', '.join(missing)}" if missing else "",
                f"unexpected {', '.join(extra)}" if extra else "",
            )
            if part
        )
        return f"A {kind} request has the wrong fields ({wrong})."
    request_version = content["version"]
    if isinstance(request_version, bool) or not isinstance(request_version, int):
        return "A request's version must be a whole number."
    if kind == "move":
        text = content["move"]
        if not isinstance(text, str) or len(text) > _MAX_MOVE_LENGTH:
            return "A move must be short text such as t2-t5:3."
        found = _MOVE_REQUEST.fullmatch(text)
        if found is None:
            return f"Could not read the move {brief(text)}."
        if found[3] is not None and not 1 <= int(found[3]) <= 52:
            return f"A move carries 1 to 52 cards, not {int(found[3])}."
    if request_version != version:
        return _STALE
    return None
