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
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..engine import GAMES, IllegalMove
from ..engine.base import random_seed
from ..moves import Move
from ..state import load_game
from .applegate import ApplegateRules
from .catalogue import winnable_deals
from .deals import daily_date, daily_seed
from .klondike import FROM_FOUNDATION, KlondikeRules
from .search import UNKNOWN, UNWINNABLE, WON, BestFirst, DepthFirst, run_portfolio

__all__ = [
    "Adviser",
    "Solution",
    "daily_date",
    "daily_seed",
    "first_winnable_seed",
    "hint",
    "play",
    "prove_deal",
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
    """Solve a game (engine game, widget, state dict or its JSON text) within ``time_limit`` s."""
    return _solve(game_or_state, time_limit)


def _solve(game_or_state: Any, time_limit: float, positions: int | None = None) -> Solution:
    start = time.perf_counter()
    state = _state_of(game_or_state)
    deadline = start + time_limit - min(time_limit * RESERVE_SHARE, RESERVE_CAP)
    if state["game"] == "klondike":
        sound = KlondikeRules(state)
        fast = KlondikeRules(state, pruned=True, covering=False)
        searches = [
            DepthFirst(fast, fast.root),
            BestFirst(fast, fast.root, width=2, pace=1),
            BestFirst(fast, fast.root, width=3, pace=1),
            DepthFirst(sound, sound.root),
        ]
    else:
        sound = ApplegateRules(state)
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
    status = solve(game, budget).status
    return {WON: True, UNWINNABLE: False}.get(status)


def hint(game: Any, budget: float = 1.0) -> Move | None:
    """A move worth making: the first of a winning line when one is found within ``budget``
    seconds, else the most promising move the solver knows that is not pointless, else None."""
    return Adviser().advise(game, budget)[0]


class Adviser:
    """Hints that keep to one winning line.

    Each search may find a different winning line, and where none is found in time the promising
    move of one position may undo that of the last, so a player pressing Hint again and again
    could go round in circles. Once a line is found, every position along it is remembered, and a
    player who follows it (by any route to those positions) is handed the line's next move.
    """

    def __init__(self) -> None:
        self._line: dict[str, Move] = {}

    def advise(self, game: Any, budget: float = 1.0) -> tuple[Move | None, str]:
        """The hint and the verdict behind it ("won", "unwinnable" or "unknown"), so the board can
        say that a game can no longer be won without a second search."""
        state = _state_of(game)
        known = self._line.get(_position_of(state))
        if known is not None:
            return known, WON
        solution = solve(state, budget * 0.8)
        if solution.status != WON:
            return _promising_move(state), solution.status
        self._line = _positions_along(state, solution.moves)
        return (solution.moves[0] if solution.moves else None), WON


def _position_of(state: dict[str, Any]) -> str:
    piles = ("tableau", "foundations", "stock", "waste", "reserve")
    return json.dumps([state[name] for name in piles])


def _positions_along(state: dict[str, Any], moves: list[Move]) -> dict[str, Move]:
    """Each position the line passes through, mapped to the line's move from there. A line may
    pass a position twice (a full turn of the stock); the later move is kept, so following the
    map always gets further along the line."""
    game = load_game(state)
    line = {}
    for move in moves:
        line[_position_of(game.state())] = move
        game.move(move)
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
    so that positions alone decide."""
    return _solve(GAMES[kind](seed=seed, **(options or {})), seconds, budget)


def play(game: Any, moves: Iterable[Move | str], delay: float = 0.3) -> None:
    """Make ``moves`` one by one, pausing ``delay`` seconds after each so every view animates."""
    for move in moves:
        game.move(move)
        if delay > 0:
            time.sleep(delay)


def _state_of(game_or_state: Any) -> dict[str, Any]:
    if isinstance(game_or_state, (str, bytes)):
        return json.loads(game_or_state)
    if isinstance(game_or_state, dict):
        return game_or_state
    if callable(getattr(game_or_state, "state", None)):
        return game_or_state.state()
    raise TypeError(
        "solve() takes a game, a widget, a state dict or its JSON text, "
        f"not {type(game_or_state).__name__}"
    )


def _wins(state: dict[str, Any], moves: list[Move]) -> bool:
    """Whether ``moves`` replayed through the rules engine from ``state`` win the game."""
    game = load_game(state)
    try:
        for move in moves:
            game.move(move)
    except IllegalMove:
        return False
    return game.status == WON
