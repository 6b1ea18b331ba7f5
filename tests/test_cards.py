"""Cards: the two-character names, the input forms players type, and the deal's random source."""

import pytest

from positions import DECK
from solitaire_widget.cards import (
    SplitMix64,
    card_name,
    long_name,
    parse_card,
    shuffled,
    shuffled_deck,
)
from solitaire_widget.games import KlondikeGame


@pytest.mark.parametrize("name", DECK)
def test_every_card_name_reads_back_as_itself(name):
    assert card_name(parse_card(name)) == name


def test_the_52_names_are_52_different_cards():
    assert len({parse_card(name) for name in DECK}) == 52


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("10H", "TH"),
        ("10s", "TS"),
        ("th", "TH"),
        ("qs", "QS"),
        ("aC", "AC"),
        ("K♣", "KC"),
        ("7♦", "7D"),
        ("10♥", "TH"),
        ("a♠", "AS"),
        (" 9D ", "9D"),
    ],
)
def test_input_accepts_ten_as_10_lower_case_and_suit_symbols(text, name):
    assert card_name(parse_card(text)) == name


@pytest.mark.parametrize(
    "text", ["", "T", "1H", "11H", "0H", "TX", "ZH", "THH", "H10", "T H", "♥T"]
)
def test_unreadable_card_raises_value_error_naming_the_text(text):
    with pytest.raises(ValueError) as refusal:
        parse_card(text)
    assert repr(text) in str(refusal.value)


def test_a_card_that_is_not_text_raises_value_error():
    with pytest.raises(ValueError):
        parse_card(10)


@pytest.mark.parametrize(
    ("name", "spoken"),
    [
        ("QS", "Queen of spades"),
        ("TH", "10 of hearts"),
        ("AC", "Ace of clubs"),
        ("7D", "7 of diamonds"),
        ("KH", "King of hearts"),
        ("JC", "Jack of clubs"),
    ],
)
def test_long_name_is_what_a_player_says(name, spoken):
    assert long_name(parse_card(name)) == spoken


def test_splitmix64_matches_the_published_sequence():
    """Vigna's reference splitmix64.c outputs, so deals cannot drift with a rewrite."""
    rng = SplitMix64(0)
    assert [rng.next64() for _ in range(3)] == [
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
    ]
    rng = SplitMix64(1234567)
    assert [rng.next64() for _ in range(5)] == [
        6457827717110365317,
        3203168211198807973,
        9817491932198370423,
        4593380528125082431,
        16408922859458223821,
    ]


@pytest.mark.parametrize("bound", [1, 2, 3, 7, 52, 2**63 + 1])
def test_below_stays_in_range(bound):
    rng = SplitMix64(99)
    assert all(0 <= rng.below(bound) < bound for _ in range(200))


def test_below_reaches_every_value_of_a_small_range():
    rng = SplitMix64(5)
    assert {rng.below(6) for _ in range(300)} == set(range(6))


@pytest.mark.parametrize("seed", [0, 1, 42, 2**64 - 1])
def test_a_shuffled_deck_is_a_permutation_of_the_deck(seed):
    assert sorted(shuffled_deck(seed)) == list(range(52))


def test_the_same_seed_shuffles_the_same_way_and_different_seeds_differently():
    assert shuffled_deck(42) == shuffled_deck(42)
    assert len({tuple(shuffled_deck(seed)) for seed in range(20)}) == 20


def test_from_deal_accepts_every_card_input_form():
    plain = list(DECK)
    typed = [("10" + c[1].lower()) if c[0] == "T" else c.lower() for c in plain]
    symbols = [c[0] + "♣♦♥♠"["CDHS".index(c[1])] for c in plain]
    expected = KlondikeGame.from_deal(plain).state()
    assert KlondikeGame.from_deal(typed).state() == expected
    assert KlondikeGame.from_deal(symbols).state() == expected


@pytest.mark.parametrize("size", [0, 1, 2, 52, 300])
def test_a_shuffle_is_fisher_yates_driven_by_below(size):
    """``shuffled`` writes the generator out in its loop: it must draw what ``below`` draws, so
    that every seed keeps its deal."""
    for seed in [0, 1, 42, 2**63, 2**64 - 1, *range(100, 120)]:
        rng = SplitMix64(seed)
        order = list(range(size))
        for i in range(size - 1, 0, -1):
            j = rng.below(i + 1)
            order[i], order[j] = order[j], order[i]
        assert shuffled(range(size), seed) == order
