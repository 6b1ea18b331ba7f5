"""The JupyterLite site (`make lite`) plays play.ipynb in Chromium with no server and no network.

The site is built by scripts/build_lite.py, which reuses build/lite/ when its inputs have not
changed, and served by `python -m http.server` on 127.0.0.1. Every request to another host is
aborted and counted: the site must need none.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field

import pytest
from playwright.sync_api import Browser, Page, Request, Route, expect

from .boards import PLAY_BOARDS, board
from .harness import ARTIFACTS, REPO, VIEWPORT, free_port, stop_process_group, wait_for_http

SITE = REPO / "build" / "lite"
# Pyodide starts, loads the package and deals a proven-winnable game: about 40 s on 2 busy cores.
FIRST_BOARD_TIMEOUT = 180_000
# learn_strategy.ipynb plays its experiments on the browser's Python: about 40 s here, after the
# kernel has started; a slow machine gets ten minutes.
LESSON_TIMEOUT = 600_000


@pytest.fixture(scope="module")
def lite_site() -> Iterator[str]:
    """The built site, served on 127.0.0.1 for this module's tests; the server stops after them."""
    built = subprocess.run(
        [sys.executable, str(REPO / "scripts" / "build_lite.py")],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert built.returncode == 0, built.stdout + built.stderr
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "-d", str(SITE), str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        stdin=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        url = f"http://127.0.0.1:{port}"
        wait_for_http(f"{url}/jupyter-lite.json", 15, server)
        yield url
    finally:
        server.terminate()
        stop_process_group(server)


@dataclass
class OfflinePage:
    """A page that may reach only the site: anything else is aborted and listed in blocked."""

    page: Page
    site: str
    blocked: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)

    def guard(self, route: Route) -> None:
        url = route.request.url
        if url.startswith((f"{self.site}/", "blob:", "data:")):
            route.continue_()
        else:
            self.blocked.append(url)
            route.abort()

    def note_failure(self, request: Request) -> None:
        self.failed.append(f"{request.url}: {request.failure}")


@pytest.fixture
def site_page(chromium: Browser, lite_site: str) -> Iterator[OfflinePage]:
    context = chromium.new_context(viewport=VIEWPORT)
    page = context.new_page()
    offline = OfflinePage(page, lite_site)
    context.route("**/*", offline.guard)
    # Requests the kernel's worker makes fail here too when they leave the site (the browser
    # resolves no other host), so failures are counted as well as routed aborts.
    context.on("requestfailed", offline.note_failure)
    yield offline
    context.close()


def run_all_cells(page: Page) -> None:
    """Run > Run All Cells once the kernel is up, as a visitor would (JupyterLite exposes no app
    object to script)."""
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


def test_play_notebook_runs_in_the_site_with_no_outside_request(site_page: OfflinePage) -> None:
    page = site_page.page
    opened = time.monotonic()
    page.goto(f"{site_page.site}/lab/index.html?path=play.ipynb")
    expect(page.locator(".jp-Notebook .jp-Cell").first).to_be_visible(timeout=60_000)
    run_all_cells(page)

    boards = page.locator(".solitaire-widget")
    wait_for_boards(page)
    first_board = time.monotonic() - opened
    expect(boards).to_have_count(PLAY_BOARDS, timeout=60_000)
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
    timings = {"first_board_s": round(first_board, 1), "stock_click_s": round(answered, 2)}
    (ARTIFACTS / "lite-timings.json").write_text(json.dumps(timings))
    assert site_page.blocked == []
    assert site_page.failed == []


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
    assert site_page.blocked == []
    assert site_page.failed == []
