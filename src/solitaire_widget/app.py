"""The app `notebooks/app.ipynb` shows in Voilà: a game picker above one board, and the player's
statistics below it.

Whoever opens an app is a visitor, not the notebook's owner, so the board is made with
``show_seed=False`` (the seed and the moves rebuild every hidden card) and the page holds only
widgets: no printed board, no move notation, no code.
"""

from __future__ import annotations

import asyncio
import html
from typing import Any

import ipywidgets

from .scoreboard import COLUMNS, compute, today
from .store import recorded_games, store_path
from .tables import html_table
from .widget import Applegate, Klondike

# The picker's choices, as the board's options menu names them, and the new game each deals.
PICKS: dict[str, dict[str, Any]] = {
    "Klondike · draw 1": {"game": "klondike", "draw": 1},
    "Klondike · draw 3": {"game": "klondike", "draw": 3},
    "Applegate": {"game": "applegate"},
}
# The figures a player looks at first; the rest (scores, daily streaks) are on the Stats panel.
STATS_COLUMNS = COLUMNS[:7]
# The section's own look, in JupyterLab's theme colours (Voilà and Lab alike), scoped to its class.
_STATS_STYLE = """<style>
.sw-app-stats { color: var(--jp-ui-font-color1, #222); font-size: 13px; overflow-x: auto; }
.sw-app-stats h3 { margin: 0.2em 0 0.4em; font-size: 15px; }
.sw-app-stats table { border-collapse: collapse; }
.sw-app-stats th, .sw-app-stats td {
  padding: 3px 8px; border-bottom: 1px solid var(--jp-border-color2, #ddd); text-align: right;
  white-space: nowrap;
}
.sw-app-stats th:first-child, .sw-app-stats td:first-child { text-align: left; }
.sw-app-stats th { font-weight: 600; }
@media (max-width: 520px) {  /* a phone: the counts and the win rate; streaks on the Stats panel */
  .sw-app-stats th:nth-child(n+5), .sw-app-stats td:nth-child(n+5) { display: none; }
}
</style>"""


def pick_of(kind: str, options: dict[str, Any]) -> str:
    """The picker's choice that names the game a board shows (any Klondike scoring)."""
    return "Applegate" if kind == "applegate" else f"Klondike · draw {options.get('draw')}"


class GamePicker(ipywidgets.ToggleButtons):
    """Chooses the board's game: a click deals a proven-winnable deal of that game on the board,
    after the board's question when that gives up a game in progress.

    It follows the board too, so a game switched from the board's own options menu shows here.
    """

    def __init__(self, board: Klondike | Applegate) -> None:
        view = board._board
        super().__init__(
            options=list(PICKS),
            value=pick_of(view["kind"], view["options"]),
            description="Game",
            tooltips=[f"A new winnable deal of {name}" for name in PICKS],
            style={"button_width": "auto", "description_width": "auto"},
            layout=ipywidgets.Layout(margin="0 0 12px 0"),
        )
        self.add_class("sw-app-picker")
        self.board = board
        self._following = False
        self.observe(self._deal, "value")
        board.observe(self._follow, "_board")

    def _deal(self, change: dict[str, Any]) -> None:
        if not self._following:
            self.board._ask_new_game(**PICKS[change["new"]], winnable=True)
            # While the board asks whether to give up the game in progress, the picker goes on
            # naming the game on the board; the new game, once dealt, moves it.
            self._follow({"new": self.board._board})

    def _follow(self, change: dict[str, Any]) -> None:
        view = change["new"]
        pick = pick_of(view["kind"], view["options"])
        if pick != self.value:
            self._following = True
            try:
                self.value = pick
            finally:
                self._following = False


class PlayerStats(ipywidgets.HTML):
    """The player's statistics from the local game store, per game: shown once the store exists
    and holds a played game, hidden before.

    The board records a change after telling its observers of it, so the figures are read again
    once the change is done (on the kernel's event loop), when a game is first played (its first
    moves), won, lost or dealt anew.
    """

    def __init__(self, board: Klondike | Applegate) -> None:
        super().__init__(layout=ipywidgets.Layout(display="none"))
        self.add_class("sw-app-stats")
        self._refresh_pending = False
        self.refresh()
        board.observe(self._soon, "status")
        board.observe(self._soon_if_first_move, "moves")

    def _soon_if_first_move(self, change: dict[str, Any]) -> None:
        # One action can make several moves (a draw and the safe cards auto-move sends home).
        if change["old"] == 0 or change["new"] == 0:
            self._soon(change)

    def _soon(self, _change: object) -> None:
        if self._refresh_pending:
            return
        self._refresh_pending = True
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no event loop (a script): the store is written already
            self.refresh()
        else:
            loop.call_soon(self.refresh)

    def refresh(self) -> None:
        """Read the store again and show what it holds."""
        self._refresh_pending = False
        if not store_path().is_file():
            self.layout.display = "none"
            return
        records, notice = recorded_games()
        rows = [variant.cells()[: len(STATS_COLUMNS)] for variant in compute(records, today())]
        parts = [_STATS_STYLE, "<h3>Your games</h3>"]
        if rows:
            parts.append(html_table(STATS_COLUMNS, rows))
        if notice:
            parts.append(f"<p>{html.escape(notice)}</p>")
        self.value = "".join(parts)
        self.layout.display = "block" if rows or notice else "none"


class PlayApp(ipywidgets.VBox):
    """A game picker, a board dealt a proven-winnable Klondike (draw 1) game with its seed kept
    from the page, and the player's statistics: what a visitor of the Voilà app sees.

    ``app.board`` is the board, ``app.picker`` the picker and ``app.stats`` the statistics.
    """

    def __init__(self) -> None:
        self.board = Klondike(winnable=True, show_seed=False)
        self.picker = GamePicker(self.board)
        self.stats = PlayerStats(self.board)
        super().__init__([self.picker, self.board, self.stats])
        self.add_class("sw-app")
