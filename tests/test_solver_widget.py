"""The solver as the widgets offer it: hint(), winnable, play() and winnable=True."""

import solitaire_widget as sw
from solitaire_widget.solver import solve


def test_a_winnable_klondike_deal_skips_the_seeds_the_solver_cannot_win():
    """Draw 1 seed 21 is proved lost, so the widget deals seed 22."""
    game = sw.Klondike(seed=21, winnable=True)
    assert game.seed == 22
    assert game.winnable is True


def test_a_winnable_applegate_deal_is_one_the_solver_wins():
    game = sw.Applegate(seed=30, winnable=True)
    assert game.seed == 35
    assert solve(game).status == "won"


def test_a_random_winnable_deal_is_won_by_its_solution():
    game = sw.Klondike(draw=3, winnable=True)
    game.play(solve(game).moves, delay=0)
    assert game.status == "won"


def test_the_widget_hint_is_a_legal_move():
    game = sw.Applegate(seed=0)
    assert game.is_legal(game.hint())


def test_play_shows_every_move_on_the_board_as_it_is_made():
    game = sw.Klondike(seed=2)
    counts = []
    game.observe(lambda change: counts.append(change["new"]), names=["moves"])
    game.play(solve(game).moves[:3], delay=0)
    assert counts == [1, 2, 3]


def test_following_the_hints_wins_a_winnable_deal():
    """Hints keep to the winning line they found, so a player who follows them wins."""
    game = sw.Klondike(seed=1001)
    for _ in range(600):
        if game.status != "playing":
            break
        game.move(game.hint())
    assert game.status == "won"
