"""The solver: ``solve`` a position, ``hint`` a move, ask whether a game is ``winnable``, find a
winnable deal (from the catalogue of ``catalogue.py`` where it can), the day's deal (``deals.py``),
and ``play`` a line of moves.

The solver sees every card, hidden ones included (it reads the whole state, as the engine does).
Each game is searched by the solver its declaration names (``GameDef.solver``): Klondike and
Applegate by their own compact positions (``tuned.py``), any other game on an engine game of
its own (``generic.py``). A winning line is then replayed through the rules engine before anyone
sees it, so a solver mistake can cost a verdict but can never hand out an illegal move.
"""

from __future__ import annotations

import secrets
import time
import warnings
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, field
from typing import Any

from ..engine import Game, IllegalMove
from ..engine.base import random_seed
from ..games import GAMES
from ..moves import Move
from ..shape import brief
from ..state import load_game
from .catalogue import daily_range, winnable_deals
from .deals import daily_date, daily_seed
from .generic import solver_for
from .lines import bare, polish, reason, sent_home_first
from .search import UNKNOWN, UNWINNABLE, WON, run_portfolio

__all__ = [
    "Advice",
    "Adviser",
    "daily_date",
    "daily_seed",
    "first_winnable_seed",
    "fresh_winnable_seed",
    "hint",
    "play",
    "prove_deal",
    "Solution",
    "solve",
    "winnable",
]

# What a time limit keeps back from the search (a share, at most a tenth of a second) to read the
# state, write the line out and replay it through the engine, so that a call returns in time.
RESERVE_SHARE, RESERVE_CAP = 0.05, 0.1
# Positions a hint's searches may expand: the search for a winning line, and the search that
# checks whether a card that auto-move would send home may go before a draw. Counted in positions,
# not seconds, so that with time to spare the hints are the same on every machine; it is about
# what a second of the hint's search reaches.
HINT_POSITIONS = 20_000
# A deal counts as proved winnable when the solver wins it within this many positions: almost all
# winnable Klondike and Applegate deals take a few hundred. The clock is only a safety net.
DEAL_BUDGET = 20_000
DEAL_SECONDS = 60.0
# A fresh winnable deal (``fresh_winnable_seed``) is a random seed the solver wins within this
# many positions; a seed it has not won by then is passed over for the next. Most winnable deals
# are won within a few hundred positions, and a deal that takes longer costs a tenth of a second
# or more (``benchmarks/winnable_deals.py``).
FRESH_DEAL_BUDGET = 2_000
FRESH_DEAL_TRIES = 500
# Whatever the time limit, a search stores at most this many positions (each costs a few hundred
# bytes: its name in the set of seen positions, and for best-first search the position itself),
# which keeps a solve under about 80 MB; past it the answer is "unknown".
MAX_POSITIONS = 200_000
# The longest time limit ``solve`` takes, in seconds: an hour.
MAX_TIME_LIMIT = 3600.0


@dataclass(frozen=True)
class Solution:
    """What ``solve`` found: ``status`` is "won" (``moves`` wins from the position), "unwinnable"
    (the search covered every position that matters) or "unknown" (time ran out)."""

    status: str
    moves: list[Move] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0

    def __repr__(self) -> str:
        line = f" in {len(self.moves)} moves" if self.status == WON else ""
        return f"<Solution {self.status}{line}: {self.nodes:,} positions in {self.seconds:.2f} s>"


def solve(game_or_state: Any, time_limit: float = 10.0) -> Solution:
    """Solve a game (engine game, widget, state dict or its JSON text) within ``time_limit``
    seconds (more than 0, at most ``MAX_TIME_LIMIT``) and ``MAX_POSITIONS`` positions.

    A state from outside is checked as ``sw.load`` checks it (``ValueError`` saying what is
    wrong) before any search starts."""
    return _solve(game_or_state, _seconds("time_limit", time_limit, above_zero=True))


def _seconds(name: str, value: Any, above_zero: bool) -> float:
    """A time limit or budget as a float, or ``ValueError``: a number, finite, not negative
    (above 0 for ``solve``: a hint may be asked with no time to search), at most an hour."""
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, float))
        or not 0 <= value <= MAX_TIME_LIMIT  # also refuses NaN
        or (above_zero and value == 0)
    ):
        least = "above 0" if above_zero else "from 0"
        raise ValueError(
            f"{name} is a number of seconds {least} and at most {MAX_TIME_LIMIT:g}, "
            f"not {brief(value)}"
        )
    return float(value)


