"""A board whose seed the page may not see deals a seed the page cannot find (issue 20).

Dealing every seed of the shipped catalogue, or every short seed, and keeping the one whose face-up
cards match the board identifies the deal, hidden cards and all. So a ``show_seed=False`` board
deals from the whole 2**64 when no seed is given, and its winnable deals are fresh seeds proved
winnable in the kernel, never catalogued ones. Boards that show their seed keep both.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import solitaire_widget as sw
import solitaire_widget.solver as solver_module
from page import Page
from solitaire_widget.app import PICKS, PlayApp
from solitaire_widget.games import GAMES
from solitaire_widget.solver import FRESH_DEAL_BUDGET, WON, _solve, fresh_winnable_seed
from solitaire_widget.solver.catalogue import winnable_deals
from solitaire_widget.variants import variants

NEW_APPLEGATE = {"game": "applegate", "winnable": False}
SHORT = 10**9  # ``random_seed``: a seed a person can read out, and search through in an hour

VARIANTS = {
    "klondike draw 1": ("klondike", {"draw": 1, "scoring": "standard"}),
    "klondike draw 3": ("klondike", {"draw": 3, "scoring": "standard"}),
    "applegate": ("applegate", {}),
}


def board_of(kind: str, options: dict, **settings) -> sw.Board:
    if kind == "klondike":
        return sw.Klondike(**options, **settings)
    return sw.Applegate(**settings)


def won_within_the_budget(board: sw.Board) -> bool:
    """The deal, from its start, is won within the fresh deals' position budget."""
    game = GAMES[board.kind](seed=board.seed, **board._game.options)
    return _solve(game, 60, FRESH_DEAL_BUDGET).status == WON


def catalogued(board: sw.Board) -> bool:
    deals = winnable_deals(board.kind, board._game.options)
    return deals is not None and board.seed in deals


def test_a_shared_board_without_a_seed_deals_from_the_whole_64_bit_range():
    """Twenty draws below 10**9 out of 2**64 would happen once in 10**190 runs."""
    seeds = [sw.Klondike(show_seed=False).seed for _ in range(10)]
    seeds += [sw.Applegate(show_seed=False).seed for _ in range(5)]
    board = sw.Klondike(draw=3, show_seed=False)
    for _ in range(5):
        board.new_game()
        seeds.append(board.seed)
    assert all(SHORT <= seed < 2**64 for seed in seeds), seeds
    assert len(set(seeds)) == len(seeds)


def test_a_board_that_shows_its_seed_keeps_short_seeds():
    board = sw.Klondike()
    seeds = [board.seed, sw.Applegate().seed]
    board.new_game()
    seeds.append(board.seed)
    assert all(0 <= seed < SHORT for seed in seeds)


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_shared_winnable_board_deals_a_fresh_proven_seed_not_a_catalogued_one(variant):
    kind, options = VARIANTS[variant]
    board = board_of(kind, options, winnable=True, show_seed=False)
    assert board.seed >= SHORT and not catalogued(board)
    assert won_within_the_budget(board)
    assert board._board["badges"] == ["Winnable deal"]
    first = board.seed
    board.new_game()  # a winnable board's New game: fresh again
    assert board.seed not in (first, None) and board.seed >= SHORT and not catalogued(board)
    assert won_within_the_budget(board)


def test_a_board_that_shows_its_seed_still_deals_catalogued_winnable_deals():
    board = sw.Applegate(winnable=True)
    assert catalogued(board)


def test_a_given_seed_deals_the_same_winnable_deal_whatever_the_board_shows():
    """Deterministic where a seed is given: the first winnable seed from it, as ever."""
    hidden = sw.Klondike(seed=21, winnable=True, show_seed=False)
    assert hidden.seed == sw.Klondike(seed=21, winnable=True).seed
    hidden.new_game(seed=7, game="applegate", winnable=True)
    assert hidden.seed == sw.Applegate(seed=7, winnable=True).seed
    assert sw.Klondike(seed=12345, show_seed=False).seed == 12345


def test_the_app_deals_fresh_winnable_deals_for_every_pick():
    """Every pick of a variant with proven-winnable deals (the others deal any deal)."""
    app = PlayApp()
    assert app.board.seed >= SHORT and not catalogued(app.board)
    winnable = {variant.label for variant in variants(catalogued=True)}
    for pick in PICKS:
        if pick in winnable and app.picker.value != pick:
            app.picker.value = pick
            assert app.board.seed >= SHORT and not catalogued(app.board), pick
            assert won_within_the_budget(app.board)


@pytest.fixture
def fixed_draws(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """The operating system's draws replaced by a list, in order: Applegate seeds 1, 3, 5 and 6
    are lost, 2 is not won within the budget, 0 is won (which the first test below checks)."""
    draws = [1, 2, 3, 5, 6, 0, 7]
    monkeypatch.setattr(solver_module.secrets, "randbits", lambda bits: draws.pop(0))
    yield draws


def test_the_fresh_search_passes_over_deals_until_one_is_won(fixed_draws):
    assert fresh_winnable_seed("applegate") == 0
    assert fixed_draws == [7]


def test_the_progress_strip_counts_the_deals_tried_and_clears(fixed_draws):
    board = sw.Applegate(seed=9, show_seed=False)
    page = Page(board)
    page.request("new_game", options={**NEW_APPLEGATE, "winnable": True})
    assert board.seed == 0
    texts = [busy["text"] for busy in page.received("_busy") if busy]  # {}: not busy
    assert texts[0] == "Finding a winnable deal..."
    assert texts[-1] == "Finding a winnable deal... 5 deals tried"
    assert page.updates[-1]["_busy"] == {}


def test_the_fresh_search_is_bounded(fixed_draws):
    with pytest.raises(RuntimeError, match="none of 3 fresh deals"):
        fresh_winnable_seed("applegate", tries=3)
    assert fixed_draws == [5, 6, 0, 7]
