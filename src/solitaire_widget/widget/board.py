"""The board widgets: ``Klondike`` and ``Applegate`` wrap an engine game, keep the page's traits
in step with it, and carry out the page's requests."""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypedDict, Unpack

import anywidget
import traitlets

from .. import scoreboard, solver
from ..daily import DailyDeal, daily_deal
from ..engine import GAMES, ApplegateGame, Game, IllegalMove, KlondikeGame
from ..moves import Move
from ..solver.coach import Coach
from ..solver.review import Review
from ..state import load_game
from ..store import GameRecord, autosave_enabled, store_path
from ..words import move_in_words, variant_label
from .actions import Actions
from .clock import Clock
from .controls import Controls, controls_tuple
from .recording import Recorder
from .requests import request_refusal
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

FINDING_A_DEAL = "Finding a winnable deal..."
FINDING_A_HINT = "Looking for a good move..."
KLONDIKE_DEFAULTS = {"draw": 1, "scoring": "standard"}


class _Unchanged:
    """The default of an option that ``new_game`` keeps as it is (``None`` is a scoring)."""

    def __repr__(self) -> str:
        return "unchanged"


UNCHANGED: Any = _Unchanged()


def _bundle_file(name: str, fallback: str) -> Path | str:
    path = _STATIC / name
    return path if path.is_file() else fallback


def _seed_to_json(seed: int | None, _widget: object) -> str | None:
    """Seeds go up to 2**64, beyond what a JavaScript number holds exactly: send text."""
    return None if seed is None else str(seed)


def _clock_to_json(_settled: dict[str, Any], board: _Board) -> dict[str, Any]:
    """The clock is read when it is sent, so a view that opens late starts from the true total."""
    return board._timer.view()


class BoardSettings(TypedDict, total=False):
    """How a board looks and helps; keyword-only on every constructor and on ``load``.

    ``controls``: "all" (the default), "lesson", "none" or control names (``CONTROLS``);
    ``show_marks`` (True): mark the piles that take a picked-up card; ``smart_click``: a click
    sends a card with one place to go there; ``auto_move``: safe cards go home after a move on
    the board; ``four_colour`` (False): clubs green, diamonds blue; ``clock``: time the attempt.
    The last three are on, except on a lesson board. ``autosave`` (True): record the game in
    the local game store (``SOLITAIRE_WIDGET_AUTOSAVE=0`` turns recording off everywhere).
    ``coach`` (False): warn at once when a move loses a game the solver proved winnable.
    """

    controls: str | Iterable[str]
    show_marks: bool
    smart_click: bool | None
    auto_move: bool | None
    four_colour: bool
    clock: bool | None
    autosave: bool
    coach: bool


def _checked(settings: BoardSettings) -> dict[str, Any]:
    """The settings checked, with their defaults. A lesson board (``controls="lesson"``) has no
    clock, no auto-move and no smart click unless asked for them: the learner makes every move,
    and a card goes only where the learner puts it."""
    unknown = sorted(set(settings) - set(BoardSettings.__annotations__))
    if unknown:
        known = ", ".join(BoardSettings.__annotations__)
        raise TypeError(f"unknown board setting {unknown[0]!r}: the settings are {known}")
    controls = settings.get("controls", "all")
    lesson = isinstance(controls, str) and controls == "lesson"
    checked = {
        "controls": controls_tuple(controls),
        "show_marks": settings.get("show_marks", True),
        "four_colour": settings.get("four_colour", False),
        "autosave": settings.get("autosave", True),
        "coach": settings.get("coach", False),
    }
    for name in ("autosave", "coach"):
        if not isinstance(checked[name], bool):
            raise TypeError(f"{name} is True or False, not {checked[name]!r}")
    for name in ("clock", "auto_move", "smart_click"):
        value = settings.get(name)
        if value is not None and not isinstance(value, bool):
            raise TypeError(f"{name} is True, False or None (the default), not {value!r}")
        checked[name] = not lesson if value is None else value
    return checked


