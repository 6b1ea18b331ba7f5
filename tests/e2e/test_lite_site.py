"""The JupyterLite site (`make lite`) plays play.ipynb in Chromium with no server and no network.

The site is built by scripts/build_lite.py, which reuses build/lite/ when its inputs have not
changed, and served by `python -m http.server` on 127.0.0.1. Every request to another host is
aborted and counted: the site must need none.

The boards' buttons are pressed as a player would, and the game store is checked across a real
page reload and a restart of the browser on the same profile. The tests that run code in the
browser's kernel serve the site's jupyter-lite.json with `exposeAppInBrowser` on, so that lab.js
reaches the app; that is the only change a test makes to the site.
"""

from __future__ import annotations

import json
import os
import re
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, Request, Route, expect

from .boards import NEW_GAME_QUESTION, PLAY_BOARDS, board
from .harness import (
    _LAB_JS,
    ARTIFACTS,
    CHROMIUM,
    CHROMIUM_ARGS,
    REPO,
    VIEWPORT,
    _kernel_answer,
)
from .lite import build_site, serving

SITE = REPO / "build" / "lite"
# Pyodide starts, loads the package and deals a proven-winnable game: about 40 s on 2 busy cores.
FIRST_BOARD_TIMEOUT = 180_000
# learn_strategy.ipynb plays its experiments on the browser's Python: about 40 s here, after the
# kernel has started; a slow machine gets ten minutes.
LESSON_TIMEOUT = 600_000
# A hint or a review searches for up to 10 s, slower in the browser's Python.
SEARCH_TIMEOUT = 120_000
# The board of the store tests: a plain Klondike deal, drawn from by clicks on its stock.
SEED = 5
STORE_BOARD = f"import solitaire_widget as sw\ng = sw.Klondike(seed={SEED})\ng"
DRAWS = 3


@pytest.fixture(scope="module")
def lite_site() -> Iterator[str]:
    """The built site, served on 127.0.0.1 for this module's tests; the server stops after them."""
    with serving(build_site()) as url:
        yield url


@dataclass
class OfflinePage:
    """A page that may reach only the site: anything else is aborted and listed in blocked."""

    page: Page
    site: str
    blocked: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)
    timings: dict[str, float] = field(default_factory=dict)

    def guard(self, route: Route) -> None:
        url = route.request.url
        if url.startswith((f"{self.site}/", "blob:", "data:")):
            route.continue_()
        else:
            self.blocked.append(url)
            route.abort()

    def note_failure(self, request: Request) -> None:
        self.failed.append(f"{request.url}: {request.failure}")

    def assert_offline(self) -> None:
        assert self.blocked == []
        assert self.failed == []


def offline_page(context: BrowserContext, site: str, kernel_access: bool = False) -> OfflinePage:
    """The context's page, guarded; with kernel_access, lab.js can run code in its kernels."""
    page = context.pages[0] if context.pages else context.new_page()
    offline = OfflinePage(page, site)
    context.route("**/*", offline.guard)
    # Requests the kernel's worker makes fail here too when they leave the site (the browser
    # resolves no other host), so failures are counted as well as routed aborts.
    context.on("requestfailed", offline.note_failure)
    if kernel_access:
        context.route(re.compile(r".*/jupyter-lite\.json(\?.*)?$"), _expose_app)
        page.add_init_script(path=_LAB_JS)
        # JupyterLab asks before a page with unsaved changes goes: a reload means yes.
        page.on("dialog", lambda dialog: dialog.accept())
    return offline


def _expose_app(route: Route) -> None:
    """The site's jupyter-lite.json with `exposeAppInBrowser` on (window.jupyterapp)."""
    response = route.fetch()
    config = response.json()
    config.setdefault("jupyter-config-data", {})["exposeAppInBrowser"] = "true"
    route.fulfill(response=response, json=config)


@pytest.fixture
def site_page(chromium: Browser, lite_site: str) -> Iterator[OfflinePage]:
    context = chromium.new_context(viewport=VIEWPORT)
    yield offline_page(context, lite_site)
    context.close()


