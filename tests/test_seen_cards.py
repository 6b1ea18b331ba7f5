"""The cards seen in an attempt, the only ones a hint's words may name (issue 20): face up now,
or turned face up at any time since the deal or the restart; an undo does not un-see a card."""

from __future__ import annotations

import solitaire_widget as sw
from page import Page
from positions import klondike_state
from solitaire_widget.cards import NAME, parse_card
from solitaire_widget.games import KlondikeGame
from solitaire_widget.seen import SeenCards, face_up_cards


def names(cards) -> set[str]:
    return {NAME[card] for card in cards}


def test_a_new_deal_has_seen_its_face_up_cards_only():
    game = KlondikeGame(seed=5)
    assert SeenCards(game).cards() == face_up_cards(game)
    assert len(face_up_cards(game)) == 7


def test_an_undone_draw_leaves_its_card_seen():
    game = KlondikeGame(seed=5)
    seen = SeenCards(game)
    game.on_move(lambda _move: seen.moved())
    game.draw()
    drawn = game.waste[-1]
    game.undo()
    assert drawn in game.stock and drawn in seen.cards()


def test_a_loaded_game_has_seen_every_card_its_history_turned_up():
    game = KlondikeGame(seed=5, draw=3)
    for _ in range(9):  # the whole stock goes by, three at a time
        game.draw()
    game.draw()  # recycle
    loaded = sw.load(game.state())._game
    assert names(SeenCards(loaded).cards()) >= names(game.stock)


def test_a_board_names_a_stock_card_in_a_hint_once_the_player_has_seen_it():
    board = sw.load(klondike_state(["KS"], foundations=["KC", "KD", "KH", "JS"], stock="QS"))
    page = Page(board)
    assert page.request("hint")["text"] == (
        "Hint: draw a card. It draws to reach a card still in the stock."
    )
    page.request("draw")
    page.request("undo")  # the Queen of spades goes back into the stock, seen
    assert parse_card("QS") in board._game.stock
    assert page.request("hint")["text"] == (
        "Hint: draw a card. It draws to reach the Queen of spades."
    )


def test_a_restart_starts_a_new_attempt_with_only_the_deal_seen():
    board = sw.Klondike(seed=5)
    board.draw()
    board.restart()
    assert board._seen.cards() == face_up_cards(board._game)
