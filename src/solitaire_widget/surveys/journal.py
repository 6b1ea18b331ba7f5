"""The CSV a survey appends each row to as it arrives, and reads back to resume.

A survey may be stopped (or crash, or lose power) at any moment; every row written before that
stays, and a rerun with the same file skips those seeds. The only damage a stop can do is a last
line written halfway: such a torn line (no newline at its end) is dropped and cut off the file. Any
other line that is not a row of this survey, a row no survey writes (a win with no winning line, a
time without end), or a seed given two different verdicts (two files joined, two surveys writing
at once), means the file is not what it should be, and the survey
refuses it rather than guess, naming the lines.
"""

from __future__ import annotations

import csv
import math
import os
from pathlib import Path
from typing import IO

from .results import COLUMNS, STATUSES, Row, csv_fields

SEEDS = 2**64


class Journal:
    """An open survey CSV: ``rows`` already in it, ``append`` for each new one."""

    def __init__(self, path: str | os.PathLike[str], game: str) -> None:
        self.path = Path(path)
        self.game = game
        self.rows: dict[int, Row] = {}
        self._file: IO[str] | None = None
        if self.path.exists():
            self._read()
        self._file = open(self.path, "a", newline="", encoding="utf-8")  # noqa: SIM115
        if self._file.tell() == 0:
            self._write(list(COLUMNS))

    def append(self, row: Row) -> None:
        self.rows.setdefault(row.seed, row)
        self._write(csv_fields(self.game, row))

    def close(self) -> None:
        if self._file is not None:
            self._file.close()
            self._file = None

    def _write(self, fields: list) -> None:
        assert self._file is not None
        csv.writer(self._file, lineterminator="\n").writerow(fields)
        self._file.flush()

    def _read(self) -> None:
        data = self.path.read_bytes()
        complete = data.rfind(b"\n") + 1
        if complete < len(data):  # a line torn by a stop: forget it, on disk too
            with open(self.path, "r+b") as file:
                file.truncate(complete)
        text = data[:complete].decode("utf-8", errors="replace")
        reader = csv.reader(text.splitlines())
        header = next(reader, None)
        if header is None:
            return
        if tuple(header) != COLUMNS:
            raise ValueError(
                f"{self.path} is not a survey file: its first line should be {','.join(COLUMNS)}"
            )
        lines: dict[int, int] = {}  # the line each seed's row is on
        for number, fields in enumerate(reader, 2):
            row = self._row(fields, number)
            known = self.rows.setdefault(row.seed, row)
            if known.status != row.status:
                raise ValueError(
                    f"{self.path} contradicts itself: seed {row.seed} is {known.status} on line "
                    f"{lines[row.seed]} and {row.status} on line {number}; keep one of the two"
                )
            lines.setdefault(row.seed, number)

    def _row(self, fields: list[str], number: int) -> Row:
        where = f"{self.path}, line {number}"
        if len(fields) != len(COLUMNS):
            raise ValueError(f"{where}: expected {len(COLUMNS)} fields, found {len(fields)}")
        game, seed, status, moves, positions, seconds = fields
        if game != self.game:
            raise ValueError(f"{where}: a survey of {game}, not of {self.game}; use another file")
        try:
            row = Row(
                seed=int(seed),
                status=status,
                moves=int(moves) if moves else None,
                positions=int(positions),
                seconds=float(seconds),
            )
        except ValueError:
            raise ValueError(f"{where}: cannot read {','.join(fields)!r} as a row") from None
        if not 0 <= row.seed < SEEDS or status not in STATUSES:
            raise ValueError(f"{where}: cannot read {','.join(fields)!r} as a row")
        impossible = _impossible(row)
        if impossible:
            raise ValueError(f"{where}: {impossible}, not {','.join(fields)!r}")
        return row


def _impossible(row: Row) -> str | None:
    """What makes a row that reads as one impossible for a survey to have written, or None:
    a survey writes a won deal's winning line's length and no other's, and counts and times
    from 0 on (a finite time: a solve that ends)."""
    if row.status == "won" and (row.moves is None or row.moves < 1):
        return "a won row has the length of its winning line, a whole number from 1 on"
    if row.status != "won" and row.moves is not None:
        return f"only a won row has a winning line, and this one is {row.status}"
    if row.positions < 0:
        return "positions must be a count from 0 on"
    if not 0 <= row.seconds < math.inf:
        return "seconds must be a time from 0 on, and finite"
    return None
