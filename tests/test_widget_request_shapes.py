"""The new requests' shapes (restart, new game with options, set) are checked exactly: exact keys,
exact JSON types (true is not 1, 3.0 is not 3); anything else is refused with a message that says
what is wrong, changes nothing and never raises in the kernel."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import solitaire_widget as sw
from page import Page

FAILED = "That request failed inside the kernel"
SETTINGS = ("smart_click", "four_colour", "show_marks", "auto_move", "coach")
GOOD_OPTIONS = {"game": "klondike", "draw": 3, "scoring": "vegas", "winnable": False}


def everything_but_the_message(board: Any) -> dict[str, Any]:
    return {**{k: v for k, v in board.get_state().items() if k != "_message"}, **board.state()}


def assert_refused(content: Any, *words: str) -> None:
    board = sw.Klondike(seed=1)
    before = everything_but_the_message(board)
    message = Page(board).send(content)
    assert message["kind"] == "error" and not message["text"].startswith(FAILED), message
    for word in words:
        assert word in message["text"]
    assert everything_but_the_message(board) == before


@pytest.mark.parametrize(
    ("content", "words"),
    [
        ({"type": "restart", "version": 1, "hard": True}, ["wrong fields", "unexpected 'hard'"]),
        ({"type": "restart"}, ["wrong fields", "missing version"]),
        ({"type": "restart", "version": 1.0}, ["whole number"]),
        ({"type": "new_game", "version": 1, "options": None}, ["name a game"]),
        ({"type": "new_game", "version": 1, "options": {}}, ["name a game"]),
        ({"type": "new_game", "version": 1, "options": {**GOOD_OPTIONS, "seed": 4}}, ["exactly"]),
        ({"type": "new_game", "options": GOOD_OPTIONS}, ["missing version"]),
        ({"type": "new_game", "version": 1, "option": GOOD_OPTIONS}, ["unexpected 'option'"]),
        ({"type": "new_game", "version": 1, "options": {**GOOD_OPTIONS, "draw": 3.0}}, ["3.0"]),
        ({"type": "new_game", "version": 1, "options": {**GOOD_OPTIONS, "draw": True}}, ["True"]),
        ({"type": "new_game", "version": 1, "options": {**GOOD_OPTIONS, "draw": 2}}, ["1 or 3"]),
        ({"type": "new_game", "version": 1, "options": {**GOOD_OPTIONS, "draw": "3"}}, ["'3'"]),
        ({"type": "new_game", "version": 1, "options": {**GOOD_OPTIONS, "game": "chess"}},
         ["'klondike', 'applegate' or 'spider'"]),
        ({"type": "new_game", "version": 1, "options": {**GOOD_OPTIONS, "game": ["klondike"]}},
         ["'klondike', 'applegate' or 'spider'"]),
        ({"type": "new_game", "version": 1, "options": {**GOOD_OPTIONS, "scoring": "Vegas"}},
         ["'standard', 'vegas' or null"]),
        ({"type": "new_game", "version": 1, "options": {**GOOD_OPTIONS, "scoring": False}},
         ["'standard', 'vegas' or null"]),
        ({"type": "new_game", "version": 1, "options": {**GOOD_OPTIONS, "winnable": 1}},
         ["true or false"]),
        ({"type": "new_game", "version": 1,
          "options": {**GOOD_OPTIONS, "game": "applegate", "draw": 0}},
         ["Applegate", "exactly the options game and winnable"]),
        ({"type": "new_game", "version": 1, "options": {"game": "klondike", "winnable": False}},
         ["exactly the options game, winnable, draw and scoring"]),
        ({"type": "new_game", "version": 1,
          "options": {"game": "spider", "suits": 3, "winnable": False}}, ["1, 2 or 4"]),
        ({"type": "new_game", "version": 1,
          "options": {"game": "spider", "suits": 2, "winnable": True}},
         ["Spider · 2 suits has no proven-winnable deals"]),
        ({"type": "new_game", "version": 0, "options": GOOD_OPTIONS}, ["changed"]),
        ({"type": "set", "version": 1, "name": "smart_click"}, ["missing value"]),
        ({"type": "set", "version": 1, "name": "smart_click", "value": 1}, ["true or false"]),
        ({"type": "set", "version": 1, "name": "score", "value": True}, ["no setting 'score'"]),
        ({"type": "set", "version": 1, "name": None, "value": True}, ["no setting None"]),
        ({"type": "set", "version": 2, "name": "smart_click", "value": False}, ["changed"]),
    ],
)  # fmt: skip
def test_named_junk_is_refused_with_what_is_wrong(content, words):
    assert_refused(content, *words)


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=6,
)
GOOD_VALUES = {
    "game": ["klondike", "applegate"],
    "draw": [1, 3],
    "scoring": ["standard", "vegas", None],
    "winnable": [True, False],
}


def is_good_value(key: str, value: Any) -> bool:
    return any(type(value) is type(good) and value == good for good in GOOD_VALUES[key])


@st.composite
def bad_options(draw: Any) -> Any:
    """Options a correct page never sends: not an object, wrong keys, or one value of a wrong
    type or out of range."""
    kind = draw(st.integers(0, 2))
    if kind == 0:
        return draw(json_values.filter(lambda v: not isinstance(v, dict)))
    options = {key: draw(st.sampled_from(values)) for key, values in GOOD_VALUES.items()}
    if kind == 1:
        if draw(st.booleans()):
            del options[draw(st.sampled_from(sorted(options)))]
        else:
            options[draw(st.text(max_size=8).filter(lambda k: k not in options))] = True
        return options
    key = draw(st.sampled_from(sorted(options)))
    options[key] = draw(json_values.filter(lambda v: not is_good_value(key, v)))
    return options


@st.composite
def junk(draw: Any, version: int) -> dict[str, Any]:
    kind = draw(st.integers(0, 3))
    if kind == 0:
        return {"type": "new_game", "version": version, "options": draw(bad_options())}
    if kind == 1:
        name = draw(st.sampled_from(SETTINGS) | json_values)
        value = draw(json_values)
        valid = isinstance(name, str) and name in SETTINGS and isinstance(value, bool)
        stale = version + 1 if valid else version
        return {"type": "set", "version": stale, "name": name, "value": value}
    if kind == 2:
        extra = draw(st.text(max_size=6).filter(lambda k: k not in ("type", "version")))
        return {"type": "restart", "version": version, extra: draw(json_values)}
    wrong = draw(
        st.one_of(st.integers().filter(lambda v: v != version), st.booleans(), st.floats())
    )
    return {"type": draw(st.sampled_from(["restart", "new_game", "set"])), "version": wrong}


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), applegate=st.booleans())
def test_junk_in_the_new_requests_never_raises_and_never_changes_the_board(data, applegate):
    board = sw.Applegate(seed=2) if applegate else sw.Klondike(seed=2)
    page = Page(board)
    for _ in range(3):
        before = everything_but_the_message(board)
        asked = board._message["id"]
        message = page.send(data.draw(junk(board._board["version"])))
        assert message["id"] == asked + 1
        assert message["kind"] == "error" and message["text"]
        assert not message["text"].startswith(FAILED), message["text"]
        assert everything_but_the_message(board) == before


@pytest.mark.parametrize("draw", [1, 3])
def test_the_word_draw_from_the_page_draws_as_g_move_does(draw):
    """``_board["legal"]`` lists ``draw``; the page may send it back as a move request."""
    board = sw.Klondike(seed=1, draw=draw, autosave=False)
    assert "draw" in board._board["legal"]
    expected = sw.Klondike(seed=1, draw=draw, autosave=False)
    expected.move("draw")
    message = Page(board).request("move", move="draw")
    assert message["kind"] != "error", message
    assert board.state() == expected.state()


def test_the_word_recycle_from_the_page_recycles_the_waste():
    board = sw.Klondike(seed=1, autosave=False)
    page = Page(board)
    while "recycle" not in board._board["legal"]:
        assert page.request("move", move="draw")["kind"] != "error"
    assert page.request("move", move="recycle")["kind"] != "error"
    assert str(board.history[-1]) == "recycle"
    assert board.state()["waste"] == []


def test_a_draw_asked_of_a_game_with_no_stock_is_refused_by_its_rules():
    board = sw.Applegate(seed=1, autosave=False)
    before = everything_but_the_message(board)
    message = Page(board).request("move", move="draw")
    assert message["kind"] == "error" and "Could not read" not in message["text"], message
    assert everything_but_the_message(board) == before
