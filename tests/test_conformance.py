"""What every registered game must do, whatever its rules: a game passes by being registered.

Each variant of each game in the registry (``options.variants()``) is dealt from random seeds
and played by random legal moves; every position reached must hold exactly the game's cards,
list exactly the moves its rules allow (checked against every move the notation can write),
undo, redo, save and load exactly, refuse an illegal move without changing anything, and never
call a game lost while a move that makes progress is a few moves away. A new game declared in
``games/`` and registered is checked here without this file naming it.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from solitaire_widget.cards import NAME, parse_card
from solitaire_widget.engine import IllegalMove
from solitaire_widget.games import GAMES, definition, names
from solitaire_widget.moves import Move
from solitaire_widget.state import load_game
from solitaire_widget.variants import variants

VARIANTS = [(variant.game, dict(variant.options)) for variant in variants()]
VARIANT_IDS = [variant.name.replace(" ", "-") for variant in variants()]
TALON = ("stock", "waste", "reserve")
STOCK_WORDS = {Move("draw"), Move("recycle")}

seeds = st.integers(0, 2**32 - 1)
walks = st.integers(0, 2**32 - 1)
modest = settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def new_game(game, options, seed):
    return GAMES[game](seed=seed, **options)


def walk(game, rng, steps):
    """Play up to ``steps`` random legal moves, leaning away from the stock so that walks get
    somewhere; the positions passed through, as states, the deal first."""
    states = [game.state()]
    for _ in range(steps):
        moves = game.legal_moves()
        if not moves:
            break
        board = [m for m in moves if m.src not in TALON or m.dst[0] == "t"]
        game.move(rng.choice(board if board and rng.random() < 0.8 else moves))
        states.append(game.state())
    return states


def cards_of(state):
    """Every card of a state, as a count of cards."""
    piles = [*state["foundations"], state.get("stock", []), state.get("waste", [])]
    piles.append(state.get("reserve", []))
    for column in state["tableau"]:
        piles += [column["down"], column["up"]]
    return Counter(parse_card(card) for pile in piles for card in pile)


def pile_sizes(game):
    """How many cards each pile a move may name holds (a pile the game lacks: none)."""
    sizes = {"f": 1, **{name: len(getattr(game, name, [])) for name in TALON}}
    for number, (down, up) in enumerate(zip(game.down, game.up, strict=True), 1):
        sizes[f"t{number}"] = len(down) + len(up)
    for number, foundation in enumerate(game.foundations, 1):
        sizes[f"f{number}"] = len(foundation)
    return sizes


def written_moves(game):
    """Every move the notation can write between the game's piles, with every count from 1 to
    one more than the source holds."""
    piles = sorted(game.definition.piles)
    sizes = pile_sizes(game)
    moves = []
    for src in piles:
        if src in ("f", "c"):
            continue
        for dst in piles:
            if (src, dst) in (("stock", "waste"), ("waste", "stock")):
                moves.append(Move(src, dst))
                continue
            moves += [Move(src, dst, n) for n in range(1, sizes[src] + 2)]
    return moves


def canonical(move):
    """A move as ``legal_moves`` lists it: one to a foundation names ``f`` and no count."""
    return Move(move.src, "f") if move.dst[0] == "f" else move


# ----------------------------------------------------------------- the cards


@pytest.mark.parametrize(("game", "options"), VARIANTS, ids=VARIANT_IDS)
@given(seed=seeds, route=walks)
@modest
def test_every_position_holds_exactly_the_games_cards(game, options, seed, route):
    played = new_game(game, options, seed)
    wanted = played.card_set.counts
    for state in walk(played, random.Random(route), 60):
        assert cards_of(state) == wanted
        for column in state["tableau"]:
            assert column["up"] or not column["down"], "a face-down card lies on top"


@pytest.mark.parametrize(("game", "options"), VARIANTS, ids=VARIANT_IDS)
@given(seed=seeds)
@modest
def test_a_seed_always_deals_the_same_cards(game, options, seed):
    assert new_game(game, options, seed).state() == new_game(game, options, seed).state()


def test_every_game_has_a_variant_here():
    assert {game for game, _ in VARIANTS} == set(names())


# ----------------------------------------------------------------- history and saving


@pytest.mark.parametrize(("game", "options"), VARIANTS, ids=VARIANT_IDS)
@given(seed=seeds, route=walks)
@modest
def test_undo_all_gives_the_deal_and_redo_all_gives_the_end(game, options, seed, route):
    played = new_game(game, options, seed)
    states = walk(played, random.Random(route), 60)
    for before in reversed(states[:-1]):
        played.undo()
        assert played.state() == before
    assert not played.can_undo
    for after in states[1:]:
        played.redo()
        assert played.state() == after
    assert not played.can_redo


@pytest.mark.parametrize(("game", "options"), VARIANTS, ids=VARIANT_IDS)
@given(seed=seeds, route=walks)
@modest
def test_a_saved_game_loads_exactly(game, options, seed, route):
    played = new_game(game, options, seed)
    walk(played, random.Random(route), 60)
    state = played.state()
    assert load_game(state).state() == state
    text = json.dumps(state)
    assert json.dumps(load_game(text).state()) == text
    copied = played.copy()
    assert copied.position() == played.position()
    assert str(load_game(text)) == str(played)


@pytest.mark.parametrize(("game", "options"), VARIANTS, ids=VARIANT_IDS)
@given(seed=seeds, route=walks)
@modest
def test_a_game_played_on_from_a_loaded_position_saves_its_start_and_loads_exactly(
    game, options, seed, route
):
    played = new_game(game, options, seed)
    rng = random.Random(route)
    walk(played, rng, 20)
    resumed = load_game(played.position())
    walk(resumed, rng, 20)
    state = resumed.state()
    assert ("start" in state) == bool(state["history"])
    assert load_game(state).state() == state
    assert load_game(json.dumps(state)).state() == state


# ----------------------------------------------------------------- the legal moves


@pytest.mark.parametrize(("game", "options"), VARIANTS, ids=VARIANT_IDS)
@given(seed=seeds, route=walks)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_legal_moves_are_exactly_the_moves_the_rules_allow(game, options, seed, route):
    played = new_game(game, options, seed)
    rng = random.Random(route)
    for _ in range(3):
        listed = played.legal_moves()
        assert len(set(listed)) == len(listed), "a move is listed twice"
        allowed = {canonical(m) for m in written_moves(played) if played.is_legal(m)}
        assert allowed == set(listed)
        for move in listed:
            assert played.is_legal(move)
            if move.dst == "f":
                assert played.is_legal(played.resolve(move))
        walk(played, rng, 25)


@pytest.mark.parametrize(("game", "options"), VARIANTS, ids=VARIANT_IDS)
@given(seed=seeds, route=walks, pick=st.randoms(use_true_random=False))
@modest
def test_an_illegal_move_changes_nothing(game, options, seed, route, pick):
    played = new_game(game, options, seed)
    walk(played, random.Random(route), 30)
    legal = set(played.legal_moves())
    illegal = [m for m in written_moves(played) if canonical(m) not in legal]
    before, board, version = played.state(), str(played), played.version
    for move in pick.sample(illegal, min(40, len(illegal))):
        assert not played.is_legal(move)
        with pytest.raises(ValueError) as refusal:
            played.move(move)
        assert str(refusal.value)
        assert played.state() == before
    assert str(played) == board and played.version == version


@pytest.mark.parametrize(("game", "options"), VARIANTS, ids=VARIANT_IDS)
def test_a_pile_the_game_lacks_is_refused_as_no_move_of_its_own(game, options):
    played = new_game(game, options, 1)
    columns = len(definition(game).table.columns)
    with pytest.raises(ValueError, match="has no pile") as refusal:
        played.move(f"t{columns + 1}-t1")
    assert not isinstance(refusal.value, IllegalMove)


# ----------------------------------------------------------------- the "lost" status


def measure(game):
    """What progress changes (SPEC, "When a game is lost"): the cards home, the face-down
    cards, the cards in the stock, waste and reserve."""
    talon = sum(len(getattr(game, name, [])) for name in TALON)
    return sum(map(len, game.foundations)), sum(map(len, game.down)), talon


def progress_within(game, positions):
    """Whether a move making progress is legal within ``positions`` positions reached by moves
    that make none (a breadth-first search over copies of the game): progress is a foundation
    holding more than at the start, fewer face-down cards, or fewer in the stock and waste."""
    home, hidden, talon = measure(game)
    frontier, seen = [game.copy()], {game._position_key()}
    while frontier and len(seen) <= positions:
        layout = frontier.pop(0)
        for move in layout.legal_moves():
            after = layout.copy()
            after.move(move)
            now = measure(after)
            if now[0] > home or now[1] < hidden or now[2] < talon:
                return True
            key = after._position_key()
            if key not in seen:
                seen.add(key)
                frontier.append(after)
    return False


@pytest.mark.parametrize(("game", "options"), VARIANTS, ids=VARIANT_IDS)
@given(seed=seeds, route=walks)
@modest
def test_a_game_with_progress_in_reach_is_never_lost(game, options, seed, route):
    played = new_game(game, options, seed)
    rng = random.Random(route)
    for _ in range(4):
        if progress_within(played, 30):
            assert played.status != "lost"
        walk(played, rng, 20)


# ----------------------------------------------------------------- the text board


@pytest.mark.parametrize(("game", "options"), VARIANTS, ids=VARIANT_IDS)
@given(seed=seeds, route=walks)
@modest
def test_the_text_board_shows_each_face_up_card_and_hides_each_face_down_one(
    game, options, seed, route
):
    played = new_game(game, options, seed)
    walk(played, random.Random(route), 40)
    lines = {line.split(":")[0]: line for line in str(played).splitlines()}
    for number, (down, up) in enumerate(zip(played.down, played.up, strict=True), 1):
        shown = lines[f"t{number}"].split(": ", 1)[1].split()
        if down or up:
            assert shown == ["##"] * len(down) + [NAME[card] for card in up]
        else:
            assert shown == ["--"]
    board = str(played)
    for foundation in played.foundations:
        if foundation:
            assert NAME[foundation[-1]] in board


def read_text_board(text: str) -> dict:
    """What ``print(g)`` tells a reader, read back: the counters, the talon's piles, each
    foundation's top card and each column's face-down count and face-up cards."""
    title, counters, *rest = text.splitlines()
    seen: dict = {"title": title, "counters": counters.split(" · "), "talon": {}, "columns": []}
    for line in rest:
        if line.startswith("t") and line[1].isdigit():
            cards = line.split(": ", 1)[1].split()
            cards = [] if cards == ["--"] else cards
            hidden = cards.count("##")
            assert cards[:hidden] == ["##"] * hidden, line
            seen["columns"].append((hidden, cards[hidden:]))
        elif line.startswith("f1:"):
            tops = [part.split(": ")[1] for part in line.split("   ")]
            seen["foundations"] = [None if top == "--" else top for top in tops]
        else:
            for part in line.split("   "):
                name, shown = part.split(": ", 1)
                seen["talon"][name] = shown
    return seen


def seen_from(game) -> dict:
    """The same, from the game itself."""
    talon = {}
    for pile in game.definition.table.talon:
        cards = getattr(game, pile)
        if pile == "stock":
            talon[pile] = "1 card" if len(cards) == 1 else f"{len(cards)} cards"
        elif pile == "waste":
            more = f" (+{len(cards) - 3})" if len(cards) > 3 else ""
            talon[pile] = (" ".join(NAME[c] for c in cards[-3:]) or "--") + more
        else:
            hidden = f" (+{len(cards) - 1} hidden)" if len(cards) > 1 else ""
            talon[pile] = (NAME[cards[-1]] if cards else "--") + hidden
    counters = [f"moves {game.moves}"]
    if game.score is not None:
        counters.insert(0, f"score {game.score}")
    if game.definition.rules is not None and game.definition.rules.foundation == "runs":
        counters.append(f"finished runs {sum(1 for pile in game.foundations if pile)}")
    counters.append(game.status)
    return {
        "counters": counters,
        "talon": talon,
        "foundations": [NAME[pile[-1]] if pile else None for pile in game.foundations],
        "columns": [
            (len(down), [NAME[card] for card in up])
            for down, up in zip(game.down, game.up, strict=True)
        ],
    }


@pytest.mark.parametrize(("game", "options"), VARIANTS, ids=VARIANT_IDS)
@given(seed=seeds, route=walks)
@modest
def test_the_text_board_reads_back_as_everything_a_player_sees(game, options, seed, route):
    """The text board round-trips: read back, it gives every count, every face-up card and
    every foundation's top, exactly as the game holds them, and nothing else."""
    played = new_game(game, options, seed)
    walk(played, random.Random(route), 40)
    seen = read_text_board(str(played))
    assert seen["title"].startswith(played.definition.title)
    assert {key: seen[key] for key in ("counters", "talon", "foundations", "columns")} == (
        seen_from(played)
    )
