"""``status``: won, lost (no way left to make progress, SPEC section 1) or playing.

Each dead end here has a twin that differs by one or two cards and can still progress, so a test
cannot pass by calling everything lost or nothing lost.
"""

import pytest

from positions import applegate, klondike, run_down
from solitaire_widget.games import KlondikeGame

# Every face-up card is black, so nothing builds on anything; every red card that could (red Q, J,
# T, 9) and every Ace is face-down, and the 24 stock cards fit nowhere.
DEAD_KLONDIKE = [
    "KC",
    "AC | KS",
    "AD AH | QC",
    "AS QD QH | QS",
    "JD JH TD TH | JC",
    "9D 9H 2C 3C 4C | JS",
    "5C 6C 7C 8C 9C 2D | TC",
]
DEAD_STOCK = "3D 4D 5D 6D 7D 8D KD 2H 3H 4H 5H 6H 7H 8H KH 2S 3S 4S 5S 6S 7S 8S 9S TS"


def swap(text, card, other):
    return text.replace(card, "@@").replace(other, card).replace("@@", other)


def with_card_swapped(piles, stock, hidden, shown):
    """The dead position with the stock card ``shown`` and the face-down card ``hidden`` swapped."""
    return [swap(text, hidden, shown) for text in piles], stock.replace(shown, hidden)


@pytest.mark.parametrize("draw", [1, 3])
@pytest.mark.parametrize("scoring", ["standard", "vegas", None])
def test_a_klondike_dead_end_is_lost_though_the_stock_still_turns(draw, scoring):
    game = klondike(DEAD_KLONDIKE, foundations=[], stock=DEAD_STOCK, draw=draw, scoring=scoring)
    assert [str(m) for m in game.legal_moves()] == ["draw"]
    assert game.status == "lost"


@pytest.mark.parametrize("draw", [1, 3])
def test_a_playable_card_at_the_bottom_of_the_stock_keeps_the_game_alive(draw):
    """The 9H (onto the 10C) comes up only after 23 other cards, in draw 1 and in draw 3 alike."""
    piles, stock = with_card_swapped(DEAD_KLONDIKE, DEAD_STOCK, "9H", "3D")
    assert stock.split()[0] == "9H"
    game = klondike(piles, foundations=[], stock=stock, draw=draw)
    assert game.status == "playing"


def test_a_card_that_never_reaches_the_waste_top_in_draw_three_does_not_save_the_game():
    """Draw 3 turns the stock's top card under two others; as nothing else changes, it never
    shows."""
    piles, stock = with_card_swapped(DEAD_KLONDIKE, DEAD_STOCK, "9H", "TS")
    assert stock.split()[-1] == "9H"
    assert klondike(piles, foundations=[], stock=stock, draw=1).status == "playing"
    assert klondike(piles, foundations=[], stock=stock, draw=3).status == "lost"


def test_a_card_in_the_waste_counts_like_one_in_the_stock():
    piles, stock = with_card_swapped(DEAD_KLONDIKE, DEAD_STOCK, "9H", "3D")
    cards = stock.split()
    game = klondike(piles, foundations=[], stock=" ".join(cards[12:]), waste=" ".join(cards[:12]))
    assert game.status == "playing"


# The 5H must come down from its foundation onto the 6S before the 4C can go on it and turn the 10S.
NEEDS_A_FOUNDATION_CARD = [
    "KC",
    "AC | KS",
    "AD AS | QC",
    "QD QH 4S | QS",
    "JD JH TD TH | JC",
    "5D 3D 6H JS 2S | 6S",
    "3S 5S 7S 8S 9S TS | 4C",
]
NEEDS_STOCK = "2C 3C 5C 6C 7C 8C 9C TC 2D 4D 6D 7D 8D 9D KD 7H 8H 9H KH"


def test_a_card_that_must_come_back_from_a_foundation_keeps_the_game_alive():
    game = klondike(NEEDS_A_FOUNDATION_CARD, foundations=["5H"], stock=NEEDS_STOCK)
    assert game.status == "playing"
    assert game.is_legal("f1-t6")


def test_without_a_card_to_free_the_foundation_card_is_no_help():
    piles = [swap(text, "4C", "JS") for text in NEEDS_A_FOUNDATION_CARD]
    game = klondike(piles, foundations=["5H"], stock=NEEDS_STOCK)
    assert game.is_legal("f1-t6")
    assert game.status == "lost"


@pytest.mark.parametrize("seed", [0, 1, 42])
def test_a_fresh_klondike_deal_is_being_played(seed):
    assert KlondikeGame(seed=seed).status == "playing"


def test_klondike_is_won_with_all_52_cards_on_the_foundations():
    game = klondike(["KH"], foundations=["KC", "KD", "QH", "KS"])
    assert game.status == "playing"
    game.move("t1-f")
    assert game.status == "won"
    game.undo()
    assert game.status == "playing"


def test_the_card_at_the_bottom_of_the_stock_really_plays():
    piles, stock = with_card_swapped(DEAD_KLONDIKE, DEAD_STOCK, "9H", "3D")
    game = klondike(piles, foundations=[], stock=stock, draw=1)
    for _ in range(24):
        game.draw()
    game.move("waste-t7")
    assert game.status == "playing"


# Applegate: hearts and spades are finished; no face-up card's next-higher card of its suit is on
# top of a pile, and the reserve's King has no empty pile.
DEAD_APPLEGATE = [
    "KC 2C",
    "AC 3C | 3D 4C",
    "5C 7C | 4D 6C",
    "9C JC | 5D 8C",
    "AD 6D | TC",
    "8D 9D | QC",
    "TD JD | 2D",
]


def test_an_applegate_dead_end_is_lost():
    game = applegate(DEAD_APPLEGATE, foundations=["H", "S"], reserve="7D QD KD")
    assert game.legal_moves() == []
    assert game.status == "lost"


def test_an_applegate_shuffle_that_uncovers_a_king_for_a_queen_keeps_the_game_alive():
    """2C onto 3C turns nothing, but leaves the KC on top, where the QC goes and turns the 9D."""
    piles = list(DEAD_APPLEGATE)
    piles[1] = "AC 4C | 3D 3C"
    game = applegate(piles, foundations=["H", "S"], reserve="7D QD KD")
    assert [str(m) for m in game.legal_moves()] == ["t1-t2"]
    assert game.status == "playing"


def test_a_reserve_card_that_fits_keeps_applegate_alive():
    piles = list(DEAD_APPLEGATE)
    piles[4] = "KD 6D | TC"
    game = applegate(piles, foundations=["H", "S"], reserve="7D QD AD")
    assert [str(m) for m in game.legal_moves()] == ["reserve-t7"]
    assert game.status == "playing"


def test_a_finished_run_still_to_be_sent_home_is_progress():
    game = applegate(["4C | " + " ".join(run_down("AS", 13)), "3C 2C"], foundations=["H", "D"])
    assert game.status == "playing"


def test_applegate_is_won_with_four_complete_runs():
    game = applegate([" ".join(run_down("5D", 13))])
    assert game.status == "playing"
    game.move("t1-f:13")
    assert game.status == "won"
