"""The solitaire boards in a JupyterLab page: a notebook with both games, and ways to read a board.

Positions are built with tests/positions.py and loaded in the kernel, so every move a test makes
is known to be legal (or known to be refused) before the page is opened.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import Any

from playwright.sync_api import Locator, Page, expect

from positions import applegate_state, klondike_state, run_down

from .harness import LabPage

# The board's question before it gives up a game in progress (New game, the Options menu).
NEW_GAME_QUESTION = "Start a new game? This one counts as a loss."

# Klondike: JS onto QD (click), TD onto JS (drag), AH home (double-click), 9C onto TD (keyboard);
# the 2H is the stock's top card, so a cell can send it home after the AH.
KLONDIKE = klondike_state(["QD", "JS", "TD", "AH", "9C", "5H", "8S"], foundations=[], stock="* 2H")

# Applegate: a finished spade run on t1 (double-click), 7H from the reserve onto 8H (click), QC
# onto KC (drag), JH onto QH (keyboard), and JC onto the QC from a cell. Diamonds start at home.
APPLEGATE = applegate_state(
    [
        " ".join(run_down("5S", 13)),
        "AH 2H | 2C 3C 8H",
        "3H 4H | 4C 5C KC",
        "QC",
        "5H 6H | 6C 7C JH",
        "TH | 8C 9C QH",
        "TC AC JC",
    ],
    reserve="KH 9H 7H",
)

# These boards play every move by hand: no smart click, no auto-move (tests of those conveniences
# turn them on themselves).
BY_HAND = "smart_click=False, auto_move=False"

# notebooks/play.ipynb shows four boards: Klondike draw 1 (a winnable deal), draw 3, Applegate and
# the solver's demo.
PLAY_BOARDS = 4

NOTEBOOK_CELLS = [
    "from solitaire_widget.widget import load",
    f"k = load({json.dumps(KLONDIKE)!r}, {BY_HAND})\nk",
    f"a = load({json.dumps(APPLEGATE)!r}, {BY_HAND})\na",
]

# Reads a board as the player sees it: per pile, the named cards in DOM order (bottom to top),
# the face-down cards and the count badge.
_READ_BOARD = """(root) => {
  const piles = {};
  for (const pile of root.querySelectorAll("[data-pile]")) {
    piles[pile.dataset.pile] = {
      cards: [...pile.querySelectorAll("[data-card]")].map((card) => card.dataset.card),
      down: pile.querySelectorAll('[aria-label="face-down card"]').length,
      count: pile.querySelector(".sw-count")?.textContent ?? null,
    };
  }
  return piles;
}"""


def open_both_games(lab: LabPage) -> None:
    lab.open(lab.write_notebook("boards.ipynb", NOTEBOOK_CELLS))
    lab.run_all()


def open_klondike(
    lab: LabPage, settings: str, after: Sequence[str] = (), app: str = "lab"
) -> Locator:
    """Opens a notebook whose first cell shows ``k``, the KLONDIKE position on a board made with
    ``settings`` (keyword arguments, as Python text), and whose next cells are ``after``; runs
    them all and returns the board's root once its piles show."""
    shown = f"k = load({json.dumps(KLONDIKE)!r}, {settings})\nk"
    cells = [f"from solitaire_widget.widget import load\n{shown}", *after]
    lab.open(lab.write_notebook("klondike.ipynb", cells), app=app)
    lab.run_all()
    root = board(lab.page, "klondike")
    expect(root.locator('[data-pile="t7"] [data-card]')).to_have_count(1)
    return root


def show_board(lab: LabPage, name: str, make: str) -> Locator:
    """Runs a cell that makes a board called name and shows it; returns its root."""
    lab.run_cell(f"{name} = {make}\n{name}")
    root = lab.page.locator(".solitaire-widget").last
    expect(root.locator("[data-pile]").first).to_be_visible()
    return root


