"""What a survey returns: one row per deal, and shares with Wilson 95% intervals."""

from __future__ import annotations

import csv
import math
import os
from collections import Counter
from collections.abc import Iterator
from dataclasses import astuple, dataclass, fields
from typing import Any, TextIO

from ..engine.saving import write_atomically

STATUSES = ("won", "unwinnable", "unknown")
# The normal quantile for a two-sided 95% interval.
Z95 = 1.959963984540054


@dataclass(frozen=True)
class Row:
    """One deal's verdict: ``moves`` is the length of the winning line (None unless won),
    ``positions`` how many positions the solver expanded, ``seconds`` how long it took."""

    seed: int
    status: str
    moves: int | None
    positions: int
    seconds: float


COLUMNS = ("game", *(field.name for field in fields(Row)))


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a share ``successes / trials`` (95% by default).

    Unlike the textbook ``p +- z * sqrt(p(1-p)/n)`` it stays inside [0, 1] and does not shrink
    to a point when every deal (or none) is won, which small surveys run into.
    """
    if trials <= 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z / (1 + z2 / trials) * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    return max(0.0, centre - half), min(1.0, centre + half)


@dataclass(frozen=True)
class Share:
    """``count`` of ``total`` deals, with its Wilson 95% interval ``low`` to ``high``."""

    count: int
    total: int

    @property
    def value(self) -> float:
        return self.count / self.total if self.total else math.nan

    @property
    def low(self) -> float:
        return wilson_interval(self.count, self.total)[0]

    @property
    def high(self) -> float:
        return wilson_interval(self.count, self.total)[1]

    def __str__(self) -> str:
        return (
            f"{self.count}/{self.total} = {100 * self.value:.1f}% "
            f"(95% CI {100 * self.low:.1f}-{100 * self.high:.1f}%)"
        )


class Survey:
    """The verdicts of a survey, in the order the seeds were asked for."""

    def __init__(self, game: str, rows: list[Row], positions: int | None = None) -> None:
        self.game = game
        self.rows = rows
        self.positions = positions

    def __len__(self) -> int:
        return len(self.rows)

    def __iter__(self) -> Iterator[Row]:
        return iter(self.rows)

    @property
    def verdicts(self) -> dict[int, str]:
        """``{seed: status}``."""
        return {row.seed: row.status for row in self.rows}

    @property
    def summary(self) -> dict[str, Share]:
        """The share of deals won, proven unwinnable and left unknown."""
        counts = Counter(row.status for row in self.rows)
        return {status: Share(counts[status], len(self.rows)) for status in STATUSES}

    @property
    def timed_out(self) -> list[int]:
        """Seeds left unknown because the clock ran out before the positions budget did (every
        unknown seed when the survey had no budget): the verdicts that may differ on a rerun."""
        budget = self.positions
        return [
            row.seed
            for row in self.rows
            if row.status == "unknown" and (budget is None or row.positions < budget)
        ]

    def to_csv(self, path: str | os.PathLike[str]) -> None:
        """Write the rows as CSV (the columns of ``out=``), replacing the file atomically."""

        def write(file: TextIO) -> None:
            writer = csv.writer(file, lineterminator="\n")
            writer.writerow(COLUMNS)
            writer.writerows(csv_fields(self.game, row) for row in self.rows)

        write_atomically(path, write, newline="")

    def to_pandas(self) -> Any:
        """The rows as a ``pandas.DataFrame`` (needs pandas)."""
        import pandas

        return pandas.DataFrame(
            [astuple(row) for row in self.rows], columns=[field.name for field in fields(Row)]
        ).astype({"moves": "Int64"})

    def __repr__(self) -> str:
        lines = [f"<Survey of {len(self.rows)} deals of {self.game}"]
        lines += [f"  {status:<11}{share}" for status, share in self.summary.items()]
        return "\n".join(lines) + ">"


def csv_fields(game: str, row: Row) -> list[Any]:
    moves = "" if row.moves is None else row.moves
    return [game, row.seed, row.status, moves, row.positions, f"{row.seconds:.4f}"]
