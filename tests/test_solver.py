"""The solver (issue 4): wins that replay, sound proofs of lost deals, hints that are legal."""

import json
import random

import pytest

from positions import applegate, applegate_state, klondike
from solitaire_widget.games import ApplegateGame, KlondikeGame
from solitaire_widget.moves import Move
from solitaire_widget.solver import Solution, first_winnable_seed, hint, play, solve, winnable
from solitaire_widget.state import load_game


def replays_to_a_win(state, moves):
    game = load_game(state)
    for move in moves:
        game.move(move)
    return game.status == "won"


# ----------------------------------------------------------------- wins that replay


@pytest.mark.parametrize(
    ("draw", "seed"), [(1, s) for s in (2, 3, 4, 5, 6)] + [(3, s) for s in (3, 5, 6, 8, 9)]
)
def test_a_klondike_solution_replays_through_the_engine_to_a_win(draw, seed):
    state = KlondikeGame(seed=seed, draw=draw).state()
    solution = solve(state, time_limit=5)
    assert solution.status == "won"
    assert all(isinstance(move, Move) for move in solution.moves)
    assert replays_to_a_win(state, solution.moves)


@pytest.mark.parametrize("seed", [0, 35, 50, 52, 55])
def test_an_applegate_solution_replays_through_the_engine_to_a_win(seed):
    state = ApplegateGame(seed=seed).state()
    solution = solve(state, time_limit=5)
    assert solution.status == "won"
    assert replays_to_a_win(state, solution.moves)


def test_a_solution_uses_draw_and_recycle_to_reach_stock_cards():
    """Draw 3 seed 3 needs the stock more than once round; the notation spells out every turn."""
    moves = [str(move) for move in solve(KlondikeGame(seed=3, draw=3), time_limit=5).moves]
    assert "draw" in moves
    assert "recycle" in moves


def test_solve_reads_a_game_a_state_its_json_and_anything_with_a_state_method():
    game = KlondikeGame(seed=4)

    class Board:
        def state(self):
            return game.state()

    results = [
        solve(x, time_limit=5) for x in (game, game.state(), json.dumps(game.state()), Board())
    ]
    assert {r.status for r in results} == {"won"}
    assert len({tuple(r.moves) for r in results}) == 1
    with pytest.raises(ValueError, match="takes a game"):
        solve(42)


def test_solving_leaves_the_game_as_it_was():
    game = KlondikeGame(seed=5)
    before = game.state()
    solve(game, time_limit=5)
    assert game.state() == before


def test_a_won_game_is_won_with_no_moves_left():
    game = klondike(["KH"], foundations=["KC", "KD", "QH", "KS"])
    game.move("t1-f")
    assert solve(game).status == "won"
    assert solve(game).moves == []


def test_safe_moves_the_solver_makes_by_itself_are_part_of_the_line():
    """Only cards that can safely go up are left: no search, and the line still lists them."""
    game = klondike(["QS | KC", "KD", "KH", "KS"], foundations=["QC", "QD", "QH", "JS"])
    solution = solve(game)
    assert solution.status == "won"
    assert solution.nodes == 0
    assert len(solution.moves) == 5
    assert replays_to_a_win(game.state(), solution.moves)


# ----------------------------------------------------------------- positions built by hand

# Clubs and hearts are up to the 5, diamonds and spades to the 7. Each 7 lies on the 6 of the other
# suit of its colour, so it can only go onto a red or black 8, and every 8 is face-down. The stock
# builds a King-to-9 run in an empty column, which helps nothing: the game is lost, though there
# are moves (and the engine, which counts a card leaving the stock as progress, says "playing").
LOST = [
    "KC QC JC TC 9C KH JH 9H 6H | 7C",
    "KD QD JD TD 9D QS TS 8S 8D 8H 8C 6C | 7H",
]
LOST_STOCK = "KS QH JS TH 9S"
LOST_FOUNDATIONS = ["5C", "7D", "5H", "7S"]

# The same, with the 8D moved from under the 7H to the bottom of the stock: building the stock's
# run down to it lets the 7C go onto the 8D, and everything unravels from there.
NARROW = ["KC QC JC TC 9C KH JH 9H 6H | 7C", "KD QD JD TD 9D QS TS 8S 8H 8C 6C | 7H"]
NARROW_STOCK = "8D KS QH JS TH 9S"


@pytest.mark.parametrize("draw", [1, 3])
def test_a_lost_klondike_position_is_proved_unwinnable(draw):
    game = klondike(LOST, foundations=LOST_FOUNDATIONS, stock=LOST_STOCK, draw=draw)
    assert game.status == "playing"
    assert solve(game, time_limit=10).status == "unwinnable"


