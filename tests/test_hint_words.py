"""Hints name the move as a player says it ("the 7 of clubs onto the 8 of hearts"), never in
notation, and the board shows it is busy while the solver searches."""

from __future__ import annotations

import re

import pytest

import solitaire_widget.solver as solver_module
from page import Page
from positions import applegate, klondike, run_down
from solitaire_widget import lessons
from solitaire_widget.engine import IllegalMove
from solitaire_widget.games import KlondikeGame
from solitaire_widget.state import load_game
from solitaire_widget.widget import Applegate, Klondike
from solitaire_widget.words import move_in_words

NOTATION = re.compile(r"\b(?:t[1-7]|f[1-4]?|waste|stock|reserve)-|:\d|\b(?:t[1-7]|f[1-4])\b")


@pytest.mark.parametrize(
    ("game", "move", "words"),
    [
        (lambda: KlondikeGame(seed=42), "draw", "draw a card"),
        (lambda: KlondikeGame(seed=42, draw=3), "draw", "draw 3 cards"),
        (lambda: klondike(["KS"], stock="2H 3H", waste="*", draw=3), "draw", "draw 2 cards"),
        (lambda: klondike(["KS"], stock="", waste="7H *"), "recycle", "turn the waste over"),
        (lambda: KlondikeGame(seed=42), "t4-t1", "the 6 of diamonds onto the 7 of clubs"),
        (
            lambda: klondike(["9H 8S 7D", "TC", "9D"]),
            "t1-t3:2",
            "the 8 of spades and the card on it onto the 9 of diamonds",
        ),
        (
            lambda: klondike(["9H 8S 7D 6C", "TC"]),
            "t1-t2:4",
            "the 9 of hearts and the 3 cards on it onto the 10 of clubs",
        ),
        (
            lambda: klondike(["", "7D | KS QH"]),
            "t2-t1:2",
            "the King of spades and the card on it to the empty column 1",
        ),
        (
            lambda: klondike(["8S"], waste="* 7H"),
            "waste-t1",
            "the 7 of hearts onto the 8 of spades",
        ),
        (
            lambda: klondike(["KS"], foundations=["", "", "", ""], stock="*", waste="AD"),
            "waste-f",
            "the Ace of diamonds to a foundation",
        ),
        (
            lambda: klondike(["KS", "5H"], foundations=["4C", "", "4H", "4S"], stock="*"),
            "t2-f3",
            "the 5 of hearts to a foundation",
        ),
        (
            lambda: klondike(["6S"], foundations=["", "", "5H", ""], stock="*"),
            "f3-t1",
            "the 5 of hearts from its foundation onto the 6 of spades",
        ),
    ],
)
def test_every_kind_of_klondike_move_in_words(game, move, words):
    assert move_in_words(game(), move) == words


GROUPS = lessons.applegate_state(
    ["5S 7H 2S 4H", "8H", "QS 6H 9S", "KS", "AH 2H 5H 9H | TH", "JH QH KH AS | 3S",
     "4S 6S 7S 8S TS | JS"],
    foundations="CD",
    reserve="3H",
)  # fmt: skip
EMPTY_PILE = lessons.applegate_state(
    ["", "9H 6S KS", "JH KH 3S 8H", "AH 2H 3H | 5S", "4H 5H 6H 7H | 9S",
     "QH AS 2S 4S TS | 7S", "8S QS | JS"],
    foundations="CD",
    reserve="TH",
)  # fmt: skip


@pytest.mark.parametrize(
    ("game", "move", "words"),
    [
        (lambda: load_game(GROUPS), "reserve-t1", "the 3 of hearts onto the 4 of hearts"),
        (
            lambda: load_game(GROUPS),
            "t1-t2:3",
            "the 7 of hearts and the 2 cards on it onto the 8 of hearts",
        ),
        (lambda: load_game(EMPTY_PILE), "t2-t1", "the King of spades to the empty pile 1"),
        (
            lambda: load_game(EMPTY_PILE),
            "t3-t1:3",
            "the King of hearts and the 2 cards on it to the empty pile 1",
        ),
        (
            lambda: applegate([" ".join(run_down("5S", 13))], foundations=["C", "D", "H"]),
            "t1-f:13",
            "the complete run of spades to a foundation",
        ),
    ],
)
def test_every_kind_of_applegate_move_in_words(game, move, words):
    assert move_in_words(game(), move) == words


def test_a_move_that_is_not_legal_has_no_words_but_the_rule():
    game = KlondikeGame(seed=42)
    with pytest.raises(IllegalMove, match="one rank higher"):
        move_in_words(game, "t2-t1")


# ----------------------------------------------------------------- the Hint button


@pytest.mark.parametrize("board", [lambda: Klondike(seed=1001), lambda: Applegate(seed=35)])
def test_the_hint_names_its_move_in_words_and_never_in_notation(board):
    board = board()
    message = Page(board).request("hint")
    hinted = board.hint()
    assert message["text"].startswith(f"Hint: {move_in_words(board._game, hinted)}.")
    assert not NOTATION.search(message["text"]), message["text"]
    assert board._hint["move"] == str(board._game.resolve(hinted))


def test_a_hint_with_no_winning_line_says_it_is_only_promising(monkeypatch):
    board = Klondike(seed=42)
    monkeypatch.setattr(
        solver_module, "_solve", lambda state, limit, *_: solver_module.Solution("unknown")
    )
    text = Page(board).request("hint")["text"]
    assert text.startswith("Hint: ") and text.endswith(
        " No sure win was found in time; this move looks most promising."
    )


def test_the_page_sees_the_board_busy_before_the_solver_starts(monkeypatch):
    board = Klondike(seed=1001)
    page = Page(board)
    search = solver_module._solve
    busy_when_searching = []

    def watched(state, limit, *more):
        busy_when_searching.append(page.received("_busy")[-1])
        return search(state, limit, *more)

    monkeypatch.setattr(solver_module, "_solve", watched)
    page.request("hint")
    assert busy_when_searching == [{"text": "Looking for a good move...", "done": None}]
    answer = next(i for i, update in enumerate(page.updates) if "_hint" in update)
    assert page.updates[answer + 1:] == [{"_busy": {}}]  # fmt: skip


def test_a_hint_along_a_line_already_found_is_instant_and_shows_no_busy_strip():
    board = Klondike(seed=1001)
    page = Page(board)
    page.request("hint")
    board.move(board.hint())
    shown = len(page.updates)
    page.request("hint")
    assert all("_busy" not in update for update in page.updates[shown:])
    assert board._hint is not None
