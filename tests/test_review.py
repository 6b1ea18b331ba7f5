"""Game review (issue 12): each position's verdict, the move that lost a winnable game, and a
better one, found with few searches."""

from __future__ import annotations

import json

import pytest

import solitaire_widget as sw
from lost_games import LINE_POSITIONS, decided, lost_game
from positions import KEEPS_IT, LOSES_IT, LOSING_POSITION, klondike
from solitaire_widget.games import KlondikeGame
from solitaire_widget.moves import Move
from solitaire_widget.solver import _solve
from solitaire_widget.solver.review import KEYED_POSITIONS, ReviewedPosition
from solitaire_widget.state import load_game


def replays_to_a_win(state, moves) -> bool:
    game = load_game(state)
    for move in moves:
        game.move(move)
    return game.status == "won"


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
    review = sw.review(game, time_limit=5, progress=False)
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
    review = sw.review(game, time_limit=10, progress=False)
    assert set(review.verdicts) == {"won"}
    assert sum(p.how == "searched" for p in review.positions) <= 2


# Spades are left; each top card's next-lower spade is the face-down card under it (see
# test_solver.LOST_APPLEGATE): no move can help, so the deal is lost before any move.
def lost_deal() -> KlondikeGame:
    game = klondike(
        ["TC | JC", "TD | JD", "TH | JH", "TS | JS", "QC QD | KC", "QH QS | KD", "KH"],
        foundations=["9C", "9D", "9H", "9S"],
        stock="KS",
    )
    game.move("draw")
    return game


def test_a_deal_lost_from_the_start_has_no_turning_point():
    review = sw.review(lost_deal(), time_limit=5, progress=False)
    assert review.verdicts == ["unwinnable", "unwinnable"]
    assert review.turning_point is None and review.better is None
    assert review.summary() == (
        "This deal could not be won from the start: no move of yours lost it."
    )


def test_where_the_rules_show_nothing_can_progress_no_search_is_needed():
    """The engine's "lost" proves the last position lost, and the start is the same position
    for the solver (a draw in draw 1 changes nothing it cares about): no time, and yet a
    verdict."""
    game = lost_deal()
    assert game.status == "lost"
    review = sw.review(game, time_limit=0, progress=False)
    assert review.verdicts == ["unwinnable", "unwinnable"]
    assert [p.seconds for p in review.positions] == [0, 0]
    assert review.positions[-1].how == "no move can make progress"
    assert "could not be won from the start" in review.summary()


def test_a_turn_through_the_stock_is_never_where_the_game_was_lost():
    """Draws before and after the losing move cost no search: in draw 1 they leave the
    position the same for the solver, so its verdict is theirs."""
    game = load_game(LOSING_POSITION)
    for move in ["draw", "draw", LOSES_IT, "draw", "draw", "recycle", "draw"]:
        game.move(move)
    review = sw.review(game, time_limit=60, progress=False)
    assert review.verdicts == ["won"] * 3 + ["unwinnable"] * 5
    assert review.turning_point == 2 and str(review.better) == KEEPS_IT
    # Only the last position and the start were searched.
    assert [p.index for p in review.positions if p.how == "searched"] == [0, 7]
    assert review.summary() == (
        "This deal could be won. Winnable until move 3: the 9 of diamonds onto the 10 of clubs "
        "lost the game. The King of diamonds to the empty column 6 instead keeps it winnable."
    )


def built(verdicts: str, time_limit: float = 10) -> sw.Review:
    """A review with these verdicts (w won, l unwinnable, ? unknown), one letter a position."""
    names = {"w": "won", "l": "unwinnable", "?": "unknown"}
    positions = [
        ReviewedPosition(
            i,
            Move.parse("draw") if i < len(verdicts) - 1 else None,
            names[v],
            None,
            0.0,
            "searched",
        )  # fmt: skip
        for i, v in enumerate(verdicts)
    ]
    return sw.Review(positions, 1.0, time_limit)


