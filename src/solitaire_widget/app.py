"""The app `notebooks/app.ipynb` shows in Voilà: one board, first and centred, with a game picker
above it in the board's own look (each game, and the daily challenge), and the visitor's
statistics below it.

Whoever opens an app is a visitor, not the notebook's owner, so the board is made with
``show_seed=False`` (the seed and the moves rebuild every hidden card) and the page holds only
widgets: no printed board, no move notation, no code.

Many visitors may play on one server, into one game store: each is known by the token their
browser keeps (``visitor.Visitor``). The board is shown once the token has arrived, on the
visitor's game in progress if they have one (a reload, or coming back later, opens it where it
was: a new kernel, the same game), else on a new deal of the game they last chose. It records
its games, and keeps the choices made on it, as that visitor's; the statistics count only
theirs. A browser that keeps no token gets a board that records and keeps nothing, and no
statistics.
"""

from __future__ import annotations

import asyncio
import html
from typing import Any

import anywidget
import ipywidgets
import traitlets

from . import preferences, solver
from .scoreboard import COLUMNS, NO_VISITOR_NOTICE, compute, today
from .store import NO_VISITOR, GameRecord, recorded_games, store_path
from .tables import html_table
from .variants import game_options, has_winnable_deals, variant_of, variants
from .visitor import Visitor
from .widget import Board, Klondike
from .widget.board import _UNBUILT_ESM, _bundle_file
from .widget.resume import daily_of, game_in_progress, rebuild