@pytest.fixture(scope="module")
def play_page(chromium: Browser, lite_site: str) -> Iterator[OfflinePage]:
    """play.ipynb with every cell run, as a visitor opens it; the tests of its boards share it."""
    context = chromium.new_context(viewport=VIEWPORT)
    site_page = offline_page(context, lite_site)
    page = site_page.page
    opened = time.monotonic()
    page.goto(f"{lite_site}/lab/index.html?path=play.ipynb")
    expect(page.locator(".jp-Notebook .jp-Cell").first).to_be_visible(timeout=60_000)
    run_all_cells(page)
    wait_for_boards(page)
    site_page.timings["first_board_s"] = round(time.monotonic() - opened, 1)
    expect(page.locator(".solitaire-widget")).to_have_count(PLAY_BOARDS, timeout=60_000)
    # The last cell's demo plays 15 moves; the kernel is idle once they are played.
    expect(page.get_by_text("Python (Pyodide) | Idle")).to_be_visible(timeout=FIRST_BOARD_TIMEOUT)
    yield site_page
    context.close()


def run_all_cells(page: Page) -> None:
    """Run > Run All Cells once the kernel is up, as a visitor would."""
    expect(page.get_by_text("Python (Pyodide) | Idle")).to_be_visible(timeout=FIRST_BOARD_TIMEOUT)
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name="Run All Cells", exact=True).click()


def wait_for_boards(page: Page) -> None:
    """Wait for the first board; if none shows, fail with what the cells printed instead."""
    try:
        expect(page.locator(".solitaire-widget").first).to_be_visible(timeout=FIRST_BOARD_TIMEOUT)
    except AssertionError:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=ARTIFACTS / "lite-no-board.png", full_page=True)
        outputs = page.locator(".jp-OutputArea-output").all_text_contents()
        raise AssertionError(f"no board showed; the cells' outputs: {outputs}") from None


def moves_shown(root: Locator) -> Locator:
    return root.locator(".sw-stat", has_text="Moves").locator("b")


def assert_board_answers_a_click(root: Locator) -> None:
    """The board is not busy and a click on its stock is applied: the moves go up (by more
    than one when auto-move sends the card turned home)."""
    expect(root).not_to_have_class(re.compile(r"\bsw-working\b"), timeout=SEARCH_TIMEOUT)
    expect(root.locator(".sw-busy")).to_be_hidden()
    before = moves_shown(root).inner_text()
    root.locator('[data-pile="stock"]').click()
    expect(moves_shown(root)).not_to_have_text(before, timeout=30_000)
    assert int(moves_shown(root).inner_text()) > int(before)


def test_play_notebook_runs_in_the_site_with_no_outside_request(play_page: OfflinePage) -> None:
    page = play_page.page
    expect(page.locator('[data-mime-type="application/vnd.jupyter.error"]')).to_have_count(0)

    klondike = board(page, "klondike")
    expect(klondike.locator('[data-pile="waste"] [data-card]')).to_have_count(0)
    clicked = time.monotonic()
    klondike.locator('[data-pile="stock"]').click()
    expect(klondike.locator('[data-pile="waste"] [data-card]')).to_have_count(1, timeout=30_000)
    answered = time.monotonic() - clicked
    expect(klondike.locator('[data-pile="stock"] .sw-count')).to_have_text("23")

    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=ARTIFACTS / "lite-play.png")
    timings = {**play_page.timings, "stock_click_s": round(answered, 2)}
    (ARTIFACTS / "lite-timings.json").write_text(json.dumps(timings))
    play_page.assert_offline()


def test_new_game_leaves_the_board_answering(play_page: OfflinePage) -> None:
    """New game on a winnable-deals board shows "Finding a winnable deal..." while it deals;
    the strip then clears and the next click is applied. (The game in progress, played by the
    tests before, is given up through the board's question.)"""
    klondike = board(play_page.page, "klondike")
    klondike.get_by_role("button", name="New game").click()
    if moves_shown(klondike).inner_text() != "0":
        question = klondike.get_by_role("group", name=NEW_GAME_QUESTION)
        question.get_by_role("button", name="New game", exact=True).click()
    expect(moves_shown(klondike)).to_have_text("0", timeout=SEARCH_TIMEOUT)
    assert_board_answers_a_click(klondike)
    play_page.assert_offline()


