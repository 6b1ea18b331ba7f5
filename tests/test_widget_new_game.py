"""New game and restart from the page and from Python: a board can switch between Klondike and
Applegate in place, keeps its widget, and shows it is busy while it looks for a winnable deal."""

from __future__ import annotations

from typing import Any

import pytest

import solitaire_widget as sw
import solitaire_widget.solver as solver_module
from page import Page
from solitaire_widget.moves import Move

APPLEGATE = {"game": "applegate", "winnable": False}


def klondike_options(draw: int = 1, scoring: str | None = "standard", winnable: bool = False):
    return {"game": "klondike", "draw": draw, "scoring": scoring, "winnable": winnable}


def test_a_klondike_board_becomes_an_applegate_board_in_the_same_widget():
    board = sw.Klondike(seed=42)
    page = Page(board)
    widget_id = board.model_id
    page.request("move", move="t4-t1")
    page.request("new_game", options=APPLEGATE)
    assert board.model_id == widget_id and board.comm is not None
    assert isinstance(board, sw.Applegate) and board.kind == "applegate"
    assert repr(board).startswith("<Applegate seed=")
    sent = page.view()
    assert sent["score"] == "" and sent["moves"] == 0  # a random deal: it may be lost already
    assert sent["_board"]["kind"] == "applegate" and sent["_board"]["label"] == "Applegate"
    assert sent["_board"]["reserve"] == 3 and sent["_board"]["stock"] == 0
    assert sent["seed"] == str(board.seed)
    assert board.state()["game"] == "applegate" and board.history == []


def test_the_switch_reaches_the_page_in_one_update():
    board = sw.Klondike(seed=42)
    page = Page(board)
    page.request("new_game", options=APPLEGATE)
    assert len(page.updates) == 1


def test_an_applegate_board_becomes_klondike_with_the_options_asked_for():
    board = sw.Applegate(seed=7)
    page = Page(board)
    page.request("new_game", options=klondike_options(draw=3, scoring="vegas"))
    assert isinstance(board, sw.Klondike)
    assert board.state()["options"] == {"draw": 3, "scoring": "vegas"}
    assert board.score == -52
    assert board._board["label"] == "Klondike · draw 3 · Vegas scoring"


def test_switching_back_to_klondike_from_python_keeps_its_last_options():
    board = sw.Klondike(seed=1, draw=3, scoring=None)
    board.new_game(game="applegate")
    board.new_game(game="klondike")
    assert board.state()["options"] == {"draw": 3, "scoring": None}
    board.new_game(scoring="standard")
    assert board.state()["options"] == {"draw": 3, "scoring": "standard"}


def test_a_new_game_with_the_same_options_keeps_the_seed_asked_for():
    board = sw.Klondike(seed=1, draw=3)
    board.new_game(seed=99, draw=3)
    assert board.seed == 99 and board.state() == sw.Klondike(seed=99, draw=3).state()


def test_a_request_made_on_the_old_game_is_stale_on_the_new_one():
    board = sw.Klondike(seed=42)
    page = Page(board)
    old = board._board["version"]
    page.request("new_game", options=APPLEGATE)
    assert board._board["version"] > old
    message = page.send({"type": "move", "move": "t4-t1", "version": old})
    assert "changed" in message["text"] and board.moves == 0


def test_on_move_callbacks_follow_the_board_into_its_new_game():
    board = sw.Klondike(seed=42)
    heard: list[Move] = []
    board.on_move(heard.append)
    board.new_game(seed=7, game="applegate")
    move = board.legal_moves()[0]
    board.move(move)
    assert heard == [move]


def test_python_refuses_what_no_game_has_and_changes_nothing():
    board = sw.Klondike(seed=5)
    before = board.state()
    with pytest.raises(ValueError, match="'klondike', 'applegate' or 'spider'"):
        board.new_game(game="chess")
    with pytest.raises(ValueError, match="Applegate takes no options, got 'draw'"):
        board.new_game(game="applegate", draw=3)
    with pytest.raises(ValueError, match="Spider · 2 suits has no proven-winnable deals"):
        board.new_game(game="spider", suits=2, winnable=True)
    with pytest.raises(ValueError, match="Spider has no option 'draw': its options are suits"):
        board.new_game(game="spider", draw=3)
    with pytest.raises(ValueError, match="draw must be 1 or 3"):
        board.new_game(draw=2)
    with pytest.raises(TypeError, match="winnable is True or False"):
        board.new_game(winnable="yes")
    assert board.state() == before and isinstance(board, sw.Klondike)


