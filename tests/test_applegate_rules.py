"""Applegate's rules (SPEC section 1), each on a position built for it."""

import random

import pytest

from positions import (
    applegate,
    applegate_state,
    assert_allowed,
    assert_refused,
    run_down,
    tableau,
)
from solitaire_widget.engine import IllegalMove
from solitaire_widget.games import ApplegateGame
from solitaire_widget.moves import Move
from solitaire_widget.state import load_game

FOUNDATION_RULE = "Foundations take only a complete 13-card run of one suit"


def spaced(cards):
    return " ".join(cards)


# ----------------------------------------------------------------- building down by suit


def test_a_card_goes_on_one_rank_higher_of_the_same_suit():
    game = applegate(["6S", "5S"])
    assert_allowed(game, "t2-t1")
    assert tableau(game, 1)[1] == ["6S", "5S"]


def test_a_card_of_another_suit_is_refused_even_of_the_same_colour():
    assert_refused(applegate(["6S", "5C"]), "t2-t1", "suit")
    assert_refused(applegate(["6S", "5H"]), "t2-t1", "suit")


@pytest.mark.parametrize("card", ["4S", "7S", "8S", "KS"])
def test_a_card_must_be_exactly_one_rank_lower(card):
    assert_refused(applegate(["6S", card]), "t2-t1")


def test_a_king_goes_on_an_ace():
    game = applegate(["AH", "KH"])
    assert_allowed(game, "t2-t1")
    assert tableau(game, 1)[1] == ["AH", "KH"]


def test_an_ace_does_not_go_on_a_king():
    assert_refused(applegate(["KH", "AH"]), "t2-t1")


def test_an_ace_goes_on_a_two():
    game = applegate(["2H", "AH"])
    assert_allowed(game, "t2-t1")


# ----------------------------------------------------------------- groups


def test_a_group_out_of_order_moves_by_its_bottom_card():
    game = applegate(["3C", "9H 2C KD"])
    assert_allowed(game, "t2-t1:2")
    assert tableau(game, 1)[1] == ["3C", "2C", "KD"]
    assert tableau(game, 2)[1] == ["9H"]


def test_the_whole_face_up_part_moves_as_a_group():
    game = applegate(["TH", "4C 5C | 9H 2C KD"])
    assert_allowed(game, "t2-t1:3")
    assert tableau(game, 1)[1] == ["TH", "9H", "2C", "KD"]
    assert tableau(game, 2) == (["4C"], ["5C"])


def test_only_the_group_bottom_card_has_to_fit():
    assert_refused(applegate(["3C", "9H 2C KD"]), "t2-t1")
    assert_refused(applegate(["AD", "9H 2C KD"]), "t2-t1:2")
    assert_allowed(applegate(["AD", "9H 2C KD"]), "t2-t1")


def test_face_down_cards_never_move():
    game = applegate(["4C 5D | 8S", "9S"])
    assert_refused(game, "t1-t2:2", "face-down")
    assert_refused(game, "t1-t2:3", "face-down")


def test_a_face_down_card_left_on_top_turns_face_up_by_itself():
    game = applegate(["4C | 8S", "9S"])
    game.move("t1-t2")
    assert tableau(game, 1) == ([], ["4C"])


def test_a_group_leaving_every_face_up_card_turns_the_next_one():
    game = applegate(["4C 7D | 8S 3H", "9S"])
    game.move("t1-t2:2")
    assert tableau(game, 1) == (["4C"], ["7D"])


def test_a_card_does_not_move_onto_its_own_pile():
    assert_refused(applegate(["9S 8S", "KD"]), "t1-t1")


# ----------------------------------------------------------------- empty piles


def test_only_a_king_fills_an_empty_pile():
    game = applegate(["", "QS"])
    assert_refused(game, "t2-t1", "King", "empty")


def test_a_king_fills_an_empty_pile():
    game = applegate(["", "3C | KS", "* | 2H"])
    assert_allowed(game, "t2-t1")
    assert tableau(game, 1) == ([], ["KS"])
    assert tableau(game, 2) == ([], ["3C"])


