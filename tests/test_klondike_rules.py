"""Klondike's rules (SPEC section 1), each on a position built for it."""

import pytest

from positions import assert_allowed, assert_refused, klondike, tableau
from solitaire_widget.engine import IllegalMove
from solitaire_widget.moves import Move

# ----------------------------------------------------------------- building down the tableau


def test_a_card_goes_on_one_rank_higher_of_the_other_colour():
    game = klondike(["9H", "8S"])
    assert_allowed(game, "t2-t1")
    assert tableau(game, 1)[1] == ["9H", "8S"]


def test_a_card_of_the_same_colour_is_refused():
    assert_refused(klondike(["9H", "8D"]), "t2-t1", "colour")
    assert_refused(klondike(["9S", "8C"]), "t2-t1", "colour")


@pytest.mark.parametrize("card", ["7S", "9S", "TS", "2C", "KC"])
def test_a_card_must_be_exactly_one_rank_lower(card):
    assert_refused(klondike(["9H", card]), "t2-t1")


def test_a_run_moves_as_a_unit():
    game = klondike(["TD", "5H | 9S 8H 7C"])
    assert_allowed(game, "t2-t1:3")
    assert tableau(game, 1)[1] == ["TD", "9S", "8H", "7C"]
    assert tableau(game, 2) == ([], ["5H"])


def test_a_run_moves_by_its_bottom_card():
    game = klondike(["KS QH JC TD", "QD"])
    assert_allowed(game, "t1-t2:2")
    assert tableau(game, 2)[1] == ["QD", "JC", "TD"]
    assert_refused(klondike(["KS QH JC TD", "QD"]), "t1-t2:3")


def test_part_of_a_run_may_move():
    game = klondike(["KS QH JC TD 9S", "TH"])
    assert_allowed(game, "t1-t2")
    assert tableau(game, 1)[1] == ["KS", "QH", "JC", "TD"]


@pytest.mark.parametrize("pile", ["9H 8D", "9H 7S", "9H TS"])
def test_face_up_cards_that_do_not_form_a_run_cannot_exist(pile):
    """Every legal move keeps a column's face-up cards a run, so only a bad state could hold
    one that is not, and loading refuses it: a move of such a "run" can never be asked for."""
    with pytest.raises(ValueError, match="alternating"):
        klondike(["TC", pile])


def test_face_down_cards_never_move():
    game = klondike(["4C 5D | 8S", "9H"])
    assert_refused(game, "t1-t2:2", "face-down")
    assert_refused(game, "t1-t2:3", "face-down")


def test_more_cards_than_a_pile_holds_are_refused():
    game = klondike(["8S", "9H"])
    assert_refused(game, "t1-t2:2")
    assert "1 cards" not in game.explain("t1-t2:2")


def test_an_empty_column_gives_nothing():
    assert_refused(klondike(["", "9H"]), "t1-t2")


# ----------------------------------------------------------------- empty columns


def test_only_a_king_fills_an_empty_column():
    game = klondike(["", "QH"])
    assert_refused(game, "t2-t1", "Only a King can fill an empty column")


def test_a_king_fills_an_empty_column():
    game = klondike(["", "3C | KH"])
    assert_allowed(game, "t2-t1")
    assert tableau(game, 1) == ([], ["KH"])
    assert tableau(game, 2) == ([], ["3C"])


def test_explain_says_a_king_fills_an_empty_column_even_when_a_foundation_is_empty():
    game = klondike(["", "3C | KH"], foundations=[])
    assert game.explain("t2-t1") == "Legal: the King of hearts fills the empty column t1."


def test_a_run_led_by_a_king_fills_an_empty_column():
    game = klondike(["", "3C | KH QS JD"])
    assert_allowed(game, "t2-t1:3")
    assert tableau(game, 1) == ([], ["KH", "QS", "JD"])


def test_a_run_led_by_a_queen_does_not_fill_an_empty_column():
    assert_refused(klondike(["", "3C | KH QS JD"]), "t2-t1:2", "King")


def test_a_king_from_the_waste_fills_an_empty_column():
    game = klondike(["", "2C"], waste="KD")
    assert_allowed(game, "waste-t1")
    assert tableau(game, 1) == ([], ["KD"])


def test_a_queen_from_the_waste_does_not_fill_an_empty_column():
    assert_refused(klondike(["", "2C"], waste="QD"), "waste-t1", "King")


def test_a_king_from_a_foundation_fills_an_empty_column():
    game = klondike(["", "2C"], foundations=["KS"])
    assert_allowed(game, "f1-t1")
    assert tableau(game, 1) == ([], ["KS"])


# ----------------------------------------------------------------- foundations


