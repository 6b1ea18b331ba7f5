"""The player's game in every environment (issue 21): one scenario (scenario.py), played in
JupyterLab 4, Notebook 7, Voilà's app and the JupyterLite site, for every game; and the part of
it a page without a kernel can show, on an exported page.

Each step is a subtest, so a run says which steps fail where. The default run plays the scenario
once in each environment (QUICK below); every other pair of environment and game,
and a whole game won by clicks, move by move as Hint shows it (minutes in each environment), are
behind the slow marker.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Locator, Page, Route, expect

from solitaire_widget.export import hide_seeds, page_html, read_notebook, run_notebook
from solitaire_widget.games import GAMES as ENGINE_GAMES

from .boards import drag, read_board
from .harness import VIEWPORT, LabPage, write_notebook
from .lite import LitePage, build_site, serving
from .scenario import (
    GAMES,
    SNAPSHOT_NOTE,
    Game,
    Patience,
    Scenario,
    Surface,
    assert_deal_shows,
    game_cell,
    moves_shown,
)
from .screens import SCREENSHOTS, page_widths
from .surfaces import NotebookSurface, VoilaServer, VoilaSurface, serving_voila

ENVIRONMENTS = ["lab", "notebook7", "voila", "lite"]
GAME_IDS = [game.name for game in GAMES]
# The default run plays the scenario once in each environment, the games taking turns
# (JupyterLab Klondike and Spider, Notebook 7 Applegate, Voilà Klondike, JupyterLite Applegate:
# under a minute each with a kernel, about a minute and a half in the site, whose Python starts
# in the page); every other pair is behind slow. Voilà's app deals a fresh winnable deal each
# time, so its run also meets deals where the move by clicks needs stock cards turned first.
QUICK = {"lab": (0, 2), "notebook7": (1,), "voila": (0,), "lite": (1,)}


def _pairs() -> list[pytest.param]:
    return [
        pytest.param(
            environment,
            game,
            id=f"{environment}-{game.name}",
            marks=() if index in QUICK.get(environment, ()) else pytest.mark.slow,
        )
        for environment in ENVIRONMENTS
        for index, game in enumerate(GAMES)
    ]


# The browser's Python is slower to start and to search than a kernel: minutes, not seconds.
LITE_PATIENCE = Patience(answer=60_000, search=240_000, start=300_000)


@pytest.fixture(scope="module")
def voila_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[VoilaServer]:
    with serving_voila(tmp_path_factory.mktemp("scenario-voila")) as server:
        yield server


@pytest.fixture(scope="module")
def lite_site() -> Iterator[str]:
    with serving(build_site()) as url:
        yield url


@pytest.fixture
def surface(environment: str, page: Page, request: pytest.FixtureRequest) -> Surface:
    """The environment's surface in this test's page; its servers are shared by the module."""
    if environment == "voila":
        return VoilaSurface(page, request.getfixturevalue("voila_server"), Patience())
    if environment == "lite":
        site = request.getfixturevalue("lite_site")
        lite = LitePage(page, site, "scenario")
        return NotebookSurface(
            "lite",
            lite,
            lite.write_notebook,
            lite.open,
            lite.reload,
            LITE_PATIENCE,
            resume_after_reload=True,
        )
    lab: LabPage = request.getfixturevalue("lab")
    lab.artifact_prefix = "scenario"
    app = "notebook" if environment == "notebook7" else "lab"
    return NotebookSurface(
        environment,
        lab,
        lab.write_notebook,
        lambda path: lab.open(path, app),
        lab.reload,
        Patience(),
        side_bar=app == "lab",
    )


def test_every_game_has_its_scenario() -> None:
    assert sorted(game.name for game in GAMES) == sorted(ENGINE_GAMES)


@pytest.mark.parametrize(("environment", "game"), _pairs())
def test_the_player_plays_the_game(
    environment: str, game: Game, surface: Surface, subtests: pytest.Subtests
) -> None:
    Scenario(surface, game).play(subtests)


# A whole game won by clicks: Spider (one suit, copies of every card, two-digit columns) in
# JupyterLab in the default run, about two minutes; every other pair behind slow.
WHOLE_GAME = ("lab", "spider")


@pytest.mark.parametrize(
    ("environment", "game"),
    [
        pytest.param(
            environment,
            game,
            id=f"{environment}-{game.name}",
            marks=() if (environment, game.name) == WHOLE_GAME else pytest.mark.slow,
        )
        for environment in ENVIRONMENTS
        for game in GAMES
    ],
)
def test_a_whole_game_is_won_by_clicks_on_what_hint_shows(
    environment: str, game: Game, surface: Surface
) -> None:
    scenario = Scenario(surface, game)
    scenario.deal()
    hints = scenario.win_by_hints()
    assert hints > 0
    expect(scenario.board.locator(".sw-banner")).to_contain_text("You won!")


# --- the exported page: what a page without a kernel shows ---------------------------------------


@dataclass(frozen=True)
class ExportedPages:
    light: Path
    dark: Path


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> ExportedPages:
    """One notebook with each game's board, a move made on each, exported light and dark; run
    with a game store of its own (this module-wide fixture comes before each test's own store,
    and the user's must stay untouched)."""
    folder = tmp_path_factory.mktemp("scenario-export")
    cells = [game_cell(game, "board.move(board.legal_moves()[0])\nboard") for game in GAMES]
    source = write_notebook(folder / "games.ipynb", cells)
    notebook = read_notebook(source)
    with pytest.MonkeyPatch.context() as env:
        env.setenv("SOLITAIRE_WIDGET_HOME", str(folder / "home"))
        run_notebook(notebook, source, timeout=300)
    # Nothing the kernel said on the side (a warning) shows on the page.
    assert not [
        output
        for cell in notebook.cells
        for output in cell.get("outputs", [])
        if output.get("name") == "stderr"
    ]
    hide_seeds(notebook)
    pages = {}
    for theme in ("light", "dark"):
        pages[theme] = folder / f"games-{theme}.html"
        pages[theme].write_text(page_html(notebook, "games", theme))
    return ExportedPages(**pages)


def _only_files(route: Route) -> None:
    if route.request.url.startswith(("file:", "blob:", "data:")):
        route.continue_()
    else:
        route.abort()


@pytest.mark.parametrize("game", GAMES, ids=GAME_IDS)
def test_the_exported_page_shows_the_game_and_takes_no_move(
    chromium: Browser, exported: ExportedPages, game: Game
) -> None:
    index = GAMES.index(game)
    for theme, html in (("light", exported.light), ("dark", exported.dark)):
        context = chromium.new_context(viewport=VIEWPORT)
        context.route("**/*", _only_files)
        page = context.new_page()
        try:
            page.goto(html.as_uri())
            root = page.locator(".solitaire-widget").nth(index)
            expect(root.locator("[data-pile]").first).to_be_visible(timeout=30_000)
            root.scroll_into_view_if_needed()
            page_widths(page, f"scenario-export-{game.name}-{{width}}-{theme}", SCREENSHOTS)
            if theme == "light":
                _assert_read_only(page, root, game.copies)
        finally:
            context.close()


def _assert_read_only(page: Page, root: Locator, copies: int) -> None:
    """The board as it was exported, visibly a snapshot: its buttons off, and a drag, a click
    or a key on it changes nothing and leaves nothing behind."""
    expect(root.locator(".sw-snapshot")).to_have_text(SNAPSHOT_NOTE)
    expect(root).to_have_class(re.compile(r"\bsw-inactive\b"))
    buttons = root.locator(".sw-buttons button:visible")
    assert buttons.count() > 0
    for number in range(buttons.count()):
        expect(buttons.nth(number)).to_be_disabled()
    shown = read_board(root)
    assert moves_shown(root) == 1  # the move made before the export
    cards = root.locator("[data-pile^='t'] [data-card][data-n]")
    source, target = cards.last, root.locator("[data-pile^='t']").first
    drag(page, source, target)
    source.click()
    target.click()
    root.locator("[data-pile]").first.focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Control+z")
    for stock in root.locator('[data-pile="stock"]').all():
        stock.click()
    page.wait_for_timeout(300)  # nothing should come; give it the time a redraw would take
    assert read_board(root) == shown
    expect(root.locator(".sw-ghost")).to_have_count(0)
    expect(root.locator(".sw-picked, .sw-target")).to_have_count(0)
    assert_deal_shows(root, copies)
