"""The board widgets: ``Klondike`` and ``Applegate`` wrap an engine game, keep the page's traits
in step with it, and carry out the page's requests."""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Any, TypedDict, Unpack

import anywidget
import traitlets
from comm import DummyComm

from .. import preferences, scoreboard, solver
from ..daily import DailyDeal, daily_deal
from ..engine import Game
from ..engine.text import render
from ..game_list import games
from ..games import GAMES, definition
from ..moves import Move
from ..preferences import Preferences
from ..seen import SeenCards
from ..solver.coach import Coach
from ..solver.review import Review, review
from ..state import load_game
from ..store import GameRecord, autosave_enabled, store_path
from ..variants import (
    all_options,
    checked_options,
    has_winnable_deals,
    refuse_other_options,
    variant_of,
    variants,
)
from ..words import variant_label, won_text
from .actions import Actions
from .clock import Clock
from .controls import Controls, controls_tuple
from .dealing import FINDING_A_DEAL, finding_a_deal, no_winnable_deals, seed_to_deal
from .page_requests import PageRequests, either
from .recording import Recorder
from .reviewing import ReviewMode
from .steps import Steps
from .view import board_view

_STATIC = Path(__file__).parents[1] / "static"

# anywidget raises when the class is defined if its module file is missing; without the built
# bundle the package must still import, so the board explains itself instead.
_UNBUILT_ESM = """export default {
  render({ el }) {
    el.textContent =
      "The widget's JavaScript bundle is not built; reinstall with pip install .";
  },
};
"""


def _bundle_file(name: str, fallback: str) -> Path | str:
    path = _STATIC / name
    return path if path.is_file() else fallback


def _seed_to_json(seed: int | None, widget: Board) -> str:
    """Seeds go up to 2**64, beyond what a JavaScript number holds exactly: send text. A board
    made with ``show_seed=False`` sends "": the seed and the moves rebuild every hidden card."""
    return "" if seed is None or not widget.show_seed else str(seed)


# No trait goes to the page as null. JupyterLite's kernel (Pyodide) turns a None in the state it
# sends into JavaScript's undefined, which the JSON on the way drops: the page would never hear
# a trait go back to None (a progress strip that never clears, a review that never closes).
# What has no value is sent empty instead: {} for the dicts, "" for the score and the seed.
def _dict_to_json(value: dict[str, Any] | None, _board: Board) -> dict[str, Any]:
    return {} if value is None else value


def _score_to_json(score: int | None, _board: Board) -> int | str:
    return "" if score is None else score


def _clock_to_json(_settled: dict[str, Any], board: Board) -> dict[str, Any]:
    """The clock is read when it is sent, so a view that opens late starts from the true total."""
    return board._timer.view()


class _UpToDateOnRead:
    """For the traits that cost a search or a view of the whole board to work out (status and
    what only the page needs): a board that no page can see works them out when they are read,
    not after every move (see ``Board._sync``)."""

    def get(self, obj: Any, cls: Any = None) -> Any:
        if obj._view_behind:
            obj._catch_up()
        return super().get(obj, cls)  # type: ignore[misc]


class _ViewUnicode(_UpToDateOnRead, traitlets.Unicode):
    pass


class _ViewDict(_UpToDateOnRead, traitlets.Dict):
    pass


class _ViewInt(_UpToDateOnRead, traitlets.Int):
    pass


# The traits ``Board._sync`` sets after every change.
_SYNCED = ("score", "moves", "seed", "status", "_board", "_message", "_hint", "_clock")


class BoardSettings(TypedDict, total=False):
    """How a board looks and helps; keyword-only on every constructor and on ``load``.

    ``controls``: "all" (the default), "lesson", "none" or control names (``CONTROLS``);
    ``show_marks`` (True): mark the piles that take a picked-up card; ``smart_click``: a click
    sends a card with one place to go there; ``auto_move``: safe cards go home after a move on
    the board; ``four_colour`` (False): clubs green, diamonds blue; ``clock``: time the attempt.
    The last three are on, except on a lesson board. ``autosave``: record the game in the local
    game store (on, except on a lesson board; ``SOLITAIRE_WIDGET_AUTOSAVE=0`` turns recording
    off everywhere).
    ``coach`` (False): warn at once when a move loses a game the solver proved winnable.
    ``show_seed`` (True): send the seed to the page; off for boards others will see, since the
    seed and the moves rebuild every hidden card.
    """

    controls: str | Iterable[str]
    show_marks: bool
    smart_click: bool | None
    auto_move: bool | None
    four_colour: bool
    clock: bool | None
    autosave: bool
    coach: bool
    show_seed: bool