def test_an_ace_starts_a_foundation():
    game = klondike(["AH", "KS"], foundations=[])
    assert game.resolve("t1-f") == Move("t1", "f1")
    assert_allowed(game, "t1-f")
    assert game.state()["foundations"] == [["AH"], [], [], []]


def test_an_ace_goes_to_the_first_empty_foundation():
    game = klondike(["AH", "KS"], foundations=["AC", "", "AD"])
    assert game.resolve("t1-f") == Move("t1", "f2")
    game.move("t1-f")
    assert game.state()["foundations"] == [["AC"], ["AH"], ["AD"], []]


def test_an_ace_may_be_named_for_any_empty_foundation():
    game = klondike(["AH", "KS"], foundations=["AC", "", ""])
    assert_allowed(game, "t1-f3")
    assert game.state()["foundations"] == [["AC"], [], ["AH"], []]


def test_a_card_goes_to_the_foundation_of_its_suit():
    game = klondike(["2D", "KS"], foundations=["AC", "AH", "AD", ""])
    assert game.resolve("t1-f") == Move("t1", "f3")
    assert_allowed(game, "t1-f")
    assert game.state()["foundations"][2] == ["AD", "2D"]


def test_a_move_may_name_the_foundation_that_takes_the_card():
    game = klondike(["2D", "KS"], foundations=["AC", "AH", "AD", ""])
    assert_allowed(game, "t1-f3")
    assert game.state()["foundations"][2] == ["AD", "2D"]


def test_naming_a_foundation_that_does_not_take_the_card_is_refused():
    game = klondike(["2D", "KS"], foundations=["AC", "AH", "AD", ""])
    assert_refused(game, "t1-f1")
    assert_refused(game, "t1-f4")


def test_a_foundation_builds_up_by_suit_only():
    assert_refused(klondike(["2H", "KS"], foundations=["AD"]), "t1-f")
    assert_refused(klondike(["3D", "KS"], foundations=["AD"]), "t1-f")


def test_only_an_ace_starts_a_foundation():
    assert_refused(klondike(["2H", "KS"], foundations=[]), "t1-f", "Ace")
    assert_refused(klondike(["2H", "KS"], foundations=[]), "t1-f1", "Ace")


def test_foundations_take_one_card_at_a_time():
    assert_refused(klondike(["2S AH", "KS"], foundations=[]), "t1-f:2")


def test_the_waste_top_goes_to_a_foundation():
    game = klondike(["KS"], foundations=["AC", "", ""], waste="2C")
    assert_allowed(game, "waste-f")
    assert game.state()["foundations"][0] == ["AC", "2C"]
    assert game.state()["waste"] == []


def test_a_foundation_top_card_may_come_back_to_the_tableau():
    game = klondike(["6S"], foundations=["5H"])
    assert_allowed(game, "f1-t1")
    assert tableau(game, 1)[1] == ["6S", "5H"]
    assert game.state()["foundations"][0] == ["AH", "2H", "3H", "4H"]


def test_a_foundation_card_coming_back_must_fit_the_tableau():
    assert_refused(klondike(["6D"], foundations=["5H"]), "f1-t1")
    assert_refused(klondike(["7S"], foundations=["5H"]), "f1-t1")


def test_an_empty_foundation_gives_nothing():
    assert_refused(klondike(["6S"], foundations=["", "5H"]), "f1-t1")


def test_cards_do_not_move_between_foundations():
    assert_refused(klondike(["KS"], foundations=["AH", ""]), "f1-f2")
    assert_refused(klondike(["KS"], foundations=["AH", ""]), "f1-f")


def test_only_one_foundation_card_comes_back_at_a_time():
    assert_refused(klondike(["6S"], foundations=["5H"]), "f1-t1:2")


# ----------------------------------------------------------------- auto-flip


def test_a_face_down_card_left_on_top_turns_face_up_by_itself():
    game = klondike(["4C | 8S", "9H"])
    game.move("t1-t2")
    assert tableau(game, 1) == ([], ["4C"])


def test_only_the_top_face_down_card_turns():
    game = klondike(["4C 7D | 8S", "9H"])
    game.move("t1-t2")
    assert tableau(game, 1) == (["4C"], ["7D"])


def test_a_card_leaving_for_a_foundation_also_turns_the_card_under_it():
    game = klondike(["4C | AH", "KS"], foundations=[])
    game.move("t1-f")
    assert tableau(game, 1) == ([], ["4C"])


# ----------------------------------------------------------------- stock and waste


def test_draw_one_turns_one_card():
    game = klondike(["KS"], stock="2C 3C 4C", draw=1)
    game.move("draw")
    state = game.state()
    assert state["stock"] == ["2C", "3C"]
    assert state["waste"] == ["4C"]