def test_a_group_whose_bottom_card_is_a_king_fills_an_empty_pile():
    game = applegate(["", "3C | KS 4D 9H", "* | 2H"])
    assert_allowed(game, "t2-t1:3")
    assert tableau(game, 1) == ([], ["KS", "4D", "9H"])


def test_a_group_whose_top_card_is_a_king_does_not_fill_an_empty_pile():
    assert_refused(applegate(["", "3C | 4D KS", "* | 2H"]), "t2-t1:2", "King")


# ----------------------------------------------------------------- the reserve


def test_the_reserve_top_card_plays_where_it_fits():
    game = applegate(["8H", "KD"], reserve="2C 7H")
    assert_allowed(game, "reserve-t1")
    assert tableau(game, 1)[1] == ["8H", "7H"]
    assert game.state()["reserve"] == ["2C"]


def test_only_the_reserve_top_card_is_playable():
    game = applegate(["3C", "8H"], reserve="2C 7H")
    assert_refused(game, "reserve-t1")
    assert_refused(game, "reserve-t2:2")


def test_a_reserve_card_must_fit_where_it_lands():
    assert_refused(applegate(["8S", "KD"], reserve="2C 7H"), "reserve-t1")


def test_a_king_from_the_reserve_fills_an_empty_pile():
    game = applegate(["", "3C"], reserve="KD")
    assert_allowed(game, "reserve-t1")
    assert tableau(game, 1) == ([], ["KD"])
    assert game.state()["reserve"] == []


def test_a_queen_from_the_reserve_does_not_fill_an_empty_pile():
    assert_refused(applegate(["", "3C"], reserve="QD"), "reserve-t1", "King")


def test_an_empty_reserve_gives_nothing():
    assert_refused(applegate(["8H", "KD"]), "reserve-t1")


def test_the_reserve_does_not_go_to_a_foundation():
    assert_refused(applegate(["8H", "KD"], reserve="2C"), "reserve-f")


def test_nothing_goes_onto_the_reserve():
    assert_refused(applegate(["8H", "KD"], reserve="9H"), "t1-reserve")


def test_applegate_has_no_stock():
    game = applegate(["8H", "KD"], reserve="7H")
    for move in ["draw", "recycle", "waste-t1", "stock-t1"]:
        assert_refused(game, move)
    before = game.state()
    with pytest.raises(IllegalMove):
        game.draw()
    assert game.state() == before


# ----------------------------------------------------------------- foundations


def test_a_complete_run_king_to_ace_goes_to_a_foundation():
    run = run_down("AS", 13)
    assert run[0] == "KS" and run[-1] == "AS"
    game = applegate(["3H | " + spaced(run), "4H"])
    assert_allowed(game, "t1-f:13")
    assert run in game.state()["foundations"]
    assert tableau(game, 1) == ([], ["3H"])


def test_a_rotated_complete_run_goes_to_a_foundation():
    run = run_down("6S", 13)
    assert spaced(run) == "5S 4S 3S 2S AS KS QS JS TS 9S 8S 7S 6S"
    game = applegate([spaced(run), "4H"])
    assert_allowed(game, "t1-f:13")
    assert run in game.state()["foundations"]
    assert tableau(game, 1) == ([], [])


def test_a_run_may_be_named_for_a_particular_empty_foundation():
    game = applegate([spaced(run_down("AS", 13)), "4H"], foundations=["D", "C"])
    assert game.resolve("t1-f:13") == Move("t1", "f3", 13)
    assert_allowed(game, "t1-f4:13")
    assert game.state()["foundations"][3] == run_down("AS", 13)


def test_a_twelve_card_run_is_refused():
    game = applegate(["3H | " + spaced(run_down("AS", 12)), "4H"])
    assert_refused(game, "t1-f:12", FOUNDATION_RULE)


def test_a_mixed_suit_run_is_refused():
    run = run_down("AS", 13)
    run[6] = "7H"
    game = applegate([spaced(run), "4H"])
    assert_refused(game, "t1-f:13", FOUNDATION_RULE)


def test_thirteen_cards_of_one_suit_out_of_order_are_refused():
    run = run_down("AS", 13)
    run[5], run[6] = run[6], run[5]
    assert_refused(applegate([spaced(run), "4H"]), "t1-f:13", FOUNDATION_RULE)


