"""Coach mode on the board (issue 12): a losing move made by clicks gets the coach's warning at
once, with an Undo inside it that takes the move back and marks the better move; a safe move
gets no warning. Coach mode is turned on from the Options menu."""

from __future__ import annotations

import json

from playwright.sync_api import expect

from positions import LOSING_POSITION

from .boards import BY_HAND, wait_for_history
from .harness import LabPage
from .screens import screenshot_widths

CELLS = [
    "from solitaire_widget.widget import load\n"
    f"k = load({json.dumps(LOSING_POSITION)!r}, {BY_HAND})\n"
    # A generous budget for the coach's searches: the machine running the tests may be busy.
    "k._coach.budget = 5\n"
    "k",
]
WARNING = "This move loses a game you could still win."
BETTER = "the King of diamonds to the empty column 6"


def test_the_coach_warns_of_a_losing_move_offers_undo_and_lets_a_safe_move_pass(
    lab: LabPage,
) -> None:
    lab.open(lab.write_notebook("coach.ipynb", CELLS))
    lab.run_all()
    page = lab.page
    k = page.locator(".solitaire-widget").first
    line = k.locator(".sw-line")

    k.get_by_role("button", name="Options").click()
    coach = k.get_by_role("menuitemcheckbox", name="Coach")
    expect(coach).to_have_attribute("aria-checked", "false")
    coach.click()
    expect(coach).to_have_attribute("aria-checked", "true")
    assert lab.evaluate("k.coach") is True
    page.keyboard.press("Escape")

    # The 9 of diamonds onto the 10 of clubs: it stands, and the coach says it loses.
    k.locator('[data-pile="t2"] [data-card="9D"]').click()
    k.locator('[data-pile="t4"]').click()
    wait_for_history(lab, "k", ["t2-t4"])
    expect(line).to_have_attribute("data-kind", "coach")
    expect(line.locator(".sw-coach-mark")).to_have_text("Coach")
    expect(line).to_contain_text(f"{WARNING} Undo it: {BETTER} keeps the game winnable.")
    screenshot_widths(lab, "warning", ".solitaire-widget")

    # Its Undo takes the move back in the kernel, and the better move is marked as a hint.
    line.get_by_role("button", name="Undo").click()
    wait_for_history(lab, "k", [])
    expect(line).to_contain_text(f"Try {BETTER} instead")
    expect(k.locator('[data-pile="t6"].sw-hint-target')).to_have_count(1)
    expect(k.locator('[data-pile="t5"] [data-card="KD"].sw-hinted')).to_have_count(1)
    expect(k).to_be_focused()

    # The move that keeps the game winnable: no warning.
    k.locator('[data-pile="t5"] [data-card="KD"]').click()
    k.locator('[data-pile="t6"]').click()
    wait_for_history(lab, "k", ["t5-t6"])
    page.wait_for_timeout(500)
    expect(line.locator(".sw-coach-mark")).to_have_count(0)
    assert lab.evaluate("k._message['kind']") != "coach"

    # A hint's words and its reason read in the message line at every width.
    k.get_by_role("button", name="Hint").click()
    expect(line).to_contain_text("Hint: ", timeout=30_000)
    expect(line).to_have_attribute("data-kind", "info")
    screenshot_widths(lab, "hint", ".solitaire-widget")
