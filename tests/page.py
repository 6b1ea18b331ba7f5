"""A stand-in for the front end, for the message-path tests of the board.

Requests arrive the way a front end delivers them, through the widget's comm; what goes back to
the page is recorded by replacing ``comm.send``.
"""

from __future__ import annotations

from typing import Any


class Page:
    """Sends requests through the comm and records every update that comes back, in order."""

    def __init__(self, board: Any) -> None:
        self.board = board
        self.updates: list[dict[str, Any]] = []
        board.get_state()  # what a page gets when it opens: the whole state, up to date
        board.comm.send = self._receive

    def _receive(self, data: Any = None, metadata: Any = None, buffers: Any = None) -> None:
        if data["method"] == "update":
            self.updates.append(data["state"])

    def send(self, content: Any) -> dict[str, Any]:
        """Delivers a custom message as the kernel does; returns the message trait afterwards."""
        self.board.comm.handle_msg(
            {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
        )
        return self.board._message

    def request(self, kind: str, **fields: Any) -> dict[str, Any]:
        """A well-formed request made on the board as the page last saw it."""
        return self.send({"type": kind, **fields, "version": self.board._board["version"]})

    def received(self, name: str) -> list[Any]:
        """Every value of one trait the page was sent, in order."""
        return [update[name] for update in self.updates if name in update]

    def view(self) -> dict[str, Any]:
        """The latest value of every trait the page was sent."""
        seen: dict[str, Any] = {}
        for update in self.updates:
            seen.update(update)
        return seen