@pytest.mark.parametrize("draw", [1, 3])
def test_a_klondike_position_with_a_single_narrow_way_out_is_solved(draw):
    game = klondike(NARROW, foundations=LOST_FOUNDATIONS, stock=NARROW_STOCK, draw=draw)
    solution = solve(game, time_limit=10)
    assert solution.status == "won"
    assert replays_to_a_win(game.state(), solution.moves)


def test_a_klondike_deal_with_no_move_but_the_stock_is_unwinnable():
    """Every top card waits for a face-down card of the rank above; the stock's King has no room."""
    game = klondike(
        ["TC | JC", "TD | JD", "TH | JH", "TS | JS", "QC QD | KC", "QH QS | KD", "KH"],
        foundations=["9C", "9D", "9H", "9S"],
        stock="KS",
    )
    assert solve(game).status == "unwinnable"


# Spades are left. Each top card's next-lower spade is the face-down card under it, the King lies
# face-down too, and the empty pile takes only a King.
LOST_APPLEGATE = ["KS AS | 2S", "3S | 4S", "5S | 6S", "7S | 8S", "9S | TS", "JS | QS"]

# Spades are left; 2S onto 3S turns the 5S, then each group goes onto the next card up in turn,
# and the reserve's Ace finishes the run.
NARROW_APPLEGATE = ["KS QS JS TS 9S 8S 7S", "5S | 2S", "6S | 3S", "4S"]


def test_a_lost_applegate_position_is_proved_unwinnable():
    game = applegate(LOST_APPLEGATE, foundations=["C", "D", "H"])
    assert solve(game).status == "unwinnable"


def test_an_applegate_position_with_a_single_narrow_way_out_is_solved():
    game = applegate(NARROW_APPLEGATE, foundations=["C", "D", "H"], reserve="AS")
    solution = solve(game)
    assert solution.status == "won"
    steps = [str(move) for move in solution.moves]
    assert any(step.startswith("reserve-") for step in steps)
    assert steps[-1].endswith("-f:13")
    assert replays_to_a_win(game.state(), solution.moves)


# ----------------------------------------------------------------- proofs checked independently


def brute_force_winnable(state, limit=100_000):
    """Whether trying every legal move of the engine, with no shortcut at all, wins: the verdict
    the solver's shortcuts must never change. None when ``limit`` positions were not enough."""
    game = load_game(state)
    seen = {json.dumps(game.state()["tableau"])}
    pending = [game.legal_moves()]
    while pending:
        if not pending[-1]:
            pending.pop()
            if pending:
                game.undo()
            continue
        game.move(pending[-1].pop())
        position = game.state()
        name = json.dumps([position["tableau"], position["reserve"]])
        if name in seen:
            game.undo()
            continue
        if sum(map(len, position["foundations"])) == 52:
            return True
        seen.add(name)
        if len(seen) > limit:
            return None
        pending.append(game.legal_moves())
    return False


def small_applegate_state(rng, suits=1, face_up=0.7):
    """Some suits (one unless asked) spread at random over the piles and the reserve, each card
    face-up with chance ``face_up``; the other suits finished."""
    chosen = [rng.choice("CDHS")] if suits == 1 else rng.sample("CDHS", suits)
    cards = [rank + suit for suit in chosen for rank in "A23456789TJQK"]
    rng.shuffle(cards)
    reserve = " ".join(cards.pop() for _ in range(rng.randint(0, 3)))
    piles = [[[], []] for _ in range(7)]
    for card in cards:
        pile = piles[rng.randrange(7)]
        pile[rng.random() < face_up].append(card)
    texts = []
    for down, up in piles:
        if down and not up:
            up.append(down.pop())
        texts.append(" ".join(down) + " | " + " ".join(up) if down else " ".join(up))
    return applegate_state(texts, reserve=reserve)


@pytest.mark.parametrize("number", range(12))
def test_an_applegate_verdict_agrees_with_trying_every_move(number):
    state = small_applegate_state(random.Random(number))
    truth = brute_force_winnable(state)
    assert truth is not None
    assert solve(state, time_limit=10).status == ("won" if truth else "unwinnable")


def random_position(kind, seed, steps, draw=1):
    """A deal some random moves in, mostly moves that change the board."""
    rng = random.Random(seed)
    game = KlondikeGame(seed=seed, draw=draw) if kind == "klondike" else ApplegateGame(seed=seed)
    for _ in range(steps):
        moves = game.legal_moves()
        board = [m for m in moves if "stock" not in (m.src, m.dst)]
        if not moves:
            break
        game.move(rng.choice(board if board and rng.random() < 0.8 else moves))
    return game