def test_a_run_under_another_card_is_refused():
    run = run_down("AS", 13)
    game = applegate([spaced(run) + " 5H", "4H"])
    assert_refused(game, "t1-f:13", FOUNDATION_RULE)
    assert_refused(game, "t1-f:14", FOUNDATION_RULE)


def test_a_single_card_does_not_go_to_a_foundation():
    game = applegate(["AS", "4H"], foundations=[])
    assert_refused(game, "t1-f", FOUNDATION_RULE)


def test_a_run_does_not_go_onto_an_occupied_foundation():
    game = applegate([spaced(run_down("AS", 13)), "4H"], foundations=["D", "C"])
    assert_refused(game, "t1-f1:13", "Foundation 1 already holds a finished run.")


def test_finished_runs_never_leave_the_foundation():
    finished = run_down("KS", 13)
    state = applegate_state(["", "QH"], foundations=[spaced(finished)])
    game = load_game(state)
    assert finished[-1] == "KS"
    for move in ["f1-t1", "f1-t2", "f1-t1:13", "f1-f2"]:
        assert_refused(game, move)


# ----------------------------------------------------------------- auto_finish


def test_auto_finish_sends_every_complete_run_on_top_of_a_pile_to_the_foundations():
    game = applegate(
        [spaced(run_down("AS", 13)), "2D 3D | " + spaced(run_down("6H", 13)), "4D 5D | 6D"],
        foundations=["C"],
    )
    played = game.auto_finish()
    assert len(played) == 2
    foundations = game.state()["foundations"]
    assert run_down("AS", 13) in foundations and run_down("6H", 13) in foundations
    assert game.history == played


def test_auto_finish_without_a_complete_run_refuses_and_changes_nothing():
    game = applegate([spaced(run_down("AS", 12)), "4H"])
    assert not game.can_auto_finish
    before = game.state()
    with pytest.raises(IllegalMove):
        game.auto_finish()
    assert game.state() == before


def test_the_last_run_wins_the_game():
    game = applegate([spaced(run_down("9D", 13))])
    assert game.status == "playing"
    game.move("t1-f:13")
    assert game.status == "won"


# ----------------------------------------------------------------- legal_moves


def test_legal_moves_lists_every_legal_move_once():
    game = applegate(
        ["", "4D 5D | KC 6D", "7D", "* | AC 9C", spaced(run_down("AS", 13)), "2D 3D | 8D", "QC"],
        foundations=["H"],
        reserve="TC KD",
    )
    moves = game.legal_moves()
    assert len(moves) == len(set(moves))
    assert set(moves) == {
        Move("t2", "t1", 2),
        Move("t2", "t3"),
        Move("t3", "t6"),
        Move("t5", "t1", 13),
        Move("t5", "f", 13),
        Move("reserve", "t1"),
    }


def test_legal_moves_comes_in_the_same_order_every_time():
    position = (
        ["", "4D 5D | KC 6D", "7D", "* | AC 9C", spaced(run_down("AS", 13)), "2D 3D | 8D", "QC"],
    )
    game = applegate(*position, foundations=["H"], reserve="TC KD")
    again = applegate(*position, foundations=["H"], reserve="TC KD")
    assert game.legal_moves() == game.legal_moves() == again.legal_moves()


def test_legal_moves_kept_up_to_date_over_moves_undos_and_redos_match_a_fresh_look():
    # The generator keeps where each face-up card lies from move to move; after every kind of
    # change it must list what a game set up afresh in the same position lists.
    rng = random.Random(13)
    for seed in range(12):
        game = ApplegateGame(seed=seed)
        for _ in range(120):
            legal = game.legal_moves()
            fresh = game._position_copy().legal_moves()
            assert legal == fresh
            roll = rng.random()
            if roll < 0.1 and game.can_undo:
                game.undo()
            elif roll < 0.15 and game.can_redo:
                game.redo()
            elif roll < 0.17:
                game.restart()
            elif legal:
                game.move(rng.choice(legal))
            else:
                break
