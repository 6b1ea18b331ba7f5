"""Ctrl-C never corrupts a game (issue 10).

A KeyboardInterrupt can arrive between any two bytecodes: from Ctrl-C, from any signal handler
that raises, or from another thread. Whatever it cuts short (a move, a draw, undo, redo, a
restart, a new deal, ``play``, the status search, a hint, ``auto_finish``), the game is left as
it was before that move or as it is after it, and a board's traits and page view agree with it.

Two ways of interrupting: at every single bytecode of an operation in turn (a trace function
raises KeyboardInterrupt at the n-th one), and a real SIGALRM whose handler raises, at a random
moment of hundreds of random scripts of play on both games, engine and board.
"""

from __future__ import annotations

import contextlib
import gc
import inspect
import random
import re
import signal
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import solitaire_widget as sw
from positions import all_cards, klondike
from solitaire_widget import solver, store
from solitaire_widget.cards import parse_card
from solitaire_widget.engine import Game
from solitaire_widget.games import GAMES, ApplegateGame, KlondikeGame
from solitaire_widget.state import load_game
from solitaire_widget.widget.resume import rebuild
from solitaire_widget.widget.view import board_view
from test_status import DEAD_KLONDIKE, DEAD_STOCK

TEST_TOOLS = re.compile(r"[/\\](_pytest|hypothesis)[/\\]")
# The shared core and every registered game's engine: where an interrupt may land in a move.
ENGINE_FILES = {
    str(Path(sw.__file__).parent / "engine" / name) for name in ("base.py", "table.py")
} | {inspect.getfile(engine) for engine in GAMES.values()}


# ----------------------------------------------------------------- what must hold afterwards


def picture(game: Any) -> tuple[dict[str, Any], list[str]]:
    """Everything a player can find out about a game: its state (history included) and the
    moves redo would make."""
    engine = getattr(game, "_game", game)
    return game.state(), [str(move) for move in engine._redo_stack]


def assert_whole(game: Any) -> None:
    """The game is a game: a board shows exactly it, it holds each card of its card set as often
    as the set does (52 distinct cards in one deck), its history replays to its position, undo
    goes back to where it started and redo forward again."""
    if hasattr(game, "_game"):
        assert_board_agrees(game)  # first: undo and redo would bring a stale board up to date
    engine = getattr(game, "_game", game)
    state = game.state()
    cards = all_cards(state)
    assert Counter(map(parse_card, cards)) == engine.card_set.counts
    assert load_game(state).state() == state
    seen = picture(game)
    for _ in state["history"]:
        game.undo()
    assert not game.history
    position = game.state()
    del position["history"]
    assert position == engine._position_dict(engine._start)
    for _ in state["history"]:
        game.redo()
    assert picture(game) == seen


class RecordingPage:
    """Stands in for the page: keeps the model a page would hold, from the state it is sent
    when it opens and every update after."""

    def __init__(self, board: Any) -> None:
        self.model = board.get_state()
        board.comm.send = self._receive

    def _receive(self, data: Any = None, metadata: Any = None, buffers: Any = None) -> None:
        if data["method"] == "update":
            self.model.update(data["state"])


def on_a_page(board: Any) -> Any:
    board.recording_page = RecordingPage(board)
    return board


def assert_board_agrees(board: Any) -> None:
    """The board's traits, and the page's model when a page is open, are those of a fresh board
    on the same state (whose redo line is empty: the board's must be the game's). A board on a
    page keeps its traits up to date after every change; one with no page may leave them
    behind until they are read."""
    game = board._game
    page = getattr(board, "recording_page", None)
    if page is not None:
        assert not board._view_behind
        assert_view(board, board._trait_values)
        seed = str(game.seed) if game.seed is not None and board.show_seed else None
        score = None if page.model["score"] == "" else page.model["score"]  # "": no score
        assert_view(board, {**page.model, "seed": seed and int(seed), "score": score})
    else:
        assert_view(board, {name: getattr(board, name) for name in board.keys})


