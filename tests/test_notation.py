"""Move notation: ``SRC-DST``, ``SRC-DST:N``, ``f`` for any foundation, ``draw`` and ``recycle``."""

import re

import pytest

from positions import PILES, klondike
from solitaire_widget.engine import IllegalMove
from solitaire_widget.games import ApplegateGame, KlondikeGame
from solitaire_widget.moves import Move
from solitaire_widget.state import load_game


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("draw", Move("stock", "waste")),
        ("recycle", Move("waste", "stock")),
        ("waste-t3", Move("waste", "t3")),
        ("t6-f", Move("t6", "f")),
        ("t2-t5:3", Move("t2", "t5", 3)),
        ("reserve-t1", Move("reserve", "t1")),
        ("t4-f:13", Move("t4", "f", 13)),
        ("f2-t7", Move("f2", "t7")),
        ("waste-f4", Move("waste", "f4")),
    ],
)
def test_the_specs_examples_parse_and_print_back_canonically(text, move):
    assert Move.parse(text) == move
    assert str(move) == text


def test_one_card_is_written_without_a_count():
    assert str(Move("t2", "t5", 1)) == "t2-t5"
    assert str(Move("t2", "t5")) == "t2-t5"


def test_a_move_is_a_small_immutable_value():
    move = Move("t2", "t5", 3)
    assert (move.src, move.dst, move.n) == ("t2", "t5", 3)
    assert move == Move("t2-t5:3")
    assert hash(move) == hash(Move.parse("t2-t5:3"))
    assert len({Move("t1", "f"), Move.parse("t1-f"), Move("t1", "f", 1)}) == 1
    with pytest.raises(AttributeError):
        move.n = 2


def test_moves_differ_by_any_field():
    assert Move("t1", "t2") != Move("t1", "t3")
    assert Move("t1", "t2") != Move("t1", "t2", 2)
    assert Move("t1", "t2") != Move("t2", "t2")


@pytest.mark.parametrize("text", ["T2-T5:3", " t2-t5:3 ", "DRAW", "Recycle", "Waste-F"])
def test_notation_ignores_case_and_surrounding_spaces(text):
    assert str(Move.parse(text)) == text.strip().lower()


@pytest.mark.parametrize(
    "text",
    [
        "",
        "t100-t1",
        "t01-t2",
        "t0-t1",
        "t1",
        "t1-",
        "-t1",
        "t1-t2:0",
        "t1-t2:",
        "t1-t2:x",
        "t1-t2:209",
        "x-y",
        "f-t1",
        "f0-t1",
        "c-t1",
        "t1--t2",
        "t1-t2-t3",
        "draw:3",
        "drew",
        "t1-t2:-1",
        "1t-2t",
    ],
)
def test_malformed_notation_raises_value_error_naming_the_text(text):
    with pytest.raises(ValueError) as refusal:
        Move.parse(text)
    assert repr(text) in str(refusal.value)
    assert not isinstance(refusal.value, IllegalMove)


def test_a_game_refuses_malformed_notation_with_value_error_and_changes_nothing():
    game = KlondikeGame(seed=1)
    before = game.state()
    for text in ["t9-t1", "t1-t2:zero", "shuffle"]:
        with pytest.raises(ValueError, match=text):
            game.move(text)
    assert game.state() == before


@pytest.mark.parametrize(
    ("game", "text", "piles"),
    [
        (KlondikeGame, "t8-t1", "t1..t7, f1..f4, stock and waste"),
        (KlondikeGame, "t1-f5", "t1..t7, f1..f4, stock and waste"),
        (KlondikeGame, "c1-t1", "t1..t7, f1..f4, stock and waste"),
        (KlondikeGame, "t1-p3", "t1..t7, f1..f4, stock and waste"),
        (ApplegateGame, "t1-t10:3", "t1..t7, f1..f4 and reserve"),
    ],
)
def test_a_pile_the_game_has_not_is_refused_naming_its_piles(game, text, piles):
    """The notation names the piles of every game (Spider's t10, FreeCell's c1); a game refuses
    one it has not with a ValueError, not an IllegalMove, and changes nothing."""
    board = game(seed=4)
    before = board.state()
    for ask in (board.move, board.is_legal, board.explain, board.resolve):
        with pytest.raises(ValueError, match=f"has no pile .* its piles are {piles}") as refusal:
            ask(text)
        assert text in str(refusal.value) and not isinstance(refusal.value, IllegalMove)
    assert board.state() == before


