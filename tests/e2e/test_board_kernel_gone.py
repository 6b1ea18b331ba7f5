"""A board whose kernel restarts stops at once and says what to do: greyed out, its buttons
disabled, its clock frozen, its clicks asking nothing, and a note: run the cell again, or
sw.resume(). Whether the restart comes from this page or from elsewhere (another tab, the
server's API)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import expect

from .boards import BY_HAND, board, open_klondike, read_board, wait_for_history
from .harness import LabPage
from .screens import screenshot_widths
from .test_resume_after_restart import restart_kernel

INACTIVE = re.compile(r"\bsw-inactive\b")
GONE = "The kernel restarted: run this cell again, or sw.resume() in a new cell, to go on."


def _time_shown(lab: LabPage) -> str:
    k = board(lab.page, "klondike")
    return k.locator(".sw-stat", has_text="Time").locator("b").inner_text()


@pytest.mark.parametrize("where", ["page", "server"])
def test_a_board_whose_kernel_restarted_stops_and_says_what_to_do(lab: LabPage, where: str) -> None:
    k = open_klondike(lab, BY_HAND)
    page = lab.page
    k.locator('[data-pile="stock"]').click()
    wait_for_history(lab, "k", ["draw"])  # the clock runs from the first move
    expect(k.locator('[data-pile="waste"] [data-card="2H"]')).to_be_visible()
    expect(k).not_to_have_class(INACTIVE)

    if where == "page":  # the Kernel menu's restart, without its dialog
        page.evaluate("(path) => window.__e2e.panel(path).sessionContext.restartKernel()", lab.path)
    else:
        restart_kernel(lab)
    # At once, not when a click's answer would time out.
    expect(k).to_have_class(INACTIVE, timeout=5_000)
    note = k.locator(".sw-snapshot")
    expect(note).to_be_visible()
    expect(note).to_have_text(GONE)
    expect(k.locator(".sw-status")).to_have_text("Stopped")
    buttons = k.locator("button:visible")
    assert buttons.count() > 0
    for i in range(buttons.count()):
        expect(buttons.nth(i)).to_be_disabled()

    # The clock stands still, and a click on the stock or a card asks nothing of anyone.
    shown = _time_shown(lab)
    shown_board = read_board(k)
    k.locator('[data-pile="stock"]').click()
    k.locator('[data-card="JS"]').click()
    page.wait_for_timeout(1500)
    assert _time_shown(lab) == shown
    assert read_board(k) == shown_board
    expect(k.locator(".sw-picked")).to_have_count(0)

    if where == "page":
        screenshot_widths(lab, "gone", ".solitaire-widget")
