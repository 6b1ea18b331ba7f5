"""Reviewing a game: could the deal be won, which of its positions could still be won, and the
move that lost it.

A verdict passes along a game. When the position after a move can be won, so can the position
before it (make that move first); when a position cannot be won, neither can any later one. So a
game's verdicts read "won" up to some position and "unwinnable" from the next one on, and the
review places a few searches instead of searching every position. It spends its time where a
player learns most:

- first the facts that cost no search: a won game was never lost; a position where the rules
  engine finds that nothing can progress (status "lost") cannot be won; and positions the solver
  counts the same (the same cards in the same places, up to the order of the columns and, in
  draw 1, how far through the stock the player had drawn) share one verdict, and so does every
  position between two of them, so a turn through the stock is never where a game was lost;
- then the last position, briefly (a game that can still be won was never lost), and the start,
  with most of the time if it needs it: whether the deal could be won at all is what a player
  asks first, and most deals are decided within milliseconds;
- then the stretch between the last position known won and the first known lost, like a
  bisection: each search gets a slice of the time limit; a search that runs out of its slice
  doubles the slice for the next one, which goes to the middle of the longest stretch not yet
  searched with that much time;
- a search that wins also settles every later position of the game that its winning line passes
  through, or that the solver counts the same as one of those, with no search of its own (a
  player who followed the line is still on it).

Each position then has its verdict and, where it is "won", a winning move when one is known: the
move the player made when it led to a position that can be won, else the first move of a winning
line. The turning point, the last won position before a lost one, always gets one if time allows.
"""

from __future__ import annotations

import html
import math
import time
from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine import Game
from ..moves import Move
from ..shape import brief
from ..state import load_game
from ..words import move_in_words
from . import _solve, solver_for
from .search import UNKNOWN, UNWINNABLE, WON

__all__ = ["Review", "ReviewedPosition", "review"]

# The start may take this share of the time limit: whether the deal could be won is what a
# player asks first, and most deals are decided within milliseconds, so it rarely takes it all.
START_SHARE = 0.6
# The first slice every other search gets, as a share of the time limit: enough for a bisection
# over a few hundred positions. The slice doubles each time a search runs out of it undecided.
FIRST_SLICE = 1 / 10
SMALLEST_SLICE = 0.05
# Positions named by the solver's key (about a sixth of a millisecond each); later ones exactly.
KEYED_POSITIONS = 2_000
# The share of the time limit spent naming positions (a walk back through the game, a few
# microseconds a position past the first KEYED_POSITIONS): a position not named in it shares its
# verdict with no other, and a position the review does not reach in time stays "unknown".
NAMING_SHARE = 0.25
# ... and at least this long, in seconds, so that a short game is named whatever the time limit.
SHORTEST_NAMING = 0.05
# Steps of a walk through the game (an undo or a redo) between two looks at the clock.
STEPS_PER_LOOK = 256

# How each verdict was reached, for the timeline and for the curious.
SEARCHED = "searched"
ON_A_LINE = "on a winning line"
FROM_LATER = "a later position can be won"
FROM_EARLIER = "an earlier position cannot be won"
NO_PROGRESS = "no move can make progress"
SAME = "the same position for the solver as a decided one"
NOT_DECIDED = "not decided in time"

_COLOURS = {WON: "#2e7d32", UNWINNABLE: "#c62828", UNKNOWN: "#9e9e9e"}


@dataclass(frozen=True)
class ReviewedPosition:
    """One position of the reviewed game: the start (``index`` 0) or the one after ``index``
    moves. ``played`` is the move made from it (None for the last position); ``winning_move`` is
    a move that keeps the game winnable, where the verdict is "won" and such a move is known
    (always at the turning point; None at a won end)."""

    index: int
    played: Move | None
    verdict: str
    winning_move: Move | None
    seconds: float
    how: str


