"""New game, Restart and the Options menu's new games ask before they give up a game in progress
(moves made, neither won nor lost), since a game left unfinished counts as a loss: inline, with
the safe answer focused, Escape keeping the game. A game not yet started is dealt at once, and
calls from Python never ask."""

from __future__ import annotations

import time

from playwright.sync_api import Locator, expect

from .boards import NEW_GAME_QUESTION, history, wait_for_history
from .harness import LabPage
from .screens import screenshot_widths

RESTART = "Restart this deal? This attempt counts as a loss."


def _question(k: Locator, text: str) -> Locator:
    return k.get_by_role("group", name=text)


def _wait_for(lab: LabPage, condition: str, timeout: float = 15) -> None:
    """Waits until a Python expression is true in the notebook's kernel."""
    deadline = time.monotonic() + timeout
    while not lab.evaluate(condition):
        if time.monotonic() > deadline:
            raise AssertionError(f"{condition} stayed false")
        time.sleep(0.1)


def test_a_game_in_progress_is_given_up_only_once_the_player_says_so(lab: LabPage) -> None:
    cells = ["import solitaire_widget as sw", "k = sw.Klondike(seed=7, auto_move=False)\nk"]
    lab.open(lab.write_notebook("confirm.ipynb", cells))
    lab.run_all()
    page = lab.page
    k = page.locator(".solitaire-widget")
    bar = k.locator(".sw-buttons")
    stock = k.locator('[data-pile="stock"]')
    expect(stock).to_be_visible()

    # Nothing at stake yet: New game deals at once (a random deal).
    bar.get_by_role("button", name="New game").click()
    _wait_for(lab, "k.seed != 7")
    expect(k.locator(".sw-confirm")).to_be_hidden()
    seed = lab.evaluate("k.seed")

    # One move, and the game is at stake.
    stock.click()
    wait_for_history(lab, "k", ["draw"])
    attempts = [lab.evaluate("k.game_id")]
    new_game = bar.get_by_role("button", name="New game")
    new_game.click()
    question = _question(k, NEW_GAME_QUESTION)
    expect(question).to_be_visible()
    expect(question.get_by_role("button", name="Keep playing")).to_be_focused()
    screenshot_widths(lab, "new-game", ".solitaire-widget")
    # Escape keeps playing, and the focus goes back where it was.
    page.keyboard.press("Escape")
    expect(question).to_be_hidden()
    expect(new_game).to_be_focused()
    new_game.click()
    question.get_by_role("button", name="Keep playing").click()
    expect(question).to_be_hidden()
    assert history(lab, "k") == ["draw"] and lab.evaluate("k.seed") == seed

    # Restart asks in its own words; saying yes starts the deal again.
    bar.get_by_role("button", name="Restart").click()
    question = _question(k, RESTART)
    expect(question).to_be_visible()
    question.get_by_role("button", name="Restart").click()
    wait_for_history(lab, "k", [])
    expect(question).to_be_hidden()
    assert lab.evaluate("k.seed") == seed

    # The Options menu's new games ask too.
    stock.click()
    wait_for_history(lab, "k", ["draw"])
    attempts.append(lab.evaluate("k.game_id"))
    bar.get_by_role("button", name="Options").click()
    k.get_by_role("menuitem", name="New game: Applegate").click()
    question = _question(k, NEW_GAME_QUESTION)
    expect(question).to_be_visible()
    assert lab.evaluate("k.kind") == "klondike"
    question.get_by_role("button", name="New game").click()
    expect(k).to_have_attribute("data-kind", "applegate")
    expect(question).to_be_hidden()
    # The two attempts given up count as played and not won, as the question said.
    statuses = lab.evaluate("{g.id: g.status for g in sw.saved_games()}")
    assert [statuses[str(game_id)] for game_id in attempts] == ["abandoned", "abandoned"]

    # Calls from Python never ask.
    lab.run("k.move(k.legal_moves()[0])")
    lab.run("k.new_game()")
    expect(k.locator(".sw-confirm")).to_be_hidden()
    assert lab.evaluate("k.moves") == 0
    # A question left open when Python ends the game goes away: nothing is at stake any more.
    lab.run("k.move(k.legal_moves()[0])")
    expect(bar.get_by_role("button", name="New game")).to_be_enabled()
    bar.get_by_role("button", name="New game").click()
    expect(_question(k, NEW_GAME_QUESTION)).to_be_visible()
    lab.run("k.restart()")
    expect(k.locator(".sw-confirm")).to_be_hidden()