def test_the_first_hint_leaves_the_board_answering(play_page: OfflinePage) -> None:
    """The first hint on a random deal searches ("Looking for a good move..."), names a move,
    and the board goes on answering."""
    draw_three = board(play_page.page, "klondike", 1)
    draw_three.get_by_role("button", name="Hint").click()
    expect(draw_three.locator(".sw-line")).to_contain_text(
        re.compile("Hint|can no longer be won|No move helps"), timeout=SEARCH_TIMEOUT
    )
    assert_board_answers_a_click(draw_three)
    play_page.assert_offline()


def test_review_and_leave_review_leave_the_board_answering(play_page: OfflinePage) -> None:
    """Review opens the review panel on the demo's game; Leave review closes it, and the live
    game takes clicks again."""
    demo = board(play_page.page, "klondike", 2)
    expect(moves_shown(demo)).to_have_text("15")
    demo.get_by_role("button", name="Review").click()
    panel = demo.locator(".sw-review-panel")
    expect(panel).to_be_visible(timeout=SEARCH_TIMEOUT)
    expect(demo.locator(".sw-review-where")).to_contain_text("of 15")
    panel.get_by_role("button", name="Leave review").click()
    expect(panel).to_be_hidden(timeout=30_000)
    expect(demo).not_to_have_class(re.compile(r"\bsw-reviewing\b"))
    assert_board_answers_a_click(demo)
    play_page.assert_offline()


def test_learn_strategy_runs_its_experiments_in_the_site(site_page: OfflinePage) -> None:
    """The strategy lesson's experiments run on the browser's Python; with no matplotlib there,
    each prints its figures instead of plotting them, and no cell fails."""
    page = site_page.page
    page.goto(f"{site_page.site}/lab/index.html?path=learn_strategy.ipynb")
    expect(page.locator(".jp-Notebook .jp-Cell").first).to_be_visible(timeout=60_000)
    run_all_cells(page)
    code_cells = page.locator(".jp-Notebook .jp-CodeCell")
    last_prompt = code_cells.last.locator(".jp-InputPrompt")
    # A cell that has run shows its number; every cell has run when the last one has.
    expect(last_prompt).to_have_text(re.compile(r"\[\d+\]"), timeout=LESSON_TIMEOUT)
    errors = page.locator('[data-mime-type="application/vnd.jupyter.error"]')
    assert errors.count() == 0, errors.all_inner_texts()
    outputs = "\n".join(page.locator(".jp-OutputArea-output").all_text_contents())
    assert "No matplotlib here" in outputs
    assert "Klondike draw 1, greedy player" in outputs and "won" in outputs
    expect(page.locator(".solitaire-widget").first).to_be_visible()
    site_page.assert_offline()


# ------------------------------------------------------------- the game store across reloads


@dataclass
class LiteKernel:
    """A notebook's kernel in the site (play.ipynb's), reached through lab.js."""

    site_page: OfflinePage
    path: str = "play.ipynb"

    def open(self) -> None:
        self.site_page.page.goto(f"{self.site_page.site}/lab/index.html?path={self.path}")
        self.wait_until_ready()

    def wait_until_ready(self) -> None:
        """Waits until the notebook is open and its kernel idle (Pyodide started)."""
        self._call("open", self.path)

    def run(self, code: str) -> str:
        """Runs code in the kernel, outside the notebook; returns what it printed."""
        return _kernel_answer(self._call("execute", self.path, code))

    def evaluate(self, expression: str) -> Any:
        return json.loads(self.run(f"import json\nprint(json.dumps({expression}))"))

    def show(self, code: str) -> None:
        """Appends a cell to the notebook and runs it, so the widget it ends with shows."""
        _kernel_answer(self._call("runCell", self.path, code))

    def _call(self, helper: str, *args: Any) -> Any:
        return self.site_page.page.evaluate(
            "([helper, args]) => window.__e2e[helper](...args)",
            [helper, [*args, FIRST_BOARD_TIMEOUT]],
        )