def assert_view(board: Any, traits: dict[str, Any]) -> None:
    """The traits show the board's game as a fresh board would, at the board's version (which
    carries on across a switch of game, so a request made on the old game is stale)."""
    game = board._game
    fresh = board_view(load_game(game.state()))
    shown = dict(traits["_board"])
    assert shown.pop("version") == board._version
    assert shown.pop("can_redo") == game.can_redo
    # What the board adds to the view: its names, and the steps and figures of what just
    # happened on it (the page checks the steps against the position before drawing them).
    del shown["label"], shown["badges"], shown["steps"], shown["win"]
    del fresh["version"], fresh["can_redo"]
    assert shown == fresh
    assert (traits["moves"], traits["score"], traits["status"]) == (
        game.moves,
        game.score,
        game.status,
    )
    assert traits["seed"] in (game.seed, None)


# ----------------------------------------------------------------- an interrupt at every bytecode


class InterruptAt:
    """A trace function that raises KeyboardInterrupt at the ``at``-th bytecode it sees
    (counting only bytecodes of ``files`` when given), once."""

    def __init__(self, at: int, files: set[str] | None = None) -> None:
        self.at = at
        self.files = files
        self.seen = 0

    def __call__(self, frame: Any, event: str, arg: Any) -> Callable:
        frame.f_trace_opcodes = True
        return self.local

    def local(self, frame: Any, event: str, arg: Any) -> Callable:
        name = frame.f_code.co_filename
        # pytest's and hypothesis's garbage-collection callbacks may run in between: not the
        # operation's code (and Python drops what a callback raises)
        if event == "opcode" and (
            name in self.files if self.files else not TEST_TOOLS.search(name)
        ):
            self.seen += 1
            if self.seen == self.at:
                raise KeyboardInterrupt
        return self.local


def run_traced(tracer: InterruptAt, operation: Callable[[], Any]) -> bool:
    """Run ``operation`` under ``tracer``; True when it was interrupted."""
    sys.settrace(tracer)
    try:
        operation()
    except KeyboardInterrupt:
        return True
    finally:
        sys.settrace(None)
    return False