def _solve(
    game_or_state: Any,
    time_limit: float,
    positions: int = MAX_POSITIONS,
    as_catalogued: bool = False,
) -> Solution:
    """``solve`` without the checks of its arguments. ``as_catalogued=True`` proves deals as the
    catalogue of winnable deals was built (``tuned.py`` says how that differs)."""
    start = time.perf_counter()
    game = _game_of(game_or_state)
    positions = min(positions, MAX_POSITIONS)
    deadline = start + time_limit - min(time_limit * RESERVE_SHARE, RESERVE_CAP)
    searches = solver_for(game).searches(game, as_catalogued)
    sound = searches[-1].rules
    if sound.is_won(sound.root):
        verdict, line, winner, nodes = WON, [], searches[-1], 0
    else:
        verdict, line, winner, nodes = run_portfolio(searches, deadline, searches[-1], positions)
    if verdict != WON:
        return Solution(verdict, [], nodes, time.perf_counter() - start)
    moves = [Move.parse(text) for text in winner.rules.notation(line)]
    if not _wins(game, moves):
        warnings.warn(
            "the solver found a line the rules engine does not accept; please report this deal",
            RuntimeWarning,
            stacklevel=2,
        )
        return Solution(UNKNOWN, [], nodes, time.perf_counter() - start)
    return Solution(WON, moves, nodes, time.perf_counter() - start)


def winnable(game: Any, budget: float = 1.0) -> bool | None:
    """True when a win was found within ``budget`` seconds, False when none exists, else None."""
    status = _solve(game, _seconds("budget", budget, above_zero=False)).status
    return {WON: True, UNWINNABLE: False}.get(status)


def hint(game: Any, budget: float = 1.0) -> Move | None:
    """A move worth making: the first of a winning line when one is found within ``budget``
    seconds, else the most promising move the solver knows that is not pointless, else None."""
    return Adviser().advise(game, budget)[0]


@dataclass(frozen=True)
class Advice:
    """A hint: the ``move``, the ``verdict`` behind it ("won" when it is the next move of a
    winning line, "unknown" when it is only promising, "unwinnable" when nothing can win) and
    ``reason``, why the move is worth making, in a player's words ("frees a face-down card")."""

    move: Move | None
    verdict: str
    reason: str = ""


class Adviser:
    """Hints that keep to one winning line, a line a person would follow.

    Each search may find a different winning line, and where none is found in time the promising
    move of one position may undo that of the last, so a player pressing Hint again and again
    could go round in circles. Once a line is found it is polished (``lines.polish``: safe cards
    go up at once, fewer passes through the stock, no group moved on and on, no card moved and
    brought back) and every position along it is remembered, and a player who follows it (by
    any route to those positions) is handed the line's next move.

    Two rules hold whatever the line says:

    - no hint draws or turns the waste over while a card that auto-move would send home
      (``safe_move``) lies on the waste or a column top, unless the solver finds no win after
      sending it home within ``positions`` positions: where it finds one, the hints follow
      that line from then on;
    - no hint takes back the hint before it when the player followed that one: it never leads
      back to the position that hint was given in.

    Searches stop at ``positions`` positions (and at the time budget of each call), so with time
    to spare a deal's hints are the same on every machine.
    """

    def __init__(self, positions: int = HINT_POSITIONS) -> None:
        self._line: list[Move] = []
        self._along: dict[tuple, int] = {}
        self._positions = positions
        # The position the last hint was given in, and the one it leads to.
        self._given: tuple[tuple, tuple] | None = None

    def advice(
        self,
        game: Any,
        budget: float = 1.0,
        searching: Callable[[], object] | None = None,
        seen: Collection[int] | None = None,
    ) -> Advice:
        """The hint for ``game``'s position within about ``budget`` seconds. ``searching`` is
        called before a search starts (a position off the known line), so a board can show it
        is busy. The reason names only cards in ``seen``, the cards the player has seen in
        this attempt (``lines.reason``; the cards face up now when None)."""
        budget = _seconds("budget", budget, above_zero=False)
        now = _game_of(game)
        here = now._position_key()
        # Where the last hint was given, when the player followed it: no hint leads back there.
        back = self._given[0] if self._given is not None and self._given[1] == here else None
        if here not in self._along:
            if searching is not None:
                searching()
            solution = _solve(now, budget * 0.6, self._positions)
            if solution.status != WON:
                move = _promising_move(now, back)
                return self._give(now, move, solution.status, [], seen)
            self._follow(now, polish(now, solution.moves))
        known = self._along[here]
        if known == len(self._line):
            return Advice(None, WON)
        move = self._line[known]
        if _is_stock_move(move):
            home = now.safe_move()
            if home is not None and _position_after(now, home) != back:
                line = sent_home_first(now, home, self._line[known:])
                if line is None:
                    line = self._sending_home_first(now, home, budget * 0.4)
                if line is not None:
                    self._follow(now, line)
                    move, known = home, 0
        return self._give(now, move, WON, self._line[known + 1 :], seen)

    def advise(
        self, game: Any, budget: float = 1.0, searching: Callable[[], object] | None = None
    ) -> tuple[Move | None, str]:
        """The hint and the verdict behind it, so the board can say that a game can no longer be
        won without a second search."""
        advice = self.advice(game, budget, searching)
        return advice.move, advice.verdict

    def _follow(self, now: Game, line: list[Move]) -> None:
        self._line = line
        self._along = _positions_along(now, line)

    def _give(
        self,
        now: Game,
        move: Move | None,
        verdict: str,
        ahead: list[Move],
        seen: Collection[int] | None,
    ) -> Advice:
        """The advice for ``move`` from the position of ``now``, remembered so that the next
        hint does not take it back."""
        if move is None:
            self._given = None
            return Advice(None, verdict)
        self._given = (now._position_key(), _position_after(now, move))
        return Advice(move, verdict, reason(now, move, ahead, seen))

    def _sending_home_first(self, now: Game, home: Move, seconds: float) -> list[Move] | None:
        """A winning line that starts by sending a safe card home (``home``), polished, when
        the solver finds one within the position budget (and ``seconds``); else None."""
        after = now.copy()
        after.move(home)
        solution = _solve(after, seconds, self._positions)
        if solution.status != WON:
            return None
        return [home, *polish(after, solution.moves)]


