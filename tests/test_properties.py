"""Properties that hold in every game: random deals played by random legal moves, both games, both
draw counts and every scoring."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from positions import DECK, PILES, all_cards
from solitaire_widget.engine import IllegalMove
from solitaire_widget.games import ApplegateGame, KlondikeGame
from solitaire_widget.moves import Move
from solitaire_widget.state import load_game

FOUNDATIONS = {"f1", "f2", "f3", "f4"}

CONFIGS = [
    ("klondike", {"draw": 1, "scoring": "standard"}),
    ("klondike", {"draw": 3, "scoring": "standard"}),
    ("klondike", {"draw": 1, "scoring": "vegas"}),
    ("klondike", {"draw": 3, "scoring": "vegas"}),
    ("klondike", {"draw": 1, "scoring": None}),
    ("klondike", {"draw": 3, "scoring": None}),
    ("applegate", {}),
]
CONFIG_IDS = [f"{kind}-{'-'.join(map(str, options.values()))}" for kind, options in CONFIGS]
KLONDIKE_OPTIONS = [options for kind, options in CONFIGS if kind == "klondike"]
KLONDIKE_IDS = [name for name in CONFIG_IDS if name.startswith("klondike")]
SCORED_OPTIONS = [options for options in KLONDIKE_OPTIONS if options["scoring"]]
SCORED_IDS = [
    name for name, options in zip(KLONDIKE_IDS, KLONDIKE_OPTIONS, strict=True) if options["scoring"]
]

seeds = st.integers(0, 2**64 - 1)
walks = st.integers(0, 2**32 - 1)
few = settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def new_game(kind, options, seed):
    return KlondikeGame(seed=seed, **options) if kind == "klondike" else ApplegateGame(seed=seed)


def next_move(game, rng):
    """A random legal move, leaning towards the foundations and away from the stock, so that
    random games get deep: emptied columns, turned cards, recycles and finished runs."""
    moves = game.legal_moves()
    if not moves:
        return None
    homeward = [m for m in moves if m.dst == "f"]
    others = [m for m in moves if m.src != "stock" and m != Move("waste", "stock")]
    if homeward and rng.random() < 0.6:
        return rng.choice(homeward)
    if others and rng.random() < 0.75:
        return rng.choice(others)
    return rng.choice(moves)


def random_walk(kind, options, seed, walk, steps=150):
    """Play up to ``steps`` random moves; returns the game and its state before and after each."""
    rng = random.Random(walk)
    game = new_game(kind, options, seed)
    states = [game.state()]
    for _ in range(steps):
        move = next_move(game, rng)
        if move is None:
            break
        game.move(move)
        states.append(game.state())
    return game, states


def syntactic_moves(game):
    """Every move the notation can write that could matter here: any source, any destination,
    any count up to one more than the largest pile."""
    state = game.state()
    largest = max(len(p["down"]) + len(p["up"]) for p in state["tableau"])
    largest = max(
        largest, *(len(f) for f in state["foundations"]), len(state["waste"]), len(state["stock"])
    )
    stock_moves = {("stock", "waste"), ("waste", "stock")}
    return [
        Move(src, dst, n)
        for src in PILES
        for dst in [*PILES, "f"]
        for n in range(1, min(largest, 51) + 2)
        if n == 1 or (src, dst) not in stock_moves
    ]


# ----------------------------------------------------------------- invariants of every position


@pytest.mark.parametrize(("kind", "options"), CONFIGS, ids=CONFIG_IDS)
@given(seed=seeds, walk=walks)
@few
def test_every_position_holds_the_52_cards_once_and_no_face_down_card_on_top(
    kind, options, seed, walk
):
    _, states = random_walk(kind, options, seed, walk)
    for state in states:
        assert sorted(all_cards(state)) == sorted(DECK)
        for pile in state["tableau"]:
            assert pile["up"] or not pile["down"]


@pytest.mark.parametrize("options", KLONDIKE_OPTIONS, ids=KLONDIKE_IDS)
@given(seed=seeds, walk=walks)
@few
def test_klondike_face_up_cards_always_form_runs(options, seed, walk):
    _, states = random_walk("klondike", options, seed, walk)
    for state in states:
        for pile in state["tableau"]:
            for lower, upper in zip(pile["up"], pile["up"][1:], strict=False):
                assert DECK.index(lower) % 13 == DECK.index(upper) % 13 + 1
                assert (lower[1] in "DH") != (upper[1] in "DH")


@pytest.mark.parametrize(("kind", "options"), CONFIGS, ids=CONFIG_IDS)
@given(seed=seeds, walk=walks)
@few
def test_legal_moves_are_exactly_the_moves_is_legal_accepts(kind, options, seed, walk):
    game, _ = random_walk(kind, options, seed, walk, steps=40)
    listed = game.legal_moves()
    assert listed == game.legal_moves()
    assert len(listed) == len(set(listed))
    assert all(m.dst not in FOUNDATIONS for m in listed)
    for move in syntactic_moves(game):
        legal = game.is_legal(move)
        if move.dst in FOUNDATIONS and move.src not in FOUNDATIONS:
            if legal:
                assert Move(move.src, "f", move.n) in listed, move
        else:
            assert legal == (move in listed), move
    for move in listed:
        if move.dst == "f":
            concrete = game.resolve(move)
            assert concrete.dst in FOUNDATIONS and game.is_legal(concrete)


@pytest.mark.parametrize(("kind", "options"), CONFIGS, ids=CONFIG_IDS)
@given(seed=seeds, walk=walks)
@few
def test_a_random_illegal_move_raises_and_changes_nothing(kind, options, seed, walk):
    rng = random.Random(walk)
    game, _ = random_walk(kind, options, seed, walk, steps=rng.randrange(40))
    candidates = syntactic_moves(game)
    listed = set(game.legal_moves())
    for move in rng.sample(candidates, 25):
        if move in listed or game.is_legal(move):
            continue
        before, version, history = game.state(), game.version, game.history
        with pytest.raises(IllegalMove) as refusal:
            game.move(move)
        assert str(refusal.value) == game.explain(move)
        assert game.state() == before
        assert game.version == version and game.history == history


# ----------------------------------------------------------------- history


@pytest.mark.parametrize(("kind", "options"), CONFIGS, ids=CONFIG_IDS)
@given(seed=seeds, walk=walks)
@few
def test_undo_back_to_the_deal_and_redo_to_the_end_are_exact(kind, options, seed, walk):
    game, states = random_walk(kind, options, seed, walk)
    for expected in reversed(states[:-1]):
        game.undo()
        assert game.state() == expected
    assert not game.can_undo
    for expected in states[1:]:
        game.redo()
        assert game.state() == expected
    assert not game.can_redo


@pytest.mark.parametrize(("kind", "options"), CONFIGS, ids=CONFIG_IDS)
@given(seed=seeds, walk=walks)
@few
def test_load_of_state_is_exact_at_every_point(kind, options, seed, walk):
    game, states = random_walk(kind, options, seed, walk, steps=30)
    for state in states[:: max(1, len(states) // 5)] + states[-1:]:
        loaded = load_game(state)
        assert loaded.state() == state
    loaded = load_game(states[-1])
    assert loaded.legal_moves() == game.legal_moves()
    if game.can_undo:
        loaded.undo()
        game.undo()
        assert loaded.state() == game.state()


@pytest.mark.parametrize(("kind", "options"), CONFIGS, ids=CONFIG_IDS)
@given(seed=seeds, walk=walks)
@few
def test_replaying_the_history_from_the_seed_reaches_the_same_game(kind, options, seed, walk):
    game, _ = random_walk(kind, options, seed, walk)
    replay = new_game(kind, options, seed)
    for move in game.history:
        replay.move(move)
    assert replay.state() == game.state()


# ----------------------------------------------------------------- the score


def face_down(state):
    return sum(len(pile["down"]) for pile in state["tableau"])


def score_change(move, before, after, options):
    """The score lines of SPEC section 1, read off the move and the positions around it."""
    turned = face_down(before) - face_down(after)
    to_foundation = move.dst.startswith("f") and not move.src.startswith("f")
    from_foundation = move.src.startswith("f")
    if options["scoring"] == "vegas":
        return 5 * to_foundation - 5 * from_foundation
    change = 5 * turned + 10 * to_foundation - 15 * from_foundation
    if move.src == "waste" and move.dst.startswith("t"):
        change += 5
    if move == Move("waste", "stock"):
        if options["draw"] == 1:
            change -= 100
        elif before["recycles"] >= 2:
            change -= 20
    return change


@pytest.mark.parametrize("options", SCORED_OPTIONS, ids=SCORED_IDS)
@given(seed=seeds, walk=walks)
@settings(max_examples=20, deadline=None)
def test_the_score_is_the_sum_of_its_lines(options, seed, walk):
    game, states = random_walk("klondike", options, seed, walk, steps=250)
    score = -52 if options["scoring"] == "vegas" else 0
    assert states[0]["score"] == score
    for move, before, after in zip(game.history, states, states[1:], strict=False):
        score += score_change(move, before, after, options)
        if options["scoring"] == "standard":
            score = max(0, score)
        assert after["score"] == score, move
        assert after["recycles"] == before["recycles"] + (move == Move("waste", "stock"))


@pytest.mark.parametrize(("kind", "options"), CONFIGS, ids=CONFIG_IDS)
@given(seed=seeds, walk=walks)
@few
def test_status_is_won_exactly_when_every_card_is_home(kind, options, seed, walk):
    game, states = random_walk(kind, options, seed, walk, steps=30)
    home = sum(len(f) for f in states[-1]["foundations"])
    assert (game.status == "won") == (home == 52)