def _either(ways: list[str]) -> str:
    """ "a", "a or b", "a, b or c"; "" for none."""
    return " or ".join(filter(None, [", ".join(ways[:-1]), *ways[-1:]]))


class _Board(anywidget.AnyWidget):
    """A game of solitaire shown as a board; the engine game it wraps keeps the rules.

    A board can switch games in place (``new_game(game="applegate")``, or the page's options
    menu); its class follows the game it shows, so ``isinstance(g, Applegate)`` stays true to it.
    """

    _esm = _bundle_file("widget.js", _UNBUILT_ESM)
    _css = _bundle_file("widget.css", "")

    status = traitlets.Unicode("playing", read_only=True).tag(sync=True)
    score = traitlets.Int(None, allow_none=True, read_only=True).tag(sync=True)
    moves = traitlets.Int(0, read_only=True).tag(sync=True)
    seed = traitlets.Int(None, allow_none=True, read_only=True).tag(
        sync=True, to_json=_seed_to_json
    )
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
    _board = traitlets.Dict().tag(sync=True)
    _message = traitlets.Dict({"text": "", "kind": "info", "id": 0}).tag(sync=True)
    _hint = traitlets.Dict(default_value=None, allow_none=True).tag(sync=True)
    _clock = traitlets.Dict().tag(sync=True, to_json=_clock_to_json)
    _busy = traitlets.Dict(default_value=None, allow_none=True).tag(sync=True)
    # The Stats panel's content, sent in answer to a "stats" request (see scoreboard.panel).
    _stats = traitlets.Dict(default_value=None, allow_none=True).tag(sync=True)

    _game: Game

    def _attach(
        self,
        game: Game,
        settings: dict[str, Any],
        winnable: bool = False,
        resumed: GameRecord | None = None,
    ) -> None:
        """Set up the widget around ``game`` with settings from ``_checked``; every constructor
        ends here. ``resumed`` is the store's record of the game when ``game`` was rebuilt
        from it."""
        self._winnable_deals = winnable
        self._daily: DailyDeal | None = getattr(self, "_daily", None)
        self._adviser = solver.Adviser()
        self._coach = Coach()
        self._actions = Actions()
        self._timer = Clock(enabled=settings.pop("clock"))
        self._listeners: list[Callable[[Move], Any]] = []
        self._klondike_options = dict(KLONDIKE_DEFAULTS)
        self._version_base = 0
        self._message_id = 0
        self._hold(game)
        self._begin_attempt()
        autosave = settings.pop("autosave")
        self._recorder = Recorder(store_path() if autosave and autosave_enabled() else None)
        super().__init__(**settings)
        if resumed is not None:
            if self._recorder.path is not None:
                self._recorder.continue_game(game, resumed)
            self._timer.resume_from(resumed.seconds, moved=bool(game.moves or game.can_redo))
        self.on_msg(self._on_request)
        self._sync()

    @staticmethod
    def _wrap(
        game: Game,
        settings: BoardSettings,
        resumed: GameRecord | None = None,
        daily: DailyDeal | None = None,
    ) -> Klondike | Applegate:
        """A widget showing an existing engine game (what ``load`` and ``resume`` return)."""
        board_class = _BOARDS[game.kind]
        board = board_class.__new__(board_class)
        board._daily = daily
        board._attach(game, _checked(settings), resumed=resumed)
        return board

    @classmethod
    def _daily_board(cls, deal: DailyDeal, **options: Any) -> Any:
        """A board made as ``cls(seed=deal.seed, **options)`` that knows it shows ``deal``."""
        board = cls.__new__(cls)
        board._daily = deal
        board.__init__(seed=deal.seed, **options)
        return board

    @property
    def game_id(self) -> int | None:
        """This game's id in the local game store (``sw.resume(game_id)``); None while it is not
        recorded (``autosave=False``, ``SOLITAIRE_WIDGET_AUTOSAVE=0``, or a store that failed)."""
        return self._recorder.game_id

    def _hold(self, game: Game) -> None:
        """Show ``game`` from now on. Versions carry on from the game shown before, so a request
        made on that game is stale here; the class follows the game's kind."""
        if getattr(self, "_game", None) is not None:
            self._version_base = self._version
        game.on_move(self._announce)
        self._game = game
        self.__class__ = _BOARDS[game.kind]
        if game.kind == "klondike":
            self._klondike_options = game.options

    def _begin_attempt(self) -> None:
        """A new deal, a restart or a loaded game: the clock, the actions and "has the player
        moved" start over."""
        self._dealt_version = self._game.version
        self._timer.reset()
        self._actions.start(self._game.moves, len(self._game.redo_line))

    @property
    def _version(self) -> int:
        return self._version_base + self._game.version

    def _announce(self, move: Move) -> None:
        for callback in list(self._listeners):
            callback(move)

    # ------------------------------------------------------------- keeping the page in step

    def _sync(self) -> None:
        """Bring every synced trait up to date with the game, in one message to every view."""
        game = self._game
        status = game.status
        version = self._version
        with self.hold_sync():
            was = "playing" if game.version == self._dealt_version else self.status
            before = self._board.get("version")
            # status last, so that an observer of status sees the move count it belongs to
            self.set_trait("score", game.score)
            self.set_trait("moves", game.moves)
            self.set_trait("seed", game.seed)
            view = board_view(game)
            view["version"] = version
            view["label"] = variant_label(game.kind, game.options)
            view["badges"] = self._badges()
            self.set_trait("_board", view)
            self.set_trait("status", status)
            self._timer.follow(game.version != self._dealt_version, status == "playing")
            self.set_trait("_clock", self._timer.settled())
            said = self._message_id
            if before != version:
                self.set_trait("_hint", None)
                self._announce_status(status, was)
            self._record(said)

    def _daily_now(self) -> DailyDeal | None:
        """The daily challenge this board plays now (through restarts; not after a new deal)."""
        daily = self._daily
        return daily if daily is not None and daily.is_dealt_in(self._game) else None

    def _record(self, said: int) -> None:
        """Record the game in the store; a store in trouble only ever gives a notice, kept after
        a message this same sync gave (a win, a loss)."""
        daily = self._daily_now()
        notice = self._recorder.update(
            self._game, self._timer.seconds(), None if daily is None else daily.date
        )
        if notice is None:
            return
        text, kind = notice
        if self._message_id != said and self._message.get("text"):
            text, kind = f"{self._message['text']} {text}", self._message["kind"]
        self._say(text, kind)

    def _announce_status(self, status: str, was: str) -> None:
        if status == "won" and was != "won":
            self._say(f"You won in {self._game.moves} moves!", "win")
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
            return f"No move can make progress: {_either(self._remedies()) or 'game over'}."
        parts = ["restart is no help"] if "restart" in self.controls else []
        parts += self._remedies()
        detail = f": {'; '.join(parts)}" if parts else ""
        return f"This deal cannot make any progress from the start{detail}."

    def _say(self, text: str, kind: str) -> None:
        self._message_id += 1
        self.set_trait("_message", {"text": text, "kind": kind, "id": self._message_id})

    @contextmanager
    def _changing(self) -> Iterator[None]:
        """Sync after a change even when it raises: an ``on_move`` callback may fail after the
        move was made, and the page must still show the move."""
        try:
            yield
        finally:
            self._sync()

    @contextmanager
    def _recording(self, together: bool) -> Iterator[None]:
        """The moves made inside enter the history as one action (``together``) or one action
        each, counted from the history even when an ``on_move`` callback raises. In coach mode
        the action is then judged (see ``solver.coach``); it always stands."""
        before = self._game.moves
        position = self._game.state() if self.coach else None
        try:
            yield
        finally:
            made = self._game.moves - before
            self._actions.made(made, together)
            self._sync()
            if position is not None and made > 0:
                warning = self._coach.judge(position, self._game, self._game.history[before])
                if warning is not None:
                    self._say(warning.text, "coach")

    @contextmanager
    def _working(self) -> Iterator[None]:
        """Kernel work the page may wait on: whatever ``_show_busy`` showed inside goes back to
        null when it ends, however it ends."""
        try:
            yield
        finally:
            self.set_trait("_busy", None)

    def _show_busy(self, text: str) -> None:
        """Tell the page the kernel is busy. Outside ``hold_sync`` the trait is sent at once,
        so the page shows it while the work runs."""
        self.set_trait("_busy", {"text": text, "done": None})

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """The page never sets the game: it asks through requests. What it tries to set is
        refused and the true values go back, so that view is in step again. Only ipywidgets'
        view counting (``_view_count``) may come from the page."""
        counting = {name: value for name, value in sync_data.items() if name == "_view_count"}
        if counting:
            super().set_state(counting)
        refused = [name for name in sync_data if name in self.keys and name not in counting]
        if refused:
            self.send_state(refused)

    # ------------------------------------------------------------- requests from the page

    def _on_request(self, _widget: object, content: object, _buffers: object) -> None:
        try:
            refusal = request_refusal(content, self._version)
            if refusal is not None:
                self._say(refusal, "error")
                return
            assert isinstance(content, dict)
            self._carry_out(content)
        except Exception as error:  # a request from the page must never raise in the kernel
            self.log.exception("solitaire_widget: request %r failed", content)
            self._say(f"That request failed inside the kernel: {error}", "error")

    def _carry_out(self, request: dict[str, Any]) -> None:
        kind = request["type"]
        actions: dict[str, Callable[[], object]] = {
            "move": lambda: self._move_request(request["move"]),
            "draw": lambda: self._act(self._game.draw),
            "undo": self._undo_action,
            "redo": self._redo_action,
            "restart": self.restart,
            "new_game": lambda: self._new_game_request(request.get("options")),
            "hint": self._answer_hint,
            "finish": self.auto_finish,
            "set": lambda: setattr(self, request["name"], request["value"]),
            "stats": lambda: self.set_trait(
                "_stats", scoreboard.panel(self._game.kind, self._game.options)
            ),
        }
        try:
            actions[kind]()
        except IllegalMove as refusal:
            self._say(str(refusal), "error")

    def _move_request(self, text: str) -> None:
        try:
            move = Move.parse(text)
        except ValueError as unreadable:
            self._say(str(unreadable), "error")
            return
        if not self._game.is_legal(move):
            self._say(self._game.explain(move), "error")
            return
        self._act(lambda: self._game.move(move))

    def _act(self, make: Callable[[], object]) -> None:
        """A player's move on the board, then (with ``auto_move``) every safe card sent home:
        one action, which the page's Undo takes back whole."""
        with self._recording(together=True):
            make()
            while self.auto_move and (safe := self._game.safe_move()) is not None:
                self._game.move(safe)

    def _undo_action(self) -> None:
        """The page's Undo: the player's last action, auto moves included."""
        with self._changing():
            for _ in range(self._actions.last_action()):
                self._game.undo()
                self._actions.undone()

    def _redo_action(self) -> None:
        """The page's Redo: the next action, whole."""
        with self._changing():
            for _ in range(self._actions.next_action()):
                self._redo_one()

    def _redo_one(self) -> None:
        before = self._game.moves
        try:
            self._game.redo()
        finally:
            if self._game.moves > before:
                self._actions.redone()

    def _new_game_request(self, options: dict[str, Any] | None) -> None:
        if options is None:
            self.new_game()
        elif options["game"] == "applegate":
            self.new_game(game="applegate", winnable=options["winnable"])
        else:
            self.new_game(
                game="klondike",
                draw=options["draw"],
                scoring=options["scoring"],
                winnable=options["winnable"],
            )

    def _answer_hint(self) -> None:
        with self._working():
            advice = self._adviser.advice(
                self._game, searching=lambda: self._show_busy(FINDING_A_HINT)
            )
            move, verdict = advice.move, advice.verdict
            with self.hold_sync():
                if verdict == "unwinnable":
                    ways = _either(self._remedies())
                    then = f" {ways[0].upper()}{ways[1:]}." if ways else ""
                    text = "This game can no longer be won: the solver tried every line."
                    self._say(text + then, "lost")
                elif move is None:
                    self._say("No move helps here.", "info")
                else:
                    resolved = str(self._game.resolve(move))
                    self.set_trait("_hint", {"move": resolved, "version": self._version})
                    why = f" It {advice.reason}." if advice.reason else ""
                    text = f"Hint: {move_in_words(self._game, move)}.{why}"
                    if verdict != "won":
                        text += " No sure win was found in time; this move looks most promising."
                    self._say(text, "info")

    # ------------------------------------------------------------- the game's public API

    @property
    def kind(self) -> str:
        """ "klondike" or "applegate": the game the board shows now."""
        return self._game.kind

    def move(self, move: Move | str, dst: str | None = None, n: int = 1) -> None:
        """Make a move (``"t2-t5:3"``, a ``Move``, or ``src, dst[, n]``); raises ``IllegalMove``."""
        with self._recording(together=False):
            self._game.move(move, dst, n)

    def draw(self) -> None:
        """Draw from the stock, or recycle the waste when the stock is empty."""
        with self._recording(together=False):
            self._game.draw()

    def undo(self) -> None:
        """Take back one move (the page's Undo takes back a whole action)."""
        with self._changing():
            self._game.undo()
            self._actions.undone()

    def redo(self) -> None:
        """Make the last undone move again."""
        with self._changing():
            self._redo_one()

    def auto_finish(self) -> list[Move]:
        """Play every card that can go home now; raises ``IllegalMove`` when the game can't.
        The page's Undo takes the whole finish back."""
        with self._recording(together=True):
            return self._game.auto_finish()

    def new_game(
        self,
        seed: int | None = None,
        *,
        game: str | None = None,
        draw: int | None = None,
        scoring: str | None = UNCHANGED,
        winnable: bool | None = None,
    ) -> None:
        """Deal again in the same widget: ``seed`` (a random one when None), with the same
        options unless told otherwise.

        ``game="applegate"`` turns the board into an Applegate board, ``game="klondike"`` back
        (with the Klondike options it last had, unless ``draw`` or ``scoring`` say otherwise).
        ``winnable=True`` deals only proven-winnable deals from now on, ``False`` any deal.
        """
        kind, options = self._next_options(game, draw, scoring)
        if winnable is None:
            winnable = self._winnable_deals
        elif not isinstance(winnable, bool):
            raise TypeError(f"winnable is True or False, not {winnable!r}")
        with self._working():
            if winnable:
                self._show_busy(FINDING_A_DEAL)
                seed = solver.first_winnable_seed(kind, seed, options)
            if kind == self.kind and options == self._game.options:
                with self._changing():
                    self._game.new_game(seed)
                    self._winnable_deals = winnable
                    self._begin_attempt()
            else:
                dealt = GAMES[kind](seed=seed, **options)
                with self._changing():
                    self._hold(dealt)
                    self._winnable_deals = winnable
                    self._begin_attempt()

    def _next_options(
        self, game: str | None, draw: int | None, scoring: str | None
    ) -> tuple[str, dict[str, Any]]:
        kind = self.kind if game is None else game
        if kind not in GAMES:
            raise ValueError(f"game is 'klondike' or 'applegate', not {kind!r}")
        if kind == "applegate":
            if draw is not None or scoring is not UNCHANGED:
                raise ValueError("Applegate has no draw or scoring options.")
            return kind, {}
        options = dict(self._klondike_options)
        if draw is not None:
            options["draw"] = draw
        if scoring is not UNCHANGED:
            options["scoring"] = scoring
        return kind, options

    def restart(self) -> None:
        """Deal this game's cards again from the start, as a new attempt at the same deal."""
        with self._changing():
            self._game.restart()
            self._begin_attempt()

    def legal_moves(self) -> list[Move]:
        return self._game.legal_moves()

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
        return self._game.review(time_limit, progress)

    def play(self, moves: Iterable[Move | str], delay: float = 0.3) -> None:
        """Make ``moves`` one by one, ``delay`` seconds apart, so every view animates them:
        ``g.play(sw.solve(g).moves)``."""
        solver.play(self, moves, delay)

    def __str__(self) -> str:
        return str(self._game)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} seed={self.seed} moves={self.moves} {self.status}>"


