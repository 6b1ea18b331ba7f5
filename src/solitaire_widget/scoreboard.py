"""Statistics over the recorded games, per game and variant (``sw.stats()``).

The rules, as a player counts:
- A game counts as played once a move is made in it. Each restart is a new attempt, so a new
  game in the count.
- A game is won once all its cards reached the foundations (undoing afterwards does not unwin it).
- The latest game of a variant that is still being played is in progress: it counts as played,
  not yet as lost, and does not break the streak. An unfinished game followed by another game of
  the same variant counts as not won.
- The streak is the number of wins in a row, by the order the games were dealt; the daily streak
  is the number of consecutive dates whose daily challenge was won.
"""

from __future__ import annotations

import datetime as dt
import json
import warnings
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from .store import NO_VISITOR, GameRecord, recorded_games
from .tables import Table, duration
from .variants import menu_order
from .words import variant_label

# What a visitor of the app whose browser keeps no token is told instead of statistics.
NO_VISITOR_NOTICE = "No statistics here: this browser does not let the app remember you."

COLUMNS = (
    "Variant", "Played", "Won", "Win rate", "Streak", "Best streak", "Best time",
    "Best score", "Moves per win", "Daily streak", "Best daily streak",
)  # fmt: skip


def _variant_order(key: tuple[str, str]) -> tuple[Any, ...]:
    game, options_text = key
    return menu_order(game, json.loads(options_text))


@dataclass(frozen=True)
class VariantStats:
    """The figures of one game and variant; times are in seconds."""

    game: str
    options: dict[str, Any] = field(default_factory=dict)
    played: int = 0
    won: int = 0
    current_streak: int = 0
    best_streak: int = 0
    best_time: float | None = None
    best_score: int | None = None
    average_win_moves: float | None = None
    daily_won: int = 0
    daily_streak: int = 0
    best_daily_streak: int = 0

    @property
    def label(self) -> str:
        return variant_label(self.game, self.options)

    @property
    def win_rate(self) -> float | None:
        """Won over played, from 0 to 1 (None before any game)."""
        return self.won / self.played if self.played else None

    def cells(self) -> list[str]:
        """This variant's row as the table and the board's Stats panel show it."""
        rate = self.win_rate
        return [
            self.label,
            str(self.played),
            str(self.won),
            "–" if rate is None else f"{rate:.0%}",
            str(self.current_streak),
            str(self.best_streak),
            duration(self.best_time),
            "–" if self.best_score is None else str(self.best_score),
            "–" if self.average_win_moves is None else f"{self.average_win_moves:.1f}",
            str(self.daily_streak),
            str(self.best_daily_streak),
        ]


class Stats(Table, tuple[VariantStats, ...]):
    """Every played variant's figures, in a fixed order; shows as a table in a notebook.

    ``stats["Klondike · draw 1"]`` picks a variant by its label.
    """

    header = COLUMNS
    empty = "No games played yet."

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, str):
            for variant in self:
                if variant.label == key:
                    return variant
            raise KeyError(key)
        return super().__getitem__(key)


def stats() -> Stats:
    """The statistics of every game played in a notebook and recorded in the local store, per
    game and variant (the Voilà app's visitors each have their own).

    A store that cannot be read gives a warning and no figures, a row that cannot be read a
    warning naming it; never an error.
    """
    records, notices = recorded_games()
    for notice in notices:
        warnings.warn(notice, RuntimeWarning, stacklevel=2)
    return compute(records, today())


def today() -> dt.date:
    """Today's date in UTC, the calendar of the daily challenge."""
    return dt.datetime.now(dt.UTC).date()


def compute(records: Iterable[GameRecord], today: dt.date) -> Stats:
    """The statistics of these played games, per variant, as of ``today`` (for daily streaks)."""
    variants: dict[tuple[str, str], list[GameRecord]] = {}
    for record in records:
        key = (record.deal.game, json.dumps(record.deal.options, sort_keys=True))
        variants.setdefault(key, []).append(record)
    return Stats(
        _variant(games, today)
        for _, games in sorted(variants.items(), key=lambda item: _variant_order(item[0]))
    )


