"""Requests of any shape or depth from the page get a refusal message (issue 10).

A page (or someone posing as one) can send any JSON, and a Python caller anything at all. The
first check every request meets bounds its depth and size, so nothing after it recurses, runs
long or fails to log: never "That request failed inside the kernel".
"""

from __future__ import annotations

import logging
import time
from typing import Any

import pytest

from page import Page
from solitaire_widget.widget import Klondike
from test_widget_messages import FAILED


def deep(depth: int, leaf: Any = 1) -> Any:
    nested = leaf
    for level in range(depth):
        nested = [nested] if level % 2 else {"type": nested}
    return nested


HOSTILE = {
    "a dict 100,001 levels deep": deep(100_001),
    "a move 100,000 levels deep": {"type": "move", "move": deep(100_000), "version": 1},
    "a type 5,000 levels deep": {"type": deep(5_000), "version": 1},
    "a 10 MB move": {"type": "move", "move": "t1-t2" * 2_000_000, "version": 1},
    "a 10 MB key": {"type": "draw", "version": 1, "k" * 10_000_000: 1},
    "a million keys": {**{f"k{i}": i for i in range(10**6)}, "type": "draw", "version": 1},
    "a list of a million items": {"type": "draw", "version": [0] * 10**6},
    "a version of 10**5000": {"type": "draw", "version": 10**5000},
    "a NaN version": {"type": "draw", "version": float("nan")},
    "a number as a key": {"type": "draw", "version": 1, 7: "x"},
    "a tuple as a key": {"type": "draw", "version": 1, (1, 2): "x"},
    "None as a key": {None: "draw", "version": 1},
    "bytes": b"\xff" * 1000,
    "a set": {"type", "draw"},
    "an object": object(),
}


class LogFailures(logging.Handler):
    """Formats every record, as a real handler would, and keeps what failed."""

    def __init__(self) -> None:
        super().__init__()
        self.failures: list[BaseException] = []
        self.records: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        try:
            self.records.append(self.format(record))
        except BaseException as error:  # what logging's own handleError would print
            self.failures.append(error)


@pytest.fixture
def board_and_log() -> Any:
    board = Klondike(seed=1)
    handler = LogFailures()
    board.log.addHandler(handler)
    yield board, handler
    board.log.removeHandler(handler)


@pytest.mark.parametrize("name", HOSTILE)
def test_any_request_gets_a_refusal_quickly_and_changes_nothing(name, board_and_log):
    board, log = board_and_log
    page = Page(board)
    before = board.state()
    start = time.process_time()
    message = page.send(HOSTILE[name])
    assert time.process_time() - start < 0.5
    assert message["kind"] == "error" and message["text"]
    assert not message["text"].startswith(FAILED), message["text"]
    assert len(message["text"]) < 300
    assert board.state() == before
    assert not log.failures


def test_a_request_that_fails_inside_the_kernel_is_logged_in_a_few_words(
    board_and_log, monkeypatch
):
    """The catch-all still answers, and its log line describes the request without printing it
    (a deep request would not print)."""
    board, log = board_and_log
    page = Page(board)

    def broken(request: dict) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr(board, "_carry_out", broken)
    message = page.request("draw")
    assert message["text"].startswith(FAILED)
    assert not log.failures
    assert any("an object of 2 entries" in record for record in log.records)


def test_a_request_as_deep_as_new_requests_may_be_still_reaches_the_checks_of_its_type():
    """The size and depth check leaves room for requests with a few nested options."""
    board = Klondike(seed=1)
    page = Page(board)
    message = page.send({"type": "draw", "version": 1, "options": {"draw": [3]}})
    assert "wrong fields" in message["text"]
