"""The board's settings: which controls it shows, smart click, auto-move, the four-colour deck,
the teaching marks and the clock; lesson boards; and the texts the board shows beside the game."""

from __future__ import annotations

import pytest

import solitaire_widget as sw
from page import Page
from positions import klondike_state
from solitaire_widget.widget.controls import CONTROLS

SETTINGS = ["smart_click", "four_colour", "show_marks", "auto_move", "coach"]
LESSON = ("restart", "undo", "redo", "finish")
POSITION = klondike_state(["KC", "KD", "KH", "KS"])
CARDS = [rank + suit for suit in "CDHS" for rank in "A23456789TJQK"]


def test_a_board_shows_every_control_by_default_in_the_bars_order():
    board = sw.Klondike(seed=1)
    assert board.controls == CONTROLS
    assert board.get_state("controls")["controls"] == CONTROLS
    assert CONTROLS == (
        "new_game", "restart", "undo", "redo", "hint", "finish", "review", "stats", "options",
    )  # fmt: skip


@pytest.mark.parametrize(
    ("controls", "shown"),
    [
        ("all", CONTROLS),
        ("lesson", LESSON),
        ("none", ()),
        (["hint", "undo"], ("undo", "hint")),
        (("redo", "undo", "redo"), ("undo", "redo")),
        ({"options"}, ("options",)),
        ((name for name in ["finish"]), ("finish",)),
        ([], ()),
    ],
)
def test_controls_are_a_preset_or_names_kept_in_the_bars_order(controls, shown):
    assert sw.Klondike(seed=1, controls=controls).controls == shown


@pytest.mark.parametrize(
    ("controls", "words"),
    [
        (["undo", "shuffle"], "unknown control 'shuffle'"),
        (["Undo"], "unknown control 'Undo'"),
        ([1], "unknown control 1"),
        ("everything", "'all', 'lesson', 'none' or a list"),
        ("undo", "for one control write ['undo']"),
        (3, "'all', 'lesson', 'none' or a list"),
        (None, "'all', 'lesson', 'none' or a list"),
    ],
)
def test_controls_that_cannot_be_read_are_a_value_error_naming_them(controls, words):
    with pytest.raises(ValueError, match=words.replace("[", r"\[").replace("(", r"\(")):
        sw.Klondike(seed=1, controls=controls)


def test_every_constructor_takes_the_board_settings():
    boards = [
        sw.Klondike(seed=1, controls="none", smart_click=False, four_colour=True, clock=False),
        sw.Applegate(seed=1, controls="none", smart_click=False, four_colour=True, clock=False),
        sw.Klondike.from_deal(CARDS, controls="none", smart_click=False, four_colour=True),
        sw.Applegate.from_deal(CARDS, controls="none", smart_click=False, four_colour=True),
        sw.load(POSITION, controls="none", smart_click=False, four_colour=True, show_marks=False),
    ]
    for board in boards:
        assert board.controls == () and not board.smart_click and board.four_colour


def test_settings_are_keyword_only_and_load_takes_no_winnable():
    with pytest.raises(TypeError):
        sw.Applegate(1, True)
    with pytest.raises(TypeError, match="unknown board setting 'winnable'"):
        sw.load(POSITION, winnable=True)


def test_a_lesson_board_shows_the_lesson_controls_and_leaves_every_move_to_the_learner():
    board = sw.load(POSITION, controls="lesson")
    assert board.controls == LESSON
    assert board.auto_move is False and board.smart_click is False
    assert board.get_state("_clock")["_clock"]["enabled"] is False
    play = sw.load(POSITION)
    assert play.auto_move is True and play.smart_click is True
    assert play.get_state("_clock")["_clock"]["enabled"] is True


def test_a_lesson_board_can_ask_for_each_help_back():
    board = sw.load(POSITION, controls="lesson", smart_click=True, auto_move=True, clock=True)
    assert board.smart_click and board.auto_move
    assert board.get_state("_clock")["_clock"]["enabled"] is True


def test_a_board_made_of_lesson_controls_by_name_is_not_a_lesson_board():
    board = sw.load(POSITION, controls=list(LESSON))
    assert board.controls == LESSON and board.smart_click and board.auto_move


def test_the_defaults_are_smart_click_on_auto_move_on_two_colours_marks_on():
    board = sw.Klondike(seed=1)
    assert (board.smart_click, board.auto_move, board.four_colour, board.show_marks) == (
        True,
        True,
        False,
        True,
    )


def test_python_changes_a_setting_and_the_page_hears_only_that():
    board = sw.Klondike(seed=1)
    page = Page(board)
    board.controls = "lesson"
    board.four_colour = True
    assert page.updates == [{"controls": LESSON}, {"four_colour": True}]