@pytest.mark.parametrize(
    ("verdicts", "words"),
    [
        (
            "ww??l",
            "This deal could be won. It could still be won after move 1 and no longer be won "
            "after move 4; the solver could not tell in 10 s which of moves 2 to 4 lost it.",
        ),
        (
            "w??ll",
            "This deal could be won. It could no longer be won after move 3; the solver could "
            "not tell in 10 s which of the first 3 moves lost it.",
        ),
        (
            "??ll",
            "The solver could not tell in 10 s whether this deal could be won. It could no "
            "longer be won after move 2.",
        ),
        (
            "ww??",
            "This deal could be won. It could still be won after move 1; the solver could not "
            "tell in 10 s about the moves after that.",
        ),
        (
            "w??",
            "This deal could be won. The solver could not tell in 10 s whether it still can be.",
        ),
        ("???", "The solver could not tell in 10 s whether this deal could be won."),
        ("www", "This deal could be won, and it still can be after the 2 moves played."),
        ("ll", "This deal could not be won from the start: no move of yours lost it."),
    ],
)
def test_a_review_says_what_it_could_tell_and_what_it_could_not(verdicts, words):
    assert built(verdicts).summary() == words


def test_without_time_nothing_is_decided_and_nothing_is_claimed():
    game = KlondikeGame(seed=7)
    for move in game.legal_moves()[:1]:
        game.move(move)
    review = sw.review(game, time_limit=0, progress=False)
    assert set(review.verdicts) == {"unknown"}
    assert review.turning_point is None and review.better is None


def test_the_review_is_shown_as_text_html_and_a_plot(reviewed):
    _, review = reviewed
    k = review.turning_point
    # In a player's words, as the board says it: no notation, in the text, the page and the plot.
    played = review.in_words(k, review.positions[k].played)
    better = review.in_words(k, review.better)
    assert better != str(review.better)
    assert played in repr(review) and better[1:] in repr(review)
    assert f"move {k + 1}" in repr(review)
    assert str(review.positions[k].played) not in repr(review)
    assert str(review.better) not in repr(review)
    page = review._repr_html_()
    assert page.count("<span") == len(review.positions)
    import matplotlib

    matplotlib.use("Agg")
    ax = review.plot()
    assert ax.get_xlabel() == "moves played"
    assert any(f"move {k + 1}" in text.get_text() for text in ax.texts)
    assert any(better in text.get_text() for text in ax.texts)
    assert f"(played {played})" in page


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


# ----------------------------------------------------------------- long games (issue 20)

LONG_GAME = 20_000  # draws: a long history, far from the most a saved game holds


@pytest.fixture(scope="module")
def long_game() -> KlondikeGame:
    game = KlondikeGame(seed=5)
    for _ in range(LONG_GAME):
        game.draw()
    return game


class WorkCounter:
    """Counts what a review costs per position of the history: replays of the whole history
    (a load) and positions written out in the state format."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.replays = 0
        self.written = 0
        replay, position = KlondikeGame._replay, KlondikeGame.position

        def counted_replay(game, moves):
            self.replays += len(moves) >= LONG_GAME
            return replay(game, moves)

        def counted_position(game):
            self.written += 1
            return position(game)

        monkeypatch.setattr(KlondikeGame, "_replay", counted_replay)
        monkeypatch.setattr(KlondikeGame, "position", counted_position)


def test_a_long_game_reviewed_with_no_time_replays_once_and_writes_out_few_positions(
    long_game, monkeypatch
):
    """A review's cost past the load is bounded by its time limit, not the history's length:
    the history is replayed once, and positions are written out only as the review reaches
    them (the first few thousand for their solver key, within a share of the time), so with
    no time at all every verdict is "unknown"."""
    work = WorkCounter(monkeypatch)
    review = sw.review(json.dumps(long_game.state()), time_limit=0, progress=False)
    assert len(review.positions) == LONG_GAME + 1
    assert set(review.verdicts) == {"unknown"}
    assert review.history == long_game.history
    assert work.replays == 1
    assert work.written <= KEYED_POSITIONS + 2
    # The positions are still there when asked for: the start is the seed's deal.
    assert review.states[0] == KlondikeGame(seed=5).position()
    assert review.states[LONG_GAME] == long_game.position()


def test_a_long_game_reviewed_with_a_short_limit_decides_what_it_reaches(long_game, monkeypatch):
    """With a second, the review decides the deal (drawing never loses a game that could be
    won) without writing out every position of the history."""
    work = WorkCounter(monkeypatch)
    review = sw.review(long_game, time_limit=1, progress=False)
    assert len(review.positions) == LONG_GAME + 1
    assert review.verdicts[0] != "unknown"
    assert work.replays == 1
    assert work.written <= 2 * KEYED_POSITIONS + 500  # named, and on the winning line