@dataclass(frozen=True)
class Review:
    """The verdict on every position of a game, and where (if anywhere) it was lost.

    ``won``: the game was won (its last position has every card home). ``states`` are the
    positions themselves (the start first), which name moves in words: a ``GameLine`` that
    writes each one out when asked, as a long game's would cost time in proportion."""

    positions: list[ReviewedPosition]
    seconds: float
    time_limit: float = 10.0
    won: bool = False
    states: Sequence[dict[str, Any]] = field(default_factory=list, repr=False, compare=False)

    @property
    def history(self) -> list[Move]:
        return [p.played for p in self.positions if p.played is not None]

    @property
    def verdicts(self) -> list[str]:
        return [p.verdict for p in self.positions]

    @property
    def turning_point(self) -> int | None:
        """The index in ``history`` of the move that turned a winnable position into one that
        cannot be won: ``positions[k]`` is the one before it, ``positions[k + 1]`` the one after.
        None when the game never was winnable, was never lost, or the review could not tell."""
        for before, after in zip(self.positions, self.positions[1:], strict=False):
            if before.verdict == WON and after.verdict == UNWINNABLE:
                return before.index
        return None

    @property
    def better(self) -> Move | None:
        """A move at the turning point that keeps the game winnable, instead of the one played."""
        k = self.turning_point
        return None if k is None else self.positions[k].winning_move

    @property
    def last_won(self) -> int | None:
        """The last position known to be winnable (None when not even the start is)."""
        won = [p.index for p in self.positions if p.verdict == WON]
        return won[-1] if won else None

    @property
    def first_lost(self) -> int | None:
        """The first position known to be lost (None when none is)."""
        return next((p.index for p in self.positions if p.verdict == UNWINNABLE), None)

    def in_words(self, index: int, move: Move) -> str:
        """``move`` as a player says it, made from position ``index``: it names only cards face
        up there. Without the positions (a review built by hand), its notation."""
        if not self.states:
            return str(move)
        if isinstance(self.states, GameLine):  # the replayed game itself, a step or so away
            return move_in_words(self.states.game_at(index), move)
        return move_in_words(load_game(self.states[index]), move)

    def summary(self, name_moves: bool = True) -> str:
        """The review in a player's words (moves counted from 1): whether the deal could be won
        from the start, then the move that lost it, or as much as the solver could tell. Moves
        are named from the position they were made in, so only cards face up there;
        ``name_moves=False`` names no card at all, for a page showing an earlier position."""
        played = self._moves_text()
        start, last = self.positions[0].verdict, self.positions[-1].verdict
        if self.won:
            return f"You won in {played}: the game could be won all along."
        if start == UNWINNABLE:
            return "This deal could not be won from the start: no move of yours lost it."
        if last == WON:
            return f"This deal could be won, and it still can be after the {played} played."
        k = self.turning_point
        if k is not None:
            return f"This deal could be won. {self._turning_words(k, name_moves)}"
        seconds = f"{self.time_limit:g} s"
        if start == WON:
            opening = "This deal could be won."
        else:
            opening = f"The solver could not tell in {seconds} whether this deal could be won."
        won, lost = self.last_won, self.first_lost
        if lost is None and (won or 0) == 0:
            still = (
                ""
                if won is None
                else f" The solver could not tell in {seconds} whether it still can be."
            )
            return opening + still
        if lost is None:
            return (
                f"{opening} It could still be won after move {won}; the solver could not tell "
                f"in {seconds} about the moves after that."
            )
        if won is None:
            return f"{opening} It could no longer be won after move {lost}."
        between = f"the first {lost} moves" if won == 0 else f"moves {won + 1} to {lost}"
        still = "" if won == 0 else f"still be won after move {won} and "
        return (
            f"{opening} It could {still}no longer be won after move {lost}; the solver could "
            f"not tell in {seconds} which of {between} lost it."
        )

    def _turning_words(self, k: int, name_moves: bool) -> str:
        """The turning point in words: the move that lost the game, and a better one."""
        if not name_moves:
            return f"Winnable until move {k + 1}: the move played there lost the game."
        played = self.in_words(k, self.positions[k].played)
        text = f"Winnable until move {k + 1}: {played} lost the game."
        if self.better is not None:
            better = self.in_words(k, self.better)
            text += f" {better[:1].upper()}{better[1:]} instead keeps it winnable."
        return text

    def plot(self, ax: Any = None) -> Any:
        """The game as a timeline of verdicts, with the losing move marked; returns the Axes."""
        import matplotlib.pyplot as plt
        from matplotlib.patches import Patch
        from matplotlib.ticker import MaxNLocator

        if ax is None:
            _, ax = plt.subplots(figsize=(9, 2.0), layout="constrained")
        runs: list[tuple[str, int, int]] = []
        for p in self.positions:
            if runs and runs[-1][0] == p.verdict:
                runs[-1] = (p.verdict, runs[-1][1], p.index)
            else:
                runs.append((p.verdict, p.index, p.index))
        for verdict, first, last in runs:
            ax.broken_barh([(first - 0.5, last - first + 1)], (0, 1), color=_COLOURS[verdict])
        k = self.turning_point
        if k is not None:
            ax.axvline(k + 0.5, color="black", linewidth=2)
            right = k + 0.5 > len(self.positions) / 2
            ax.annotate(
                f"move {k + 1}: {self._played_words(k)}\nbetter: {self._better_words()}",
                (k + 0.5, 1),
                xytext=(-4 if right else 4, 3),
                textcoords="offset points",
                ha="right" if right else "left",
                fontsize=9,
            )
        ax.set_xlim(-0.5, len(self.positions) - 0.5)
        ax.set_ylim(0, 1.3)
        ax.set_yticks([])
        ax.xaxis.set_major_locator(MaxNLocator(integer=True))
        ax.set_xlabel("moves played")
        ax.legend(
            handles=[Patch(color=colour, label=verdict) for verdict, colour in _COLOURS.items()],
            loc="upper left",
            bbox_to_anchor=(0, -0.45),
            ncols=3,
            fontsize=8,
            frameon=False,
        )
        return ax

    def _played_words(self, index: int) -> str:
        return self.in_words(index, self.positions[index].played)

    def _better_words(self) -> str:
        k, better = self.turning_point, self.better
        return "not known" if k is None or better is None else self.in_words(k, better)

    def _moves_text(self) -> str:
        moves = len(self.positions) - 1
        return "1 move" if moves == 1 else f"{moves} moves"

    def __repr__(self) -> str:
        return f"<Review of {self._moves_text()} in {self.seconds:.1f} s: {self.summary()}>"

    def _repr_html_(self) -> str:
        cells = "".join(
            f'<span title="{p.index}: {p.verdict}'
            f'{f" (played {html.escape(self._played_words(p.index))})" if p.played else ""}"'
            ' style="display:inline-block;'
            f"width:6px;height:14px;background:{_COLOURS[p.verdict]};"
            f'{"outline:2px solid black;" if p.index == self.turning_point else ""}"></span>'
            for p in self.positions
        )
        counts = ", ".join(
            f"{sum(v == verdict for v in self.verdicts)} {verdict}" for verdict in _COLOURS
        )
        return (
            f"<div><b>Review</b> of {self._moves_text()} "
            f"({self.seconds:.1f} s; positions: {counts})<br>{html.escape(self.summary())}"
            f'<div style="line-height:0;margin-top:4px">{cells}</div></div>'
        )