def _variant(games: list[GameRecord], today: dt.date) -> VariantStats:
    games = sorted(games, key=lambda record: (record.started, record.id))
    last = games[-1]
    in_progress = last.won_at is None and last.status == "playing" and last.abandoned_at is None
    finished = games[:-1] if in_progress else games
    wins = [record for record in games if record.won_at is not None]

    streak = best = 0
    for record in finished:
        streak = streak + 1 if record.won_at is not None else 0
        best = max(best, streak)
    scores = [
        record.win_score if record.won_at is not None else record.score for record in finished
    ]
    scores = [score for score in scores if score is not None]
    times = [record.win_seconds for record in wins if record.win_seconds is not None]
    moves = [record.win_moves for record in wins if record.win_moves is not None]
    daily_dates = sorted(
        {dt.date.fromisoformat(record.deal.daily) for record in wins if record.deal.daily}
    )
    daily_now, daily_best = _date_streaks(daily_dates, today)
    return VariantStats(
        game=last.deal.game,
        options=dict(last.deal.options),
        played=len(games),
        won=len(wins),
        current_streak=streak,
        best_streak=best,
        best_time=min(times) if times else None,
        best_score=max(scores) if scores else None,
        average_win_moves=sum(moves) / len(moves) if moves else None,
        daily_won=len(daily_dates),
        daily_streak=daily_now,
        best_daily_streak=daily_best,
    )


def _date_streaks(dates: list[dt.date], today: dt.date) -> tuple[int, int]:
    """The current run of consecutive dates (alive while its last date is today or yesterday)
    and the longest run, in sorted distinct ``dates``."""
    run = best = 0
    previous: dt.date | None = None
    for date in dates:
        run = run + 1 if previous is not None and (date - previous).days == 1 else 1
        best = max(best, run)
        previous = date
    current = run if previous is not None and (today - previous).days <= 1 else 0
    return current, best


def panel(game: str, options: dict[str, Any], player: str | None = None) -> dict[str, Any]:
    """What a board's Stats panel shows: the table of ``player``'s statistics (``stats()`` for
    a notebook's boards), with the board's own variant first (listed even before its first
    game), and the notices: the store or a row of it cannot be read, or (``NO_VISITOR``) this
    visitor's browser keeps no token."""
    records, notices = recorded_games(player)
    if player == NO_VISITOR:
        notices = [NO_VISITOR_NOTICE]
    table = compute(records, today())
    own = variant_label(game, options)
    rows = [variant for variant in table if variant.label == own] or [
        VariantStats(game, dict(options))
    ]
    rows += [variant for variant in table if variant.label != own]
    return {
        "columns": list(COLUMNS),
        "rows": [
            {"cells": variant.cells(), "this_board": variant.label == own} for variant in rows
        ],
        "notice": " ".join(notices) or None,
    }


def bests_beaten(
    game: str,
    options: dict[str, Any],
    seconds: int | None,
    score: int | None,
    this_game: int | None,
    player: str | None = None,
) -> list[str]:
    """Which of the Stats panel's bests a win just made beats: "time" when ``seconds`` is fewer
    whole seconds than the best time of the variant's earlier wins, "score" when ``score`` is
    above its best score. A best with nothing before it to beat is not claimed, and neither is
    anything when the store cannot be read whole (a row skipped may hold the best). ``player``
    is whose games count, as in ``recorded_games``.

    ``this_game`` is the store's row of the game just won: it counts as an earlier game only
    once it holds a win of its own (the game was won before, undone and won again)."""
    records, notices = recorded_games(player)
    if notices:
        return []
    earlier = [r for r in records if r.id != this_game or r.won_at is not None]
    own = variant_label(game, options)
    best = next((v for v in compute(earlier, today()) if v.label == own), None)
    if best is None:
        return []
    beaten = []
    if seconds is not None and best.best_time is not None and seconds < int(best.best_time):
        beaten.append("time")
    if score is not None and best.best_score is not None and score > best.best_score:
        beaten.append("score")
    return beaten