def test_draw_three_turns_three_cards_the_third_on_top():
    game = klondike(["KS"], stock="2C 3C 4C 5C 6C", draw=3)
    game.move("draw")
    state = game.state()
    assert state["stock"] == ["2C", "3C"]
    assert state["waste"] == ["6C", "5C", "4C"]


def test_draw_three_with_two_cards_left_turns_both():
    game = klondike(["KS"], stock="2C 3C", waste="8C", draw=3)
    game.move("draw")
    state = game.state()
    assert state["stock"] == []
    assert state["waste"] == ["8C", "3C", "2C"]


def test_draw_three_with_one_card_left_turns_it():
    game = klondike(["KS"], stock="2C", draw=3)
    game.draw()
    assert game.state()["waste"] == ["2C"]


def test_draw_three_is_one_move():
    game = klondike(["KS"], stock="2C 3C 4C 5C", draw=3)
    game.draw()
    assert game.history == [Move("stock", "waste")]
    assert game.moves == 1


def test_only_the_waste_top_card_is_playable():
    game = klondike(["KS", "TH"], foundations=[], waste="AC 9C")
    assert_refused(game, "waste-f")
    assert_refused(game, "waste-t2:2")
    assert_allowed(game, "waste-t2")


def test_an_empty_waste_gives_nothing():
    assert_refused(klondike(["KS", "TH"], stock="9C"), "waste-t2")


def test_nothing_is_played_from_the_stock_directly():
    game = klondike(["TH", "KS"], foundations=[], stock="AC 9C")
    assert_refused(game, "stock-t1")
    assert_refused(game, "stock-f")


@pytest.mark.parametrize("move", ["t1-waste", "t1-stock", "f1-waste", "waste-waste", "t2-reserve"])
def test_nothing_is_put_on_the_stock_or_the_waste(move):
    assert_refused(klondike(["8S", "9H"], foundations=["AS"], waste="2C", stock="3C"), move)


def test_klondike_has_no_reserve():
    assert_refused(klondike(["8S", "9H"]), "reserve-t1")


def test_a_card_does_not_move_onto_its_own_pile():
    assert_refused(klondike(["9H 8S", "KD"]), "t1-t1")


def test_recycling_refills_the_stock_in_the_same_order():
    game = klondike(["KS"], stock="2C 3C 4C 5C 6C", draw=1)
    seen = []
    for _ in range(5):
        game.draw()
        seen.append(game.state()["waste"][-1])
    assert game.state()["stock"] == []
    game.draw()
    assert game.history[-1] == Move("waste", "stock")
    assert game.state()["stock"] == ["2C", "3C", "4C", "5C", "6C"]
    assert game.state()["waste"] == []
    again = []
    for _ in range(5):
        game.draw()
        again.append(game.state()["waste"][-1])
    assert again == seen == ["6C", "5C", "4C", "3C", "2C"]


def test_recycling_in_draw_three_shows_the_same_cards_again():
    game = klondike(["KS"], stock="2C 3C 4C 5C 6C 7C 8C", draw=3)
    tops = []
    for _ in range(3):
        game.draw()
        tops.append(game.state()["waste"][-1])
    game.move("recycle")
    for _ in range(3):
        game.draw()
        tops.append(game.state()["waste"][-1])
    assert tops == ["6C", "3C", "2C"] * 2


def test_recycle_only_when_the_stock_is_empty():
    game = klondike(["KS"], stock="2C", waste="3C")
    assert_refused(game, "recycle")


def test_draw_only_when_the_stock_has_cards():
    game = klondike(["KS"], waste="3C")
    assert_refused(game, "draw")
    assert game.is_legal("recycle")


def test_draw_recycles_when_the_stock_is_empty():
    game = klondike(["KS"], waste="3C 4C")
    game.draw()
    assert game.state()["stock"] == ["4C", "3C"]
    assert game.history == [Move("waste", "stock")]


def test_with_no_stock_and_no_waste_there_is_nothing_to_draw():
    game = klondike(["KS"])
    assert_refused(game, "draw")
    assert_refused(game, "recycle")
    before = game.state()
    with pytest.raises(IllegalMove):
        game.draw()
    assert game.state() == before


def test_recycling_has_no_limit():
    game = klondike(["KS"], stock="2C 3C", draw=3, scoring=None)
    for _ in range(20):
        game.draw()
        game.draw()
    assert game.state()["recycles"] == 20
    assert game.state()["stock"] == ["2C", "3C"]


def test_a_recycle_counts_in_the_state():
    game = klondike(["KS"], waste="2C", recycles=4, scoring=None)
    game.draw()
    assert game.state()["recycles"] == 5


# ----------------------------------------------------------------- illegal moves and explanations


