"""What the page is sent so it can draw an action's cards one after another (``_board["steps"]``)
and what it shows about some piles besides their cards (``_board["piles"]``).

Steps name only cards the player has seen: each one moved face-up, or was turned face-up by the
move (a tableau card, the reserve's new top card). A recycle would name the stock: no steps then.
"""

from __future__ import annotations

from typing import Any

from page import Page
from positions import applegate_state, klondike_state, run_down
from solitaire_widget.widget import Applegate, Klondike, load

# Finish plays the eight cards from the Jacks up, one at a time.
READY_TO_FINISH = klondike_state(["KC QD JC", "KD QC JD", "KH QS JH", "KS QH JS"])
# The 9 of clubs onto the 10 of hearts turns up the Ace of spades, which goes home and turns up
# the 2 of spades, which goes home too, and so does the 9 (auto-move): one action of four moves.
UNCOVERS_TWO = klondike_state(["2S AS | 9C", "TH", "KD"], stock="*")


def named_cards(steps: dict[str, Any]) -> list[str]:
    return [card for step in steps["moves"] for card in [*step["cards"], step["turned"]] if card]


def test_a_finish_sends_its_moves_as_steps_from_the_version_before_it():
    board = load(READY_TO_FINISH)
    page = Page(board)
    before = board._board["version"]
    page.request("finish")
    steps = board._board["steps"]
    assert steps["after"] == before
    assert [(s["from"], s["to"], s["cards"]) for s in steps["moves"][:4]] == [
        ("t1", "f1", ["JC"]),
        ("t2", "f2", ["JD"]),
        ("t3", "f3", ["JH"]),
        ("t4", "f4", ["JS"]),
    ]
    assert len(steps["moves"]) == 12
    assert all(step["turned"] is None for step in steps["moves"])
    assert page.view()["_board"]["steps"] == steps


def test_a_move_and_its_auto_moves_name_the_cards_they_turned_up():
    board = load(UNCOVERS_TWO)
    page = Page(board)
    page.request("move", move="t1-t2")
    assert board._board["steps"]["moves"] == [
        {"from": "t1", "to": "t2", "cards": ["9C"], "turned": "AS"},
        {"from": "t1", "to": "f4", "cards": ["AS"], "turned": "2S"},
        {"from": "t1", "to": "f4", "cards": ["2S"], "turned": None},
        {"from": "t2", "to": "f1", "cards": ["9C"], "turned": None},  # the 8 of clubs is home
    ]


def test_a_single_move_an_undo_and_a_redo_send_no_steps():
    board = load(UNCOVERS_TWO, auto_move=False)
    page = Page(board)
    page.request("move", move="t1-t2")
    assert board._board["steps"] is None
    board.auto_move = True
    page.request("undo")
    assert board._board["steps"] is None
    page.request("move", move="t1-t2")
    assert board._board["steps"] is not None
    page.request("undo")
    page.request("redo")
    assert board._board["steps"] is None


def test_a_draw_names_the_card_it_turned_over_and_a_recycle_sends_no_steps():
    # The stock's top card is an Ace: the draw and the Ace going home are one action.
    board = load(klondike_state(["KD", "QC"], stock="* AH"))
    page = Page(board)
    page.request("draw")
    assert board._board["steps"]["moves"] == [
        {"from": "stock", "to": "waste", "cards": ["AH"], "turned": None},
        {"from": "waste", "to": "f3", "cards": ["AH"], "turned": None},
    ]
    while board._game.stock:
        page.request("draw")
    page.request("draw")  # the recycle
    assert board._board["steps"] is None


def test_steps_name_no_card_the_player_has_not_seen():
    board = Klondike(seed=2024)
    page = Page(board)
    seen = set()
    for _ in range(120):
        view = board._board
        seen |= {card for pile in view["tableau"] for card in pile["up"]}
        seen |= {card for pile in view["foundations"] for card in pile} | set(view["waste"])
        legal = [move for move in board.legal_moves() if move.dst != "stock"]
        if not legal:
            break
        page.request("move", move=str(legal[len(seen) % len(legal)]))
        steps = board._board["steps"]
        if steps is not None:
            after = board._board
            shown = {card for pile in after["tableau"] for card in pile["up"]}
            shown |= {card for pile in after["foundations"] for card in pile}
            shown |= set(after["waste"])
            assert set(named_cards(steps)) <= shown | seen


def test_the_reserve_is_labelled_and_a_finished_run_marks_its_foundation_complete():
    run = run_down("5S", 13)
    board = load(applegate_state([" ".join(run[:-1]), run[-1]], foundations=["C", "D"]))
    assert board._board["piles"] == {
        "reserve": {"label": "Reserve"},
        "f1": {"complete": True},
        "f2": {"complete": True},
    }
    Page(board).request("move", move="t2-t1")  # the run is whole: it goes home by itself
    assert board._board["piles"]["f3"] == {"complete": True}
    assert Klondike(seed=1)._board["piles"] == {}
    assert Applegate(seed=1)._board["piles"] == {"reserve": {"label": "Reserve"}}


def test_a_card_from_the_reserve_names_the_reserve_card_it_uncovered():
    run = run_down("5S", 13)
    board = load(applegate_state([" ".join(run[:-1]), "QH"], reserve="KH 5S"))
    Page(board).request("move", move="reserve-t1")
    assert board._board["steps"]["moves"] == [
        {"from": "reserve", "to": "t1", "cards": ["5S"], "turned": "KH"},
        {"from": "t1", "to": "f3", "cards": run, "turned": None},
    ]
