"""The environments the player's scenario (scenario.py) runs in, each a `Surface`: how a board is
dealt there, how a position is shown, what a reload does, and how its screenshots are taken.

- JupyterLab 4 and Notebook 7 (`NotebookSurface` on a LabPage): the board is a cell's output;
  a reload redraws it from the kernel, which lives on.
- The JupyterLite site (`NotebookSurface` on a LitePage): the same, but a reload starts the
  browser's Python afresh, so the player finds the game again with `sw.resume()` in a cell (the
  game store is kept in the browser's storage).
- Voilà (`VoilaSurface`): notebooks/app.ipynb, the app a visitor gets; its picker deals the game.
  A reload starts a new kernel, in which the app resumes the visitor's game. A position is shown
  by a notebook of its own served by the same Voilà.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from playwright.sync_api import Locator, Page, expect

from .harness import REPO, AppPage, running_voila, write_notebook
from .scenario import Game, Patience, game_cell, position_cell
from .screens import SCREENSHOTS, page_widths, screenshot_widths

APP = REPO / "notebooks" / "app.ipynb"
THEMES = ("light", "dark")


@dataclass
class NotebookSurface:
    """A notebook in JupyterLab's application: JupyterLab 4, Notebook 7 or JupyterLite.

    open opens a notebook path in the page; resume_after_reload says the page's kernel does not
    outlive a reload (JupyterLite), so the player runs `sw.resume()` to find the game again.
    """

    name: str
    app: AppPage
    write: Callable[[str, list[str]], str]
    open: Callable[[str], None]
    reload_page: Callable[[], None]
    patience: Patience
    resume_after_reload: bool = False
    side_bar: bool = True
    cell: int = 0  # the code cell whose output is the player's board

    @property
    def page(self) -> Page:
        return self.app.page

    def _selector(self, cell: int) -> str:
        return f".jp-CodeCell >> nth={cell} >> .solitaire-widget"

    def _shown(self, cell: int) -> Locator:
        board = self.page.locator(self._selector(cell))
        expect(board.locator("[data-pile]").first).to_be_visible(timeout=self.patience.start)
        return board

    def _last_cell(self) -> int:
        return self.page.locator(".jp-CodeCell").count() - 1

    def deal(self, game: Game) -> Locator:
        self.open(self.write(f"{game.name}.ipynb", [game_cell(game)]))
        self.app.run_all()
        self.cell = 0
        return self._shown(self.cell)

    def show_position(self, game: Game, state: dict[str, Any]) -> Locator:
        self.app.run_cell(position_cell(state))
        return self._shown(self._last_cell())

    def reload(self) -> Locator:
        self.reload_page()
        if self.resume_after_reload:
            self.app.run_cell("import solitaire_widget as sw\nsw.resume()")
            self.cell = self._last_cell()
        return self._shown(self.cell)

    def screenshots(self, name: str) -> list[Path]:
        return screenshot_widths(
            self.app, name, self._selector(self.cell), self.side_bar, SCREENSHOTS
        )


@dataclass(frozen=True)
class VoilaServer:
    """One Voilà serving a folder: the app, and the notebooks a test writes beside it."""

    folder: Path
    url: str
    token: str

    def render(self, notebook: str, **query: str) -> str:
        extra = "".join(f"&{name}={value}" for name, value in query.items())
        return f"{self.url}/voila/render/{notebook}?token={self.token}{extra}"


@contextmanager
def serving_voila(base: Path) -> Iterator[VoilaServer]:
    """Voilà on 127.0.0.1 serving a folder that holds a copy of notebooks/app.ipynb."""
    folder = base / "notebooks"
    folder.mkdir(parents=True)
    (folder / APP.name).write_bytes(APP.read_bytes())
    with running_voila(folder, base / "voila") as address:
        parts = urlsplit(address)
        yield VoilaServer(folder, f"{parts.scheme}://{parts.netloc}", parts.query.split("=", 1)[1])


@dataclass
class VoilaSurface:
    """The Voilà app a visitor opens; its game picker deals the game."""

    page: Page
    server: VoilaServer
    patience: Patience
    name: str = "voila"

    def _board(self) -> Locator:
        board = self.page.locator(".solitaire-widget")
        expect(board.locator("[data-pile]").first).to_be_visible(timeout=self.patience.start)
        return board

    def deal(self, game: Game) -> Locator:
        self.page.goto(self.server.render(APP.name), timeout=self.patience.start)
        board = self._board()
        pick = self.page.locator(".sw-app-picker").get_by_role("button", name=game.pick, exact=True)
        pick.click()
        expect(board.locator(".sw-label")).to_have_text(game.pick, timeout=self.patience.search)
        return board

    def show_position(self, game: Game, state: dict[str, Any]) -> Locator:
        name = f"position-{game.name}.ipynb"
        write_notebook(self.server.folder / name, [position_cell(state)])
        self.page.goto(self.server.render(name), timeout=self.patience.start)
        return self._board()

    def reload(self) -> Locator:
        self.page.reload(timeout=self.patience.start)
        return self._board()

    def screenshots(self, name: str) -> list[Path]:
        """The whole app, light as played and dark in a second tab (Voilà's ?theme=dark)."""
        dark = self.page.context.new_page()
        try:
            dark.goto(self.server.render(APP.name, theme="dark"), timeout=self.patience.start)
            expect(dark.locator(".solitaire-widget [data-pile]").first).to_be_visible(
                timeout=self.patience.start
            )
            return [
                shot
                for theme, page in zip(THEMES, (self.page, dark), strict=True)
                for shot in page_widths(page, f"scenario-{name}-{{width}}-{theme}", SCREENSHOTS)
            ]
        finally:
            dark.close()