class Klondike(_Board):
    """Klondike: seven columns, a stock to draw from (1 or 3 at a time), four foundations.

    Board settings, keyword-only and the same on ``from_deal`` and ``load``: ``controls``
    ("all", "lesson", "none" or control names), ``show_marks``, ``smart_click``, ``auto_move``,
    ``four_colour``, ``clock`` (see ``BoardSettings``).
    """

    def __init__(
        self,
        seed: int | None = None,
        draw: int = 1,
        scoring: str | None = "standard",
        *,
        winnable: bool = False,
        **settings: Unpack[BoardSettings],
    ) -> None:
        checked = _checked(settings)
        if winnable:
            seed = solver.first_winnable_seed("klondike", seed, {"draw": draw, "scoring": scoring})
        self._attach(KlondikeGame(seed=seed, draw=draw, scoring=scoring), checked, winnable)

    @classmethod
    def daily(
        cls, date: dt.date | str | None = None, draw: int = 1, **board_options: Any
    ) -> Klondike:
        """The daily challenge: one proven-winnable deal per date (UTC; today by default) and
        draw count, the same on every machine; its wins count toward the daily streak.
        ``board_options`` are those of ``Klondike(...)`` (scoring and the board settings)."""
        deal = daily_deal("klondike", date, draw)
        return cls._daily_board(deal, draw=draw, **board_options)

    @classmethod
    def from_deal(
        cls,
        cards: Sequence[str],
        draw: int = 1,
        scoring: str | None = "standard",
        **settings: Unpack[BoardSettings],
    ) -> Klondike:
        """A game dealt from these 52 cards in the order a person deals them; board settings
        as for ``Klondike``."""
        return cls._wrap(KlondikeGame.from_deal(cards, draw=draw, scoring=scoring), settings)


