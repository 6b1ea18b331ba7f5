"""Requests from the page: their shape is checked here, before the engine sees them.

Only the shape is checked; whether a well-formed move is legal is the engine's call. Types are
checked exactly as JSON gives them: ``true`` is not the number 1, and ``3.0`` is not the count 3.
"""

from __future__ import annotations

from ..games import definition, names, spelled_names
from ..moves import Move
from ..shape import Limits, brief, plain_copy
from ..variants import has_winnable_deals, variant_of

_MAX_MOVE_LENGTH = 16
# The words for a draw and a recycle, as ``_board["legal"]`` lists them (and ``g.move`` takes).
_MOVE_WORDS = frozenset({"draw", "recycle"})
_PLAIN_REQUESTS = frozenset(
    {"draw", "undo", "redo", "restart", "new_game", "hint", "finish", "stats"}
    | {"review", "review_leave"}
)
# Requests that only read: answered whatever version they were made on. A review is a snapshot
# of the game when it was asked for, so stepping through it or leaving it reads no live version.
_READING = frozenset({"stats", "review_step", "review_leave"})
_BASE = frozenset({"type", "version"})
# Each request type with the field sets it may carry (a new game's options are optional).
_REQUEST_FIELDS: dict[str, tuple[frozenset[str], ...]] = {
    **dict.fromkeys(_PLAIN_REQUESTS, (_BASE,)),
    "move": (_BASE | {"move"},),
    "new_game": (_BASE, _BASE | {"options"}),
    "set": (_BASE | {"name", "value"},),
    "review_step": (_BASE | {"index"},),
}
# The settings the options menu may change, all of them on/off.
SETTINGS = ("smart_click", "four_colour", "show_marks", "auto_move", "coach")
# A new game's choices besides that game's own options: the game, and whether its deal must be
# proven winnable.
NEW_GAME_CHOICES = ("game", "winnable")
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


def _is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _fields_refusal(kind: str, fields: set[object]) -> str | None:
    shapes = _REQUEST_FIELDS[kind]
    if fields in shapes:
        return None
    expected = shapes[-1]
    missing = sorted(_BASE - fields if len(shapes) > 1 else expected - fields)
    extra = sorted(map(brief, fields - expected))
    wrong = "; ".join(
        part
        for part in (
            f"missing {', '.join(missing)}" if missing else "",
            f"unexpected {', '.join(extra)}" if extra else "",
        )
        if part
    )
    return f"A {kind} request has the wrong fields ({wrong})."


def _move_refusal(text: object) -> str | None:
    if not isinstance(text, str) or len(text) > _MAX_MOVE_LENGTH:
        return "A move must be short text such as t2-t5:3."
    if text in _MOVE_WORDS:
        return None
    try:
        move = Move.parse(text)
    except ValueError as error:
        # The notation's own words (any game's piles; whether this game has the pile is the
        # engine's call), after "cannot read ... as a move: ".
        reason = str(error).partition(" as a move")[2].strip().rstrip(".")
        joined = f" {reason}" if reason.startswith("(") else reason
        return f"Could not read the move {brief(text)}{joined}."
    if str(move) != text:
        return f"Could not read the move {brief(text)}: the page writes {str(move)!r}."
    return None


def new_game_refusal(options: object, null: str = "null") -> str | None:
    """Why a new game's choices are not exactly ``{"game", "winnable", **that game's options}``
    with allowed values, or None. A game without proven-winnable deals (no daily challenge)
    refuses ``winnable: true``."""
    if not isinstance(options, dict) or "game" not in options:
        return "A new game's options name a game and say whether its deal must be winnable."
    if not isinstance(options["game"], str) or options["game"] not in names():
        return f"A new game is {spelled_names()}, not {brief(options['game'])}."
    game = definition(options["game"])
    wanted = [*NEW_GAME_CHOICES, *(option.name for option in game.options)]
    if set(options) != set(wanted):
        return f"A new game of {game.title} has exactly the options {all_of(wanted)}."
    for option in game.options:
        refusal = option.refusal(options[option.name], null=null)
        if refusal is not None:
            return f"A new game's {refusal}."
    winnable = options["winnable"]
    if not isinstance(winnable, bool):
        return f"A new game's winnable option is true or false, not {brief(winnable)}."
    if winnable and not has_winnable_deals(game.name, options):
        label = variant_of(game.name, options).label
        return f"{label} has no proven-winnable deals: deal it with winnable off."
    return None


def all_of(words: list[str]) -> str:
    """ "a", "a and b", "a, b and c"."""
    return " and ".join(filter(None, [", ".join(words[:-1]), *words[-1:]]))


def _setting_refusal(name: object, value: object) -> str | None:
    if not isinstance(name, str) or name not in SETTINGS:
        return f"There is no setting {brief(name)}: the settings are {', '.join(SETTINGS)}."
    if not isinstance(value, bool):
        return f"The setting {name} is true or false, not {brief(value)}."
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
    refusal = _fields_refusal(kind, set(content))
    if refusal is not None:
        return refusal
    if not _is_whole(content["version"]):
        return "A request's version must be a whole number."
    if kind == "move":
        refusal = _move_refusal(content["move"])
    elif kind == "new_game" and "options" in content:
        refusal = new_game_refusal(content["options"])
    elif kind == "set":
        refusal = _setting_refusal(content["name"], content["value"])
    elif kind == "review_step" and (not _is_whole(content["index"]) or content["index"] < 0):
        refusal = f"A review step goes to a position 0 or later, not {brief(content['index'])}."
    if refusal is not None:
        return refusal
    if content["version"] != version and kind not in _READING:
        return _STALE
    return None
