"""The solver: ``solve`` a position, ``hint`` a move, ask whether a game is ``winnable``, find a
winnable deal (from the catalogue of ``catalogue.py`` where it can), the day's deal (``deals.py``),
and ``play`` a line of moves.

The solver sees every card, hidden ones included (it reads the whole state, as the engine does).
It searches its own compact positions (``klondike.py``, ``applegate.py``) with the searches of
``search.py``; a winning line is then replayed through the rules engine before anyone sees it, so a
solver mistake can cost a verdict but can never hand out an illegal move.
"""

from __future__ import annotations

import json
import time
import warnings
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from ..engine import GAMES, IllegalMove
from ..engine.base import random_seed
from ..moves import Move
from ..shape import brief
from ..state import load_game
from .applegate import ApplegateRules
from .blocked import cannot_win
from .catalogue import winnable_deals
from .deals import daily_date, daily_seed
from .klondike import FROM_FOUNDATION, KlondikeRules
from .lines import bare, polish, reason
from .search import UNKNOWN, UNWINNABLE, WON, BestFirst, DepthFirst, run_portfolio

__all__ = [
    "Advice",
    "Adviser",
    "daily_date",
    "daily_seed",
    "first_winnable_seed",
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
# A deal counts as proved winnable when the solver wins it within this many positions: almost all
# winnable Klondike and Applegate deals take a few hundred. The clock is only a safety net.
DEAL_BUDGET = 20_000
DEAL_SECONDS = 60.0
# Whatever the time limit, a search stores at most this many positions (each costs a few hundred
# bytes: its name in the set of seen positions, and for best-first search the position itself),
# which keeps a solve under about 80 MB; past it the answer is "unknown".
MAX_POSITIONS = 200_000
# Positions the proving Klondike search expands before it starts looking for dead ends
# (``blocked.cannot_win``): by then the portfolio has settled most deals, which the check would
# only slow down, and the deals it helps prove lost take tens of thousands of positions.
CHECKING_FROM = 1_000
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
    """``solve`` without the checks of its arguments. ``as_catalogued=True`` proves Klondike
    deals as the catalogue of winnable deals was built: without the pairing of moves
    (``KlondikeRules``), without looking for dead ends (``blocked.cannot_win``) and with both
    beams on the pruned moves."""
    start = time.perf_counter()
    state = _state_of(game_or_state)
    positions = min(positions, MAX_POSITIONS)
    deadline = start + time_limit - min(time_limit * RESERVE_SHARE, RESERVE_CAP)
    if state["game"] == "klondike":
        sound = KlondikeRules(state, pairing=not as_catalogued)
        fast = KlondikeRules(state, pruned=True, covering=False)
        # In draw 1 the wider beam tries every move, not only the pruned ones: on development
        # seeds it found wins that only the proving search had found, and sooner (in draw 3 it
        # lost more wins than it found).
        wide = sound if sound.draw == 1 and not as_catalogued else fast
        searches = [
            DepthFirst(fast, fast.root),
            BestFirst(fast, fast.root, width=2, pace=1),
            BestFirst(wide, wide.root, width=3, pace=1),
            DepthFirst(sound, sound.root, None if as_catalogued else cannot_win, CHECKING_FROM),
        ]
    else:
        sound = ApplegateRules(state, watch_splits=not as_catalogued)
        searches = [DepthFirst(sound, sound.root)]
    if sound.is_won(sound.root):
        verdict, line, winner, nodes = WON, [], searches[-1], 0
    else:
        verdict, line, winner, nodes = run_portfolio(searches, deadline, searches[-1], positions)
    if verdict != WON:
        return Solution(verdict, [], nodes, time.perf_counter() - start)
    moves = [Move.parse(text) for text in winner.rules.notation(line)]
    if not _wins(state, moves):
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
    go up at once, fewer passes through the stock, no group moved on and on) and every position
    along it is remembered, and a player who follows it (by any route to those positions) is
    handed the line's next move.
    """

    def __init__(self) -> None:
        self._line: list[Move] = []
        self._along: dict[str, int] = {}

    def advice(
        self, game: Any, budget: float = 1.0, searching: Callable[[], object] | None = None
    ) -> Advice:
        """The hint for ``game``'s position within about ``budget`` seconds. ``searching`` is
        called before a search starts (a position off the known line), so a board can show it
        is busy."""
        budget = _seconds("budget", budget, above_zero=False)
        state = _state_of(game)
        known = self._along.get(_position_of(state))
        if known is None:
            if searching is not None:
                searching()
            solution = _solve(state, budget * 0.6)
            if solution.status != WON:
                move = _promising_move(state)
                why = reason(load_game(state), move, []) if move is not None else ""
                return Advice(move, solution.status, why)
            self._line = polish(state, solution.moves)
            self._along = _positions_along(state, self._line)
            known = 0
        if known == len(self._line):
            return Advice(None, WON)
        move = self._line[known]
        return Advice(move, WON, reason(load_game(state), move, self._line[known + 1 :]))

    def advise(
        self, game: Any, budget: float = 1.0, searching: Callable[[], object] | None = None
    ) -> tuple[Move | None, str]:
        """The hint and the verdict behind it, so the board can say that a game can no longer be
        won without a second search."""
        advice = self.advice(game, budget, searching)
        return advice.move, advice.verdict


def _position_of(state: dict[str, Any]) -> str:
    piles = ("tableau", "foundations", "stock", "waste", "reserve")
    return json.dumps([state[name] for name in piles])


def _positions_along(state: dict[str, Any], moves: list[Move]) -> dict[str, int]:
    """Each position the line passes through, mapped to the index of the line's move from there
    (``len(moves)`` at the won end). A line may pass a position twice (a full turn of the
    stock); the later move is kept, so following the map always gets further along the line."""
    game = load_game(bare(state))
    line = {}
    for index, move in enumerate(moves):
        line[_position_of(game.state())] = index
        game.move(move)
    line[_position_of(game.state())] = len(moves)
    return line


def _promising_move(state: dict[str, Any]) -> Move | None:
    """The solver's favourite move, as the first step of its notation.

    The solver's own moves already leave out the pointless ones (a King run moved from one empty
    column to another, a run moved between two equal cards for nothing). A card is not taken off a
    foundation on a mere hint, and a move that needs no draw beats one that does.
    """
    if state["game"] == "klondike":
        rules = KlondikeRules(state, pruned=True)
        candidates = [move for move in rules.moves(rules.root) if move[0] != FROM_FOUNDATION]
    else:
        rules = ApplegateRules(state)
        candidates = rules.moves(rules.root)
    # Safe foundation moves the solver makes by itself come first in any line.
    steps = rules.notation([])
    if steps:
        return Move.parse(steps[0])
    lines = [rules.notation([move])[0] for move in reversed(candidates)]
    for step in lines:
        if step not in ("draw", "recycle"):
            return Move.parse(step)
    return Move.parse(lines[0]) if lines else None


def first_winnable_seed(
    kind: str,
    seed: int | None = None,
    options: dict[str, Any] | None = None,
    budget: int = DEAL_BUDGET,
    limit: int = 1000,
    *,
    catalogue: bool = True,
) -> int:
    """The first seed from ``seed`` (a random one when None) whose deal of ``kind`` ("klondike" or
    "applegate", with the engine's ``options``) the solver wins within ``budget`` positions.

    The budget counts positions, not seconds, so a seed gives the same deal on every machine.
    Within the range of seeds the shipped catalogue covers (``catalogue.py``), the answer is read
    from it instead of searched: the catalogue holds exactly the seeds this search wins, so the
    seed is the same, at once; ``seed=None`` then picks a random catalogued seed. From the end of
    that range on, with another ``budget``, or with ``catalogue=False``, it searches.
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


def _game_state(game_or_state: Any) -> dict[str, Any]:
    """The whole state of a game, history included: a game's own, or a state from outside once
    ``load_game`` has checked it (so no search meets a duplicated card or a malformed pile)."""
    if isinstance(game_or_state, (str, bytes, bytearray, dict)):
        return load_game(game_or_state).state()
    if callable(getattr(game_or_state, "state", None)):
        return game_or_state.state()
    raise ValueError(
        f"solve() takes a game, a widget, a state dict or its JSON text, not {brief(game_or_state)}"
    )


def _state_of(game_or_state: Any) -> dict[str, Any]:
    """The position to search, as a state with an empty history. The history is left out: the
    searches and the replay of a line start from the position, and a long history would only
    cost time."""
    state = _game_state(game_or_state)
    state.pop("start", None)
    state["history"] = []
    return state


def _wins(state: dict[str, Any], moves: list[Move]) -> bool:
    """Whether ``moves`` replayed through the rules engine from ``state`` win the game."""
    game = load_game(state)
    try:
        for move in moves:
            game.move(move)
    except IllegalMove:
        return False
    return game.status == WON