@pytest.mark.parametrize(("kind", "draw"), [("klondike", 1), ("klondike", 3), ("applegate", 1)])
def test_every_move_the_engine_allows_leads_where_the_solver_can_go(kind, draw):
    """The solver's move generation misses no legal move (up to its proven shortcuts): each
    position one engine move away is one the solver reaches in one of its moves, or the same."""
    from solitaire_widget.solver.applegate import ApplegateRules
    from solitaire_widget.solver.klondike import KlondikeRules

    def rules_for(state):
        return (
            KlondikeRules(state, covering=False, pairing=False)
            if kind == "klondike"
            else ApplegateRules(state)
        )

    for seed in range(6):
        game = random_position(kind, seed, 15 * seed, draw)
        rules = rules_for(game.state())
        # Applegate's moves() leaves out every move of a position it proves stuck.
        generate = rules.all_moves if kind == "applegate" else rules.moves
        reach = {rules.key(rules.after(rules.root, m)) for m in generate(rules.root)}
        reach.add(rules.key(rules.root))
        for move in game.legal_moves():
            if "stock" in (move.src, move.dst):
                continue
            after = load_game(game.state())
            after.move(move)
            child = rules_for(after.state())
            assert rules.key(child.root) in reach, (seed, str(move))


# ----------------------------------------------------------------- hints


@pytest.mark.parametrize(("kind", "draw"), [("klondike", 1), ("klondike", 3), ("applegate", 1)])
def test_a_hint_on_a_random_position_is_a_legal_move(kind, draw):
    for seed in range(8):
        game = random_position(kind, 100 + seed, 10 * seed, draw)
        move = hint(game, budget=0.2)
        assert move is None or game.is_legal(move)


def test_a_hint_keeps_a_narrow_win_winnable():
    game = klondike(NARROW, foundations=LOST_FOUNDATIONS, stock=NARROW_STOCK)
    move = hint(game)
    game.move(move)
    assert solve(game, time_limit=10).status == "won"


def test_without_time_to_search_the_hint_is_still_a_useful_legal_move():
    game = klondike(NARROW, foundations=LOST_FOUNDATIONS, stock=NARROW_STOCK)
    move = hint(game, budget=0)
    assert game.is_legal(move)
    assert move.src != "f1" and not move.src.startswith("f")


def test_a_hint_never_moves_a_lone_king_to_an_empty_column():
    """Moving the KH from t1 to any other column changes nothing; drawing the QH does."""
    game = klondike(["KH"], foundations=["KC", "KD", "JH", "KS"], stock="QH")
    assert str(hint(game)) == "draw"
    assert str(hint(game, budget=0)) == "draw"


def test_there_is_no_hint_when_the_game_is_over():
    game = klondike(["KH"], foundations=["KC", "KD", "QH", "KS"])
    game.move("t1-f")
    assert hint(game) is None
    dead = applegate(LOST_APPLEGATE, foundations=["C", "D", "H"])
    assert hint(dead) is None


# ----------------------------------------------------------------- winnable, deals, play


def test_winnable_is_true_false_or_unknown():
    assert winnable(KlondikeGame(seed=2)) is True
    assert winnable(applegate(LOST_APPLEGATE, foundations=["C", "D", "H"])) is False
    assert winnable(KlondikeGame(seed=2), budget=0) is None


def test_the_first_winnable_seed_skips_deals_the_solver_proves_lost():
    """Draw 1 seed 21 is lost; seed 22 is won."""
    assert solve(KlondikeGame(seed=21), time_limit=5).status == "unwinnable"
    options = {"draw": 1, "scoring": "standard"}
    assert first_winnable_seed("klondike", 21, options) == 22
    assert first_winnable_seed("applegate", 30) == 35


def test_play_makes_each_move_in_turn():
    game = KlondikeGame(seed=2)
    moves = solve(game).moves
    seen = []
    game.on_move(seen.append)
    play(game, [str(move) for move in moves], delay=0)
    assert seen == moves
    assert game.status == "won"


def test_a_solution_says_what_it_found():
    solution = solve(KlondikeGame(seed=2))
    assert isinstance(solution, Solution)
    assert solution.nodes > 0 and solution.seconds > 0
    assert repr(solution).startswith(f"<Solution won in {len(solution.moves)} moves")
    for no_time in (0, -1, float("nan"), float("inf"), True, "5"):
        with pytest.raises(ValueError, match="time_limit"):
            solve(KlondikeGame(seed=2), time_limit=no_time)
