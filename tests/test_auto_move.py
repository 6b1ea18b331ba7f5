"""Auto-move: after a player's move on the board, the cards that are safe go home by themselves,
and the page's Undo and Redo treat the move and what followed it as one action."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from page import Page
from positions import applegate, applegate_state, klondike, klondike_state, run_down
from solitaire_widget.moves import Move
from solitaire_widget.widget import Applegate, Klondike, load


def history(board: Any) -> list[str]:
    return [str(move) for move in board.history]


# ----------------------------------------------------------------- which cards are safe


def test_an_ace_is_always_safe():
    game = klondike(["KS", "AH"], foundations=[], stock="*")
    assert game.safe_move() == Move("t2", "f")


def test_a_two_is_safe_as_soon_as_its_ace_is_home():
    game = klondike(["KS", "2H"], foundations=["", "", "AH", ""], stock="*")
    assert game.safe_move() == Move("t2", "f")


def test_a_card_is_safe_once_both_lower_cards_of_the_other_colour_are_home():
    game = klondike(["KS", "5H"], foundations=["4C", "", "4H", "4S"], stock="*")
    assert game.safe_move() == Move("t2", "f")


def test_a_card_whose_lower_card_of_the_other_colour_is_still_out_is_not_safe():
    """The 4 of spades may still need the 5 of hearts to build on."""
    game = klondike(["KS", "5H"], foundations=["4C", "", "4H", "3S"], stock="*")
    assert game.is_legal("t2-f")
    assert game.safe_move() is None


def test_the_waste_top_can_be_safe():
    game = klondike(["KS"], foundations=["", "", "", ""], stock="*", waste="AD")
    assert game.safe_move() == Move("waste", "f")


def test_a_complete_applegate_run_on_top_of_a_pile_is_safe_and_twelve_cards_are_not():
    run = run_down("5S", 13)
    assert applegate([" ".join(run)], foundations=["C", "D", "H"]).safe_move() == Move(
        "t1", "f", 13
    )
    assert applegate([" ".join(run[:-1]), run[-1]], foundations=["C", "D", "H"]).safe_move() is None


# ----------------------------------------------------------------- auto-move on the board

# The Queen of hearts onto the King of spades turns up the Ace of hearts; the 2 of hearts waits on
# the waste.
ACE_UNDER_QUEEN = klondike_state(["KS", "AH | QH"], foundations=["", "", "", ""], stock="*")
ACE_THEN_TWO = klondike_state(
    ["KS", "AH | QH"], foundations=["", "", "", ""], stock="*", waste="2H"
)
# The 5 of hearts turns up with the 4 of hearts home, but the 4 of clubs is still out.
UNSAFE_FIVE = klondike_state(["KS", "5H | QH"], foundations=["3C", "", "4H", "4S"], stock="*")


def test_a_move_on_the_board_sends_the_card_it_uncovers_home_when_that_is_safe():
    board = load(ACE_UNDER_QUEEN)
    Page(board).request("move", move="t2-t1")
    assert history(board) == ["t2-t1", "t2-f"]
    assert board.state()["foundations"][0] == ["AH"]


def test_one_safe_card_going_home_can_make_the_next_one_safe():
    board = load(ACE_THEN_TWO)
    Page(board).request("move", move="t2-t1")
    assert history(board) == ["t2-t1", "t2-f", "waste-f"]


def test_an_unsafe_card_stays_where_it_is():
    board = load(UNSAFE_FIVE)
    Page(board).request("move", move="t2-t1")
    assert history(board) == ["t2-t1"]
    assert board.is_legal("t2-f")


def test_a_draw_on_the_board_sends_a_drawn_ace_home():
    board = load(klondike_state(["KS"], foundations=["", "", "", ""], stock="* AD"))
    Page(board).request("draw")
    assert history(board) == ["draw", "waste-f"]


def test_auto_moves_are_ordinary_moves_that_on_move_hears():
    board = load(ACE_THEN_TWO)
    heard: list[Move] = []
    board.on_move(heard.append)
    Page(board).request("move", move="t2-t1")
    assert [str(move) for move in heard] == ["t2-t1", "t2-f", "waste-f"]
    assert board.moves == 3 and board.score == 5 + 10 + 10  # the Ace turned up, two cards home


def test_a_move_and_its_auto_moves_reach_the_page_in_one_update():
    board = load(ACE_THEN_TWO)
    page = Page(board)
    page.request("move", move="t2-t1")
    assert len(page.updates) == 1
    assert page.updates[0]["_board"]["foundations"][0] == ["AH", "2H"]


def test_moves_made_in_python_are_never_followed_by_auto_moves():
    board = load(ACE_UNDER_QUEEN)
    board.move("t2-t1")
    assert history(board) == ["t2-t1"]


def test_with_auto_move_off_the_board_leaves_safe_cards_alone():
    board = load(ACE_UNDER_QUEEN, auto_move=False)
    Page(board).request("move", move="t2-t1")
    assert history(board) == ["t2-t1"]


def test_the_page_can_turn_auto_move_off():
    board = load(ACE_UNDER_QUEEN)
    page = Page(board)
    page.request("set", name="auto_move", value=False)
    assert board.auto_move is False
    page.request("move", move="t2-t1")
    assert history(board) == ["t2-t1"]


def test_an_applegate_run_completed_on_the_board_goes_home_and_wins():
    run = run_down("5S", 13)
    board = load(applegate_state([" ".join(run[:-1]), run[-1]], foundations=["C", "D", "H"]))
    message = Page(board).request("move", move="t2-t1")
    assert history(board) == ["t2-t1", "t1-f:13"]
    assert board.status == "won" and message["kind"] == "win"


def test_lesson_boards_have_no_auto_move():
    board = load(ACE_UNDER_QUEEN, controls="lesson")
    assert board.auto_move is False
    Page(board).request("move", move="t2-t1")
    assert history(board) == ["t2-t1"]


def test_a_lesson_board_can_ask_for_auto_move():
    assert load(ACE_UNDER_QUEEN, controls="lesson", auto_move=True).auto_move is True


# ----------------------------------------------------------------- one action, one undo


def test_the_pages_undo_takes_back_the_move_and_its_auto_moves():
    board = load(ACE_THEN_TWO)
    page = Page(board)
    before = board.state()
    page.request("move", move="t2-t1")
    after = board.state()
    page.request("undo")
    assert board.state() == before
    page.request("redo")
    assert board.state() == after and history(board) == ["t2-t1", "t2-f", "waste-f"]


def test_undo_from_python_takes_back_one_move():
    board = load(ACE_THEN_TWO)
    Page(board).request("move", move="t2-t1")
    board.undo()
    assert history(board) == ["t2-t1", "t2-f"]


def test_after_python_split_an_action_the_page_undoes_what_is_left_of_it():
    board = load(ACE_THEN_TWO)
    page = Page(board)
    page.request("move", move="t2-t1")
    board.undo()
    page.request("undo")
    assert history(board) == []
    page.request("redo")
    assert history(board) == ["t2-t1", "t2-f", "waste-f"]


def test_the_pages_undo_goes_back_one_action_at_a_time():
    board = load(ACE_THEN_TWO)
    page = Page(board)
    page.request("draw")
    page.request("move", move="t2-t1")
    page.request("undo")
    assert history(board) == ["draw"]
    page.request("undo")
    assert history(board) == []
    page.request("redo")
    assert history(board) == ["draw"]


def test_a_finish_is_one_action_for_the_pages_undo():
    board = load(klondike_state(["KC", "KD", "KH", "KS"]), auto_move=False)
    page = Page(board)
    page.request("finish")
    assert board.status == "won"
    page.request("undo")
    assert board.moves == 0


def test_a_new_move_forgets_what_could_be_redone():
    board = load(ACE_THEN_TWO)
    page = Page(board)
    page.request("move", move="t2-t1")
    page.request("undo")
    page.request("draw")
    assert not board._board["can_redo"]
    assert page.request("redo")["text"] == "There is no move to redo."


# ----------------------------------------------------------------- the bookkeeping stays exact


class Actions:
    """The test's own account of the history: each move, and whether it followed the move
    before it as part of one action (an auto move, or a card of a finish)."""

    def __init__(self) -> None:
        self.done: list[tuple[str, bool]] = []
        self.undone: list[tuple[str, bool]] = []

    def made(self, moves: list[str], together: bool) -> None:
        if moves:
            self.undone.clear()
            self.done += [(moves[0], False)] + [(move, together) for move in moves[1:]]

    def take_back(self, count: int) -> None:
        for _ in range(count):
            self.undone.append(self.done.pop())

    def put_back(self, count: int) -> None:
        for _ in range(count):
            self.done.append(self.undone.pop())

    def last_action(self) -> int:
        count = 1
        while self.done[-count][1]:
            count += 1
        return count

    def next_action(self) -> int:
        count = 1
        while count < len(self.undone) and self.undone[-1 - count][1]:
            count += 1
        return count


def comparable(view: dict[str, Any]) -> dict[str, Any]:
    """A view without what a fresh load cannot know: the version, what could be redone, the
    steps of the action that led here and the figures of a win made on the board."""
    unknown = ("version", "can_redo", "steps", "win")
    return {key: value for key, value in view.items() if key not in unknown}


MAKING = ("page move", "page draw", "page finish", "python move", "python draw")
STEPS = [
    "page move",
    "page draw",
    "page undo",
    "page redo",
    "page finish",
    "python move",
    "python undo",
    "python redo",
    "python draw",
    "restart",
]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**6),
    applegate_game=st.booleans(),
    loaded=st.integers(0, 4),
    steps=st.lists(st.tuples(st.sampled_from(STEPS), st.integers(0, 10**6)), max_size=40),
)
def test_page_and_python_undo_redo_agree_with_a_fresh_load(seed, applegate_game, loaded, steps):
    board = Applegate(seed=seed) if applegate_game else Klondike(seed=seed)
    for _ in range(loaded):  # a saved game's moves, each one action once it is loaded
        board.move(board.legal_moves()[seed % len(board.legal_moves())])
    board = load(board.state())
    page = Page(board)
    actions = Actions()
    actions.made(history(board), together=False)
    for step, choice in steps:
        before = history(board)
        if step in ("page move", "python move"):
            legal = board.legal_moves()
            if not legal:
                continue
            move = str(legal[choice % len(legal)])
            if step == "page move":
                page.request("move", move=move)
            else:
                board.move(move)
        elif step == "page draw" or step == "python draw":
            if applegate_game or not board.is_legal("draw") and not board.is_legal("recycle"):
                continue
            if step == "page draw":
                page.request("draw")
            else:
                board.draw()
        elif step == "page finish":
            page.request("finish")
        elif step == "page undo":
            if board.history:
                count = actions.last_action()
                page.request("undo")
                actions.take_back(count)
                assert history(board) == before[: len(before) - count]
        elif step == "page redo":
            if actions.undone:
                count = actions.next_action()
                page.request("redo")
                actions.put_back(count)
                assert len(board.history) == len(before) + count
        elif step == "python undo":
            if board.history:
                board.undo()
                actions.take_back(1)
        elif step == "python redo":
            if actions.undone:
                board.redo()
                actions.put_back(1)
        else:
            page.request("restart")
            actions = Actions()
            actions.made(history(board), together=False)
        if step in MAKING and len(board.history) > len(before):
            added = history(board)[len(before) :]
            actions.made(added, together=step.startswith("page"))
            if step.startswith("page") and board.auto_move:
                assert board._game.safe_move() is None
                assert all(Move.parse(move).dst.startswith("f") for move in added[1:])
            if not step.startswith("page"):
                assert len(added) == 1
        assert history(board) == [move for move, _ in actions.done]
        assert board._board["can_undo"] == bool(actions.done)
        assert board._board["can_redo"] == bool(actions.undone)
        fresh = load(board.state())
        assert history(fresh) == history(board)
        shown = page.view().get("_board", board._board)  # nothing sent yet: the first view
        assert comparable(shown) == comparable(fresh._board)
        assert shown["version"] == board._board["version"]


@pytest.mark.parametrize("draw", [1, 3])
def test_a_whole_game_played_from_the_page_with_auto_move_replays_from_its_state(draw):
    board = Klondike(seed=2024, draw=draw)
    page = Page(board)
    for _ in range(60):
        legal = [move for move in board.legal_moves() if move.src != "stock"]
        if legal:
            page.request("move", move=str(legal[0]))
        else:
            page.request("draw")
    assert history(load(board.state())) == history(board)


def test_a_loaded_game_undoes_its_saved_moves_one_by_one_from_the_page():
    board = Klondike(seed=42)
    board.move("t4-t1")
    board.draw()
    copy = load(board.state())
    page = Page(copy)
    page.request("undo")
    assert history(copy) == ["t4-t1"]
    copy.undo()
    page.request("redo")
    assert history(copy) == ["t4-t1"]
