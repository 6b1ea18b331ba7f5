"""Spider's rules, one by one, on positions built for each (docs/games/spider.md)."""

from __future__ import annotations

from collections import Counter

import pytest

from solitaire_widget.cards import NAME, RANKS, parse_card
from solitaire_widget.engine import IllegalMove
from solitaire_widget.games import GAMES
from solitaire_widget.moves import Move
from solitaire_widget.state import load_game

SpiderGame = GAMES["spider"]
RUN = [f"{rank}S" for rank in reversed(RANKS)]  # King down to Ace of spades
HEART_RUN = [f"{rank}H" for rank in reversed(RANKS)]


def spider_state(columns, suits=2, foundations=(), stock=0, score=500, waste=()):
    """A Spider position: ``columns`` the face-up cards of t1..t10 (bottom first), every card
    left over lying face down under the columns that have face-up cards, except ``stock`` of
    them in the stock."""
    left = SpiderGame(seed=0, suits=suits).card_set.counts
    used = [card for pile in [*columns, *foundations, waste] for card in pile]
    left.subtract(Counter(parse_card(card) for card in used))
    spare = sorted(left.elements())
    stock_cards, spare = spare[:stock], spare[stock:]
    down = [[] for _ in columns]
    holders = [i for i, up in enumerate(columns) if up]
    for k, card in enumerate(spare):
        down[holders[k % len(holders)]].append(NAME[card])
    homes = [list(run) for run in foundations]
    return {
        "format": "solitaire-widget/1",
        "game": "spider",
        "options": {"suits": suits},
        "seed": None,
        "tableau": [{"down": d, "up": list(up)} for d, up in zip(down, columns, strict=True)],
        "foundations": homes + [[] for _ in range(8 - len(homes))],
        "stock": [NAME[card] for card in stock_cards],
        "waste": list(waste),
        "reserve": [],
        "score": score,
        "recycles": 0,
        "history": [],
    }


def columns(*given):
    """Ten columns: the ones given, then columns holding one card each (from ``filler``)."""
    filler = [["2H"], ["4H"], ["6H"], ["8H"], ["TH"], ["QH"], ["3S"], ["5S"], ["7S"], ["9S"]]
    return [*given, *filler[len(given) :]]


# ----------------------------------------------------------------- the deal and the cards


@pytest.mark.parametrize("suits", [1, 2, 4])
def test_the_deal_is_54_cards_in_ten_columns_with_the_top_ones_up_and_a_stock_of_50(suits):
    game = SpiderGame(seed=11, suits=suits)
    assert [len(d) + len(u) for d, u in zip(game.down, game.up, strict=True)] == [6] * 4 + [5] * 6
    assert all(len(up) == 1 for up in game.up)
    assert len(game.stock) == 50
    assert game.score == 500


@pytest.mark.parametrize(
    ("suits", "copies"),
    [(1, {"S": 8}), (2, {"H": 4, "S": 4}), (4, {"C": 2, "D": 2, "H": 2, "S": 2})],
)
def test_each_suit_count_plays_with_104_cards(suits, copies):
    counts = SpiderGame(seed=1, suits=suits).card_set.counts
    assert sum(counts.values()) == 104
    for card, count in counts.items():
        assert count == copies[NAME[card][1]]
    assert {NAME[card][1] for card in counts} == set(copies)
    assert len(counts) == 13 * len(copies)


# ----------------------------------------------------------------- the stock


def test_the_stock_deals_one_card_onto_every_column_and_costs_a_point():
    game = SpiderGame(seed=5, suits=1)
    heights = [len(up) for up in game.up]
    next_cards = game.stock[::-1][:10]
    game.move("draw")
    assert [len(up) for up in game.up] == [h + 1 for h in heights]
    assert [up[-1] for up in game.up] == next_cards
    assert len(game.stock) == 40 and game.score == 499


def test_the_stock_does_not_deal_over_an_empty_column():
    game = load_game(spider_state(columns(["9H"], ["TS"], []), stock=10))
    assert not game.is_legal("draw")
    assert Move("draw") not in game.legal_moves()
    assert game.explain("draw") == (
        "The stock deals only when every column holds a card: fill t3 first."
    )
    with pytest.raises(IllegalMove, match="fill t3 first"):
        game.draw()
    game.move("t1-t2")
    game.move("t1-t3")  # a card from under it came up on t1
    assert game.is_legal("draw")


# ----------------------------------------------------------------- what moves


def test_a_run_of_mixed_suits_does_not_move_as_one():
    game = load_game(spider_state(columns(["9S", "8H", "7H"], ["TD"]), suits=4))
    assert not game.is_legal("t1-t2:3")
    with pytest.raises(IllegalMove, match="Only a run of one suit"):
        game.move("t1-t2:3")
    assert game.is_legal("t1-t2:2") is False  # 8H does not go on TD
    assert "t1-t2:3" not in map(str, game.legal_moves())