def _checked(settings: BoardSettings, preferred: Preferences | None = None) -> dict[str, Any]:
    """The settings checked, with their defaults: the player's ``preferred`` ones (for a board a
    player makes, see ``preferences``), else the package's. A lesson board
    (``controls="lesson"``) has no clock, no auto-move and no smart click unless asked for
    them: the learner makes every move, and a card goes only where the learner puts it. Nor is
    it recorded: a lesson's positions are not the player's games."""
    unknown = sorted(set(settings) - set(BoardSettings.__annotations__))
    if unknown:
        known = ", ".join(BoardSettings.__annotations__)
        raise TypeError(f"unknown board setting {unknown[0]!r}: the settings are {known}")
    controls = settings.get("controls", "all")
    lesson = isinstance(controls, str) and controls == "lesson"
    if preferred is not None:
        settings = preferred.fill(settings, lesson)
    checked = {
        "controls": controls_tuple(controls),
        "show_marks": settings.get("show_marks", True),
        "four_colour": settings.get("four_colour", False),
        "autosave": settings.get("autosave", not lesson),
        "coach": settings.get("coach", False),
        "show_seed": settings.get("show_seed", True),
    }
    for name in ("autosave", "coach", "show_seed"):
        if not isinstance(checked[name], bool):
            raise TypeError(f"{name} is True or False, not {checked[name]!r}")
    for name in ("clock", "auto_move", "smart_click"):
        value = settings.get(name)
        if value is not None and not isinstance(value, bool):
            raise TypeError(f"{name} is True, False or None (the default), not {value!r}")
        checked[name] = not lesson if value is None else value
    checked["_next_game"] = None if preferred is None else preferred.next_game
    return checked


