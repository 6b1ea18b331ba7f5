"""Restarting a game deals the same cards again as a new attempt."""

from __future__ import annotations

import pytest

import solitaire_widget as sw
from solitaire_widget.games import ApplegateGame, KlondikeGame
from solitaire_widget.state import load_game


@pytest.mark.parametrize("make", [lambda: KlondikeGame(seed=42, draw=3), lambda: ApplegateGame(7)])
def test_restart_deals_the_same_cards_and_forgets_the_attempt(make):
    game = make()
    dealt = game.state()
    for _ in range(3):
        game.move(game.legal_moves()[0])
    game.undo()
    game.restart()
    assert game.state() == dealt
    assert game.history == [] and not game.can_undo and not game.can_redo


def test_restart_of_a_loaded_position_goes_back_to_that_position():
    start = KlondikeGame(seed=5)
    start.move(start.legal_moves()[0])
    game = load_game({**start.state(), "history": []})
    position = game.state()
    game.draw()
    game.restart()
    assert game.state() == position


def test_the_board_restarts_and_the_page_sees_the_deal_again():
    board = sw.Klondike(seed=42)
    dealt = board._board
    board.draw()
    board.restart()
    assert board.moves == 0 and board.history == []
    assert {k: v for k, v in board._board.items() if k != "version"} == {
        k: v for k, v in dealt.items() if k != "version"
    }
    assert board.get_state()["_clock"] == {"enabled": True, "elapsed": 0, "running": False}