def test_a_new_game_request_without_options_keeps_the_game_and_its_options():
    board = sw.Klondike(seed=5, draw=3, scoring="vegas")
    Page(board).request("new_game")
    assert board.kind == "klondike" and board.state()["options"] == {"draw": 3, "scoring": "vegas"}


@pytest.mark.parametrize("how", ["page", "python"])
def test_restart_deals_the_same_cards_again(how):
    board = sw.Applegate(seed=7)
    dealt = board.state()
    board.move(board.legal_moves()[0])
    if how == "page":
        Page(board).request("restart")
    else:
        board.restart()
    assert board.state() == dealt and not board._board["can_undo"]


# ----------------------------------------------------------------- winnable deals


class DealSearch:
    """Stands in for the winnable-deal search (slow for Applegate): deals seed 35 (proved
    winnable) or the Klondike seed 22, and records what the page had been sent when it started."""

    def __init__(self) -> None:
        self.page: Page | None = None
        self.searches: list[dict[str, Any]] = []

    def __call__(self, kind: str, seed: int | None = None, options: Any = None) -> int:
        busy = self.page.received("_busy") if self.page else []
        self.searches.append({"kind": kind, "busy": busy})
        return 35 if kind == "applegate" else 22


@pytest.fixture
def deals(monkeypatch: pytest.MonkeyPatch) -> DealSearch:
    search = DealSearch()
    monkeypatch.setattr(solver_module, "first_winnable_seed", search)
    return search


def test_a_winnable_new_game_shows_the_page_it_is_busy_before_it_searches(deals):
    board = sw.Klondike(seed=3)
    deals.page = page = Page(board)
    page.request("new_game", options={**APPLEGATE, "winnable": True})
    assert deals.searches == [
        {"kind": "applegate", "busy": [{"text": "Finding a winnable deal...", "done": None}]}
    ]
    assert board.seed == 35 and board._board["badges"] == ["Winnable deal"]
    # The new deal, the menu's kept choices and the end of the search in one update.
    assert page.updates[-1]["_busy"] == {}
    assert page.updates[-1]["_board"]["kind"] == "applegate"
    assert page.updates[-1]["_next_game"]["game"] == "applegate"


def test_a_winnable_board_switches_back_to_any_deal_when_asked():
    board = sw.Klondike(seed=21, winnable=True)
    assert board._board["badges"] == ["Winnable deal"]
    Page(board).request("new_game", options=klondike_options(winnable=False))
    assert board._board["badges"] == []
    assert board._busy is None


def test_an_interrupted_search_leaves_the_board_as_it_was_and_not_busy(monkeypatch):
    board = sw.Klondike(seed=3)
    before = board.state()

    def interrupted(*_args: Any) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(solver_module, "first_winnable_seed", interrupted)
    with pytest.raises(KeyboardInterrupt):
        board.new_game(game="applegate", winnable=True)
    assert board._busy is None and board.state() == before and board.kind == "klondike"


def test_a_new_game_without_winnable_deals_never_shows_busy():
    board = sw.Klondike(seed=3)
    page = Page(board)
    page.request("new_game")
    assert page.received("_busy") == []


def test_a_board_that_switched_game_gives_a_new_view_its_whole_state():
    """A page that opens (or reloads) after a switch asks for every trait: all are there."""
    board = sw.Klondike(seed=42)
    board.new_game(7, game="applegate")
    state = board.get_state()
    assert state["_board"]["kind"] == "applegate" and "_esm" in state
    assert isinstance(board, sw.Applegate) and not isinstance(board, sw.Klondike)
    board.new_game(game="klondike")
    assert board.get_state()["_board"]["kind"] == "klondike"
    assert isinstance(board, sw.Klondike) and not isinstance(board, sw.Applegate)
    assert repr(board).startswith("<Klondike seed=")