class Board(PageRequests, anywidget.AnyWidget):
    """A game of solitaire shown as a board; the engine game it wraps keeps the rules.

    One class for every game: ``sw.Klondike(...)`` and ``sw.Applegate(...)`` make boards. A
    board can switch games in place (``new_game(game="applegate")``, or the page's options
    menu) and stays the same widget; ``isinstance(g, sw.Applegate)`` follows the game it shows.
    """

    _esm = _bundle_file("widget.js", _UNBUILT_ESM)
    _css = _bundle_file("widget.css", "")

    status = _ViewUnicode("playing", read_only=True).tag(sync=True)
    score = _ViewInt(None, allow_none=True, read_only=True).tag(sync=True, to_json=_score_to_json)
    moves = _ViewInt(0, read_only=True).tag(sync=True)
    seed = _ViewInt(None, allow_none=True, read_only=True).tag(sync=True, to_json=_seed_to_json)
    show_marks = traitlets.Bool(True, help="Mark the piles that take a picked-up card.").tag(
        sync=True
    )
    controls = Controls(help="The controls the board shows.").tag(sync=True)
    smart_click = traitlets.Bool(
        True, help="A click sends a card with one sensible place there; a double-click too."
    ).tag(sync=True)
    auto_move = traitlets.Bool(
        True, help="After a move on the board, send the cards that are safe to the foundations."
    ).tag(sync=True)
    four_colour = traitlets.Bool(False, help="Clubs green, diamonds blue.").tag(sync=True)
    coach = traitlets.Bool(
        False, help="Warn at once when a move loses a game the solver proved winnable."
    ).tag(sync=True)
    show_seed = traitlets.Bool(
        True, help="Send the seed to the page (it reveals every hidden card to whoever sees it)."
    ).tag(sync=True)
    _board = _ViewDict().tag(sync=True)
    _message = _ViewDict({"text": "", "kind": "info", "id": 0}).tag(sync=True)
    _hint = _ViewDict(default_value=None, allow_none=True).tag(sync=True, to_json=_dict_to_json)
    _clock = _ViewDict().tag(sync=True, to_json=_clock_to_json)
    _busy = traitlets.Dict(default_value=None, allow_none=True).tag(
        sync=True, to_json=_dict_to_json
    )
    # The Stats panel's content, sent in answer to a "stats" request (see scoreboard.panel).
    _stats = traitlets.Dict(default_value=None, allow_none=True).tag(
        sync=True, to_json=_dict_to_json
    )
    # Review mode: None (sent as {}), or the reviewed position the page shows (widget.reviewing).
    _review = traitlets.Dict(default_value=None, allow_none=True).tag(
        sync=True, to_json=_dict_to_json
    )
    # The Options menu's saved choices for the next new game (see preferences), or None (sent
    # as {}): the menu then starts from the board's own.
    _next_game = traitlets.Dict(default_value=None, allow_none=True).tag(
        sync=True, to_json=_dict_to_json
    )

    # The games the Options menu offers, with their options and variants (``game_list``).
    _games = traitlets.List().tag(sync=True)

    _game: Game
    # Whether the traits of _UpToDateOnRead are behind the game.
    _view_behind = False
    _held = 0  # how deep ``hold_sync`` holds the board

    def _attach(
        self,
        game: Game,
        settings: dict[str, Any],
        winnable: bool,
        resumed: GameRecord | None,
        daily: DailyDeal | None,
    ) -> None:
        """Set up the widget around ``game`` with settings from ``_checked`` (see ``_showing``).
        ``resumed`` is the store's record of the game when ``game`` was rebuilt from it;
        ``daily`` the daily challenge it deals."""
        self._winnable_deals = winnable
        self._daily = daily
        self._adviser = solver.Adviser()
        self._coach = Coach()
        # After a coach warning: the history before the losing move, and the better move (its
        # notation and words), which the page's Undo back to that history marks as a hint.
        self._coached: tuple[list[Move], str, str] | None = None
        self._reviewing: ReviewMode | None = None
        self._actions = Actions()
        self._timer = Clock(enabled=settings.pop("clock"))
        self._listeners: list[Callable[[Move], Any]] = []
        # The options each game was last played with on this board, for its next new game.
        self._options_by_game: dict[str, dict[str, Any]] = {}
        self._version_base = 0
        self._message_id = 0
        self._legal: tuple[int, list[Move]] = (-1, [])  # the legal moves _sync worked out
        self._steps = Steps()
        self._won: dict[str, Any] | None = None  # the figures of the win on show
        self._hold(game)
        self._begin_attempt()
        autosave = settings.pop("autosave")
        self._recorder = Recorder(store_path() if autosave and autosave_enabled() else None)
        super().__init__(**settings, _games=games())
        if resumed is not None:
            self._carry_on(resumed)
        self.on_msg(self._on_request)
        self._sync()

    def _carry_on(self, record: GameRecord) -> None:
        """Go on with the game on the board, rebuilt from ``record``: recording into its row,
        its clock from the time it stopped at."""
        game = self._game
        if self._recorder.path is not None:
            self._recorder.continue_game(game, record)
        self._timer.resume_from(record.seconds, moved=bool(game.moves or game.can_redo))

    @classmethod
    def _showing(
        cls,
        game: Game,
        settings: dict[str, Any],
        winnable: bool = False,
        resumed: GameRecord | None = None,
        daily: DailyDeal | None = None,
    ) -> Board:
        """A board showing ``game`` (every way of making a board ends here), with settings
        from ``_checked``."""
        board = cls.__new__(cls)
        board._attach(game, settings, winnable, resumed, daily)
        return board

    @property
    def game_id(self) -> int | None:
        """This game's id in the local game store (``sw.resume(game_id)``); None while it is not
        recorded (``autosave=False``, ``SOLITAIRE_WIDGET_AUTOSAVE=0``, or a store that failed)."""
        return self._recorder.game_id

    def _record_for(self, player: str | None) -> None:
        """Record this board's games from now on as ``player``'s (see ``Recorder``), and keep
        the choices made on it as theirs (see ``preferences``): the Voilà app's visitor once
        their page has sent their token. The game shown is recorded at once."""
        self._recorder = Recorder(store_path() if autosave_enabled() else None, player)
        self._record(self._message_id)

    def _switch_to_recorded(
        self, game: Game, record: GameRecord, daily: DailyDeal | None, winnable: bool
    ) -> None:
        """Show ``game``, rebuilt from ``record`` (see ``resume.rebuild``), in place of the game
        on the board, and go on with it as ``record``'s player's: the Voilà app's visitor's
        game in progress, once their page has said who they are. Nothing new is recorded: the
        game shown before was nobody's. ``winnable`` says whether the deal is a proven-winnable
        one (its badge, and the board's next deals)."""

        def switch() -> None:
            self._hold(game)
            self._daily = daily
            self._winnable_deals = winnable
            self._begin_attempt()
            self._recorder = Recorder(store_path() if autosave_enabled() else None, record.player)
            self._carry_on(record)

        self._change(switch)

    def _deal_daily(self) -> None:
        """Deal today's daily challenge of the game the board shows (the app's picker): the
        date's proven-winnable deal of the variant shown, with its badge; its wins count toward
        the daily streak. A variant without a daily challenge says so."""
        variant = variant_of(self.kind, self._game.options)
        if variant not in variants(catalogued=True):
            self._say(f"{variant.label} has no daily challenge.", "info")
            return
        deal = daily_deal(self.kind, None, **variant.options)
        self._daily = deal
        self.new_game(deal.seed)

    def _hold(self, game: Game) -> None:
        """Show ``game`` from now on. Versions carry on from the game shown before, so a request
        made on that game is stale here."""
        if getattr(self, "_game", None) is not None:
            self._version_base = self._version
        game.on_move(self._announce)
        self._game = game
        self._options_by_game[game.kind] = dict(game.options)

    def _begin_attempt(self) -> None:
        """A new deal, a restart or a loaded game: the clock, the actions and "has the player
        moved" start over."""
        self._dealt_version = self._game.version
        self._seen = SeenCards(self._game)
        self._timer.reset()
        self._actions.start(self._game.moves, len(self._game.redo_line))

    @property
    def _version(self) -> int:
        return self._version_base + self._game.version

    def _announce(self, move: Move) -> None:
        self._seen.moved()
        self._steps.moved(self._game, move)
        for callback in list(self._listeners):
            callback(move)

    # ------------------------------------------------------------- keeping the page in step

    def _sync(self) -> None:
        """Bring every synced trait up to date with the game, in one message to every view;
        traits that did not change are left alone. Then record the game in the store.

        A board no page can see (outside a kernel) that nobody observes leaves the status and
        the page's traits behind, to be worked out when one is read: scripts and simulations
        that play thousands of moves on boards pay for the rules (and the store) alone."""
        game = self._game
        self._actions.fit(game.moves, len(game._redo_stack))
        if not self._page_may_listen() and not self._observed():
            # Nobody to tell: the traits are worked out when one is read (``_UpToDateOnRead``).
            self._view_behind = True
            if self._recorder.path is not None:
                self._follow_clock()
                self._record(self._message_id)
            else:  # starting needs no status; stopping waits until the status is worked out
                self._timer.begin(game.version != self._dealt_version)
            return
        with self.hold_sync():
            self._set("score", game.score)
            self._set("moves", game.moves)
            self._set("seed", game.seed)
            said = self._message_id
            self._view_behind = True
            self._catch_up()
            self._record(said)

    def observe(
        self,
        handler: Callable[..., Any],
        names: Any = traitlets.All,
        type: str = "change",  # traitlets' own keyword
    ) -> None:
        """traitlets' ``observe``, noting which traits someone watches (``_observed``)."""
        watched = [names] if names is traitlets.All or isinstance(names, str) else list(names)
        self.__dict__.setdefault("_watched", set()).update(watched)
        super().observe(handler, names, type)

    def _observed(self) -> bool:
        """Whether some observer listens to the traits ``_sync`` sets (an observer, once
        added, counts for good: the fast path is for boards nobody ever watched)."""
        watched = self.__dict__.get("_watched", ())
        return traitlets.All in watched or any(name in watched for name in _SYNCED)

    @contextmanager
    def hold_sync(self) -> Iterator[None]:
        """ipywidgets' ``hold_sync``, counting how deep the board is held (``_show_busy``)."""
        self._held += 1
        try:
            with super().hold_sync():
                yield
        finally:
            self._held -= 1

    def _catch_up(self) -> None:
        """Bring the traits ``_sync`` left behind up to date (reading one of them calls this)."""
        self._view_behind = False  # so that reads while it works see the traits as they are
        try:
            with self.hold_sync() if self._page_may_listen() else nullcontext():
                self._sync_view()
        except BaseException:
            self._view_behind = True
            raise

    def _sync_view(self) -> None:
        """The figures, the status, the page's view of the board, the hint, the clock and the
        message."""
        game = self._game
        self._set("score", game.score)
        self._set("moves", game.moves)
        self._set("seed", game.seed)
        status = game.status
        version = self._version
        was = "playing" if game.version == self._dealt_version else self.status
        before = self._board.get("version")
        legal = self.legal_moves()
        self._follow_clock()
        if before != version and not status == was == "won":
            self._won = self._win_figures() if status == "won" else None
        view = board_view(game, legal)
        view["version"] = version
        view["label"] = variant_label(game.kind, game.options)
        view["badges"] = self._badges()
        view["steps"] = self._steps.take()
        view["win"] = self._won
        # status last, so that an observer of status sees the move count it belongs to
        self._set("_board", view)
        self._set("status", status)
        self._set("_clock", self._timer.settled())
        if before != version:
            self._set("_hint", None)
            self._announce_status(status, was)

    def _follow_clock(self) -> None:
        game = self._game
        self._timer.follow(game.version != self._dealt_version, game.status == "playing")

    def _set(self, name: str, value: Any) -> None:
        """``set_trait``, skipped when the value is what the trait holds: traitlets' checks
        and change notices cost more than a move, and most traits stay as they are."""
        if getattr(self, name) != value:
            self.set_trait(name, value)

    def _page_may_listen(self) -> bool:
        """False when no page can ever get this board's messages: outside a kernel the comm is
        ``comm``'s ``DummyComm``, which drops them all (unless a test has put something in its
        place). Then ipywidgets' work of preparing each message is skipped: it costs more than
        the move it reports, and scripts and simulations play boards with no page."""
        comm = self.comm
        return type(comm) is not DummyComm or bool({"send", "publish_msg"} & vars(comm).keys())

    def send_state(self, key: str | Iterable[str] | None = None) -> None:
        if self._page_may_listen():
            if self._view_behind:  # before ipywidgets reads (and iterates) what it sends
                self._catch_up()
            super().send_state(key)

    def notify_change(self, change: Any) -> None:
        if self._page_may_listen():
            super().notify_change(change)
        else:  # observers only, without ipywidgets' syncing
            traitlets.HasTraits.notify_change(self, change)

    @traitlets.observe("show_seed")
    def _send_seed_again(self, _change: object) -> None:
        self.send_state("seed")

    def _daily_now(self) -> DailyDeal | None:
        """The daily challenge this board plays now (through restarts; not after a new deal)."""
        daily = self._daily
        return daily if daily is not None and daily.is_dealt_in(self._game) else None

    def _record(self, said: int) -> None:
        """Record the game in the store; a store in trouble only ever gives a notice, kept after
        a message this same sync gave (a win, a loss)."""
        daily = self._daily_now()
        # A board without a clock records no time: a win there sets no best time.
        seconds = self._timer.seconds() if self._timer.enabled else None
        notice = self._recorder.update(self._game, seconds, None if daily is None else daily.date)
        if notice is None:
            return
        text, kind = notice
        if self._message_id != said and self._message.get("text"):
            text, kind = f"{self._message['text']} {text}", self._message["kind"]
        self._say(text, kind)

    def _win_figures(self) -> dict[str, Any]:
        """The figures of a win, for the page's banner: time (whole seconds; None without a
        clock), moves, score (None without one) and the bests it beat. Only a win made on this
        board, in a store this board records in, is compared with the player's earlier wins."""
        game = self._game
        played = self._timer.seconds()
        seconds = int(played) if self._timer.enabled and played > 0 else None
        bests = []
        if self._recorder.path is not None and game.version != self._dealt_version:
            try:
                recorder = self._recorder
                bests = scoreboard.bests_beaten(
                    game.kind, game.options, seconds, game.score, recorder.game_id, recorder.player
                )
            except Exception:  # the store never stops play: the win just claims no best
                self.log.exception("solitaire_widget: reading the bests failed")
        return {"seconds": seconds, "moves": game.moves, "score": game.score, "bests": bests}

    def _announce_status(self, status: str, was: str) -> None:
        won = self._won
        if status == "won" and was != "won" and won is not None:
            self._say(won_text(won["seconds"], won["moves"], won["score"], won["bests"]), "win")
        elif status == "lost":
            text = self._lost_text()
            if self._message.get("text") != text:
                self._say(text, "lost")
        elif self._message.get("text"):
            self._say("", "info")

    def _badges(self) -> list[str]:
        """Short labels shown beside the variant: a proven-winnable deal, the daily challenge."""
        daily = self._daily_now()
        if daily is not None:
            return [daily.badge]
        return ["Winnable deal"] if self._winnable_deals else []

    def _remedies(self) -> list[str]:
        """What a player can still do about a game that cannot be won, naming only the controls
        the board shows (and Undo only when there is a move to undo)."""
        ways = []
        if self._game.can_undo:
            if "undo" in self.controls:
                ways.append("undo some moves")
            if "restart" in self.controls:
                ways.append("restart this deal")
        if "new_game" in self.controls:
            ways.append("start a new game")
        return ways

    def _lost_text(self) -> str:
        if self._game.can_undo:
            return f"No move can make progress: {either(self._remedies()) or 'game over'}."
        parts = ["restart is no help"] if "restart" in self.controls else []
        parts += self._remedies()
        detail = f": {'; '.join(parts)}" if parts else ""
        return f"This deal cannot make any progress from the start{detail}."

    def _say(self, text: str, kind: str) -> None:
        if self._view_behind:  # what a change itself says (a win, a loss) comes first
            self._catch_up()
        self._message_id += 1
        self.set_trait("_message", {"text": text, "kind": kind, "id": self._message_id})

    def _change(self, action: Callable[[], Any]) -> Any:
        """Run ``action`` (a change to the game) and sync the traits afterwards, even when it
        raises: an ``on_move`` callback may fail after the move was made, and the page must
        still show the move.

        A KeyboardInterrupt may arrive at any point: the game puts itself back, and the sync
        runs in any case. Cut short itself (from its first line on), the sync runs again and
        sends every trait, so the page and the traits agree with the game before the interrupt
        goes on. (A ``with`` block would leave a gap: its ``__exit__`` can be interrupted
        before it runs anything.)"""
        try:
            return action()
        finally:
            try:
                self._sync()
            except BaseException:
                self._sync()
                self.send_state()
                raise

    def _moves(self, action: Callable[[], Any], together: bool) -> Any:
        """Run ``action``, which makes moves: they enter the history as one action (``together``)
        or one action each, counted from the history even when an ``on_move`` callback raises
        (and mended by ``_sync`` if an interrupt cuts the counting short). In coach mode the
        action is then judged (see ``solver.coach``); it always stands."""
        before = self._game.moves
        position = self._game.copy() if self.coach else None
        self._steps.begin(self._game if self._page_may_listen() else None, self._version)

        def counted() -> Any:
            try:
                return action()
            finally:
                self._actions.made(self._game.moves - before, together)

        result = self._change(counted)
        if position is not None and self._game.moves > before:
            warning = self._coach.judge(position, self._game, self._game.history[before])
            if warning is not None:
                self._coach_warns(position, self._game.history[:before], warning)
        return result

    # ------------------------------------------------------------- the game's public API

    @property
    def kind(self) -> str:
        """The name of the game the board shows now ("klondike", "spider"; see ``sw.games()``)."""
        return self._game.kind

    def move(self, move: Move | str, dst: str | None = None, n: int = 1) -> None:
        """Make a move (``"t2-t5:3"``, a ``Move``, or ``src, dst[, n]``); raises ``IllegalMove``."""
        self._moves(lambda: self._game.move(move, dst, n), together=False)

    def draw(self) -> None:
        """Draw from the stock, or recycle the waste when the stock is empty."""
        self._moves(self._game.draw, together=False)

    def undo(self) -> None:
        """Take back one move (the page's Undo takes back a whole action)."""

        def undo_one() -> None:
            self._game.undo()
            self._actions.undone()

        self._change(undo_one)

    def redo(self) -> None:
        """Make the last undone move again."""
        self._change(self._redo_one)

    def auto_finish(self) -> list[Move]:
        """Play every card that can go home now; raises ``IllegalMove`` when the game can't.
        The page's Undo takes the whole finish back."""
        return self._moves(self._game.auto_finish, together=True)

    def new_game(
        self,
        seed: int | None = None,
        *,
        game: str | None = None,
        winnable: bool | None = None,
        **options: Any,
    ) -> None:
        """Deal again in the same widget: ``seed`` (a random one when None), with the same
        options unless told otherwise.

        ``game="spider"`` (any registered game, see ``sw.games()``) turns the board into a board
        of that game, with the options it last had on this board (its defaults the first time)
        unless ``options`` (that game's, such as ``draw=3`` or ``suits=2``) say otherwise.
        ``winnable=True`` deals only proven-winnable deals from now on, ``False`` any deal; only
        the games with a daily challenge have proven-winnable deals.
        """
        kind, options = self._next_options(game, options)
        winnable = self._winnable_choice(kind, options, winnable)
        with self._working():
            if winnable:
                self._show_busy(FINDING_A_DEAL)
            seed = seed_to_deal(
                kind,
                options,
                seed,
                winnable=winnable,
                show_seed=self.show_seed,
                trying=lambda tried: self._show_busy(finding_a_deal(tried)),
            )
            same_game = kind == self.kind and options == self._game.options
            dealt = None if same_game else GAMES[kind](seed=seed, **options)

            def deal() -> None:
                if dealt is None:
                    self._game.new_game(seed)
                else:
                    self._hold(dealt)
                self._winnable_deals = winnable
                self._begin_attempt()

            self._change(deal)

    def _next_options(self, game: str | None, given: dict[str, Any]) -> tuple[str, dict[str, Any]]:
        """The game a new deal plays and its options: those given, the rest as last played on
        this board (``ValueError`` names the games, or the game's options)."""
        kind = self.kind if game is None else definition(game).name
        options = {**self._options_by_game.get(kind, {}), **given}
        return kind, checked_options(kind, options)

    def _winnable_choice(self, kind: str, options: dict[str, Any], winnable: bool | None) -> bool:
        """Whether the next deal of ``kind`` with ``options`` must be proven winnable: as
        asked, else as the board dealt before when that variant has proven-winnable deals."""
        if winnable is None:
            return self._winnable_deals and has_winnable_deals(kind, options)
        if not isinstance(winnable, bool):
            raise TypeError(f"winnable is True or False, not {winnable!r}")
        if winnable and not has_winnable_deals(kind, options):
            raise ValueError(no_winnable_deals(kind, options))
        return winnable

    def restart(self) -> None:
        """Deal this game's cards again from the start, as a new attempt at the same deal."""

        def start_again() -> None:
            self._game.restart()
            self._begin_attempt()

        self._change(start_again)

    def legal_moves(self) -> list[Move]:
        version, legal = self._legal
        if version != self._version:
            legal = self._game.legal_moves()
            self._legal = (self._version, legal)
        return list(legal)

    def is_legal(self, move: Move | str) -> bool:
        return self._game.is_legal(move)

    def explain(self, move: Move | str) -> str:
        return self._game.explain(move)

    def state(self) -> dict[str, Any]:
        """The whole game (SPEC section 4), hidden cards included: this stays in Python."""
        return self._game.state()

    def save(self, path: str | os.PathLike[str]) -> None:
        self._game.save(path)

    def on_move(self, callback: Callable[[Move], Any]) -> None:
        """Call ``callback(move)`` after every applied move, from code or from the board, and
        in every game the board deals from now on."""
        self._listeners.append(callback)

    @property
    def history(self) -> list[Move]:
        return self._game.history

    def hint(self) -> Move | None:
        """A move worth making: the first of a winning line when the solver finds one within a
        second, else its most promising move, else None."""
        return self._adviser.advise(self._game)[0]

    @property
    def winnable(self) -> bool | None:
        """True or False when the solver decides within a second whether this position can still
        be won, None when it cannot tell."""
        return solver.winnable(self._game)

    def review(self, time_limit: float = 10.0, progress: bool = True) -> Review:
        """The solver's ``Review`` of this game: each position's verdict, the move that lost a
        winnable game (``turning_point``) and a ``better`` one; ``.plot()`` draws it."""
        return review(self._game, time_limit, progress)

    def play(self, moves: Iterable[Move | str], delay: float = 0.3) -> None:
        """Make ``moves`` one by one, ``delay`` seconds apart, so every view animates them:
        ``g.play(sw.solve(g).moves)``."""
        solver.play(self, moves, delay)

    def __str__(self) -> str:
        return render(self._game, show_seed=self.show_seed)

    def __repr__(self) -> str:
        """Named after the game it shows, as ``sw.Klondike`` or ``sw.Applegate`` name it."""
        seed = self.seed if self.show_seed else "hidden"
        name = definition(self.kind).title
        return f"<{name} seed={seed} moves={self.moves} {self.status}>"