def _is_stock_move(move: Move) -> bool:
    return move.src == "stock" or move.dst == "stock"


def _position_after(now: Game, move: Move) -> tuple:
    after = now.copy()
    after.move(move)
    return after._position_key()


def _position_of(game_or_state: Any) -> tuple:
    """The name of a position by its piles (``Game._position_key``): what a hint or a verdict
    is remembered by. A state from outside is checked by ``load_game`` first."""
    return _game_of(game_or_state)._position_key()


def _positions_along(start: Game, moves: list[Move]) -> dict[tuple, int]:
    """Each position the line passes through from the position of ``start``, mapped to the
    index of the line's move from there (``len(moves)`` at the won end). A line may pass a
    position twice (a full turn of the stock); the later move is kept, so following the map
    always gets further along the line."""
    game = start.copy()
    line = {}
    for index, move in enumerate(moves):
        line[game._position_key()] = index
        game.move(move)
    line[game._position_key()] = len(moves)
    return line


def _promising_move(now: Game, back: tuple | None = None) -> Move | None:
    """The solver's favourite move from the position of ``now``, as the first step of its
    notation, that does not lead back to ``back`` (the position of the hint before, which the
    player followed).

    The solver's own moves already leave out the pointless ones (a King run moved from one empty
    column to another, a run moved between two equal cards for nothing). A card is not taken off a
    foundation on a mere hint, a move that needs no draw beats one that does, and no draw is
    hinted while a card that auto-move would send home can go.
    """
    rules, candidates = solver_for(now).favourites(now)
    # Safe foundation moves the solver makes by itself come first in any line.
    steps = rules.notation([])
    if steps:
        return Move.parse(steps[0])
    lines = [rules.notation([move])[0] for move in reversed(candidates)]
    moves = [Move.parse(step) for step in lines]
    moves = [move for move in moves if back is None or _position_after(now, move) != back]
    for move in moves:
        if not _is_stock_move(move):
            return move
    home = now.safe_move()
    if home is not None:
        return home
    return moves[0] if moves else None


def first_winnable_seed(
    kind: str,
    seed: int | None = None,
    options: dict[str, Any] | None = None,
    budget: int = DEAL_BUDGET,
    limit: int = 1000,
    *,
    catalogue: bool = True,
) -> int:
    """The first seed from ``seed`` (a random one when None) whose deal of ``kind`` (a registered
    game, with the engine's ``options``) the solver wins within ``budget`` positions.

    The budget counts positions, not seconds, so a seed gives the same deal on every machine.
    Within the range of seeds the shipped catalogue covers (``catalogue.py``), the answer is read
    from it instead of searched: the catalogue holds exactly the seeds this search wins, so the
    seed is the same, at once; ``seed=None`` then picks a random catalogued seed. From the end
    of that range on, with another ``budget``, or with ``catalogue=False``, it searches.
    Only the variants a game declares a catalogue for (``GameDef.daily``) deal winnable deals:
    any other is a ``ValueError`` naming those that do, unless ``catalogue=False``.
    Raises ``RuntimeError`` when none of ``limit`` seeds in a row is proved winnable.
    """
    deals = winnable_deals(kind, options) if catalogue else None
    if deals is not None and deals.budget != budget:
        deals = None
    if deals is not None:
        if seed is None:
            return deals.random_seed()
        found = deals.first_from(seed)
        if found is not None:
            return found
    start = random_seed() if seed is None else seed
    # Seeds the catalogue covers and did not list are known to be lost: the search starts after.
    known = deals.end - start if deals is not None and 0 <= start < deals.end else 0
    for offset in range(known, limit):
        candidate = (start + offset) % 2**64
        if prove_deal(kind, candidate, options, budget).status == WON:
            return candidate
    raise RuntimeError(f"none of the {limit} deals from seed {start} was proved winnable")


