"""Small tables for notebook output: plain text for ``repr`` and HTML for ``_repr_html_``."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any, ClassVar


class Table:
    """A collection of rows (items with ``cells()``) that shows as a table: text for ``repr``,
    HTML in a notebook. Mixed into a list or tuple class, which supplies the rows."""

    header: ClassVar[Sequence[str]]
    empty: ClassVar[str]

    def _rows(self) -> list[list[str]]:
        rows: Any = self  # the list or tuple this is mixed into
        return [row.cells() for row in rows]

    def __repr__(self) -> str:
        rows = self._rows()
        return text_table(self.header, rows) if rows else self.empty

    def _repr_html_(self) -> str:
        rows = self._rows()
        return html_table(self.header, rows) if rows else f"<p>{html.escape(self.empty)}</p>"


def text_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """Columns padded to their widest cell; text left-aligned, numbers right-aligned."""
    widths = [max(len(str(cell)) for cell in column) for column in zip(header, *rows, strict=True)]

    def line(cells: Sequence[str]) -> str:
        parts = [
            cell.rjust(width) if _numeric(cell) else cell.ljust(width)
            for cell, width in zip(cells, widths, strict=True)
        ]
        return "  ".join(parts).rstrip()

    return "\n".join([line(header), *(line(row) for row in rows)])


def html_table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    head = "".join(f"<th>{html.escape(cell)}</th>" for cell in header)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in row) + "</tr>" for row in rows
    )
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def _numeric(cell: str) -> bool:
    return bool(cell) and (cell[0].isdigit() or cell[0] == "-" and cell[1:2].isdigit())


def duration(seconds: float | None) -> str:
    """``7:05`` or ``1:02:03``; a dash for no time."""
    if seconds is None:
        return "–"
    whole = int(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"