def review(game_or_state: Any, time_limit: float = 10.0, progress: bool = True) -> Review:
    """Review a game's history (engine game, board, state dict or JSON) within ``time_limit`` s.

    ``progress`` shows a tqdm progress bar of the positions decided, when tqdm is installed.
    Past loading the game, the review takes the time limit and little more however long the
    history: positions it does not reach in time are "unknown".
    """
    start = time.perf_counter()
    line = GameLine(_replayed(game_or_state))
    deadline = start + time_limit
    won = line.game.status == WON
    reviewer = _Reviewer(line, progress)
    try:
        reviewer.run(deadline, time_limit, won)
    finally:
        reviewer.close()
    seconds = time.perf_counter() - start
    return Review(reviewer.reviewed(), seconds, time_limit, won, line)


def _replayed(game_or_state: Any) -> Game:
    """A game of our own with the whole history (a state from outside checked by ``load_game``,
    so no search meets a duplicated card): replayed once, however it came."""
    if isinstance(game_or_state, Game):
        return game_or_state._replayed_copy()
    if isinstance(game_or_state, (str, bytes, bytearray, dict)):
        return load_game(game_or_state)
    if callable(getattr(game_or_state, "state", None)):  # a board
        return load_game(game_or_state.state())
    raise ValueError(
        "review() takes a game, a widget, a state dict or its JSON text, not "
        f"{brief(game_or_state)}"
    )