class GameBoards(type):
    """The type of ``sw.Klondike`` and ``sw.Applegate``: each names a game, calling it makes a
    ``Board`` of that game, and ``isinstance(board, sw.Applegate)`` asks which game the board
    shows now. A board never changes its class (anywidget gives each board traits of its own
    through a class made for it), so a switch of game keeps every trait and every view."""

    game: str
    named: dict[str, GameBoards] = {}

    def __init__(cls, name: str, bases: tuple[type, ...], namespace: dict[str, Any]) -> None:
        super().__init__(name, bases, namespace)
        GameBoards.named[cls.game] = cls

    def __instancecheck__(cls, instance: object) -> bool:
        return isinstance(instance, Board) and instance.kind == cls.game


class Klondike(metaclass=GameBoards):
    """Klondike: seven columns, a stock to draw from (1 or 3 at a time), four foundations.

    ``sw.Klondike(...)`` makes a ``Board`` playing Klondike. Board settings, keyword-only and
    the same on ``from_deal`` and ``load``: ``controls`` ("all", "lesson", "none" or control
    names), ``show_marks``, ``smart_click``, ``auto_move``, ``four_colour``, ``clock`` (see
    ``BoardSettings``).
    """

    game = "klondike"

    def __new__(  # type: ignore[misc]
        cls,
        seed: int | None = None,
        draw: int = 1,
        scoring: str | None = "standard",
        *,
        winnable: bool = False,
        **settings: Unpack[BoardSettings],
    ) -> Board:
        return game(cls.game, seed, winnable=winnable, draw=draw, scoring=scoring, **settings)

    @classmethod
    def daily(cls, date: dt.date | str | None = None, draw: int = 1, **board_options: Any) -> Board:
        """The daily challenge: one proven-winnable deal per date (UTC; today by default) and
        draw count, the same on every machine; its wins count toward the daily streak.
        ``board_options`` are those of ``Klondike(...)`` (scoring and the board settings)."""
        return game(cls.game, daily=True if date is None else date, draw=draw, **board_options)

    @classmethod
    def from_deal(
        cls,
        cards: Sequence[str],
        draw: int = 1,
        scoring: str | None = "standard",
        **settings: Unpack[BoardSettings],
    ) -> Board:
        """A game dealt from these 52 cards in the order a person deals them; board settings
        as for ``Klondike``."""
        dealt = GAMES[cls.game].from_deal(cards, draw=draw, scoring=scoring)
        return Board._showing(dealt, _checked(settings, preferences.saved()))