def test_a_run_of_one_suit_moves_as_one_onto_any_suit():
    game = load_game(spider_state(columns(["KD", "9H", "8H", "7H"], ["TS"]), suits=4))
    game.move("t1-t2:3")
    assert [NAME[card] for card in game.up[1]] == ["TS", "9H", "8H", "7H"]
    assert [NAME[card] for card in game.up[0]] == ["KD"]


def test_any_card_or_run_fills_an_empty_column():
    game = load_game(spider_state(columns(["KD", "9H", "8H"], ["5C"], []), suits=4))
    assert game.is_legal("t2-t3") and game.is_legal("t1-t3:2") and game.is_legal("t1-t3")
    game.move("t1-t3:2")
    assert [NAME[card] for card in game.up[2]] == ["9H", "8H"]


# ----------------------------------------------------------------- runs home and the score


def test_a_complete_run_goes_home_by_t3_f_and_scores_100():
    game = load_game(spider_state(columns(["4D"], ["JC"], ["2H", *RUN]), suits=4))
    assert Move("t3-f") in game.legal_moves()
    assert game.is_legal("t3-f:13")
    game.move("t3-f")
    assert [NAME[card] for card in game.foundations[0]] == RUN
    assert [NAME[card] for card in game.up[2]] == ["2H"]
    assert game.score == 600


def test_t3_f_13_is_the_same_move_as_t3_f():
    state = spider_state(columns(["4D"], ["JC"], ["2H", *RUN]), suits=4)
    short, long = load_game(state), load_game(state)
    short.move("t3-f")
    long.move("t3-f:13")
    assert short.position() == long.position()


def test_part_of_a_run_never_goes_home():
    game = load_game(spider_state(columns(["4D"], ["JC"], RUN[1:]), suits=4))
    assert not game.is_legal("t3-f")
    with pytest.raises(IllegalMove, match="A run goes home whole: 13 cards"):
        game.move("t3-f:12")
    # t3-f asks for a run t3 has not: the refusal says so, not how many cards t3 holds.
    with pytest.raises(IllegalMove, match="complete run of one suit, King to Ace.*t3 has none"):
        game.move("t3-f")


def test_auto_move_sends_a_complete_run_home():
    game = load_game(spider_state(columns(["4D"], HEART_RUN, ["2H"]), suits=4))
    assert game.safe_move() == Move("t2-f")
    game.move(game.safe_move())
    assert [NAME[card] for card in game.foundations[0]] == HEART_RUN
    assert game.safe_move() is None


def test_every_move_and_deal_costs_a_point_and_undo_gives_it_back():
    game = SpiderGame(seed=9, suits=1)
    move = next(m for m in game.legal_moves() if m.src != "stock")
    game.move(move)
    assert game.score == 499
    game.move("draw")
    assert game.score == 498
    game.undo()
    game.undo()
    assert game.score == 500
    game.redo()
    assert game.score == 499


def test_undo_takes_a_run_home_and_its_100_points_back():
    game = load_game(spider_state(columns(["4D"], ["JC"], ["2H", *RUN]), suits=4))
    before = game.state()
    game.move("t3-f")
    game.undo()
    assert game.state() == before and game.score == 500


def test_a_won_line_replays_and_loads_as_won():
    homes = [RUN] * 7
    state = spider_state([RUN, *([] for _ in range(9))], suits=1, foundations=homes, score=1000)
    game = load_game(state)
    assert game.status == "playing"
    game.move("t1-f")
    assert game.status == "won" and game.score == 1100
    saved = game.state()
    assert saved["history"] == ["t1-f"] and "start" in saved
    assert load_game(saved).status == "won"
    assert load_game(saved).state() == saved


# ----------------------------------------------------------------- what loading refuses


def test_loading_refuses_a_stock_that_whole_deals_cannot_leave():
    with pytest.raises(ValueError, match="the stock holds 50 cards at the deal"):
        load_game(spider_state(columns(["9H"]), stock=7))


def test_loading_refuses_a_card_three_times_in_four_suits():
    state = spider_state(columns(["9H"], ["9H"], ["9H"]), suits=4)
    with pytest.raises(ValueError, match="9H appears 3 times; this game has it twice"):
        load_game(state)


def test_loading_refuses_a_foundation_holding_less_than_a_complete_run():
    state = spider_state(columns(["9H"]), suits=1, foundations=[RUN[:12]])
    with pytest.raises(ValueError, match="f1 must be empty or hold a complete run"):
        load_game(state)


def test_cards_never_go_onto_the_stock():
    game = SpiderGame(seed=3)
    with pytest.raises(IllegalMove, match="only when it deals, and never go back to it"):
        game.move("t1-stock")


def test_loading_refuses_a_waste():
    state = spider_state(columns(["9H"]), waste=["4H"])
    with pytest.raises(ValueError, match="Spider has no waste"):
        load_game(state)