class GameLine(Sequence):
    """The positions of a reviewed game (the start first), each written out without the history
    when asked: one replayed copy of the game is walked there with undo and redo. Writing out
    every position of a long game up front would cost time in proportion to its length."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.played = list(game.history)
        self._written: dict[int, Game] = {}
        self.steps = 0  # undo and redo steps walked: the clock is read every STEPS_PER_LOOK

    def __len__(self) -> int:
        return len(self.played) + 1

    def __getitem__(self, index: Any) -> Any:
        """Position ``index`` written out: one the review searched is kept, any other written
        afresh (a reader going through every position walks one step at a time, and keeps
        none of them in memory)."""
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        index = range(len(self))[index]
        if index in self._written:
            return self._written[index].position()
        return self.game_at(index).position()

    def game_at(self, index: int) -> Game:
        """The replayed game at position ``index`` (after ``index`` moves). Not a copy: the
        next walk moves it."""
        self.walk(index, math.inf)
        return self.game

    def written(self, index: int, deadline: float) -> Game | None:
        """A copy of the game at position ``index`` (no history), or None when the walk there
        runs past ``deadline``."""
        if index not in self._written:
            if not self.walk(index, deadline):
                return None
            self._written[index] = self.game.copy()
        return self._written[index]

    def key(self, index: int) -> tuple:
        """Position ``index``'s name by its piles (``Game._position_key``)."""
        if index in self._written:
            return self._written[index]._position_key()
        return self.game_at(index)._position_key()

    def walk(self, index: int, deadline: float) -> bool:
        """Walk the replayed game to position ``index``; False when that runs past
        ``deadline`` (the game is then somewhere on the way)."""
        game = self.game
        while game.moves != index:
            if game.moves > index:
                game.undo()
            else:
                game.redo()
            self.steps += 1
            if self.steps % STEPS_PER_LOOK == 0 and time.perf_counter() > deadline:
                return False
        return True


def _verdict_key(game: Game) -> Hashable:
    """The solver's name for the position: positions with the same name have the same verdict
    (the symmetries and safe moves of the game's solver say why)."""
    return solver_for(game).verdict_key(game)


