"""Review mode and coach mode through the page's requests (issue 12): the review opens at the
turning point, steps through positions that show only what the player saw, refuses what it
cannot do, and never touches the live game; the coach's Undo marks the better move."""

from __future__ import annotations

from typing import Any

import pytest

import solitaire_widget as sw
from lost_games import lost_game
from page import Page
from positions import KEEPS_IT, LOSES_IT, LOSING_POSITION
from solitaire_widget.cards import long_name, parse_card
from solitaire_widget.games import KlondikeGame
from solitaire_widget.solver import solve
from solitaire_widget.state import load_game
from solitaire_widget.widget import page_requests
from solitaire_widget.widget.controls import PRESETS
from solitaire_widget.widget.page_requests import NOTHING_TO_REVIEW, REVIEWING
from solitaire_widget.widget.view import board_view

# A draw, the move that loses the game, then two more draws: the turning point is move 2.
PLAYED = ["draw", LOSES_IT, "draw", "draw"]
BETTER_WORDS = "the King of diamonds to the empty column 6"
PLAYING = ["draw", "undo", "redo", "restart", "new_game", "hint", "finish"]


def lost_board(**settings: Any) -> tuple[sw.Klondike, Page]:
    board = sw.load(LOSING_POSITION, autosave=False, **settings)
    for move in PLAYED:
        board.move(move)
    return board, Page(board)


def live(board: Any) -> dict[str, Any]:
    """Everything of the live game: its state and every trait but the review's own."""
    skip = {"_review", "_busy", "_message", "_stats", "_clock"}
    return {**{k: v for k, v in board.get_state().items() if k not in skip}, **board.state()}


def strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [text for item in value.values() for text in strings(item)]
    if isinstance(value, list):
        return [text for item in value for text in strings(item)]
    return []


def unseen(index: int) -> set[str]:
    """The cards face-down or in the stock after ``index`` moves of PLAYED."""
    game = load_game(LOSING_POSITION)
    for move in PLAYED[:index]:
        game.move(move)
    state = game.state()
    return {card for pile in state["tableau"] for card in pile["down"]} | set(state["stock"])


# ----------------------------------------------------------------- opening and stepping


def test_a_review_request_opens_review_mode_at_the_turning_point_with_the_better_move():
    board, page = lost_board()
    message = page.request("review")
    review = board._review
    assert message["kind"] != "error"
    assert review["index"] == review["turning_point"] == 1
    assert review["last"] == len(PLAYED)
    assert review["runs"] == [
        {"verdict": "won", "first": 0, "last": 1},
        {"verdict": "unwinnable", "first": 2, "last": 4},
    ]
    assert review["verdict"] == "won"
    assert review["played"] == {"move": LOSES_IT, "words": "the 9 of diamonds onto the 10 of clubs"}
    assert review["better"] == {"move": KEEPS_IT, "words": BETTER_WORDS}
    assert review["summary"] == (
        "This deal could be won. "
        "Winnable until move 2: the 9 of diamonds onto the 10 of clubs lost the game. "
        "The King of diamonds to the empty column 6 instead keeps it winnable."
    )
    assert review["board"]["legal"] == []
    assert review["board"]["tableau"][1]["up"] == ["9D"]


def test_the_busy_strip_shows_while_the_review_runs():
    board, page = lost_board()
    page.request("review")
    busy = page.received("_busy")
    assert busy == [{"text": REVIEWING, "done": None}, {}]
    order = [name for update in page.updates for name in update if name in ("_busy", "_review")]
    assert order == ["_busy", "_review", "_busy"]


