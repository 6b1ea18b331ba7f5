"""Each game's options, from one table (issue 20): a value is exactly of its option's type, or it
is refused with a ValueError naming what was given, wherever it comes in; a numpy integer is read
as the int it equals (docs/board.md, "The board's options")."""

from __future__ import annotations

import inspect
import json
import re
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest

import solitaire_widget as sw
from solitaire_widget.app import PICKS, pick_of
from solitaire_widget.games import ApplegateGame, KlondikeGame, definition
from solitaire_widget.games import names as names_of_games
from solitaire_widget.games.klondike import DRAW_OPTION as DRAW
from solitaire_widget.games.klondike import SCORING
from solitaire_widget.solver.catalogue import load_catalogue, variant_name
from solitaire_widget.variants import checked_options, defaults, game_options, menu_order, variants

DECK = [rank + suit for suit in "CDHS" for rank in "A23456789TJQK"]

NOT_A_DRAW = {
    "3.0": (3.0, "not 3.0 (a float)"),
    "Decimal(3)": (Decimal(3), "not a Decimal"),
    "Fraction(3)": (Fraction(3), "not a Fraction"),
    "True": (True, "not True (a bool)"),
    "'3'": ("3", "not '3'"),
    "numpy.float64(3)": (np.float64(3), "not 3.0 (a float64)"),
    "numpy.bool_(True)": (np.bool_(True), "not a bool"),
    "2": (2, "not 2"),
}


def _gym(draw):
    import gymnasium

    import solitaire_widget.gym  # noqa: F401

    return gymnasium.make("solitaire_widget/Klondike-v0", draw=draw)


ENTRIES = {
    "sw.Klondike": lambda draw: sw.Klondike(seed=1, draw=draw, autosave=False),
    "the engine's KlondikeGame": lambda draw: KlondikeGame(seed=1, draw=draw),
    "Klondike.from_deal": lambda draw: sw.Klondike.from_deal(DECK, draw=draw, autosave=False),
    "a board's new_game": lambda draw: sw.Klondike(seed=1, autosave=False).new_game(draw=draw),
    "Klondike.daily": lambda draw: sw.Klondike.daily("2026-11-30", draw=draw, autosave=False),
    "sw.survey": lambda draw: sw.survey("klondike", [1], draw=draw, progress=False),
    "a Gymnasium environment": _gym,
}


@pytest.mark.parametrize("entry", ENTRIES)
@pytest.mark.parametrize("value", NOT_A_DRAW)
def test_a_draw_count_of_another_type_is_refused_naming_it_wherever_it_comes_in(entry, value):
    draw, words = NOT_A_DRAW[value]
    with pytest.raises(ValueError, match=re.escape(f"draw must be 1 or 3, {words}")):
        ENTRIES[entry](draw)


@pytest.mark.parametrize("value", ["Vegas", 0, False, b"vegas"])
def test_a_scoring_of_another_value_is_refused(value):
    with pytest.raises(ValueError, match="scoring must be 'standard', 'vegas' or None, not"):
        KlondikeGame(seed=1, scoring=value)


def test_a_numpy_integer_is_read_as_the_int_it_equals_and_the_game_plays_saves_and_loads(
    tmp_path,
):
    board = sw.Klondike(seed=5, draw=np.int64(3), autosave=False)
    board.draw()
    assert len(board.state()["waste"]) == 3
    options = board.state()["options"]
    assert options == {"draw": 3, "scoring": "standard"}
    assert type(options["draw"]) is int
    board.save(tmp_path / "game.json")
    assert sw.load((tmp_path / "game.json").read_text()).state() == board.state()
    assert json.loads(json.dumps(board.state())) == board.state()


def test_applegate_takes_no_options_wherever_they_come_in():
    for make in (
        lambda: ApplegateGame.from_deal(DECK, draw=3),
        lambda: sw.survey("applegate", [1], draw=3, progress=False),
        lambda: sw.load({**ApplegateGame(seed=1).state(), "options": {"draw": 1}}),
    ):
        with pytest.raises(ValueError, match="Applegate takes no options, got 'draw'"):
            make()


def test_a_saved_game_names_every_option_of_its_game():
    state = KlondikeGame(seed=1).state()
    with pytest.raises(ValueError, match="Klondike options are exactly draw and scoring"):
        sw.load({**state, "options": {"draw": 1}})
    with pytest.raises(ValueError, match="Klondike has no option 'deck'"):
        sw.load({**state, "options": {"draw": 1, "scoring": None, "deck": 2}})
    with pytest.raises(ValueError, match="scoring must be 'standard', 'vegas' or null, not 'x'"):
        sw.load({**state, "options": {"draw": 1, "scoring": "x"}})


def test_the_table_gives_the_defaults_the_words_and_the_messages():
    assert game_options("klondike") == (DRAW, SCORING)
    assert game_options("applegate") == ()
    assert defaults("klondike") == {"draw": 1, "scoring": "standard"}
    assert defaults("applegate") == {}
    from solitaire_widget.gym import KlondikeEnv

    signatures = [
        inspect.signature(made).parameters for made in (KlondikeGame, sw.Klondike, KlondikeEnv)
    ]
    for option in game_options("klondike"):
        assert {made[option.name].default for made in signatures} == {option.default}
    assert checked_options("klondike", {"draw": np.int32(3)}) == {"draw": 3, "scoring": "standard"}
    assert DRAW.choices() == "1 or 3"
    assert SCORING.choices("null") == "'standard', 'vegas' or null"