class _Reviewer:
    """The bookkeeping of one review: verdicts, winning moves, time spent, and where to search."""

    def __init__(self, line: GameLine, progress: bool) -> None:
        self.line = line
        self.played = line.played
        size = len(line)
        self.verdict = [UNKNOWN] * size
        self.winning: list[Move | None] = [None] * size
        self.how = [NOT_DECIDED] * size
        self.seconds = [0.0] * size
        # Each position's name, once the walk of ``_name_positions`` has reached it (None: not
        # named, so it shares its verdict with no other); the first and the last position of
        # the game with each name.
        self.keys: list[Hashable | None] = [None] * size
        self.first_same = list(range(size))
        self.last_same = list(range(size))
        self.tried: dict[Hashable, float] = {}  # the largest slice each key was searched with
        self.won_keys: set[Hashable] = set()  # the keys of every position a winning line passed
        self.won, self.lost = -1, size  # the last position known won, the first known lost
        self.bar = _progress_bar(size) if progress else None

    def _name_positions(self, deadline: float) -> None:
        """Name the positions, walking back from the end until ``deadline``: the first
        KEYED_POSITIONS by the solver's key, later ones exactly (cheaper, and just as sound,
        since the same position always has the same verdict)."""
        line, keys = self.line, self.keys
        for index in range(len(line) - 1, -1, -1):
            if not line.walk(index, deadline) or time.perf_counter() > deadline:
                break
            game = line.game
            keys[index] = _verdict_key(game) if index < KEYED_POSITIONS else _exact_key(game)
        first: dict[Hashable, int] = {}
        for index, key in enumerate(keys):
            if key is not None:
                self.first_same[index] = first.setdefault(key, index)
        last: dict[Hashable, int] = {}
        for index in range(len(keys) - 1, -1, -1):
            key = keys[index]
            if key is not None:
                self.last_same[index] = last.setdefault(key, index)

    def _tried_key(self, index: int) -> Hashable:
        key = self.keys[index]
        return index if key is None else key

    def run(self, deadline: float, time_limit: float, won: bool) -> None:
        end = len(self.line) - 1
        lost_at_end = self.line.game.status == "lost"
        self.line.written(end, deadline)
        if won:
            self._settle_won(end, [], SEARCHED)
            return
        naming = max(time_limit * NAMING_SHARE, SHORTEST_NAMING)
        self._name_positions(time.perf_counter() + naming)
        slice_ = max(time_limit * FIRST_SLICE, SMALLEST_SLICE)
        if lost_at_end:
            self._settle_lost(end, NO_PROGRESS)
        elif end > 0:
            self._search(end, min(slice_, deadline - time.perf_counter()))
        if self.verdict[0] == UNKNOWN:
            self._search(0, min(time_limit * START_SHARE, deadline - time.perf_counter()))
        while self.won + 1 < self.lost and time.perf_counter() < deadline:
            probe = self._next_probe(slice_)
            if not self._search(probe, min(slice_, deadline - time.perf_counter())):
                slice_ *= 2
        self._find_the_better_move(deadline)

    def _next_probe(self, slice_: float) -> int:
        """The middle of the longest stretch of undecided positions not yet searched with this
        slice (every undecided position was: the first one)."""
        best: tuple[int, int] | None = None
        run_start = None
        for i in range(self.won + 1, self.lost + 1):
            fresh = i < self.lost and self.tried.get(self._tried_key(i), 0.0) < slice_
            if fresh and run_start is None:
                run_start = i
            elif not fresh and run_start is not None:
                if best is None or i - run_start > best[1] - best[0]:
                    best = (run_start, i)
                run_start = None
        return self.won + 1 if best is None else (best[0] + best[1] - 1) // 2

    def _search(self, index: int, seconds: float) -> bool:
        """Search one position for at most ``seconds``; whether it was decided."""
        if seconds <= 0:
            return False
        started = time.perf_counter()
        position = self.line.written(index, started + seconds)
        left = seconds - (time.perf_counter() - started)
        if position is None or left <= 0:
            return False
        solution = _solve(position, left)
        self.seconds[index] += solution.seconds
        key = self._tried_key(index)
        self.tried[key] = max(self.tried.get(key, 0.0), seconds)
        if solution.status == WON:
            self._settle_won(index, solution.moves, SEARCHED)
        elif solution.status == UNWINNABLE:
            self._settle_lost(index, SEARCHED)
        return solution.status != UNKNOWN

    def _settle_won(self, index: int, line: list[Move], how: str) -> None:
        """``index`` wins by ``line``: so do the later positions the line passes through, the
        positions the solver counts the same as any of those, and every position before them
        (by the moves played)."""
        self._mark(index, WON, line[0] if line else None, how)
        moves, keys = _along(self.line.written(index, math.inf), line)
        self.won_keys |= keys
        last = index
        for later in range(index + 1, self.lost):
            if self.keys[later] in keys:
                step = moves.get(self.line.key(later))
                self._mark(later, WON, None if step is None else line[step], ON_A_LINE)
                last = later
        at = self.won + 1
        while at <= last:  # a position the same as a later one carries its verdict there
            if self.last_same[at] > last:
                last = self.last_same[at]
                self._mark(last, WON, None, SAME)
            at += 1
        for earlier in range(last - 1, self.won, -1):
            self._mark(earlier, WON, self.played[earlier], FROM_LATER)
        self.won = max(self.won, last)

    def _settle_lost(self, index: int, how: str) -> None:
        """``index`` cannot be won: nor can any later position, any the solver counts the same
        as one of those, or any after that."""
        self._mark(index, UNWINNABLE, None, how)
        first = index
        at = self.lost - 1
        while at >= first:
            if self.first_same[at] < first:
                first = self.first_same[at]
                self._mark(first, UNWINNABLE, None, SAME)
            at -= 1
        for later in range(first + 1, self.lost):
            self._mark(later, UNWINNABLE, None, FROM_EARLIER)
        self.lost = min(self.lost, first)

    def _mark(self, index: int, verdict: str, move: Move | None, how: str) -> None:
        """Record a verdict (a search's or the rules' own replaces one passed along); a move
        fills in a missing winning move."""
        if self.verdict[index] == UNKNOWN and self.bar is not None:
            self.bar.update(1)
        if self.verdict[index] == UNKNOWN or how in (SEARCHED, NO_PROGRESS):
            self.verdict[index], self.winning[index], self.how[index] = verdict, move, how
        elif self.winning[index] is None:
            self.winning[index] = move

    def _find_the_better_move(self, deadline: float) -> None:
        """The turning point's winning move: one that leads to a position known to be winnable,
        one that is not a draw where there is such a move (it teaches more), else a search's
        when the verdict came with none (the turning point is the same for the solver as a
        position a line passed through, not that position itself)."""
        k = self.won
        if not 0 <= k < len(self.played) or self.lost != k + 1:
            return
        known = self.winning[k]
        if known is None or "stock" in (known.src, known.dst):
            self.winning[k] = self._keeper(k) or known
        if self.winning[k] is None:
            self._search(k, deadline - time.perf_counter())

    def _keeper(self, index: int) -> Move | None:
        """A move from position ``index`` other than the one played, and not a draw, that
        leads to a position a winning line passed through (or the same for the solver)."""
        game = self.line.written(index, math.inf)
        for move in game.legal_moves():
            if move == self.played[index] or "stock" in (move.src, move.dst):
                continue
            after = game.copy()
            after.move(move)
            if _verdict_key(after) in self.won_keys:
                return move
        return None

    def reviewed(self) -> list[ReviewedPosition]:
        return [
            ReviewedPosition(
                index=i,
                played=self.played[i] if i < len(self.played) else None,
                verdict=self.verdict[i],
                winning_move=self.winning[i],
                seconds=self.seconds[i],
                how=self.how[i],
            )
            for i in range(len(self.line))
        ]

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def _along(start: Game, line: list[Move]) -> tuple[dict[tuple, int], set[Hashable]]:
    """The positions a winning line passes through from the position of ``start``, the won end
    included: each one mapped (by ``_position_key``) to the index of the line's next move (kept
    only while the line has one), and the verdict keys of them all."""
    game = start.copy()
    moves: dict[tuple, int] = {}
    keys = {_verdict_key(game)}
    for step, move in enumerate(line):
        moves[game._position_key()] = step
        game.move(move)
        keys.add(_verdict_key(game))
    return moves, keys


def _exact_key(game: Game) -> bytes:
    """The position exactly, as bytes: the cards of each pile, the piles apart."""
    return b"\xff".join(bytes(pile) for pile in game._piles())


def _progress_bar(total: int) -> Any:
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return None
    return tqdm(total=total, desc="review", unit="position", leave=False)