def interrupt_everywhere(
    make: Callable[[], Any],
    operation: Callable[[Any], Any],
    files: set[str] | None = ENGINE_FILES,
    points: int | None = None,
) -> Counter:
    """Interrupt ``operation`` on a fresh ``make()`` at each bytecode in turn (or at ``points``
    bytecodes spread evenly) and check the game after each: as before, or as after one of the
    moves the operation makes (``auto_finish`` makes several, each a whole move)."""
    game = make()
    allowed = [picture(game)]
    game.on_move(lambda _move: allowed.append(picture(game)))
    operation(game)  # this also warms caches (as of run_moves) before the count
    allowed.append(picture(game))
    counter, fresh = InterruptAt(0, files), make()
    run_traced(counter, lambda: operation(fresh))
    total = counter.seen
    assert total > 0
    moments = range(1, total + 1)
    if points is not None and points < total:
        moments = sorted({1 + (total - 1) * i // (points - 1) for i in range(points)})
    outcomes: Counter = Counter()
    for at in moments:
        game = make()
        interrupted = run_traced(InterruptAt(at, files), lambda game=game: operation(game))
        now = picture(game)
        assert now in allowed, f"interrupted at bytecode {at} of {total}: in between moves"
        outcomes["before" if now == allowed[0] else "after"] += 1
        outcomes["interrupted" if interrupted else "finished"] += 1
        assert_whole(game)
    return outcomes


def moved(game: Game, *moves: str) -> Game:
    for move in moves:
        game.move(move)
    return game


def undone(game: Game, times: int) -> Game:
    for _ in range(times):
        game.undo()
    return game


def dead_klondike() -> Game:
    """Every face-up card black, a stock that fits nowhere: the status search turns the whole
    stock, in draw 3, before it can say "lost"."""
    return klondike(DEAD_KLONDIKE, foundations=[], stock=DEAD_STOCK, draw=3)


def spider_run_on_top() -> Game:
    """A Spider (one suit) position with a complete run of spades on top of t1, the rest face
    down under the other columns' top cards."""
    from solitaire_widget.cards import NAME

    cards = [NAME[card] for card in GAMES["spider"](seed=0).card_set.cards]
    run = [f"{rank}S" for rank in "KQJT98765432A"]
    for card in run:
        cards.remove(card)
    columns = [{"down": [], "up": run}]
    for number in range(9):
        share = cards[number::9]
        columns.append({"down": share[:-1], "up": share[-1:]})
    state = GAMES["spider"](seed=0).state()
    state.update(seed=None, tableau=columns, stock=[], history=[])
    return load_game(state)


def klondike_42() -> Game:
    return KlondikeGame(seed=42)


ENGINE_OPERATIONS: dict[str, tuple[Callable[[], Game], Callable[[Game], Any]]] = {
    "a move that turns a card up": (klondike_42, lambda g: g.move("t4-t1")),
    "a draw of one": (klondike_42, lambda g: g.draw()),
    "a draw of three": (lambda: KlondikeGame(seed=42, draw=3), lambda g: g.draw()),
    "a recycle": (lambda: klondike(["KS"], waste="2C 3C 4C"), lambda g: g.draw()),
    "a card to a foundation": (lambda: klondike(["AH", "KS"]), lambda g: g.move("t1-f")),
    "a card off a foundation": (
        lambda: klondike(["6S"], foundations=["5H"]),
        lambda g: g.move("f1-t1"),
    ),
    "undo of a move that turned a card up": (
        lambda: moved(klondike_42(), "t4-t1"),
        lambda g: g.undo(),
    ),
    "undo of a recycle": (
        lambda: moved(klondike(["KS"], waste="2C 3C"), "recycle"),
        lambda g: g.undo(),
    ),
    "redo": (lambda: undone(moved(klondike_42(), "t4-t1", "draw"), 2), lambda g: g.redo()),
    "a move that drops the redo line": (
        lambda: undone(moved(klondike_42(), "draw", "draw"), 2),
        lambda g: g.move("t4-t1"),
    ),
    "restart": (lambda: moved(klondike_42(), "t4-t1", "draw"), lambda g: g.restart()),
    "a new deal": (lambda: moved(klondike_42(), "t4-t1"), lambda g: g.new_game(7)),
    "the status search": (dead_klondike, lambda g: g.status),
    "auto_finish": (
        lambda: klondike(["KS QH", "KH QS"], foundations=["JS", "JH", "KC", "KD"]),
        lambda g: g.auto_finish(),
    ),
    "an Applegate group move that turns a card up": (
        lambda: ApplegateGame(seed=7),
        lambda g: g.move("t3-t5:5"),
    ),
    "an Applegate reserve move": (lambda: ApplegateGame(seed=1), lambda g: g.move("reserve-t1")),
    "an Applegate undo": (lambda: moved(ApplegateGame(seed=7), "t3-t5:5"), lambda g: g.undo()),
    "a Spider deal": (lambda: GAMES["spider"](seed=3, suits=2), lambda g: g.draw()),
    "undo of a Spider deal": (
        lambda: moved(GAMES["spider"](seed=3, suits=2), "draw"),
        lambda g: g.undo(),
    ),
    "a Spider move that turns a card up": (
        lambda: GAMES["spider"](seed=7, suits=1),
        lambda g: g.move(next(m for m in g.legal_moves() if m.src[0] == "t")),
    ),
    "a Spider run home": (spider_run_on_top, lambda g: g.move("t1-f")),
}


# Operations with thousands of the engine's bytecodes (dealing, a search that turns the whole
# stock) are interrupted at this many moments spread over them, not at every one.
SAMPLED = {"a new deal": 150, "restart": 150, "the status search": 60, "auto_finish": 150}
PROGRESS_FILE = str(Path(sw.__file__).parent / "engine" / "progress.py")


@pytest.mark.parametrize("name", ENGINE_OPERATIONS)
def test_an_interrupt_at_any_bytecode_of_the_engine_leaves_the_game_before_or_after(name):
    make, operation = ENGINE_OPERATIONS[name]
    files = ENGINE_FILES | {PROGRESS_FILE}
    outcomes = interrupt_everywhere(make, operation, files, points=SAMPLED.get(name))
    assert outcomes["interrupted"] > 0


def board_42() -> sw.Klondike:
    return on_a_page(sw.Klondike(seed=42))


BOARD_OPERATIONS: dict[str, tuple[Callable[[], Any], Callable[[Any], Any]]] = {
    "a move": (board_42, lambda b: b.move("t4-t1")),
    "a draw": (board_42, lambda b: b.draw()),
    "undo": (lambda: moved(board_42(), "t4-t1"), lambda b: b.undo()),
    "a new deal": (lambda: moved(board_42(), "t4-t1"), lambda b: b.new_game(7)),
    "a switch of game": (
        lambda: moved(board_42(), "t4-t1"),
        lambda b: b.new_game(7, game="applegate"),
    ),
    "an Applegate move": (lambda: on_a_page(sw.Applegate(seed=7)), lambda b: b.move("t3-t5:5")),
    "a move with no page open": (lambda: sw.Klondike(seed=42), lambda b: b.move("t4-t1")),
}


@pytest.mark.parametrize("name", BOARD_OPERATIONS)
def test_an_interrupt_anywhere_in_a_board_change_leaves_traits_that_agree_with_the_game(name):
    """Bytecodes of every module count here (traitlets and ipywidgets included): 40 moments
    spread over the whole change."""
    make, operation = BOARD_OPERATIONS[name]
    outcomes = interrupt_everywhere(make, operation, files=None, points=40)
    assert outcomes["interrupted"] == 40


# ----------------------------------------------------------------- SIGALRM during play


class Alarm:
    """SIGALRM whose handler raises KeyboardInterrupt, as Ctrl-C's does, after a delay."""

    def __enter__(self) -> Alarm:
        self.previous = signal.signal(signal.SIGALRM, self._raise)
        return self

    def __exit__(self, *exc: object) -> None:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, self.previous)

    @staticmethod
    def _raise(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    def run(self, seconds: float, script: Callable[[], Any]) -> bool:
        """Run ``script`` with the alarm set to go off after ``seconds``; True if it did."""
        try:
            signal.setitimer(signal.ITIMER_REAL, seconds)
            script()
            signal.setitimer(signal.ITIMER_REAL, 0)
        except KeyboardInterrupt:
            signal.setitimer(signal.ITIMER_REAL, 0)
            return True
        return False


def random_line(game: Game, rng: random.Random, length: int) -> list[str]:
    """A line of random legal moves from ``game``'s position, worked out on a copy."""
    walk = load_game(game.state())
    line = []
    for _ in range(length):
        moves = walk.legal_moves()
        if not moves:
            break
        move = rng.choice(moves)
        walk.move(move)
        line.append(str(move))
    return line


def random_script(game: Any, rng: random.Random) -> Callable[[], None]:
    """``play`` a random line, then a few of the other things a player does."""
    engine = getattr(game, "_game", game)
    line = random_line(engine, rng, rng.randint(10, 60))
    extras = rng.sample(["undo", "redo", "draw", "status", "hint", "restart", "finish"], 3)

    def script() -> None:
        solver.play(game, line, 0) if game is engine else game.play(line, delay=0)
        for extra in extras:
            if extra == "undo" and game.history:
                game.undo()
                game.undo() if game.history else None
            elif extra == "redo" and engine.can_redo:
                game.redo()
            elif extra == "draw" and engine.kind == "klondike" and (engine.stock or engine.waste):
                game.draw()
            elif extra == "status":
                game.status  # noqa: B018 (the search is what is interrupted)
            elif extra == "hint":
                solver.hint(game, budget=0.005)
            elif extra == "restart":
                game.restart()
            elif extra == "finish" and engine.can_auto_finish:
                game.auto_finish()

    return script


# An alarm that goes off while a garbage-collection callback runs (hypothesis installs one) is
# raised there, and Python drops it with a warning: that game simply goes on uninterrupted.
@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_sigalrm_at_random_moments_of_play_never_corrupts_a_game():
    rng = random.Random(10)
    outcomes: Counter = Counter()
    makers = {
        "engine Klondike": lambda seed: KlondikeGame(seed=seed, draw=rng.choice([1, 3])),
        "engine Applegate": lambda seed: ApplegateGame(seed=seed),
        "board Klondike": lambda seed: on_a_page(sw.Klondike(seed=seed, draw=rng.choice([1, 3]))),
        "board Applegate": lambda seed: on_a_page(sw.Applegate(seed=seed)),
        "board with no page": lambda seed: sw.Klondike(seed=seed),
    }
    trials = {"engine Klondike": 150, "engine Applegate": 150, "board Klondike": 80}
    trials |= {"board Applegate": 80, "board with no page": 40}
    with Alarm() as alarm:
        for kind, count in trials.items():
            # an engine move takes microseconds, a board move a few hundred
            longest = 0.002 if kind.startswith("engine") else 0.02
            for _ in range(count):
                game = makers[kind](rng.randrange(1000))
                script = random_script(game, rng)
                interrupted = alarm.run(rng.uniform(1e-6, longest), script)
                outcomes[kind, interrupted] += 1
                assert_whole(game)
    print("\ninterrupt trials (kind, interrupted): count", dict(outcomes))
    for kind in trials:
        assert outcomes[kind, True] > 0


# ----------------------------------------------------------------- the store after an interrupt


STORE_FILES = {
    str(Path(sw.__file__).parent / "store.py"),
    str(Path(sw.__file__).parent / "widget" / "recording.py"),
}


def line_of(board: Any) -> list[str]:
    return [str(move) for move in board.history + board._game.redo_line]


def assert_store_holds(board: Any) -> None:
    """The row the board records into is the board's game: its deal rebuilt with its line is
    the board's position with the board's redo line."""
    record = store.open_store().game(board.game_id)
    assert record is not None
    assert (record.deal.game, record.deal.options) == (board.kind, board._game.options)
    assert (record.line, record.moves) == (line_of(board), board.moves)
    again = rebuild(record)
    assert again.state() == board.state(), "the row holds another deal"
    assert [str(move) for move in again.redo_line] == line_of(board)[board.moves :]


def page_new_game(board: Any, options: dict[str, Any] | None = None) -> None:
    request = {"type": "new_game", "version": board._board["version"]}
    if options is not None:
        request["options"] = options
    board._on_request(board, request, [])


STORE_OPERATIONS: dict[str, Callable[[Any], Any]] = {
    "new_game": lambda b: b.new_game(7),
    "new_game with a random seed": lambda b: b.new_game(),
    "restart": lambda b: b.restart(),
    "a switch of game": lambda b: b.new_game(game="applegate", seed=3),
    "the page's New game": page_new_game,
    "the page's New game of another game": lambda b: page_new_game(
        b, {"game": "klondike", "draw": 3, "scoring": "vegas", "winnable": False}
    ),
    "a move": lambda b: b.move(b.legal_moves()[0]),
    "undo": lambda b: b.undo(),
}


def played_board() -> sw.Klondike:
    board = on_a_page(sw.Klondike(seed=42))
    for move in ["t4-t1", "draw", "draw"]:
        board.move(move)
    return board


# Moments of each operation interrupted: spread evenly over the recorder's and the store's
# bytecodes (about 600 in a new deal), one every four or five.
STORE_POINTS = 130


@pytest.mark.parametrize("name", STORE_OPERATIONS)
def test_an_interrupt_anywhere_in_the_recording_leaves_the_store_holding_the_boards_game(name):
    """Ctrl-C in the recorder or the store during a change: the recorder never believes the
    store holds what it does not, the next change brings the row in step with the board, the
    game left for a new deal keeps its own deal and line and is marked abandoned, and no game
    is recorded twice."""
    operation = STORE_OPERATIONS[name]
    counter, board = InterruptAt(0, STORE_FILES), played_board()
    run_traced(counter, lambda: operation(board))
    total = counter.seen
    assert total > 0
    interrupted = 0
    for at in sorted({1 + (total - 1) * i // (STORE_POINTS - 1) for i in range(STORE_POINTS)}):
        board = played_board()
        left_id, left_state = board.game_id, board.state()
        recorded = len(sw.saved_games())
        interrupted += run_traced(InterruptAt(at, STORE_FILES), lambda b=board: operation(b))
        if board._recorder.has_saved(board._game):
            assert_store_holds(board)
        board.draw() if board.kind == "klondike" else board.move(board.legal_moves()[0])
        assert_store_holds(board)
        assert sw.resume(board.game_id).state() == board.state()
        games = {game.id: game for game in sw.saved_games()}
        if board.game_id != left_id:
            left = store.open_store().game(left_id)
            assert left is not None and rebuild(left).state() == left_state
            assert games[left_id].status == "abandoned"
        assert len(games) == recorded + (board.game_id != left_id), "a game recorded twice"
    assert interrupted > 0


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_sigalrm_during_new_deals_restarts_and_switches_never_leaves_the_store_on_another_game():
    """Hundreds of games: a few moves, then a new deal of some kind with SIGALRM set to go off
    at a random moment of it. However it was cut short, once the board changes again its row
    holds its own deal and line, and ``sw.resume`` shows exactly the board."""
    rng = random.Random(20)
    changes = list(STORE_OPERATIONS.items())[:6]  # the ones that begin a new game
    outcomes: Counter = Counter()
    took: dict[str, float] = {}
    with Alarm() as alarm:
        for _ in range(260):
            board = on_a_page(sw.Klondike(seed=rng.randrange(1000), draw=rng.choice([1, 3])))
            for move in random_line(board._game, rng, rng.randint(1, 8)):
                board.move(move)
            name, change = rng.choice(changes)
            # the alarm goes off within the time this change last took whole, so it lands
            # inside it however fast or slow the machine is
            started = time.perf_counter()
            interrupted = alarm.run(
                rng.uniform(1e-5, took.get(name, 0.012)), lambda c=change, b=board: c(b)
            )
            if not interrupted:
                took[name] = time.perf_counter() - started
            outcomes[name, interrupted] += 1
            board.draw() if board.kind == "klondike" else board.move(board.legal_moves()[0])
            assert_store_holds(board)
            assert sw.resume(board.game_id).state() == board.state()
    print("\nnew-deal interrupt trials (change, interrupted): count", dict(outcomes))
    assert sum(count for (_, interrupted), count in outcomes.items() if interrupted) >= 50


BOARD_DEALS: dict[str, Callable[[Any], Any]] = {
    "a new deal": lambda b: b.new_game(7),
    "a restart": lambda b: b.restart(),
}


@pytest.mark.parametrize("name", BOARD_DEALS)
def test_an_interrupt_as_a_new_deal_ends_never_takes_it_back_behind_the_boards_back(name):
    """Ctrl-C at each bytecode of the standard library's ``with`` machinery that a new deal or
    a restart runs through (the engine's, ipywidgets' ``hold_sync``). Whatever the board shows then
    stays true once Python has cleaned up what the interrupt left (the garbage collector closing
    an unfinished context manager must not put the old deal back): its next move is the game's."""
    files = {contextlib.__file__}
    counter, played = InterruptAt(0, files), moved(board_42(), "t4-t1")
    run_traced(counter, lambda: BOARD_DEALS[name](played))
    interrupted, total = 0, counter.seen
    for at in sorted({1 + (total - 1) * i // 59 for i in range(60)}):  # 60 moments, spread
        board = moved(board_42(), "t4-t1")
        interrupted += run_traced(InterruptAt(at, files), lambda b=board: BOARD_DEALS[name](b))
        gc.collect()
        assert_whole(board)
        assert board.legal_moves() == load_game(board.state()).legal_moves(), f"at {at}"
        board.draw()
        assert_whole(board)
    assert interrupted > 0