class Applegate(_Board):
    """Applegate: seven piles of seven, a three-card reserve, runs of thirteen go home.

    Board settings (keyword-only) as for ``Klondike``.
    """

    def __init__(
        self, seed: int | None = None, *, winnable: bool = False, **settings: Unpack[BoardSettings]
    ) -> None:
        checked = _checked(settings)
        if winnable:
            seed = solver.first_winnable_seed("applegate", seed)
        self._attach(ApplegateGame(seed=seed), checked, winnable)

    @classmethod
    def from_deal(cls, cards: Sequence[str], **settings: Unpack[BoardSettings]) -> Applegate:
        """A game dealt from these 52 cards in the order a person deals them; board settings
        as for ``Klondike``."""
        return cls._wrap(ApplegateGame.from_deal(cards), settings)

    @classmethod
    def daily(cls, date: dt.date | str | None = None, **board_options: Any) -> Applegate:
        """The daily challenge: one proven-winnable deal per date (UTC; today by default), the
        same on every machine; its wins count toward the daily streak. ``board_options`` are
        the board settings of ``Applegate(...)``."""
        return cls._daily_board(daily_deal("applegate", date), **board_options)


_BOARDS: dict[str, type[_Board]] = {"klondike": Klondike, "applegate": Applegate}


def load(state: dict[str, Any] | str, **settings: Unpack[BoardSettings]) -> Klondike | Applegate:
    """A new widget of the right kind from a state dict or its JSON text (``g.state()``); board
    settings (``controls``, ``show_marks``, ``smart_click``, ``auto_move``, ``four_colour``,
    ``clock``) as for ``Klondike``."""
    return _Board._wrap(load_game(state), settings)