def fresh_winnable_seed(
    kind: str,
    options: dict[str, Any] | None = None,
    *,
    budget: int = FRESH_DEAL_BUDGET,
    tries: int = FRESH_DEAL_TRIES,
    trying: Callable[[int], object] | None = None,
) -> int:
    """A new 64-bit seed whose deal of ``kind`` (with the engine's ``options``) the solver wins
    within ``budget`` positions: the winnable deal of a board whose seed the page may not see.

    The catalogue's seeds and the short seeds of ``random_seed`` are few enough to try one by
    one until a deal matches the face-up cards the page shows, which gives away every hidden
    card; each seed tried here is drawn from the operating system's 2**64, and a seed the
    solver does not win within ``budget`` positions is passed over, so the wait stays short.
    ``trying(count)`` is called before each seed, with the number of seeds tried so far.
    Only the variants with a catalogue (``GameDef.daily``) have winnable deals: the search
    seldom proves the others' deals (Spider in two or four suits), and asking for one is a
    ``ValueError`` naming those that do. Raises ``RuntimeError`` when none of ``tries`` seeds
    is won."""
    daily_range(kind, options)
    for count in range(tries):
        if trying is not None:
            trying(count)
        seed = secrets.randbits(64)
        if wins_fresh_deal(kind, seed, options, budget):
            return seed
    raise RuntimeError(f"none of {tries} fresh deals was won within {budget:,} positions")


def wins_fresh_deal(
    kind: str, seed: int, options: dict[str, Any] | None = None, budget: int = FRESH_DEAL_BUDGET
) -> bool:
    """Whether the solver wins the deal of ``seed`` within ``budget`` positions: the test a seed
    of ``fresh_winnable_seed`` passed. Positions, not seconds, decide, so a seed it dealt passes
    again (the Voilà app shows a resumed deal's "Winnable deal" badge by it)."""
    game = GAMES[kind](seed=seed, **(options or {}))
    return _solve(game, DEAL_SECONDS, budget).status == WON


def prove_deal(
    kind: str,
    seed: int,
    options: dict[str, Any] | None = None,
    budget: int = DEAL_BUDGET,
    seconds: float = DEAL_SECONDS,
) -> Solution:
    """The search that decides whether ``seed`` is a winnable deal: "won" when the solver wins it
    within ``budget`` positions. ``seconds`` is only a safety net; the catalogue's build lifts it
    so that positions alone decide.

    It is the search the catalogue was built with, kept as it was (``as_catalogued``):
    a stronger search would win some seeds the catalogue leaves out within the same budget, or
    take other routes past it, and the first winnable seed from ``s`` must stay the catalogue's."""
    return _solve(GAMES[kind](seed=seed, **(options or {})), seconds, budget, as_catalogued=True)


def play(game: Any, moves: Iterable[Move | str], delay: float = 0.3) -> None:
    """Make ``moves`` one by one, pausing ``delay`` seconds after each so every view animates."""
    for move in moves:
        game.move(move)
        if delay > 0:
            time.sleep(delay)


def _game_of(game_or_state: Any) -> Game:
    """A game of our own in the position to search, with an empty history: a copy of an
    engine game, or a state from outside once ``load_game`` has checked it (so no search meets
    a duplicated card or a malformed pile). The history is left out: the searches and the
    replay of a line start from the position, and a long history would only cost time."""
    if isinstance(game_or_state, Game):
        return game_or_state.copy()
    if isinstance(game_or_state, (str, bytes, bytearray, dict)):
        return load_game(game_or_state).copy()
    if callable(getattr(game_or_state, "state", None)):  # a board: its state is our own
        return load_game(bare(game_or_state.state()))
    raise ValueError(
        f"solve() takes a game, a widget, a state dict or its JSON text, not {brief(game_or_state)}"
    )


def _state_of(game_or_state: Any) -> dict[str, Any]:
    """The position to search, as a state with an empty history (what a tuned solver's
    compact position is read from)."""
    return _game_of(game_or_state).position()


def _wins(start: Game, moves: list[Move]) -> bool:
    """Whether ``moves`` replayed through the rules engine from the position of ``start`` win
    the game."""
    game = start.copy()
    try:
        for move in moves:
            game.move(move)
    except IllegalMove:
        return False
    return game.status == WON
