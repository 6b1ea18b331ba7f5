"""A game without a tuned solver (Spider) is solved, hinted and reviewed by the generic search
its declaration falls back on."""

from __future__ import annotations

import pytest

import solitaire_widget as sw
from solitaire_widget.games.spider import SpiderGame
from solitaire_widget.moves import Move
from solitaire_widget.solver import Adviser, first_winnable_seed, hint
from solitaire_widget.solver.lines import reason
from solitaire_widget.state import load_game


def test_a_one_suit_spider_deal_is_solved_by_a_line_that_wins():
    game = SpiderGame(seed=3, suits=1)
    solution = sw.solve(game, time_limit=5)
    assert solution.status == "won"
    replay = game.copy()
    for move in solution.moves:
        replay.move(move)
    assert replay.status == "won"
    assert game.moves == 0  # the search played on a game of its own


def test_a_solved_spider_position_loaded_from_its_state_wins_too():
    game = SpiderGame(seed=5, suits=1)
    for move in sw.solve(game, time_limit=5).moves[:30]:
        game.move(move)
    solution = sw.solve(game.state(), time_limit=5)
    assert solution.status == "won"
    position = load_game(game.position())
    for move in solution.moves:
        position.move(move)
    assert position.status == "won"


@pytest.mark.parametrize("suits", [1, 2, 4])
def test_a_hint_on_a_spider_board_names_a_legal_move_with_a_reason(suits):
    game = SpiderGame(seed=3, suits=suits)
    advice = Adviser().advice(game, budget=0.5)
    assert advice.move in game.legal_moves()
    assert advice.reason
    assert hint(game, budget=0.2) in game.legal_moves()


def test_a_hint_after_the_tenth_column_names_the_right_cards():
    game = SpiderGame(seed=3, suits=1)
    game.move("t10-t2")  # onto a column past t1: t10 is not t1
    assert Adviser().advice(game, budget=0.5).move in game.legal_moves()


def test_following_the_hints_wins_a_one_suit_spider_deal():
    game, adviser = SpiderGame(seed=3, suits=1), Adviser()
    for _ in range(300):
        advice = adviser.advice(game, budget=1)
        if advice.move is None:
            break
        game.move(advice.move)
    assert game.status == "won"


def test_a_deal_from_the_stock_is_said_in_words():
    game = SpiderGame(seed=3, suits=1)
    assert reason(game, Move("stock", "waste"), []) == "brings 10 new cards into play"


def test_a_winnable_spider_deal_is_found_by_search_without_a_catalogue():
    seed = first_winnable_seed("spider", 10, {"suits": 1}, budget=2_000)
    game = SpiderGame(seed=seed, suits=1)
    assert seed >= 10 and sw.solve(game, time_limit=5).status == "won"