def board(page: Page, kind: str, index: int = 0) -> Locator:
    """The widget root of the index-th view of the klondike or applegate board."""
    return page.locator(f'.solitaire-widget[data-kind="{kind}"]').nth(index)


def read_board(root: Locator) -> dict[str, dict[str, Any]]:
    return root.evaluate(_READ_BOARD)


def expected_board(state: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """What the page must show for a kernel state: face-up cards by name, hidden ones by count.

    A foundation and the waste also draw the card beneath the ones on show, so that it shows
    while the top card is dragged away.
    """
    piles: dict[str, dict[str, Any]] = {}
    for number, pile in enumerate(state["tableau"], 1):
        piles[f"t{number}"] = {"cards": pile["up"], "down": len(pile["down"]), "count": None}
    for number, pile in enumerate(state["foundations"], 1):
        piles[f"f{number}"] = {"cards": pile[-2:], "down": 0, "count": None}
    if state["game"] == "klondike":
        stock = state["stock"]
        shown = 3 if state["options"]["draw"] == 3 else 1
        piles["stock"] = {
            "cards": [],
            "down": min(len(stock), 1),
            "count": str(len(stock)) if stock else None,
        }
        piles["waste"] = {"cards": state["waste"][-(shown + 1) :], "down": 0, "count": None}
    else:
        reserve = state["reserve"]
        piles["reserve"] = {
            "cards": reserve[-1:],
            "down": 1 if len(reserve) > 1 else 0,
            "count": str(len(reserve)) if reserve else None,
        }
    return piles


def wait_for_history(lab: LabPage, name: str, history: list[str], timeout: float = 15) -> None:
    """Waits until the kernel's game has exactly this history (the request has been handled)."""
    deadline = time.monotonic() + timeout
    while True:
        found = lab.evaluate(f"[str(m) for m in {name}.history]")
        if found == history:
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"{name}.history is {found}, expected {history}")
        time.sleep(0.1)


def assert_page_shows_kernel_state(
    lab: LabPage, name: str, root: Locator, timeout: float = 10
) -> None:
    """The page and the kernel's g.state() agree card for card (the page may lag a little)."""
    expected = expected_board(lab.evaluate(f"{name}.state()"))
    deadline = time.monotonic() + timeout
    while True:
        shown = read_board(root)
        if shown == expected:
            return
        if time.monotonic() > deadline:
            differ = {
                pile: (shown.get(pile), want)
                for pile, want in expected.items()
                if shown.get(pile) != want
            }
            raise AssertionError(f"the page does not show {name}.state(): {differ}")
        time.sleep(0.1)


def drag(page: Page, source: Locator, target: Locator) -> None:
    """Presses on source, moves in steps (so pointermove fires) and lets go over target."""
    start, end = source.bounding_box(), target.bounding_box()
    assert start is not None and end is not None
    x, y = start["x"] + start["width"] / 2, start["y"] + 12
    to_x, to_y = end["x"] + end["width"] / 2, end["y"] + end["height"] / 2
    page.mouse.move(x, y)
    page.mouse.down()
    for step in range(1, 13):
        page.mouse.move(x + (to_x - x) * step / 12, y + (to_y - y) * step / 12)
    page.mouse.up()


def cell_count(lab: LabPage) -> int:
    return lab.page.evaluate(
        "(path) => window.__e2e.panel(path).content.model.cells.length", lab.path
    )


def notebook_cells(lab: LabPage) -> list[tuple[str, str]]:
    """Every cell of the open notebook, as (type, source): what a stray key would change."""
    return [
        (kind, source)
        for kind, source in lab.page.evaluate(
            """(path) => [...window.__e2e.panel(path).content.model.cells].map(
                 (cell) => [cell.type, cell.sharedModel.getSource()])""",
            lab.path,
        )
    ]


def history(lab: LabPage, name: str) -> list[str]:
    return lab.evaluate(f"[str(m) for m in {name}.history]")