def test_setting_what_is_already_set_sends_nothing():
    board = sw.Klondike(seed=1)
    page = Page(board)
    board.controls = list(CONTROLS)
    board.smart_click = True
    board.draw()
    assert [set(update) & {"controls", "smart_click", "_busy"} for update in page.updates] == [
        set()
    ]


def test_python_cannot_set_an_unknown_control_and_nothing_changes():
    board = sw.Klondike(seed=1)
    with pytest.raises(ValueError, match="unknown control"):
        board.controls = ["undo", "cheat"]
    assert board.controls == CONTROLS


@pytest.mark.parametrize("name", SETTINGS)
def test_the_options_menu_turns_each_setting_on_and_off(name):
    board = sw.Klondike(seed=1)
    page = Page(board)
    value = not getattr(board, name)
    message = page.request("set", name=name, value=value)
    assert getattr(board, name) is value
    assert page.updates == [{name: value}]
    assert message["kind"] == "info"


@pytest.mark.parametrize("value", [1, 0, "true", None, [True], 1.0])
def test_a_setting_is_set_only_to_true_or_false(value):
    board = sw.Klondike(seed=1)
    message = Page(board).request("set", name="smart_click", value=value)
    assert message["kind"] == "error" and "true or false" in message["text"]
    assert board.smart_click is True


@pytest.mark.parametrize("name", ["controls", "status", "_board", "clock", "Smart_click", 1])
def test_the_page_cannot_set_anything_but_the_menus_settings(name):
    board = sw.Klondike(seed=1)
    page = Page(board)
    message = page.request("set", name=name, value=False)
    assert message["kind"] == "error" and "There is no setting" in message["text"]
    assert [set(update) for update in page.updates] == [{"_message"}]


def test_the_page_cannot_set_the_controls_through_the_model():
    board = sw.Klondike(seed=1, controls="lesson")
    page = Page(board)
    board.set_state({"controls": list(CONTROLS)})
    assert board.controls == LESSON
    assert page.updates[-1] == {"controls": LESSON}


# ----------------------------------------------------------------- what the board says


@pytest.mark.parametrize(
    ("board", "label"),
    [
        (lambda: sw.Klondike(seed=1), "Klondike · draw 1"),
        (lambda: sw.Klondike(seed=1, draw=3), "Klondike · draw 3"),
        (lambda: sw.Klondike(seed=1, draw=3, scoring="vegas"), "Klondike · draw 3 · Vegas scoring"),
        (lambda: sw.Klondike(seed=1, scoring=None), "Klondike · draw 1 · no score"),
        (lambda: sw.Applegate(seed=1), "Applegate"),
    ],
)
def test_the_board_names_its_variant(board, label):
    assert board()._board["label"] == label


def test_the_board_view_has_no_winnable_flag_but_a_badge():
    board = sw.Klondike(seed=21, winnable=True)
    assert "winnable_deal" not in board._board
    assert board._board["badges"] == ["Winnable deal"]
    assert sw.load(board.state())._board["badges"] == []


def dead_board(**settings):
    from test_status import DEAD_KLONDIKE, DEAD_STOCK

    return sw.load(klondike_state(DEAD_KLONDIKE, foundations=[], stock=DEAD_STOCK), **settings)


@pytest.mark.parametrize(
    ("controls", "text"),
    [
        ("all", "This deal cannot make any progress from the start: restart is no help; "
         "start a new game."),
        ("lesson", "This deal cannot make any progress from the start: restart is no help."),
        (["new_game"], "This deal cannot make any progress from the start: start a new game."),
        ("none", "This deal cannot make any progress from the start."),
    ],
)  # fmt: skip
def test_a_deal_lost_from_the_start_never_offers_undo(controls, text):
    board = dead_board(controls=controls)
    assert board._message == {"text": text, "kind": "lost", "id": 1}


@pytest.mark.parametrize(
    ("controls", "text"),
    [
        ("all", "No move can make progress: undo some moves, restart this deal or start a "
         "new game."),
        ("lesson", "No move can make progress: undo some moves or restart this deal."),
        (["undo"], "No move can make progress: undo some moves."),
        ("none", "No move can make progress: game over."),
    ],
)  # fmt: skip
def test_a_lost_game_with_moves_to_undo_names_what_the_board_offers(controls, text):
    board = dead_board(controls=controls)
    Page(board).request("draw")
    assert board.status == "lost"
    assert board._message["text"] == text and board._message["kind"] == "lost"


def test_the_lost_message_follows_the_undo_back_to_the_start():
    board = dead_board()
    page = Page(board)
    page.request("draw")
    page.request("undo")
    assert board._message["text"].startswith("This deal cannot make any progress from the start")
