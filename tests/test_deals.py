"""Deals: the seed's deck order is fixed forever, and the cards go out the way docs/games/ says."""

import pytest

from positions import DECK, all_cards
from solitaire_widget.games import ApplegateGame, KlondikeGame

# The deck order each seed deals, as first written by the engine. A change here changes every saved
# seed a player has, so these must never be regenerated to make a test pass.
GOLDEN_DECKS = {
    0: "8S JH 9C 2S 2D QD 6S TC 3D AC JC 7C 9H 8C QS KH 5H 2C 3H 5C AH 6C 4S TD 5D 8H 8D AD QH TS "
    "QC JD 3S 4D 2H 9D 3C KD AS 7S 9S 7D JS 6H KS 4C 7H 5S 6D 4H KC TH",
    1: "7D 9C 4D 8H 8D 5S JD 6D 9S JC 5D KD 3C 2D JH 5H 7H 4H 2C AD 6S KC KH TH TS JS TD 8S QC 4S "
    "6C 7C AS 5C AH KS 6H QS QH QD 9D 3D 3S AC 4C 2H 8C TC 3H 2S 9H 7S",
    7: "4D 5C JH 3S 4H TH KS 6D 4S 7H 9D 2C KD JS TC 2H 7C 4C 7S 2S TS 9S 3C QH 2D 8D 6S AC 9C JD "
    "6H 3D 3H 8H AH KH 6C AS 7D 5H 9H 5S QS AD KC TD 8C JC 5D 8S QD QC",
    42: "7C 3H KC AS 2S AC AH KD TD 5C 8S JH 2H 4S 6H 5D 2D 5S 6D AD 7D 2C 8H 8C 4D 7H KS TS 4H 3D "
    "TH JS 4C 6S 7S 3S 8D QD 9S KH 5H 6C QS 9D JD QC 3C 9H QH 9C JC TC",
}


def klondike_deal(cards):
    """docs/games/klondike.md: row r puts a card on columns r+1..7, the last card of each column
    face-up; the other 24 form the stock with the 29th card of the deal on top."""
    columns = [[] for _ in range(7)]
    dealt = iter(cards)
    for row in range(7):
        for column in range(row, 7):
            columns[column].append(next(dealt))
    tableau = [{"down": column[:-1], "up": column[-1:]} for column in columns]
    return tableau, list(reversed(cards[28:]))


def applegate_deal(cards):
    """docs/games/applegate.md: seven rows of seven, rows 1-2 face-down on piles 2-7; the last
    three cards form the reserve with the 50th card of the deal on top."""
    piles = [[cards[7 * row + column] for row in range(7)] for column in range(7)]
    tableau = [{"down": [], "up": piles[0]}] + [{"down": p[:2], "up": p[2:]} for p in piles[1:]]
    return tableau, [cards[51], cards[50], cards[49]]


@pytest.mark.parametrize("seed", [0, 1, 42])
@pytest.mark.parametrize(("draw", "scoring"), [(1, "standard"), (3, "vegas"), (1, None)])
def test_a_klondike_seed_deals_its_golden_deck(seed, draw, scoring):
    state = KlondikeGame(seed=seed, draw=draw, scoring=scoring).state()
    tableau, stock = klondike_deal(GOLDEN_DECKS[seed].split())
    assert state["tableau"] == tableau
    assert state["stock"] == stock
    assert state["waste"] == [] and state["reserve"] == []
    assert state["foundations"] == [[], [], [], []]
    assert state["seed"] == seed


@pytest.mark.parametrize("seed", [0, 7])
def test_an_applegate_seed_deals_its_golden_deck(seed):
    state = ApplegateGame(seed=seed).state()
    tableau, reserve = applegate_deal(GOLDEN_DECKS[seed].split())
    assert state["tableau"] == tableau
    assert state["reserve"] == reserve
    assert state["stock"] == [] and state["waste"] == []
    assert state["foundations"] == [[], [], [], []]


def test_klondike_seed_42_as_a_player_sees_it():
    state = KlondikeGame(seed=42).state()
    assert [pile["up"][0] for pile in state["tableau"]] == [
        "7C",
        "KD",
        "4S",
        "6D",
        "8H",
        "7H",
        "TS",
    ]
    assert state["stock"][-1] == "4H"


