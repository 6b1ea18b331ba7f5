"""Reviewing a game: which of its positions could still be won, and the move that lost it.

A verdict passes along a game. When the position after a move can be won, so can the position
before it (make that move first); when a position cannot be won, neither can any later one. So a
game's verdicts read "won" up to some position and "unwinnable" from the next one on, and the
review places a few searches like a bisection instead of searching every position:

- the last position first (a game that can still be won was never lost), then the first (a deal
  that was never winnable was not lost by a move), then always inside the stretch still undecided;
- a search that wins also settles every later position of the game that its winning line passes
  through, with no search of its own (a player who followed the line is still on it);
- each search gets a slice of the time limit; a search that runs out of its slice doubles the
  slice for the next one, which goes to the middle of the longest stretch not yet searched with
  that much time.

Each position then has its verdict and, where it is "won", a winning move: the move the player
made when it led to a position that can be won, else the first move of a winning line.
"""

from __future__ import annotations

import html
import time
from dataclasses import dataclass, replace
from typing import Any

from ..moves import Move
from ..state import load_game
from ..words import move_in_words
from . import _game_state, _position_of, _positions_along, _solve
from .lines import bare
from .search import UNKNOWN, UNWINNABLE, WON

__all__ = ["Review", "ReviewedPosition", "review"]

# The first slice a search gets, as a share of the time limit: enough for a bisection over a few
# hundred positions. The slice doubles each time a search runs out of it undecided.
FIRST_SLICE = 1 / 10
SMALLEST_SLICE = 0.05

# How each verdict was reached, for the timeline and for the curious.
SEARCHED = "searched"
ON_A_LINE = "on a winning line"
FROM_LATER = "a later position can be won"
FROM_EARLIER = "an earlier position cannot be won"
NOT_DECIDED = "not decided in time"

_COLOURS = {WON: "#2e7d32", UNWINNABLE: "#c62828", UNKNOWN: "#9e9e9e"}


@dataclass(frozen=True)
class ReviewedPosition:
    """One position of the reviewed game: the start (``index`` 0) or the one after ``index``
    moves. ``played`` is the move made from it (None for the last position), ``played_words`` the
    same in a player's words; ``winning_move`` is a move that keeps the game winnable, where the
    verdict is "won"."""

    index: int
    played: Move | None
    verdict: str
    winning_move: Move | None
    seconds: float
    how: str
    played_words: str | None = None