# What a new kernel finds in the store: the games listed, the games played per variant, the
# board sw.resume() gives, and, to compare it with, the deal after each number of draws.
STORE_REPORT = f"""{{
    "games": [{{"id": game.id, "moves": game.moves}} for game in sw.saved_games()],
    "played": {{variant.label: variant.played for variant in sw.stats()}},
    "resumed": sw.resume().state() if sw.saved_games() else None,
    "after_draws": [replayed(draws) for draws in range({DRAWS + 1})],
}}"""
REPLAY = f"""
import solitaire_widget as sw
from solitaire_widget.games import KlondikeGame

def replayed(draws):
    game = KlondikeGame(seed={SEED})
    for _ in range(draws):
        game.draw()
    return game.state()
"""


def play_draws(kernel: LiteKernel) -> int:
    """Shows a new board and draws DRAWS times from its stock by clicks; returns its game id.
    Returns as soon as the page shows the last draw: the kernel may still be storing it."""
    kernel.show(STORE_BOARD)
    root = kernel.site_page.page.locator(".solitaire-widget").last
    game_id = None
    for draws in range(1, DRAWS + 1):
        root.locator('[data-pile="stock"]').click()
        expect(moves_shown(root)).to_have_text(str(draws), timeout=30_000)
        if game_id is None:
            game_id = kernel.evaluate("g.game_id")
    assert isinstance(game_id, int)
    return game_id


def store_report(kernel: LiteKernel) -> dict[str, Any]:
    kernel.run(REPLAY)
    return kernel.evaluate(STORE_REPORT)


def test_the_game_store_survives_a_reload(chromium: Browser, lite_site: str) -> None:
    """A reload starts a new kernel on an empty in-memory file system: the games come back from
    the browser's storage. The page is reloaded as soon as it shows the last draw, so that draw
    may be lost (a reload loses at most the last change), never more."""
    context = chromium.new_context(viewport=VIEWPORT)
    try:
        site_page = offline_page(context, lite_site, kernel_access=True)
        kernel = LiteKernel(site_page)
        kernel.open()
        game_id = play_draws(kernel)
        site_page.page.reload()
        kernel.wait_until_ready()
        found = store_report(kernel)
        assert [game["id"] for game in found["games"]] == [game_id]
        kept = found["games"][0]["moves"]
        assert kept in (DRAWS - 1, DRAWS)
        assert found["played"] == {"Klondike · draw 1": 1}
        assert found["resumed"] == found["after_draws"][kept]
        site_page.assert_offline()
    finally:
        context.close()


def test_the_game_store_survives_a_browser_restart(
    chromium: Browser, lite_site: str, tmp_path: Path
) -> None:
    """A new Chromium process on the same profile finds every game, its statistics and the
    board where it was."""
    home = tmp_path / "home"
    home.mkdir()
    env = {**os.environ, "HOME": str(home), "XDG_CONFIG_HOME": str(home / ".config"),
           "XDG_CACHE_HOME": str(home / ".cache")}  # fmt: skip

    def launch() -> BrowserContext:
        return chromium.browser_type.launch_persistent_context(
            tmp_path / "profile",
            executable_path=str(CHROMIUM),
            headless=True,
            args=CHROMIUM_ARGS,
            env=env,
            viewport=VIEWPORT,
        )

    context = launch()
    try:
        kernel = LiteKernel(offline_page(context, lite_site, kernel_access=True))
        kernel.open()
        game_id = play_draws(kernel)
        kernel.run("pass")  # the kernel is done with the last draw, and so is the store
        kernel.site_page.assert_offline()
    finally:
        context.close()

    context = launch()
    try:
        site_page = offline_page(context, lite_site, kernel_access=True)
        kernel = LiteKernel(site_page)
        kernel.open()
        found = store_report(kernel)
        # As after a reload, at most the last change may be lost: the browser is closed as soon
        # as the kernel is done, maybe before its storage has written the last copy down.
        assert [game["id"] for game in found["games"]] == [game_id]
        kept = found["games"][0]["moves"]
        assert kept in (DRAWS - 1, DRAWS)
        assert found["played"] == {"Klondike · draw 1": 1}
        assert found["resumed"] == found["after_draws"][kept]
        site_page.assert_offline()
    finally:
        context.close()
