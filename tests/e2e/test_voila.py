"""play.ipynb served as an app by Voilà, played by a click in the page."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .harness import REPO, free_port, jupyter_env, stop_process_group, wait_for_http

PLAY = REPO / "notebooks" / "play.ipynb"


@pytest.fixture
def voila(tmp_path: Path) -> Iterator[str]:
    """`voila play.ipynb` on 127.0.0.1 at a free port, its files and settings under tmp_path.

    Voilà runs the notebook in the folder it serves, so a copy goes there. Yields the app's URL.
    """
    root = tmp_path / "root"
    root.mkdir()
    shutil.copy(PLAY, root)
    port = free_port()
    log = tmp_path / "voila.log"
    with log.open("wb") as sink:
        process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "voila",
                "--no-browser",
                "--Voila.ip=127.0.0.1",
                f"--port={port}",
                "--Voila.port_retries=0",
                "--show_tracebacks=True",
                PLAY.name,
            ],
            cwd=root,
            env=jupyter_env(tmp_path / "jupyter"),
            stdout=sink,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
    url = f"http://127.0.0.1:{port}/"
    try:
        # A file of the page template: asking for the app itself would run the notebook.
        wait_for_http(f"{url}voila/templates/lab/static/voila.js", timeout=60, process=process)
        yield url
    finally:
        process.terminate()
        stop_process_group(process)
        print(log.read_text(errors="replace")[-3000:])


def test_voila_serves_play_and_a_click_on_the_stock_draws(voila: str, page: Page) -> None:
    page.goto(voila, timeout=90_000)
    boards = page.locator(".solitaire-widget")
    expect(boards).to_have_count(4, timeout=90_000)
    klondike = boards.first
    waste = klondike.locator('[data-pile="waste"]')
    expect(klondike.locator('[data-pile="t7"] [data-card]')).to_have_count(1)
    expect(waste.locator("[data-card]")).to_have_count(0)
    expect(page.get_by_text("With the mouse.")).to_be_visible()
    expect(page.get_by_text("import solitaire_widget")).to_have_count(0)  # the code stays hidden

    klondike.locator('[data-pile="stock"]').click()

    expect(waste.locator("[data-card]")).to_have_count(1)
