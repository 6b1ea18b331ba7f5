"""The board's clock: the time a player spends on one attempt at a deal.

It starts at the first move (not at the deal, nor when a view opens: a player reading the board
is not yet playing), stops when the game is won or lost, and carries on from the stopped total
when an undo brings a finished game back into play. New game and restart begin a new attempt.
"""

from __future__ import annotations

import time
from typing import Any


def now_ms() -> float:
    """The time source, in milliseconds; monotonic, so a change of the wall clock never shows."""
    return time.monotonic() * 1000


class Clock:
    """Python keeps the total; a page only adds the time since it was sent, while running."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled
        self.reset()

    def reset(self) -> None:
        self._total = 0.0  # before the stretch that is running now, if any
        self._since: float | None = None
        self._started = False

    def seconds(self) -> float:
        """The time played so far."""
        return self.view()["elapsed"] / 1000

    def resume_from(self, seconds: float, moved: bool) -> None:
        """Go on from ``seconds`` already played (a game resumed from the store)."""
        self._total = max(0.0, seconds * 1000)
        self._started = moved

    def follow(self, moved: bool, playing: bool) -> None:
        """Run while the attempt has begun (``moved``) and the game is still being played."""
        self._started = self._started or moved
        running = self.enabled and self._started and playing
        if running and self._since is None:
            self._since = now_ms()
        elif not running and self._since is not None:
            self._total += now_ms() - self._since
            self._since = None

    def begin(self, moved: bool) -> None:
        """Start at the first move (``moved``), for a board that works out whether the game is
        still being played only later, when ``follow`` is told."""
        if moved and not self._started:
            self.follow(moved=True, playing=True)

    def settled(self) -> dict[str, Any]:
        """What changes only when the clock starts, stops or is reset: while it runs, a page
        counts on by itself, so nothing needs to be sent."""
        return {"enabled": self.enabled, "elapsed": int(self._total), "running": self._running}

    def view(self) -> dict[str, Any]:
        """What a page is sent: the total at the moment it is sent, and whether to count on."""
        now = now_ms() - self._since if self._since is not None else 0
        return {**self.settled(), "elapsed": int(self._total + now)}

    @property
    def _running(self) -> bool:
        return self._since is not None
