"""The Stats panel (issue 9): the figures of sw.stats() on the board, this board's variant first,
counted again when the game is won while the panel is open."""

from __future__ import annotations

import json

from playwright.sync_api import Locator, expect

from positions import klondike_state

from .harness import LabPage
from .screens import screenshot_widths

# Every card is home but the two black and red Kings: the King of spades to its foundation (a
# click on it, a click on the foundation) wins, the King of hearts following by auto-move.
NEARLY_WON = klondike_state(["KS", "KH"])
CELLS = [
    "import solitaire_widget as sw\nfrom solitaire_widget.widget import load",
    # Two other variants played, so the panel has a table of them too.
    "sw.Klondike(seed=1, draw=3).draw()\n"
    "other = sw.Applegate(seed=1)\nother.move(other.legal_moves()[0])",
    f"k = load({json.dumps(NEARLY_WON)!r})\nk",
]
VARIANT = "Klondike · draw 1"


def figures(panel: Locator) -> dict[str, str]:
    """This board's variant as the panel lists it: each figure's name and value."""
    return panel.locator(".sw-figure").evaluate_all(
        "(pairs) => Object.fromEntries(pairs.map((pair) => "
        "[pair.querySelector('dt').textContent, pair.querySelector('dd').textContent]))"
    )


def kernel_figures(lab: LabPage) -> dict[str, str]:
    """sw.stats()'s figures for this variant (all nought before its first game)."""
    return lab.evaluate(
        "dict(zip(sw.scoreboard.COLUMNS[1:], next((row for row in sw.stats() if row.label == "
        f"{VARIANT!r}), sw.scoreboard.VariantStats('klondike', k.state()['options'])).cells()[1:]))"
    )


def test_the_stats_panel_shows_this_variants_figures_and_counts_a_win_at_once(
    lab: LabPage,
) -> None:
    lab.open(lab.write_notebook("stats.ipynb", CELLS))
    lab.run_all()
    page = lab.page
    k = page.locator(".solitaire-widget").first
    stats = k.get_by_role("button", name="Stats")
    panel = k.get_by_role("region", name="Statistics")

    stats.click()
    expect(panel).to_be_visible()
    expect(stats).to_have_attribute("aria-expanded", "true")
    expect(panel.locator("h3").first).to_have_text(VARIANT)
    expect(panel.locator(".sw-figure")).to_have_count(10)
    before = kernel_figures(lab)
    assert figures(panel) == before

    # Won by clicks while the panel is open: it asks again, and shows the win.
    k.locator('[data-pile="t1"] [data-card="KS"]').click()
    k.locator('[data-pile="f4"]').click()
    expect(k.locator(".sw-status")).to_have_text("Won")
    after = kernel_figures(lab)
    assert int(after["Won"]) == int(before["Won"]) + 1
    expect(panel.locator(".sw-figure dd").nth(1)).to_have_text(after["Won"])
    assert figures(panel) == after
    # The two played above, in the table's order (the server's store may hold other games of
    # other tests: those are listed too).
    others = panel.get_by_role("region", name="Other variants")
    expect(others.locator("tbody th").first).to_be_visible()
    listed = others.locator("tbody th").all_inner_texts()
    assert [name for name in listed if name in ("Klondike · draw 3", "Applegate")] == [
        "Klondike · draw 3",
        "Applegate",
    ], listed
    screenshot_widths(lab, "stats", ".solitaire-widget")

    # Escape closes it (the focus back on the button), and so does the button.
    stats.focus()
    stats.click()
    expect(panel).to_be_hidden()
    stats.click()
    expect(panel).to_be_visible()
    panel.locator(".sw-stats-scroll").focus()
    page.keyboard.press("Escape")
    expect(panel).to_be_hidden()
    expect(stats).to_be_focused()
    expect(stats).to_have_attribute("aria-expanded", "false")