def test_an_illegal_move_is_a_value_error_and_changes_nothing():
    game = klondike(["9H", "8D"], stock="2C", waste="3C")
    before, history = game.state(), game.history
    with pytest.raises(ValueError):
        game.move("t2-t1")
    assert issubclass(IllegalMove, ValueError)
    assert game.state() == before
    assert game.history == history
    assert not game.can_undo


def test_explain_says_why_a_legal_move_is_legal():
    game = klondike(["9H", "8S"])
    reason = game.explain("t2-t1")
    assert "legal" in reason.lower()
    assert "8" in reason and "9" in reason


def test_explain_takes_a_move_object_too():
    game = klondike(["", "QH"])
    assert game.explain(Move("t2", "t1")) == game.explain("t2-t1")


def test_explain_refuses_malformed_notation_with_value_error():
    with pytest.raises(ValueError, match="t1-t9"):
        klondike(["KS"]).explain("t1-t9")


# ----------------------------------------------------------------- legal_moves


def test_legal_moves_lists_every_legal_move_once():
    game = klondike(
        ["KS QH", "", "JC", "JS", "AD", "4C | JD", "2H"],
        foundations=["AC", "AH", "", ""],
        stock="5C 6C",
        waste="TC",
    )
    moves = game.legal_moves()
    assert len(moves) == len(set(moves))
    assert set(moves) == {
        Move("t1", "t2", 2),
        Move("t3", "t1"),
        Move("t4", "t1"),
        Move("t5", "f"),
        Move("t7", "f"),
        Move("waste", "t6"),
        Move("stock", "waste"),
        Move("f1", "t7"),
    }


def test_legal_moves_lists_foundation_moves_with_destination_f():
    game = klondike(["AH", "KS"], foundations=[])
    assert Move("t1", "f") in game.legal_moves()
    assert not any(m.dst in {"f1", "f2", "f3", "f4"} for m in game.legal_moves())


def test_legal_moves_comes_in_the_same_order_every_time():
    game = klondike(
        ["KS QH", "", "JC", "JS", "AD"], foundations=["AC", "AH"], stock="5C", waste="TC"
    )
    assert game.legal_moves() == game.legal_moves()
    copy = klondike(
        ["KS QH", "", "JC", "JS", "AD"], foundations=["AC", "AH"], stock="5C", waste="TC"
    )
    assert copy.legal_moves() == game.legal_moves()


# ----------------------------------------------------------------- auto_finish


def test_auto_finish_plays_every_card_when_all_are_face_up_and_stock_and_waste_are_empty():
    game = klondike(
        ["KH QS JH", "KS QH JS", "KD QC JD", "KC QD JC"],
        foundations=["TH", "TS", "TD", "TC"],
    )
    assert game.can_auto_finish
    calls = []
    game.on_move(calls.append)
    played = game.auto_finish()
    assert game.status == "won"
    assert len(played) == 12
    assert all(m.dst.startswith("f") for m in played)
    assert game.history == played
    assert calls == played
    assert [len(f) for f in game.state()["foundations"]] == [13, 13, 13, 13]


def test_auto_finish_takes_foundation_cards_in_an_order_that_works():
    game = klondike(["KS QD JS TD 9S", "KD QS JD TS 9D"], foundations=["8S", "8D", "KH", "KC"])
    game.auto_finish()
    assert game.status == "won"


@pytest.mark.parametrize(
    "position",
    [
        {"tableau": ["KS", "3C | KD"]},
        {"tableau": ["KS"], "stock": "KD"},
        {"tableau": ["KS"], "waste": "KD"},
    ],
    ids=["face-down card", "stock", "waste"],
)
def test_auto_finish_refuses_otherwise_and_changes_nothing(position):
    game = klondike(**position)
    assert not game.can_auto_finish
    before = game.state()
    with pytest.raises(IllegalMove):
        game.auto_finish()
    assert game.state() == before
    assert not game.can_undo


def test_auto_finish_moves_undo_one_by_one():
    game = klondike(["KS", "KH"], foundations=["QS", "QH", "KC", "KD"])
    game.auto_finish()
    game.undo()
    assert sum(len(f) for f in game.state()["foundations"]) == 51


def test_refusals_a_player_can_meet_on_the_board_are_in_a_players_words():
    """A drop on the waste or on the wrong foundation is explained without notation."""
    game = klondike(["5H", "AD"], foundations=["3S"], stock="*")
    assert game.explain("t1-waste") == "Cards go onto the waste only when drawn from the stock."
    assert game.explain("t2-f1") == ("A foundation starts with an Ace: foundation 1 is not empty.")
    assert game.explain("t1-f1") == (
        "Foundations build up by suit from Ace to King: the 5 of hearts needs the 4 of hearts "
        "on top of foundation 1."
    )
