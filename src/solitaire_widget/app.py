"""The app `notebooks/app.ipynb` shows in Voilà: a game picker above one board, and the player's
statistics below it.

Whoever opens an app is a visitor, not the notebook's owner, so the board is made with
``show_seed=False`` (the seed and the moves rebuild every hidden card) and the page holds only
widgets: no printed board, no move notation, no code.

Many visitors may play on one server, into one game store: each is known by the token their
browser keeps (``visitor.Visitor``). The board records its games as that visitor's, and the
statistics count only theirs; until the token arrives, and for a browser that keeps none, the
board records nothing and the app shows no statistics.
"""

from __future__ import annotations

import asyncio
import html
from typing import Any

import ipywidgets

from . import preferences
from .options import DRAW
from .scoreboard import COLUMNS, NO_VISITOR_NOTICE, compute, today
from .store import NO_VISITOR, recorded_games, store_path
from .tables import html_table
from .visitor import Visitor
from .widget import Board, Klondike

# The picker's choices, as the board's options menu names them, and the new game each deals.
PICKS: dict[str, dict[str, Any]] = {
    **{f"Klondike · {DRAW.words[n]}": {"game": "klondike", "draw": n} for n in DRAW.values},
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
    return "Applegate" if kind == "applegate" else f"Klondike · {DRAW.words[options['draw']]}"


class GamePicker(ipywidgets.ToggleButtons):
    """Chooses the board's game: a click deals a proven-winnable deal of that game on the board,
    after the board's question when that gives up a game in progress.

    It follows the board too, so a game switched from the board's own options menu shows here.
    """

    def __init__(self, board: Board) -> None:
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
        """A visitor's pick: dealt (after the board's question when that gives up a game in
        progress), and kept as the game the app opens on next time."""
        if not self._following:
            pick = PICKS[change["new"]]
            if self.board._ask_new_game(**pick, winnable=True):
                self.board._remember_next_game(pick)
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
    """The visitor's statistics from the local game store, per game: shown once the store
    exists and holds a game the visitor played, hidden before (and while their token has not
    arrived); a browser that keeps no token is told it gets none.

    The board records a change after telling its observers of it, so the figures are read again
    once the change is done (on the kernel's event loop), when a game is first played (its first
    moves), won, lost or dealt anew, and when the visitor's page has said who they are.
    """

    def __init__(self, board: Board, visitor: Visitor) -> None:
        super().__init__(layout=ipywidgets.Layout(display="none"))
        self.add_class("sw-app-stats")
        self.visitor = visitor
        self._refresh_pending = False
        self.refresh()
        board.observe(self._soon, "status")
        board.observe(self._soon_if_first_move, "moves")
        visitor.observe(self._soon, ["token", "blocked"])

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
        player = self.visitor.token
        if player is None:
            blocked = self.visitor.blocked
            self.value = f"{_STATS_STYLE}<p>{NO_VISITOR_NOTICE}</p>" if blocked else ""
            self.layout.display = "block" if blocked else "none"
            return
        if not store_path().is_file():
            self.layout.display = "none"
            return
        records, notices = recorded_games(player)
        rows = [variant.cells()[: len(STATS_COLUMNS)] for variant in compute(records, today())]
        parts = [_STATS_STYLE, "<h3>Your games</h3>"]
        if rows:
            parts.append(html_table(STATS_COLUMNS, rows))
        parts += [f"<p>{html.escape(notice)}</p>" for notice in notices]
        self.value = "".join(parts)
        self.layout.display = "block" if rows or notices else "none"


class PlayApp(ipywidgets.VBox):
    """A game picker, a board dealt a proven-winnable game with its seed kept from the page, and
    the visitor's statistics: what a visitor of the Voilà app sees.

    The game is the one last chosen in the picker or a board's Options menu (with its draw and
    scoring), Klondike draw 1 with standard scoring until one was (see ``preferences``).
    ``app.board`` is the board, ``app.picker`` the picker, ``app.stats`` the statistics and
    ``app.visitor`` the visitor (``app.visitor.token``: whose games the board records).
    """

    def __init__(self) -> None:
        self.visitor = Visitor()
        choice = preferences.saved().next_game or preferences.NEXT_GAME_DEFAULTS
        self.board = Klondike(
            draw=choice["draw"],
            scoring=choice["scoring"],
            winnable=True,
            show_seed=False,
            autosave=False,
        )
        if choice["game"] == "applegate":
            self.board.new_game(game="applegate")
        self.board._record_for(NO_VISITOR)  # until the visitor's page sends their token
        self.visitor.observe(self._visitor_known, "token")
        self.picker = GamePicker(self.board)
        self.stats = PlayerStats(self.board, self.visitor)
        super().__init__([self.picker, self.board, self.stats, self.visitor])
        self.add_class("sw-app")

    def _visitor_known(self, change: dict[str, Any]) -> None:
        self.board._record_for(change["new"])