# The picker's games, as the board's options menu names them, and the new game each deals.
PICKS: dict[str, dict[str, Any]] = {
    variant.label: {"game": variant.game, **variant.options} for variant in variants()
}
# The picker's last choice: today's daily challenge of the game the board shows.
DAILY = "Daily challenge"
# The board's settings until the visitor's own arrive: the package's defaults, since the saved
# ones in preferences.json are the notebooks' player's, not a visitor's (see ``preferences``).
VISITOR_DEFAULTS: dict[str, Any] = {
    "show_marks": True,
    "four_colour": False,
    "coach": False,
    "smart_click": None,
    "auto_move": None,
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
    return variant_of(kind, options).label


def in_progress(board: Board) -> bool:
    """Whether the board's game would be given up by a new deal: moves made (or undone), and
    neither won nor lost. Giving it up counts it as lost, so the picker asks first."""
    view = board._board
    return board.status == "playing" and bool(view.get("can_undo") or view.get("can_redo"))


class GamePicker(anywidget.AnyWidget):
    """Chooses the board's game, in a row of buttons that look like the board's own: a game
    (a new proven-winnable deal of it on the board), or the daily challenge of the game shown.

    A click on the page that would give up a game in progress asks first, inline ("Start a new
    game? This one counts as a loss.", New game or Keep playing; Escape keeps playing), as the
    board's own New game does. Code never asks: ``picker.value = "Applegate"`` and
    ``picker.pick(name)`` deal at once. The picker follows the board too, so a game switched
    from the board's Options menu shows here.
    """

    _esm = _bundle_file("picker.js", _UNBUILT_ESM)
    _css = _bundle_file("picker.css", "")

    games = traitlets.List(traitlets.Unicode(), read_only=True).tag(sync=True)
    value = traitlets.Unicode(help="The game on the board, as the picker names it.").tag(sync=True)
    daily = traitlets.Bool(
        False, read_only=True, help="The board plays today's daily challenge."
    ).tag(sync=True)
    # Whether a pick would give up a game in progress, so the page asks before it sends one.
    _at_stake = traitlets.Bool(False, read_only=True).tag(sync=True)

    def __init__(self, board: Board) -> None:
        super().__init__()
        self.set_trait("games", list(PICKS))
        self.board = board
        self._following = False
        self._follow(None)
        self.observe(self._deal, "value")
        board.observe(self._follow, ["_board", "status"])
        self.on_msg(self._on_page)

    def pick(self, name: str) -> None:
        """Deal what the button ``name`` deals (one of ``PICKS``, or ``DAILY``), at once; a game
        picked is kept as the game the app opens on next time."""
        if name == DAILY:
            self.board._deal_daily()
            return
        if name not in PICKS:
            raise ValueError(f"the picker deals {', '.join(PICKS)} or {DAILY}, not {name!r}")
        choice = PICKS[name]
        game = choice["game"]
        kept = self.board._next_game or {}  # the other options chosen for the next new game
        chosen = {
            option.name: kept[option.name] for option in game_options(game) if option.name in kept
        }
        options = {**chosen, **choice}
        del options["game"]
        self.board.new_game(game=game, winnable=has_winnable_deals(game, options), **options)
        self.board._remember_next_game(choice)

    def _deal(self, change: dict[str, Any]) -> None:
        if not self._following:
            self.pick(change["new"])

    def _changes_game(self, name: str) -> bool:
        """Whether a pick deals anything: a game other than the one shown, or the one shown
        when it is the daily challenge; the daily challenge unless it is shown."""
        return not self.daily if name == DAILY else name != self.value or self.daily

    def _on_page(self, _widget: object, content: Any, _buffers: object) -> None:
        """A pick from the page: ``{"pick": name}``, with ``"confirmed": true`` once the visitor
        has said to give up the game in progress. Anything else is ignored."""
        if not isinstance(content, dict) or not set(content) <= {"pick", "confirmed"}:
            return
        name, confirmed = content.get("pick"), content.get("confirmed", False)
        if name not in (*PICKS, DAILY) or not isinstance(confirmed, bool):
            return
        if not self._changes_game(name):
            return
        if in_progress(self.board) and not confirmed:
            self.send({"ask": name})
            return
        self.pick(name)

    def _follow(self, _change: object) -> None:
        board = self.board
        view = board._board
        deal = board._daily_now()
        self.set_trait("daily", deal is not None and deal.date == today().isoformat())
        self.set_trait("_at_stake", in_progress(board))
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
    """What a visitor of the Voilà app sees: one board, centred, with a game picker above it and
    the visitor's statistics below it.

    The board appears once the visitor's page has said who they are. It then shows their game
    in progress (its position, its clock, its daily badge), recorded in the same row, or, when
    they have none, a proven-winnable deal of the game they last chose in the picker or the
    board's Options menu (Klondike draw 1 with standard scoring until they chose one), with
    their board settings; the seed stays in Python. A browser that keeps no token gets the
    new deal with the package's settings, and keeps nothing.
    ``app.board`` is the board, ``app.picker`` the picker, ``app.stats`` the statistics and
    ``app.visitor`` the visitor (``app.visitor.token``: whose games the board records).
    """

    def __init__(self) -> None:
        self.visitor = Visitor()
        self.board = Klondike(winnable=True, show_seed=False, autosave=False, **VISITOR_DEFAULTS)
        self.board._record_for(NO_VISITOR)  # until the visitor's page sends their token
        # Hidden (its room kept) until the visitor is known, so no other deal flashes first.
        self.board.layout.visibility = "hidden"
        self.visitor.observe(self._visitor_known, "token")
        self.visitor.observe(self._visitor_unknown, "blocked")
        self.picker = GamePicker(self.board)
        self.stats = PlayerStats(self.board, self.visitor)
        # The visitor first: their page says who they are before the board is drawn.
        super().__init__(
            [self.visitor, self.picker, self.board, self.stats],
            layout=ipywidgets.Layout(width="100%", max_width="800px", margin="0 auto"),
        )
        self.add_class("sw-app")

    def _visitor_known(self, change: dict[str, Any]) -> None:
        player = change["new"]
        board = self.board
        saved = preferences.saved(player)
        with board.hold_sync():
            for name, value in saved.display.items():
                setattr(board, name, value)
            board._next_game = saved.next_game
            if not self._resume(player):
                choice = saved.next_game or preferences.NEXT_GAME_DEFAULTS
                self._deal_choice(choice)
                board._record_for(player)
        # Once the board's update has gone to the page (the layout is a widget of its own).
        board.layout.visibility = "visible"

    def _visitor_unknown(self, _change: object) -> None:
        self.board.layout.visibility = "visible"

    def _resume(self, player: str) -> bool:
        """Show the visitor's game in progress, if they have one that can be rebuilt."""
        record = game_in_progress(player)
        if record is None:
            return False
        try:
            game = rebuild(record)
        except LookupError:
            return False
        self.board._switch_to_recorded(game, record, daily_of(record), proven_winnable(record))
        return True

    def _deal_choice(self, choice: dict[str, Any]) -> None:
        """A new winnable deal of the visitor's chosen game, unless the board shows it already
        (it was dealt before the visitor was known, and no one has seen it)."""
        board = self.board
        game = choice["game"]
        options = {option.name: choice[option.name] for option in game_options(game)}
        if board.kind != game or board._board["options"] != options:
            board.new_game(game=game, **options)


def proven_winnable(record: GameRecord) -> bool:
    """Whether the visitor's recorded game is a proven-winnable deal: a daily challenge, or a
    seed the solver wins within the budget the app's fresh deals are proved with (the store
    keeps no such flag, and those seeds are in no catalogue). A deal dealt from the Options
    menu with "winnable deals only" unticked may be one too; it then shows the badge, truly."""
    deal = record.deal
    if deal.daily is not None:
        return True
    if deal.seed is None or deal.start is not None:
        return False
    return solver.wins_fresh_deal(deal.game, deal.seed, deal.options)