def test_each_step_shows_that_position_and_only_cards_the_player_had_seen():
    board, page = lost_board()
    page.request("review")
    for index in [0, 2, 4, 3, 1]:
        page.request("review_step", index=index)
        review = board._review
        assert review["index"] == index
        game = load_game(LOSING_POSITION)
        for move in PLAYED[:index]:
            game.move(move)
        assert review["board"]["tableau"] == board_view(game)["tableau"]
        assert review["board"]["waste"] == game.state()["waste"]
        texts = " ".join(strings(review))
        for card in unseen(index):
            assert card not in strings(review["board"]), f"{card} is face-down at {index}"
            assert long_name(parse_card(card)) not in texts
        assert (review["better"] is None) == (index != 1)
        assert review["played"] == (
            None if index == 4 else {"move": PLAYED[index], "words": review["played"]["words"]}
        )


def test_review_mode_never_touches_the_live_game():
    board, page = lost_board()
    before = live(board)
    page.updates.clear()
    page.request("review")
    for index in range(5):
        page.request("review_step", index=index)
    page.request("review_leave")
    assert board._review is None
    assert live(board) == before
    assert [str(m) for m in board.history] == PLAYED
    assert not any({"_board", "moves", "status", "score"} & set(u) for u in page.updates)


def test_the_live_game_refuses_to_be_played_while_the_board_shows_a_review():
    board, page = lost_board()
    page.request("review")
    before = live(board)
    for kind in PLAYING:
        message = page.request(kind)
        assert message["kind"] == "error" and "leave it to play on" in message["text"], kind
    page.request("move", move=KEEPS_IT)
    assert live(board) == before
    page.request("review_leave")
    page.request("undo")
    assert [str(m) for m in board.history] == PLAYED[:-1]


def test_a_review_step_or_leave_is_answered_whatever_version_it_carries():
    board, page = lost_board()
    page.request("review")
    page.send({"type": "review_step", "version": 0, "index": 0})
    assert board._review["index"] == 0
    page.send({"type": "review_leave", "version": 0})
    assert board._review is None


def test_a_game_with_no_moves_has_nothing_to_review():
    board = sw.load(LOSING_POSITION, autosave=False)
    message = Page(board).request("review")
    assert message == {"text": NOTHING_TO_REVIEW, "kind": "info", "id": message["id"]}
    assert board._review is None and board._busy is None


# ----------------------------------------------------------------- refusals


@pytest.mark.parametrize(
    ("fields", "words"),
    [
        ({"index": -1}, "position 0 or later, not -1"),
        ({"index": True}, "not True"),
        ({"index": 1.0}, "not 1.0"),
        ({"index": "2"}, "not '2'"),
        ({}, "missing index"),
        ({"index": 1, "to": 2}, "unexpected 'to'"),
        ({"index": 5}, "positions 0 to 4, not 5"),
    ],
)
def test_a_malformed_review_step_is_refused_and_changes_nothing(fields, words):
    board, page = lost_board()
    page.request("review")
    shown = board._review
    message = page.request("review_step", **fields)
    assert message["kind"] == "error" and words in message["text"], message
    assert board._review == shown


def test_a_review_step_with_no_review_open_is_refused():
    board, page = lost_board()
    message = page.request("review_step", index=0)
    assert message["kind"] == "error" and "No review is open" in message["text"]
    assert board._review is None


def test_a_review_asked_for_on_an_older_board_is_refused_as_stale():
    board, page = lost_board()
    message = page.send({"type": "review", "version": board._board["version"] - 1})
    assert message["kind"] == "error" and "changed before this request" in message["text"]
    assert board._review is None


@pytest.mark.parametrize("kind", ["review", "review_leave"])
def test_review_and_leave_take_no_other_fields(kind):
    board, page = lost_board()
    message = page.request(kind, index=0)
    assert message["kind"] == "error" and "unexpected 'index'" in message["text"]
    assert board._review is None


# ----------------------------------------------------------------- controls and coach


def test_review_and_stats_are_controls_of_a_full_board_not_of_a_lesson():
    assert {"review", "stats"} <= set(sw.Klondike(seed=1, autosave=False).controls)
    assert not {"review", "stats"} & set(PRESETS["lesson"])


def test_the_options_menu_turns_coach_mode_on():
    board = sw.load(LOSING_POSITION, autosave=False)
    Page(board).request("set", name="coach", value=True)
    assert board.coach is True