@dataclass(frozen=True)
class Review:
    """The verdict on every position of a game, and where (if anywhere) it was lost.
    ``better_words`` is ``better`` in a player's words, as the board says it."""

    positions: list[ReviewedPosition]
    seconds: float
    better_words: str | None = None

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

    def summary(self) -> str:
        """One sentence on the game, in a player's words (moves counted from 1)."""
        moves = len(self.positions) - 1
        k = self.turning_point
        first, last = self.positions[0].verdict, self.positions[-1].verdict
        if last == WON:
            return f"The game could be won all along ({moves} moves)."
        if first == UNWINNABLE:
            return "This deal could not be won from the start: no move lost it."
        if k is not None:
            text = f"Winnable until move {k + 1}: {self._words(k)} lost the game."
            better = self.better_words or self.better
            if better is not None:
                text += f" {str(better)[:1].upper()}{str(better)[1:]} instead keeps it winnable."
            return text
        decided = sum(p.verdict != UNKNOWN for p in self.positions)
        return (
            f"The solver could not place the losing move in the time given "
            f"({decided} of {len(self.positions)} positions decided)."
        )

    def _words(self, index: int) -> str:
        """The move played from position ``index``, in words when the review has them."""
        position = self.positions[index]
        return position.played_words or str(position.played)

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
                f"move {k + 1}: {self._words(k)}\nbetter: {self.better_words or self.better}",
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

    def __repr__(self) -> str:
        return f"<Review of {self._moves_text()} in {self.seconds:.1f} s: {self.summary()}>"

    def _moves_text(self) -> str:
        moves = len(self.positions) - 1
        return "1 move" if moves == 1 else f"{moves} moves"

    def _repr_html_(self) -> str:
        cells = "".join(
            f'<span title="{p.index}: {p.verdict}'
            f'{f" (played {html.escape(self._words(p.index))})" if p.played else ""}"'
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
    """
    start = time.perf_counter()
    deadline = start + time_limit
    states, played, words = _positions(_game_state(game_or_state))
    reviewer = _Reviewer(states, played, progress)
    try:
        reviewer.run(deadline, time_limit)
    finally:
        reviewer.close()
    positions = [
        replace(position, played_words=words[position.index] if position.played else None)
        for position in reviewer.reviewed()
    ]
    found = Review(positions, time.perf_counter() - start)
    k, better = found.turning_point, found.better
    if k is None or better is None:
        return found
    return replace(found, better_words=move_in_words(load_game(states[k]), better))


def _positions(state: dict[str, Any]) -> tuple[list[dict[str, Any]], list[Move], list[str]]:
    """Every position of the game from its start, without history, the moves between them, and
    those moves in a player's words (each said in the position it was made in)."""
    game = load_game(state)
    played = game.history
    states = [game.state()]
    words = []
    while game.can_undo:
        game.undo()
        states.append(game.state())
        words.append(move_in_words(game, played[-1 - len(words)]))
    states.reverse()
    words.reverse()
    return [bare(position) for position in states], played, words


class _Reviewer:
    """The bookkeeping of one review: verdicts, winning moves, time spent, and the bisection."""

    def __init__(self, states: list[dict[str, Any]], played: list[Move], progress: bool) -> None:
        self.states = states
        self.played = played
        size = len(states)
        self.verdict = [UNKNOWN] * size
        self.winning: list[Move | None] = [None] * size
        self.how = [NOT_DECIDED] * size
        self.seconds = [0.0] * size
        self.tried = [0.0] * size  # the largest slice each position was searched with
        self.won, self.lost = -1, size  # the last position known won, the first known lost
        self.bar = _progress_bar(size) if progress else None

    def run(self, deadline: float, time_limit: float) -> None:
        if load_game(self.states[-1]).status == WON:
            self._settle_won(len(self.states) - 1, [], SEARCHED)
            return
        slice_ = max(time_limit * FIRST_SLICE, SMALLEST_SLICE)
        probes = list(dict.fromkeys((len(self.states) - 1, 0)))
        while self.won + 1 < self.lost and time.perf_counter() < deadline:
            probe = probes.pop(0) if probes else self._next_probe(slice_)
            if not self.won < probe < self.lost:
                continue
            if not self._search(probe, min(slice_, deadline - time.perf_counter())):
                slice_ *= 2

    def _next_probe(self, slice_: float) -> int:
        """The middle of the longest stretch of undecided positions not yet given this slice
        (every undecided position was given it: the first one)."""
        best: tuple[int, int] | None = None
        run_start = None
        for i in range(self.won + 1, self.lost + 1):
            fresh = i < self.lost and self.tried[i] < slice_
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
        solution = _solve(self.states[index], seconds)
        self.seconds[index] += solution.seconds
        self.tried[index] = max(self.tried[index], seconds)
        if solution.status == WON:
            self._settle_won(index, solution.moves, SEARCHED)
        elif solution.status == UNWINNABLE:
            self._settle_lost(index)
        return solution.status != UNKNOWN

    def _settle_won(self, index: int, line: list[Move], how: str) -> None:
        """``index`` wins by ``line``: so do the earlier positions (by the moves played), and the
        later ones the line passes through (and those before them)."""
        self._mark(index, WON, line[0] if line else None, how)
        along = _positions_along(self.states[index], line)
        last = index
        for later in range(index + 1, self.lost):
            step = along.get(_position_of(self.states[later]))
            if step is not None:
                self._mark(later, WON, line[step] if step < len(line) else None, ON_A_LINE)
                last = later
        for earlier in range(last - 1, self.won, -1):
            self._mark(earlier, WON, self.played[earlier], FROM_LATER)
        self.won = max(self.won, last)

    def _settle_lost(self, index: int) -> None:
        self._mark(index, UNWINNABLE, None, SEARCHED)
        for later in range(index + 1, self.lost):
            self._mark(later, UNWINNABLE, None, FROM_EARLIER)
        self.lost = min(self.lost, index)

    def _mark(self, index: int, verdict: str, move: Move | None, how: str) -> None:
        if self.verdict[index] == UNKNOWN and self.bar is not None:
            self.bar.update(1)
        if self.verdict[index] == UNKNOWN or how == SEARCHED:
            self.verdict[index], self.winning[index], self.how[index] = verdict, move, how

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
            for i in range(len(self.states))
        ]

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


def _progress_bar(total: int) -> Any:
    try:
        from tqdm.auto import tqdm
    except ImportError:
        return None
    return tqdm(total=total, desc="review", unit="position", leave=False)