class Applegate(metaclass=GameBoards):
    """Applegate: seven piles of seven, a three-card reserve, runs of thirteen go home.

    ``sw.Applegate(...)`` makes a ``Board`` playing Applegate; board settings (keyword-only) as
    for ``Klondike``.
    """

    game = "applegate"

    def __new__(  # type: ignore[misc]
        cls, seed: int | None = None, *, winnable: bool = False, **settings: Unpack[BoardSettings]
    ) -> Board:
        return game(cls.game, seed, winnable=winnable, **settings)

    @classmethod
    def from_deal(cls, cards: Sequence[str], **settings: Unpack[BoardSettings]) -> Board:
        """A game dealt from these 52 cards in the order a person deals them; board settings
        as for ``Klondike``."""
        refuse_other_options(cls.game, settings)
        return Board._showing(
            GAMES[cls.game].from_deal(cards), _checked(settings, preferences.saved())
        )

    @classmethod
    def daily(cls, date: dt.date | str | None = None, **board_options: Any) -> Board:
        """The daily challenge: one proven-winnable deal per date (UTC; today by default), the
        same on every machine; its wins count toward the daily streak. ``board_options`` are
        the board settings of ``Applegate(...)``."""
        return game(cls.game, daily=True if date is None else date, **board_options)


def game(
    name: str,
    seed: int | None = None,
    *,
    winnable: bool = False,
    daily: dt.date | str | bool = False,
    **options_and_settings: Any,
) -> Board:
    """A board of any registered game (``sw.games()`` lists them): ``sw.game("spider", suits=2,
    seed=7)``. The keywords are that game's options and the board settings (``BoardSettings``);
    ``winnable=True`` deals a proven-winnable deal, ``daily=True`` today's daily challenge
    (``daily="2026-11-30"`` that date's), in the variants that have them."""
    kind = definition(name).name
    option_names = {option.name for option in all_options()}
    options = checked_options(
        kind, {key: value for key, value in options_and_settings.items() if key in option_names}
    )
    settings = {key: value for key, value in options_and_settings.items() if key not in options}
    if not isinstance(winnable, bool):
        raise TypeError(f"winnable is True or False, not {winnable!r}")
    if winnable and not has_winnable_deals(kind, options):
        raise ValueError(no_winnable_deals(kind, options))
    checked = _checked(settings, preferences.saved())  # type: ignore[arg-type]
    if daily is not False:
        if seed is not None:
            raise ValueError("a daily challenge deals its own seed: give seed or daily, not both")
        deal = daily_deal(kind, None if daily is True else daily, **options)
        return Board._showing(GAMES[kind](seed=deal.seed, **options), checked, winnable, daily=deal)
    seed = seed_to_deal(kind, options, seed, winnable=winnable, show_seed=checked["show_seed"])
    return Board._showing(GAMES[kind](seed=seed, **options), checked, winnable)


def load(state: dict[str, Any] | str, **settings: Unpack[BoardSettings]) -> Board:
    """A board at the game a state dict or its JSON text describes (``g.state()``); board
    settings (``controls``, ``show_marks``, ``smart_click``, ``auto_move``, ``four_colour``,
    ``clock``) as for ``Klondike``. The settings left out take the package's defaults, never
    the player's saved preferences: a loaded position looks and plays the same everywhere."""
    return Board._showing(load_game(state), _checked(settings))
