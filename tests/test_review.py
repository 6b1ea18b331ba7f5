"""Game review (issue 12): each position's verdict, the move that lost a winnable game, and a
better one, found with few searches."""

from __future__ import annotations

import random

import pytest

import solitaire_widget as sw
from positions import klondike
from solitaire_widget.engine import KlondikeGame
from solitaire_widget.moves import Move
from solitaire_widget.solver import _solve
from solitaire_widget.state import load_game
from solitaire_widget.words import move_in_words

# Position budgets, not seconds, keep the search for a lost game the same on every machine.
LINE_POSITIONS = 20_000
PROOF_POSITIONS = 1_500


def decided(state) -> str:
    return _solve(state, 60, PROOF_POSITIONS).status


def replays_to_a_win(state, moves) -> bool:
    game = load_game(state)
    for move in moves:
        game.move(move)
    return game.status == "won"


def lost_game(seed: int, draw: int, then: int = 0) -> KlondikeGame:
    """A game that follows a winning line of a proven-winnable deal and then makes a move the
    solver proves loses (trying the line's positions from its end back, every seventh), with
    ``then`` random moves after that."""
    game = KlondikeGame(seed=seed, draw=draw)
    line = _solve(game, 60, LINE_POSITIONS).moves
    assert line, "the deal must be proven winnable"
    for k in range(len(line) - 1, -1, -7):
        position = load_game(game.state())
        for move in line[:k]:
            position.move(move)
        for move in position.legal_moves():
            if move == line[k] or move.src == "stock":
                continue
            after = load_game(position.state())
            after.move(move)
            if decided(after) == "unwinnable":
                rng = random.Random(seed)
                for _ in range(then):
                    after.move(rng.choice(after.legal_moves()))
                return after
    raise AssertionError(f"no losing move found on the line of seed {seed}")


@pytest.fixture(scope="module", params=[(14, 1), (12, 3)], ids=["draw 1", "draw 3"])
def reviewed(request):
    """A lost game and its review."""
    seed, draw = request.param
    game = lost_game(seed, draw, then=12)
    return game, sw.review(game, time_limit=20, progress=False)


def test_the_turning_point_is_the_move_that_lost_a_winnable_game(reviewed):
    lost, review = reviewed
    k = review.turning_point
    assert k is not None
    history = lost.history
    assert review.history == history
    before = load_game(lost.state())
    for _ in range(len(history) - k):
        before.undo()
    after = load_game(before.state())
    after.move(history[k])
    # The position before has a winning line that replays to "won"; the one after is lost.
    line = _solve(before.state(), 60, LINE_POSITIONS).moves
    assert replays_to_a_win(before.state(), line)
    assert decided(after) == "unwinnable"
    # The better move is legal there and keeps the game winnable.
    assert before.is_legal(review.better)
    kept = load_game(before.state())
    kept.move(review.better)
    assert _solve(kept.state(), 60, LINE_POSITIONS).status == "won"


def test_verdicts_read_won_up_to_the_turning_point_and_unwinnable_after(reviewed):
    lost, review = reviewed
    k = review.turning_point
    assert review.verdicts == ["won"] * (k + 1) + ["unwinnable"] * (len(review.positions) - k - 1)
    # Where a position is won, its winning move is legal there and keeps it winnable.
    game = load_game(lost.state())
    while game.can_undo:
        game.undo()
    for position in review.positions[: k + 1]:
        assert game.is_legal(position.winning_move)
        if position.index < k:
            game.move(position.played)


def test_a_review_needs_only_a_few_searches(reviewed):
    _, review = reviewed
    searched = [p for p in review.positions if p.how == "searched"]
    assert len(searched) <= 12 < len(review.positions)
    assert sum(p.seconds for p in review.positions) <= review.seconds


def test_a_won_game_is_reviewed_as_won_throughout_with_no_search():
    game = KlondikeGame(seed=2)
    for move in _solve(game, 60, LINE_POSITIONS).moves:
        game.move(move)
    assert game.status == "won"
    review = game.review(time_limit=5, progress=False)
    assert set(review.verdicts) == {"won"}
    assert review.turning_point is None and review.better is None
    assert all(p.seconds == 0 for p in review.positions)
    assert [p.winning_move for p in review.positions[:-1]] == game.history
    assert "could be won all along" in repr(review)


def test_a_game_following_a_winning_line_is_settled_by_one_search():
    """Every position the line passes through is won without a search of its own."""
    game = KlondikeGame(seed=3)
    line = _solve(game, 60, LINE_POSITIONS).moves
    for move in line[: len(line) // 2]:
        game.move(move)
    review = game.review(time_limit=10, progress=False)
    assert set(review.verdicts) == {"won"}
    assert sum(p.how == "searched" for p in review.positions) <= 2


# Spades are left; each top card's next-lower spade is the face-down card under it (see
# test_solver.LOST_APPLEGATE): no move can help, so the deal is lost before any move.
def test_a_deal_lost_from_the_start_has_no_turning_point():
    game = klondike(
        ["TC | JC", "TD | JD", "TH | JH", "TS | JS", "QC QD | KC", "QH QS | KD", "KH"],
        foundations=["9C", "9D", "9H", "9S"],
        stock="KS",
    )
    game.move("draw")
    review = sw.review(game, time_limit=5, progress=False)
    assert review.verdicts == ["unwinnable", "unwinnable"]
    assert review.turning_point is None and review.better is None
    assert "could not be won from the start" in review.summary()


def test_without_time_nothing_is_decided_and_nothing_is_claimed():
    game = KlondikeGame(seed=7)
    for move in game.legal_moves()[:1]:
        game.move(move)
    review = sw.review(game, time_limit=0, progress=False)
    assert set(review.verdicts) == {"unknown"}
    assert review.turning_point is None and review.better is None


def test_the_review_is_shown_as_text_html_and_a_plot(reviewed):
    lost, review = reviewed
    k = review.turning_point
    # In a player's words, as the board says it: no notation.
    before = load_game(lost.state())
    for _ in range(len(lost.history) - k):
        before.undo()
    played = review.positions[k].played
    assert review.positions[k].played_words == move_in_words(before, played)
    assert review.better_words == move_in_words(before, review.better)
    assert review.positions[k].played_words in repr(review)
    assert review.better_words[1:] in repr(review)
    assert str(played) not in repr(review) and str(review.better) not in repr(review)
    assert f"move {k + 1}" in repr(review)
    page = review._repr_html_()
    assert page.count("<span") == len(review.positions)
    import matplotlib

    matplotlib.use("Agg")
    ax = review.plot()
    assert ax.get_xlabel() == "moves played"
    assert any(f"move {k + 1}" in text.get_text() for text in ax.texts)
    assert any(review.better_words in text.get_text() for text in ax.texts)


def test_a_review_of_one_move_counts_it_in_the_singular():
    game = KlondikeGame(seed=7)
    game.move(game.legal_moves()[0])
    review = sw.review(game, time_limit=0, progress=False)
    assert repr(review).startswith("<Review of 1 move in ")
    assert "<b>Review</b> of 1 move (" in review._repr_html_()


def test_the_board_and_the_engine_review_the_same_game():
    board = sw.Klondike(seed=14)
    board.move(board.legal_moves()[0])
    review = board.review(time_limit=5, progress=False)
    assert isinstance(review, sw.Review)
    assert review.history == [Move.coerce(m) for m in board.history]
    assert review.verdicts[0] == "won"
