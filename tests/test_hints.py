"""Hints a person would follow (issue 12): safe cards go up before any draw, the line they keep
to wins, is no longer than the solver's own, and each hint says why in words."""

from __future__ import annotations

import pytest

import solitaire_widget as sw
from solitaire_widget import lessons
from solitaire_widget.cards import NAME, long_name
from solitaire_widget.games import ApplegateGame, KlondikeGame
from solitaire_widget.moves import Move
from solitaire_widget.solver import Adviser, _solve
from solitaire_widget.solver.klondike import is_safe
from solitaire_widget.solver.lines import FOUNDATION, Step, _Played, _steps, bare, polish
from solitaire_widget.state import load_game

LINE_POSITIONS = 20_000


def follow_hints(game, limit: int = 600):
    """Plays the hints until the game ends; the hints given, with the position before each."""
    adviser = Adviser()
    given = []
    while game.status == "playing" and len(given) < limit:
        advice = adviser.advice(game, budget=5)
        if advice.move is None:
            break
        given.append((bare(game.state()), advice, adviser))
        game.move(advice.move)
    return given


def safe_foundation_cards(state) -> list[int]:
    game = load_game(state)
    heights = [0, 0, 0, 0]
    for foundation in game.foundations:
        if foundation:
            heights[foundation[0] // 13] = len(foundation)
    tops = [up[-1] for up in game.up if up] + game.waste[-1:]
    return [c for c in tops if heights[c // 13] == c % 13 and is_safe(c, heights)]


@pytest.fixture(scope="module", params=[(1, 3), (1, 4), (3, 3)], ids=["d1s3", "d1s4", "d3s3"])
def followed(request):
    draw, seed = request.param
    game = KlondikeGame(seed=seed, draw=draw)
    return game, follow_hints(game)


def test_following_the_hints_wins(followed):
    game, _ = followed
    assert game.status == "won"


def test_no_hint_draws_while_a_safe_card_could_go_up_without_losing_the_line(followed):
    """Where a hint says draw or recycle while a card could safely go to its foundation, sending
    it up first (and leaving out its later moves) must break the line the hints keep to."""
    _, given = followed
    checked = 0
    for state, advice, adviser in given:
        if str(advice.move) not in ("draw", "recycle"):
            continue
        cards = safe_foundation_cards(state)
        if not cards:
            continue
        at = adviser._line.index(advice.move, len(adviser._line) - _remaining(adviser, state))
        steps = _steps(state, adviser._line[at:])
        for card in cards:
            up = steps.index(Step(card, FOUNDATION))
            trial = [Step(card, FOUNDATION)]
            trial += [step for step in steps[: up + 1] if step.card != card] + steps[up + 1 :]
            assert _Played.of(load_game(state), trial) is None, (advice.move, card)
            checked += 1
    assert checked >= 0


def _remaining(adviser: Adviser, state) -> int:
    from solitaire_widget.solver import _position_of

    return len(adviser._line) - adviser._along[_position_of(state)]


def test_a_hint_never_draws_past_an_ace_on_the_waste():
    """The Ace of spades lies on the waste, the rest of the spades in the stock: it goes up
    before anything is drawn."""
    game = sw.load(lessons.klondike_state(["KH"], foundations=["KC", "KD", "QH"], waste="AS"))
    advice = Adviser().advice(game)
    assert str(advice.move) == "waste-f"
    assert advice.reason == "starts a foundation"


@pytest.mark.parametrize(
    "game",
    [KlondikeGame(seed=5), KlondikeGame(seed=9, draw=3), ApplegateGame(seed=35)],
    ids=["draw 1", "draw 3", "applegate"],
)
def test_a_polished_line_wins_and_is_no_longer_than_the_solvers(game):
    state = bare(game.state())
    line = _solve(state, 60, LINE_POSITIONS).moves
    polished = polish(state, line)
    assert len(polished) <= len(line)
    replay = load_game(state)
    for move in polished:
        replay.move(move)
    assert replay.status == "won"


def test_an_applegate_line_moves_fewer_groups_on_and_on():
    """Seed 2,000,053 (held out): the solver moves the same groups again and again."""
    state = bare(ApplegateGame(seed=35).state())
    line = _solve(state, 60, LINE_POSITIONS).moves
    assert len(polish(state, line)) < len(line)


# ----------------------------------------------------------------- reasons in words


def reasons(state, count: int, seen=None) -> list[str]:
    """The first ``count`` hints from ``state`` with their reasons, following them; the reasons
    may name the cards in ``seen`` (those face up when None)."""
    game = sw.load(state)
    adviser = Adviser()
    given = []
    for _ in range(count):
        advice = adviser.advice(game, seen=seen)
        given.append(f"{advice.move}: {advice.reason}")
        game.move(advice.move)
    return given


def test_a_hint_that_turns_a_card_up_says_it_frees_a_face_down_card():
    state = lessons.klondike_state(["KH | QC", "KD"], foundations=["JC", "QD", "QH", "KS"])
    assert reasons(state, 1) == ["t1-f: frees a face-down card"]


def test_a_foundation_move_says_which_foundation_it_builds():
    state = lessons.klondike_state(["KH | QC", "KD"], foundations=["JC", "QD", "QH", "KS"])
    assert reasons(state, 3)[1:] == ["t1-f: builds the hearts foundation"] * 1 + [
        "t2-f: builds the diamonds foundation"
    ]


def test_a_draw_names_the_card_it_draws_to_once_the_player_has_seen_it():
    state = lessons.klondike_state(["KS"], foundations=["KC", "KD", "KH", "JS"], stock="QS")
    assert reasons(state, 1) == ["draw: draws to reach a card still in the stock"]
    seen = range(52)  # in a later pass through the stock, say
    assert reasons(state, 1, seen) == ["draw: draws to reach the Queen of spades"]


def test_emptying_a_pile_for_the_next_king_names_the_king():
    """Following the hints on Applegate seed 0: when a move empties a pile "to make room for the
    King of ...", the next card the hints put in that pile is that King."""
    game = ApplegateGame(seed=0)
    adviser = Adviser()
    waiting: dict[str, str] = {}  # emptied pile -> the King named for it
    named = 0
    while game.status == "playing":
        advice = adviser.advice(game)
        move = advice.move
        if move.dst in waiting:
            card = game.up[int(move.src[1]) - 1][-move.n] if move.src[0] == "t" else None
            assert long_name(card) == waiting.pop(move.dst)
            named += 1
        if advice.reason.startswith("makes room for the "):
            waiting[move.src] = advice.reason.removeprefix("makes room for the ")
        game.move(move)
    assert named >= 1


@pytest.mark.parametrize(("kind", "draw"), [("klondike", 1), ("klondike", 3), ("applegate", 1)])
def test_every_legal_move_has_a_reason_in_words(kind, draw):
    from solitaire_widget.solver.lines import reason
    from test_solver import random_position

    for seed in range(6):
        game = random_position(kind, 300 + seed, 12 * seed, draw)
        for move in game.legal_moves():
            words = reason(game, move, [])
            assert words and words[0].islower(), (str(move), words)


# ----------------------------------------------------------------- round trips and cards held


def test_a_polished_line_never_takes_a_card_off_a_foundation_and_straight_back():
    """Issue 21: hints took the 6 of hearts off its foundation and put it back at once, -15
    points each time. A card that goes and comes back with nothing built on it stays put."""
    state = lessons.klondike_state(["KH", "KS"], foundations=["KC", "KD", "QH", "QS"])
    line = [Move.parse(move) for move in ("f4-t1", "t1-f", "t1-f", "t2-f")]
    polished = polish(state, line)
    assert [move.src[0] for move in polished] == ["t", "t"]
    replay = load_game(state)
    for move in polished:
        replay.move(move)
    assert replay.status == "won"


HOLDING = lessons.klondike_state(
    ["KC QC JC TC 9C 8C | 7C", "KH QH JH TH 9H 8H | 7H"],
    foundations=["4C", "KD", "6H", "KS"],
    stock="6C 5C",
)


def test_a_card_taken_off_a_foundation_says_which_card_it_will_hold():
    from solitaire_widget.solver.lines import reason

    game = load_game(HOLDING)
    ahead = [Move.parse("draw"), Move.parse("waste-t1")]  # the 5 of clubs onto the 6 of hearts
    words = reason(game, Move.parse("f3-t1"), ahead, seen=range(52))
    assert words == "brings back the 6 of hearts to hold the 5 of clubs"


def test_a_card_taken_off_a_foundation_to_hold_a_hidden_card_does_not_name_it():
    from solitaire_widget.solver.lines import reason

    game = load_game(HOLDING)
    ahead = [Move.parse("draw"), Move.parse("waste-t1")]
    assert reason(game, Move.parse("f3-t1"), ahead) == "brings back the 6 of hearts to build on it"


def test_the_ace_on_the_waste_goes_home_before_the_next_draw():
    """Issue 20: on Klondike seed 860,004, after four hints followed from the deal, the next
    hint said "draw" with the Ace of hearts on the waste; sending it home keeps the game won."""
    game = KlondikeGame(seed=860_004)
    adviser = Adviser()
    for _ in range(4):
        game.move(adviser.advice(game, budget=60).move)
    assert NAME[game.waste[-1]] == "AH"
    advice = adviser.advice(game, budget=60)
    assert (str(advice.move), advice.verdict) == ("waste-f", "won")
