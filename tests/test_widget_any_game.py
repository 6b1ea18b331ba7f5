"""Any registered game makes a board: ``sw.game(name, ...)`` deals it, ``sw.games()`` lists the
games, and the page plays it through the same requests, laid out from the game's declaration."""

from __future__ import annotations

import json

import pytest

import solitaire_widget as sw
from page import Page
from solitaire_widget.words import move_in_words


def test_games_lists_every_registered_game_with_its_options_and_variants():
    listed = {game["name"]: game for game in sw.games()}
    assert list(listed) == ["klondike", "applegate", "spider"]
    spider = listed["spider"]
    assert (spider["title"], spider["family"], spider["daily"]) == ("Spider", "Spider", True)
    (suits,) = spider["options"]
    assert (suits["name"], suits["values"], suits["default"]) == ("suits", [1, 2, 4], 1)
    assert suits["words"] == ["1 suit", "2 suits", "4 suits"]
    assert [variant["label"] for variant in spider["variants"]] == [
        "Spider · 1 suit",
        "Spider · 2 suits",
        "Spider · 4 suits",
    ]
    # Only one suit has proven-winnable deals (and a daily challenge).
    assert [variant["winnable"] for variant in spider["variants"]] == [True, False, False]
    assert listed["applegate"]["options"] == [] and listed["klondike"]["daily"] is True
    json.dumps(sw.games())  # the page is sent the same list


def test_game_deals_any_registered_game_with_its_options_and_board_settings():
    board = sw.game("spider", suits=2, seed=7, four_colour=True)
    assert board.kind == "spider" and board.seed == 7 and board.four_colour is True
    assert board.state()["options"] == {"suits": 2}
    assert repr(board) == "<Spider seed=7 moves=0 playing>"
    assert sw.load(board.state()).state() == board.state()
    klondike = sw.game("klondike", seed=4, draw=3)
    assert isinstance(klondike, sw.Klondike) and klondike.state()["options"]["draw"] == 3
    with pytest.raises(ValueError, match="'klondike', 'applegate' or 'spider'"):
        sw.game("chess")
    with pytest.raises(ValueError, match="Spider has no option 'draw': its options are suits"):
        sw.game("spider", draw=3)
    with pytest.raises(ValueError, match="suits must be 1, 2 or 4"):
        sw.game("spider", suits=3)
    with pytest.raises(ValueError, match="Spider · 2 suits has no proven-winnable deals"):
        sw.game("spider", suits=2, winnable=True)
    assert sw.game("spider", winnable=True)._board["badges"] == ["Winnable deal"]  # one suit
    with pytest.raises(TypeError, match="unknown board setting 'colour'"):
        sw.game("spider", colour=True)


def test_the_page_is_sent_the_layout_of_the_game_it_shows():
    layout = sw.game("spider", seed=7)._board["layout"]
    assert layout["top"] == ["stock", None, *(f"f{i}" for i in range(1, 9))]
    assert layout["tableau"] == [f"t{i}" for i in range(1, 11)]
    assert layout["stock"] == "deal"
    klondike = sw.Klondike(seed=1)._board["layout"]
    assert klondike["top"] == ["stock", "waste", None, "f1", "f2", "f3", "f4"]
    assert (klondike["stock"], klondike["marks"]) == ("draw", {"f": "A", "t": "K"})
    menu = sw.Klondike(seed=1).get_state("_games")["_games"]
    assert [game["name"] for game in menu] == ["klondike", "applegate", "spider"]


def test_spider_plays_through_the_page_requests():
    board = sw.game("spider", seed=7)
    page = Page(board)
    legal = board._board["legal"]
    assert "draw" in legal  # the stock deals: the page sends "draw" for it
    move = next(move for move in legal if move.startswith("t"))
    assert page.request("move", move=move)["kind"] != "error"
    assert board.moves == 1 and str(board.history[0]) == move
    assert page.request("draw")["kind"] != "error"
    assert board._board["stock"] == 40
    assert all(len(pile["up"]) >= 1 for pile in board._board["tableau"])
    refused = page.request("move", move="t11-t2")
    assert refused["kind"] == "error" and "Spider has no pile 't11'" in refused["text"]
    assert board.moves == 2


@pytest.mark.parametrize(
    ("move", "words"),
    [
        ("p3-f", "Spider has no pile 'p3'"),  # notation any game may write: the engine says no
        ("t1-t2:209", "a move carries 1 to 208 cards, not 209"),  # the bound g.move has
        ("t0-t1", "unknown pile 't0'"),
        ("t1-f:12", "A run goes home whole"),
    ],
)
def test_a_page_move_is_refused_in_the_words_a_cell_gets(move, words):
    board = sw.game("spider", seed=7)
    before = board.state()
    refused = Page(board).request("move", move=move)
    assert refused["kind"] == "error" and words in refused["text"]
    assert board.state() == before


def test_a_deal_over_an_empty_column_is_refused_with_a_message():
    state = sw.game("spider", seed=7).state()
    first, second = state["tableau"][:2]
    second["down"] = first["down"] + first["up"] + second["down"]
    state["tableau"][0] = {"down": [], "up": []}
    board = sw.load(state)
    before = board.state()
    message = Page(board).request("draw")
    assert message["kind"] == "error" and "fill t1 first" in message["text"]
    assert board.state() == before


def test_the_menu_deals_a_spider_game_and_remembers_each_games_options():
    board = sw.Klondike(seed=1, draw=3, scoring="vegas")
    page = Page(board)
    page.request("new_game", options={"game": "spider", "suits": 4, "winnable": False})
    assert board.kind == "spider" and board.state()["options"] == {"suits": 4}
    assert board._next_game["game"] == "spider" and board._next_game["suits"] == 4
    refused = page.request("new_game", options={"game": "spider", "suits": 4, "winnable": True})
    assert refused["kind"] == "error"
    assert "Spider · 4 suits has no proven-winnable deals" in refused["text"]
    board.new_game(game="klondike")  # the options Klondike had on this board
    assert board.state()["options"] == {"draw": 3, "scoring": "vegas"}
    board.new_game(game="spider")
    assert board.state()["options"] == {"suits": 4}


def test_a_deal_from_the_stock_is_named_in_words():
    board = sw.game("spider", seed=7)
    assert move_in_words(board._game, "draw") == "deal a card onto every column"


def test_any_game_deals_its_daily_challenge_by_date():
    from solitaire_widget.solver import daily_seed

    board = sw.game("spider", daily="2026-11-30")
    assert board._board["badges"] == ["Daily challenge · 2026-11-30"]
    assert board.state()["seed"] == daily_seed("spider", "2026-11-30", suits=1)
    klondike = sw.game("klondike", draw=3, daily="2026-11-30")
    assert klondike.state()["seed"] == sw.Klondike.daily("2026-11-30", draw=3).state()["seed"]
    with pytest.raises(ValueError, match="Spider · 2 suits has no daily challenge"):
        sw.game("spider", suits=2, daily=True)
    with pytest.raises(ValueError, match="give seed or daily, not both"):
        sw.game("spider", seed=3, daily=True)
