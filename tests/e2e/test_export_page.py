"""The page `python -m solitaire_widget.export` writes, opened from a file:// URL with the network
blocked: every board of the notebook shows, drawn from the saved state, and none can be played."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, Route, expect

from solitaire_widget.export import export_page
from solitaire_widget.widget import Klondike

from .boards import PLAY_BOARDS, board, expected_board, read_board
from .harness import ARTIFACTS, REPO, VIEWPORT

PLAY = REPO / "notebooks" / "play.ipynb"
SNAPSHOT_NOTE = "A snapshot: open the notebook to play."


@pytest.fixture(scope="module")
def play_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return export_page(PLAY, tmp_path_factory.mktemp("export") / "play.html", timeout=300)


@dataclass
class FilePage:
    """A page that may load only local files: anything else is aborted and listed in blocked."""

    page: Page
    blocked: list[str] = field(default_factory=list)

    def guard(self, route: Route) -> None:
        if route.request.url.startswith(("file:", "blob:", "data:")):
            route.continue_()
        else:
            self.blocked.append(route.request.url)
            route.abort()

    def open(self, html: Path) -> None:
        self.page.goto(html.as_uri())
        expect(self.page.locator(".solitaire-widget").first).to_be_visible(timeout=30_000)


@pytest.fixture
def offline_file(chromium: Browser) -> Iterator[FilePage]:
    context = chromium.new_context(viewport=VIEWPORT)
    page = FilePage(context.new_page())
    context.route("**/*", page.guard)
    yield page
    context.close()


def views_in(html: Path) -> int:
    return html.read_text().count('<script type="application/vnd.jupyter.widget-view+json">')


def test_every_board_of_the_notebook_shows_from_a_file_url_offline(
    offline_file: FilePage, play_page: Path
) -> None:
    offline_file.open(play_page)
    page = offline_file.page
    assert views_in(play_page) == PLAY_BOARDS
    expect(page.locator(".solitaire-widget")).to_have_count(PLAY_BOARDS)
    expect(page.locator(".solitaire-widget[data-kind=klondike]")).to_have_count(3)
    expect(page.locator(".solitaire-widget[data-kind=applegate]")).to_have_count(1)
    first = Klondike(seed=2024, draw=1, winnable=True)
    assert read_board(board(page, "klondike")) == expected_board(first.state())
    assert offline_file.blocked == []
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for width in (1280, 640):
        page.set_viewport_size({"width": width, "height": 900})
        board(page, "klondike").scroll_into_view_if_needed()
        page.screenshot(path=ARTIFACTS / f"export-play-{width}.png")


def test_the_exported_boards_are_visibly_inactive_with_a_frozen_clock(
    offline_file: FilePage, play_page: Path
) -> None:
    offline_file.open(play_page)
    page = offline_file.page
    boards = page.locator(".solitaire-widget")
    expect(boards).to_have_count(PLAY_BOARDS)
    for index in range(PLAY_BOARDS):
        root = boards.nth(index)
        expect(root).to_have_class(re.compile(r"\bsw-inactive\b"))
        expect(root.locator(".sw-snapshot")).to_have_text(SNAPSHOT_NOTE)
        expect(root.locator(".sw-snapshot")).to_be_visible()
        buttons = root.locator("button:visible")  # a closed menu's items are not shown
        assert buttons.count() > 0
        for button in range(buttons.count()):
            expect(buttons.nth(button)).to_be_disabled()

    # The demo board had made moves when the notebook was exported: its clock shows that time
    # and does not count on.
    demo = board(page, "klondike", 2)
    clock = demo.locator(".sw-stat", has_text="Time")
    shown = clock.inner_text()
    page.wait_for_timeout(2_500)
    assert clock.inner_text() == shown

    klondike = board(page, "klondike")
    before = read_board(klondike)
    klondike.locator('[data-pile="stock"]').click()
    page.wait_for_timeout(500)
    assert read_board(klondike) == before
    assert offline_file.blocked == []


def test_the_keys_the_notebook_names_show_as_keys(offline_file: FilePage, play_page: Path) -> None:
    """play.ipynb names its keys with <kbd>: each shows its key's name in the key's frame."""
    offline_file.open(play_page)
    keys = offline_file.page.locator(".jp-RenderedMarkdown kbd")
    assert keys.count() >= 4
    names = keys.all_inner_texts()
    assert all(name.strip() for name in names), names
    assert {"Tab", "Enter", "Escape"} <= set(names)
