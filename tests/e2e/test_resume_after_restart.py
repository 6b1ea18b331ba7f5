"""A game played by clicks survives a kernel restart: sw.resume() in a new cell shows it again."""

from __future__ import annotations

import json
import time

from playwright.sync_api import expect

from .boards import BY_HAND, KLONDIKE, assert_page_shows_kernel_state, board, wait_for_history
from .harness import LabPage


def restart_kernel(lab: LabPage) -> None:
    """Restarts the notebook's kernel through the server's REST API (as another tab or a crash
    would, with no dialog in this page) and waits until the page runs code in the new one.

    A request the page sends while the old kernel dies may never be answered, so each try gets a
    few seconds and the next try goes out on its own."""
    sessions = lab.server.api("GET", "/api/sessions")
    (kernel,) = [s["kernel"]["id"] for s in sessions if s["path"].endswith(lab.path or "")]
    lab.server.api("POST", f"/api/kernels/{kernel}/restart")
    deadline = time.monotonic() + 120
    while True:
        try:
            if lab.evaluate("'k' in globals()", timeout=5) is False:
                return
        except Exception:  # the page may still talk to the dying kernel
            pass
        if time.monotonic() > deadline:
            raise AssertionError("the kernel did not come back after its restart")
        time.sleep(0.25)


def test_a_game_played_by_clicks_resumes_after_the_kernel_restarts(lab: LabPage) -> None:
    lab.open(
        lab.write_notebook(
            "resume.ipynb",
            [
                "import solitaire_widget as sw",
                f"k = sw.load({json.dumps(KLONDIKE)!r}, {BY_HAND})\nk",
            ],
        )
    )
    lab.run_all()
    page = lab.page
    k = board(page, "klondike")
    expect(k.locator('[data-pile="t1"] [data-card="QD"]')).to_be_visible()

    k.locator('[data-pile="stock"]').click()
    wait_for_history(lab, "k", ["draw"])
    k.locator('[data-card="JS"]').click()
    k.locator('[data-pile="t1"]').click()
    wait_for_history(lab, "k", ["draw", "t2-t1"])
    k.locator('[data-card="AH"]').dblclick()
    wait_for_history(lab, "k", ["draw", "t2-t1", "t4-f"])
    k.get_by_role("button", name="Undo").click()
    wait_for_history(lab, "k", ["draw", "t2-t1"])
    before = lab.evaluate("{'state': k.state(), 'id': k.game_id}")

    restart_kernel(lab)
    lab.run_cell(f"import solitaire_widget as sw\nr = sw.resume({BY_HAND})\nr")
    resumed = board(page, "klondike", 1)
    expect(resumed.locator('[data-pile="t1"] [data-card="JS"]')).to_be_visible()
    assert lab.evaluate("{'state': r.state(), 'id': r.game_id}") == before
    assert lab.evaluate("[str(m) for m in r._game.redo_line]") == ["t4-f"]
    assert_page_shows_kernel_state(lab, "r", resumed)
    lab.screenshot("resumed", '.solitaire-widget[data-kind="klondike"] >> nth=1')

    # The resumed board plays on, by clicks, into the same recorded game.
    resumed.get_by_role("button", name="Redo").click()
    wait_for_history(lab, "r", ["draw", "t2-t1", "t4-f"])
    expect(resumed.locator('[data-pile="f1"] [data-card="AH"]')).to_be_visible()
    newest = lab.evaluate("[(g.id, g.moves, g.status) for g in sw.saved_games()][0]")
    assert newest == [before["id"], 3, "playing"]