def coached() -> tuple[sw.Klondike, Page]:
    board = sw.load(LOSING_POSITION, autosave=False, coach=True)
    board._coach.budget = 5
    page = Page(board)
    page.request("move", move=LOSES_IT)
    assert board._message["kind"] == "coach"
    return board, page


def test_the_coach_names_the_better_move_in_words():
    board, _ = coached()
    assert board._message["text"] == (
        f"This move loses a game you could still win. Undo it: {BETTER_WORDS} keeps the game "
        "winnable."
    )


def test_the_pages_undo_after_a_coach_warning_marks_the_better_move_as_a_hint():
    board, page = coached()
    message = page.request("undo")
    assert board.history == []
    assert board._hint == {"move": KEEPS_IT, "version": board._board["version"]}
    assert message["text"] == f"Try {BETTER_WORDS} instead: it keeps the game winnable."


def test_an_undo_that_does_not_go_back_to_where_the_coach_spoke_marks_nothing():
    board, page = coached()
    page.request("draw")
    page.request("undo")
    assert [str(m) for m in board.history] == [LOSES_IT]
    assert board._hint is None


# ----------------------------------------------------------------- what a review tells


def hidden_at(state: dict[str, Any]) -> set[str]:
    """The cards a position keeps from the player: face-down, or in the stock."""
    return {card for pile in state["tableau"] for card in pile["down"]} | set(state["stock"])


def test_an_earlier_position_never_names_a_card_still_hidden_there(monkeypatch):
    """The summary names the turning point's cards only where they are in view: at the start
    they were face-down, so there it tells the same without naming them."""
    monkeypatch.setattr(page_requests, "REVIEW_SECONDS", 60)  # a verdict, not a race
    lost = lost_game(14, 1, then=12)
    board = sw.load(lost.state(), autosave=False)
    page = Page(board)
    page.request("review")
    turning = board._review["turning_point"]
    assert turning is not None and board._review["index"] == turning
    named = board._review["summary"]
    assert "This deal could be won. Winnable until move" in named
    assert board._review["played"]["words"] in named
    game = load_game(lost.state())
    while game.moves:
        game.undo()
    for index in range(board._review["last"] + 1):
        page.request("review_step", index=index)
        texts = " ".join(strings(board._review))
        for card in hidden_at(game.state()):
            assert long_name(parse_card(card)) not in texts, (card, index)
        if index < len(lost.history):
            game.redo()
    page.request("review_step", index=0)
    assert board._review["summary"] == (
        f"This deal could be won. Winnable until move {turning + 1}: the move played there "
        "lost the game."
    )


def test_a_won_games_last_position_reads_won():
    game = load_game(sw.Klondike(seed=2, autosave=False).state())
    for move in solve(game, time_limit=60).moves:
        game.move(move)
    assert game.status == "won"
    board = sw.load(game.state(), autosave=False)
    page = Page(board)
    page.request("review")
    review = board._review
    assert review["index"] == review["last"] == game.moves
    assert review["finished"] is True and review["verdict"] == "won"
    assert review["summary"] == f"You won in {game.moves} moves: the game could be won all along."
    page.request("review_step", index=review["last"] - 1)
    assert board._review["finished"] is False


def test_the_review_of_a_long_game_replays_its_history_once(monkeypatch):
    """The page's Review on a long game: the review and review mode share one replay of the
    history (a replay costs time in proportion to the game's length, with the kernel busy)."""
    game = KlondikeGame(seed=5)
    for _ in range(5_000):
        game.draw()
    board = sw.load(game.state(), autosave=False)
    replays = []
    replay = KlondikeGame._replay
    monkeypatch.setattr(
        KlondikeGame, "_replay", lambda g, moves: replays.append(len(moves)) or replay(g, moves)
    )
    Page(board).request("review")
    assert board._review["last"] == 5_000
    assert replays == [5_000]
    Page(board).request("review_step", index=2_500)
    assert board._review["index"] == 2_500
    assert replays == [5_000]