def test_applegate_seed_7_as_a_player_sees_it():
    state = ApplegateGame(seed=7).state()
    assert state["tableau"][0]["up"] == ["4D", "6D", "TC", "9S", "9C", "KH", "QS"]
    assert state["reserve"][-1] == "8S"


@pytest.mark.parametrize("seed", [0, 1, 42, 12345, 2**64 - 1])
def test_klondike_column_k_has_k_cards_and_only_the_last_face_up(seed):
    state = KlondikeGame(seed=seed).state()
    for k, pile in enumerate(state["tableau"], 1):
        assert len(pile["down"]) == k - 1
        assert len(pile["up"]) == 1
    assert len(state["stock"]) == 24
    assert sorted(all_cards(state)) == sorted(DECK)
    assert state["score"] == 0 and state["recycles"] == 0 and state["history"] == []


@pytest.mark.parametrize("seed", [0, 7, 99, 2**64 - 1])
def test_applegate_pile_1_is_face_up_and_piles_2_to_7_have_2_down_under_5_up(seed):
    state = ApplegateGame(seed=seed).state()
    assert [len(p["down"]) for p in state["tableau"]] == [0, 2, 2, 2, 2, 2, 2]
    assert [len(p["up"]) for p in state["tableau"]] == [7, 5, 5, 5, 5, 5, 5]
    assert len(state["reserve"]) == 3
    assert sorted(all_cards(state)) == sorted(DECK)


def test_the_same_seed_deals_the_same_game_and_other_seeds_other_games():
    assert KlondikeGame(seed=5).state() == KlondikeGame(seed=5).state()
    assert ApplegateGame(seed=5).state() == ApplegateGame(seed=5).state()
    assert len({str(KlondikeGame(seed=s).state()["tableau"]) for s in range(10)}) == 10


def test_the_options_do_not_change_the_deal():
    plain = KlondikeGame(seed=77).state()
    other = KlondikeGame(seed=77, draw=3, scoring=None).state()
    assert (plain["tableau"], plain["stock"]) == (other["tableau"], other["stock"])


@pytest.mark.parametrize("cards", [DECK, list(reversed(DECK)), GOLDEN_DECKS[42].split()])
def test_klondike_from_deal_deals_row_by_row_with_the_29th_card_on_top_of_the_stock(cards):
    state = KlondikeGame.from_deal(cards).state()
    tableau, stock = klondike_deal(list(cards))
    assert state["tableau"] == tableau
    assert state["stock"] == stock
    assert state["seed"] is None


@pytest.mark.parametrize("cards", [DECK, list(reversed(DECK)), GOLDEN_DECKS[7].split()])
def test_applegate_from_deal_deals_seven_rows_with_the_50th_card_on_top_of_the_reserve(cards):
    state = ApplegateGame.from_deal(cards).state()
    tableau, reserve = applegate_deal(list(cards))
    assert state["tableau"] == tableau
    assert state["reserve"] == reserve


def test_from_deal_of_a_seeds_deck_is_that_seeds_game_without_the_seed():
    dealt = KlondikeGame.from_deal(GOLDEN_DECKS[1].split(), draw=3, scoring="vegas").state()
    seeded = KlondikeGame(seed=1, draw=3, scoring="vegas").state()
    assert dealt == {**seeded, "seed": None}


def test_from_deal_keeps_the_options():
    game = KlondikeGame.from_deal(DECK, draw=3, scoring=None)
    assert game.options == {"draw": 3, "scoring": None}
    assert game.score is None


@pytest.mark.parametrize(
    "cards",
    [DECK[:51], [*DECK[:51], "AC"], [*DECK, "AC"], [*DECK[:51], "ZZ"]],
    ids=["51 cards", "a duplicate", "53 cards", "not a card"],
)
@pytest.mark.parametrize("game_class", [KlondikeGame, ApplegateGame])
def test_from_deal_refuses_anything_but_one_deck(game_class, cards):
    with pytest.raises(ValueError):
        game_class.from_deal(cards)