@pytest.mark.parametrize(
    ("src", "dst", "n"), [("t100", "t1", 1), ("t1", "x", 1), ("t1", "t2", 0), ("f", "t1", 1)]
)
def test_the_constructor_refuses_impossible_fields(src, dst, n):
    with pytest.raises(ValueError):
        Move(src, dst, n)


def test_the_constructor_refuses_a_count_that_is_not_an_integer():
    with pytest.raises(ValueError):
        Move("t1", "t2", "3")
    with pytest.raises(ValueError):
        Move("t1", "t2", True)


def test_every_move_prints_to_notation_that_parses_back_to_it():
    stock_moves = {("stock", "waste"), ("waste", "stock")}
    moves = [
        Move(src, dst, n)
        for src in PILES
        for dst in [*PILES, "f"]
        for n in range(1, 53)
        if n == 1 or (src, dst) not in stock_moves
    ]
    assert [m for m in moves if Move.parse(str(m)) != m] == []


@pytest.mark.parametrize("src, dst", [("stock", "waste"), ("waste", "stock")])
def test_a_draw_or_recycle_with_a_card_count_is_refused(src, dst):
    with pytest.raises(ValueError, match="no card count"):
        Move(src, dst, 3)
    with pytest.raises(ValueError):
        Move.parse(f"{src}-{dst}:3")


def test_repr_shows_the_notation():
    assert "t2-t5:3" in repr(Move("t2", "t5", 3))


def test_a_game_takes_a_move_as_text_as_a_move_or_as_its_fields():
    position = ["KS", "QH", "QD"]
    by_text, by_move, by_fields = (klondike(position) for _ in range(3))
    by_text.move("t2-t1")
    by_move.move(Move("t2", "t1"))
    by_fields.move("t2", "t1")
    assert by_text.state() == by_move.state() == by_fields.state()
    counted = klondike(["KS QH JC", "", "KC"])
    counted.move("t1", "t3", 2)
    assert counted.state()["tableau"][2]["up"] == ["KC", "QH", "JC"]


def test_the_history_keeps_the_f_destination_as_it_was_asked_for():
    game = klondike(["AH", "KS"], foundations=[])
    game.move("t1-f")
    assert [str(m) for m in game.history] == ["t1-f"]
    assert game.state()["history"] == ["t1-f"]


@pytest.mark.parametrize(
    ("text", "src", "partner"), [("p27+p28", "p27", "p28"), ("P27 + Waste", "p27", "waste")]
)
def test_a_pair_is_written_with_a_plus_and_reads_back(text, src, partner):
    """Pyramid's pairs (two cards going home together) are notation every game reads."""
    move = Move.parse(text)
    assert (move.src, move.dst, move.n, move.partner) == (src, "f", 1, partner)
    assert Move.parse(str(move)) == move and str(move) == f"{src}+{partner}"
    assert move != Move(src, "f") and len({move, Move(src, "f")}) == 2


@pytest.mark.parametrize("text", ["p27+p27", "p27+", "+p28", "p27+p28:2", "p27+x9", "p0+p1"])
def test_a_malformed_pair_is_refused_naming_the_text(text):
    with pytest.raises(ValueError, match=re.escape(repr(text))):
        Move.parse(text)


@pytest.mark.parametrize("text", ["waste+t1", "t1+t2", "p27+p28"])
def test_a_game_without_pairs_refuses_a_pair_and_changes_nothing(text):
    """Klondike's piles may be named in a pair, but Klondike sends no pairs home."""
    game = KlondikeGame(seed=4)
    game.draw()
    before = game.state()
    for ask in (game.move, game.is_legal, game.explain):
        with pytest.raises(ValueError):
            ask(text)
    replayed = dict(before, history=[*before["history"], text])
    with pytest.raises(ValueError):
        load_game(replayed)
    assert game.state() == before