@pytest.mark.parametrize(
    ("options", "title", "label"),
    [
        ({"draw": 1, "scoring": "standard"}, "draw 1 · standard scoring", "draw 1"),
        ({"draw": 3, "scoring": "vegas"}, "draw 3 · Vegas scoring", "draw 3 · Vegas scoring"),
        ({"draw": 1, "scoring": None}, "draw 1 · no score", "draw 1 · no score"),
    ],
)
def test_the_board_as_text_and_its_label_name_the_options_in_the_table_s_words(
    options, title, label
):
    board = sw.Klondike(seed=4, autosave=False, **options)
    assert str(board).splitlines()[0] == f"Klondike · {title} · seed 4"
    assert board._board["label"] == f"Klondike · {label}"


SEED_ENTRIES = {
    "sw.Klondike": lambda seed: sw.Klondike(seed=seed, autosave=False),
    "sw.Applegate": lambda seed: sw.Applegate(seed=seed, autosave=False),
    "sw.Klondike, winnable": lambda seed: sw.Klondike(seed=seed, winnable=True, autosave=False),
    "the engine's KlondikeGame": lambda seed: KlondikeGame(seed=seed),
    "a board's new_game": lambda seed: sw.Klondike(seed=1, autosave=False).new_game(seed=seed),
    "sw.survey": lambda seed: sw.survey("klondike", [seed], time_limit=1, progress=False),
}


@pytest.mark.parametrize("entry", SEED_ENTRIES)
def test_a_numpy_integer_seed_is_read_as_the_int_it_equals(entry):
    """docs/board.md: a numpy integer converts, for a seed as for an option."""
    made = SEED_ENTRIES[entry](np.int64(5))
    if entry == "sw.survey":
        assert [type(row.seed) for row in made] == [int]
        return
    if entry == "a board's new_game":
        return
    assert type(made.seed) is int
    if "winnable" not in entry:
        assert made.seed == 5
        assert made.state() == SEED_ENTRIES[entry](5).state()


@pytest.mark.parametrize("seed", [np.float64(5), Decimal(5), True, np.int64(-1), "5"])
def test_a_seed_that_is_not_a_whole_number_in_range_is_refused(seed):
    with pytest.raises(ValueError, match="a seed is an integer from 0 to 2"):
        sw.Klondike(seed=seed, autosave=False)


def test_a_numpy_str_is_read_as_the_str_it_equals():
    board = sw.Klondike(seed=5, scoring=np.str_("vegas"), autosave=False)
    options = board.state()["options"]
    assert options == {"draw": 1, "scoring": "vegas"} and type(options["scoring"]) is str
    assert sw.load(json.dumps(board.state())).state() == board.state()


@pytest.mark.parametrize("option", ["draw", "scoring"])
def test_a_klondike_option_given_to_an_applegate_board_is_a_value_error_naming_its_options(
    option,
):
    """docs/board.md: an option a game does not have is a ValueError (not a board setting's
    TypeError), wherever it comes in."""
    for make in (
        lambda: sw.Applegate(seed=1, autosave=False, **{option: None}),
        lambda: sw.Applegate.from_deal(DECK, autosave=False, **{option: None}),
        lambda: sw.Applegate.daily("2026-11-30", autosave=False, **{option: None}),
    ):
        with pytest.raises(ValueError, match=f"Applegate takes no options, got '{option}'"):
            make()


def test_the_variants_come_from_the_table_and_name_the_picker_the_catalogue_and_the_dailies():
    assert [variant.label for variant in variants(catalogued=True)] == [
        "Klondike · draw 1",
        "Klondike · draw 3",
        "Applegate",
        "Spider · 1 suit",
    ]
    assert list(PICKS) == [variant.label for variant in variants()]
    assert PICKS["Klondike · draw 3"] == {"game": "klondike", "draw": 3}
    assert pick_of("klondike", {"draw": 3, "scoring": "vegas"}) == "Klondike · draw 3"
    catalogued = variants(catalogued=True)
    names = [variant.name for variant in catalogued]
    assert names == [variant_name(variant.game, dict(variant.options)) for variant in catalogued]
    assert names == list(load_catalogue())
    daily = [
        variant_name(game, dict(declared.options))
        for game in names_of_games()
        if definition(game).daily is not None
        for declared in definition(game).daily.variants
    ]
    assert daily == names


def test_the_statistics_list_the_variants_in_the_table_s_order():
    played = [
        ("chess", {}),
        ("applegate", {}),
        ("klondike", {"draw": 3, "scoring": None}),
        ("klondike", {"draw": 1, "scoring": "vegas"}),
        ("klondike", {"draw": 3, "scoring": "standard"}),
        ("klondike", {"draw": 1, "scoring": "standard"}),
    ]
    assert sorted(played, key=lambda variant: menu_order(*variant)) == [
        ("klondike", {"draw": 1, "scoring": "standard"}),
        ("klondike", {"draw": 1, "scoring": "vegas"}),
        ("klondike", {"draw": 3, "scoring": "standard"}),
        ("klondike", {"draw": 3, "scoring": None}),
        ("applegate", {}),
        ("chess", {}),
    ]
