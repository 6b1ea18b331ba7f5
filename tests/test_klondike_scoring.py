"""Klondike's score lines (SPEC section 1): standard, Vegas and no scoring."""

import pytest

from positions import klondike
from solitaire_widget.games import ApplegateGame, KlondikeGame


def score_after(game, *moves):
    for move in moves:
        game.move(move)
    return game.score


# ----------------------------------------------------------------- standard


@pytest.mark.parametrize("draw", [1, 3])
def test_standard_scoring_starts_at_zero(draw):
    assert KlondikeGame(seed=3, draw=draw, scoring="standard").score == 0


def test_the_default_scoring_is_standard():
    game = KlondikeGame(seed=3)
    assert game.options == {"draw": 1, "scoring": "standard"}
    assert game.score == 0


def test_a_card_from_the_tableau_to_a_foundation_scores_10():
    assert score_after(klondike(["AH", "KS"], foundations=[], score=7), "t1-f") == 17


def test_a_card_from_the_waste_to_a_foundation_scores_10():
    assert score_after(klondike(["KS"], foundations=["AC", "", ""], waste="2C"), "waste-f") == 10


def test_a_card_from_the_waste_to_the_tableau_scores_5():
    assert score_after(klondike(["9H"], waste="8S", score=3), "waste-t1") == 8


def test_each_card_turned_face_up_scores_5():
    assert score_after(klondike(["4C | 8S", "9H"]), "t1-t2") == 5


def test_a_run_that_uncovers_a_card_scores_5_once():
    assert score_after(klondike(["TD", "5H | 9S 8H 7C"]), "t2-t1:3") == 5


def test_a_card_to_a_foundation_that_uncovers_one_scores_15():
    assert score_after(klondike(["4C | AH", "KS"], foundations=[]), "t1-f") == 15


def test_a_tableau_move_that_uncovers_nothing_scores_nothing():
    assert score_after(klondike(["9H", "8S", "* | KD"], score=20), "t2-t1") == 20


def test_a_foundation_card_back_to_the_tableau_costs_15():
    assert score_after(klondike(["6S"], foundations=["5H"], score=40), "f1-t1") == 25


def test_drawing_scores_nothing():
    assert score_after(klondike(["KS"], stock="2C 3C", score=12), "draw") == 12
    assert score_after(klondike(["KS"], stock="2C 3C 4C 5C", draw=3, score=12), "draw") == 12


def test_the_score_never_goes_below_zero():
    game = klondike(["6S", "KD"], foundations=["5H"], score=10)
    game.move("f1-t1")
    assert game.score == 0
    game.move("t1-f")
    assert game.score == 10


def test_draw_one_recycles_cost_100_each():
    game = klondike(["KS"], waste="2C", score=250, draw=1)
    scores = []
    for _ in range(4):
        game.move("recycle")
        scores.append(game.score)
        game.move("draw")
    assert scores == [150, 50, 0, 0]


def test_draw_three_recycles_are_free_free_then_20_each():
    game = klondike(["KS"], waste="2C", score=100, draw=3)
    scores = []
    for _ in range(5):
        game.draw()
        scores.append(game.score)
        game.draw()
    assert scores == [100, 100, 80, 60, 40]


def test_draw_three_counts_recycles_made_before_a_load():
    assert (
        score_after(klondike(["KS"], waste="2C", score=100, draw=3, recycles=1), "recycle") == 100
    )
    assert score_after(klondike(["KS"], waste="2C", score=100, draw=3, recycles=2), "recycle") == 80


def test_a_recycle_penalty_stops_at_zero():
    assert score_after(klondike(["KS"], waste="2C", score=30, draw=1), "recycle") == 0
    assert score_after(klondike(["KS"], waste="2C", score=5, draw=3, recycles=7), "recycle") == 0


def test_undo_restores_the_score_before_the_floor():
    game = klondike(["6S"], foundations=["5H"], score=10)
    game.move("f1-t1")
    game.undo()
    assert game.score == 10


def test_auto_finish_scores_10_a_card():
    game = klondike(["KS", "KH"], foundations=["QS", "QH", "KC", "KD"], score=3)
    game.auto_finish()
    assert game.score == 23


def test_a_new_game_starts_the_score_again():
    game = klondike(["9H"], waste="8S", score=3)
    game.move("waste-t1")
    game.new_game(5)
    assert game.score == 0


# ----------------------------------------------------------------- Vegas


@pytest.mark.parametrize("draw", [1, 3])
def test_vegas_starts_at_minus_52(draw):
    game = KlondikeGame(seed=3, draw=draw, scoring="vegas")
    assert game.score == -52
    game.new_game(4)
    assert game.score == -52


def test_vegas_pays_5_a_card_to_a_foundation():
    assert (
        score_after(klondike(["AH", "KS"], foundations=[], scoring="vegas", score=-52), "t1-f")
        == -47
    )
    game = klondike(["KS"], foundations=["AC", "", ""], waste="2C", scoring="vegas", score=-47)
    assert score_after(game, "waste-f") == -42


def test_vegas_takes_5_for_a_card_taken_back_off_a_foundation():
    assert (
        score_after(klondike(["6S"], foundations=["5H"], scoring="vegas", score=-27), "f1-t1")
        == -32
    )


def test_vegas_pays_nothing_for_turning_a_card_or_playing_the_waste():
    # no foundation cards, so the Vegas score is the deck's cost
    vegas = {"foundations": [], "scoring": "vegas", "score": -52}
    assert score_after(klondike(["4C | 8S", "9H"], **vegas), "t1-t2") == -52
    assert score_after(klondike(["9H"], waste="8S", **vegas), "waste-t1") == -52


@pytest.mark.parametrize("draw", [1, 3])
def test_vegas_recycles_cost_nothing(draw):
    game = klondike(["KS"], waste="2C", foundations=[], scoring="vegas", score=-52, draw=draw)
    for _ in range(4):
        game.draw()
        game.draw()
    assert game.score == -52


def test_vegas_score_may_be_negative():
    game = klondike(["6S"], foundations=["5H"], scoring="vegas", score=-27)
    game.move("f1-t1")
    assert game.score == -32


# ----------------------------------------------------------------- no score


def test_no_scoring_has_no_score():
    game = klondike(["4C | AH", "KS"], foundations=[], waste="2C", scoring=None)
    assert game.score is None
    game.move("t1-f")
    game.draw()
    assert game.score is None
    assert game.state()["score"] is None
    assert KlondikeGame(seed=1, scoring=None).score is None


def test_applegate_has_no_score():
    game = ApplegateGame(seed=7)
    assert game.score is None
    assert game.state()["score"] is None
