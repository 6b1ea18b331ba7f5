"""The board widgets: ``Klondike`` and ``Applegate`` wrap an engine game, keep the page's traits
in step with it, and carry out the page's requests."""

from __future__ import annotations

import datetime as dt
import os
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, ClassVar

import anywidget
import traitlets

from .. import scoreboard, solver
from ..daily import DailyDeal, daily_deal
from ..engine import ApplegateGame, Game, IllegalMove, KlondikeGame
from ..moves import Move
from ..state import load_game
from ..store import GameRecord, autosave_enabled, store_path
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


def _bundle_file(name: str, fallback: str) -> Path | str:
    path = _STATIC / name
    return path if path.is_file() else fallback


def _seed_to_json(seed: int | None, _widget: object) -> str | None:
    """Seeds go up to 2**64, beyond what a JavaScript number holds exactly: send text."""
    return None if seed is None else str(seed)


def _now_ms() -> int:
    return int(time.time() * 1000)


class _Board(anywidget.AnyWidget):
    """A game of solitaire shown as a board; the engine game it wraps keeps the rules."""

    _esm = _bundle_file("widget.js", _UNBUILT_ESM)
    _css = _bundle_file("widget.css", "")
    _game_class: ClassVar[type[Game]]

    status = traitlets.Unicode("playing", read_only=True).tag(sync=True)
    score = traitlets.Int(None, allow_none=True, read_only=True).tag(sync=True)
    moves = traitlets.Int(0, read_only=True).tag(sync=True)
    seed = traitlets.Int(None, allow_none=True, read_only=True).tag(
        sync=True, to_json=_seed_to_json
    )
    show_marks = traitlets.Bool(True, help="Mark the piles that take a picked-up card.").tag(
        sync=True
    )
    _board = traitlets.Dict().tag(sync=True)
    _message = traitlets.Dict({"text": "", "kind": "info", "id": 0}).tag(sync=True)
    _hint = traitlets.Dict(None, allow_none=True).tag(sync=True)
    _clock = traitlets.Dict({"started": None, "ended": None}).tag(sync=True)
    # The Stats panel's content, sent in answer to a "stats" request (see scoreboard.panel).
    _stats = traitlets.Dict(None, allow_none=True).tag(sync=True)

    _game: Game

    def _attach(
        self,
        game: Game,
        show_marks: bool,
        autosave: bool = True,
        resumed: GameRecord | None = None,
    ) -> None:
        """Set up the widget around ``game``; every constructor ends here. ``resumed`` is the
        store's record of the game when ``game`` was rebuilt from it."""
        self._winnable_deals = getattr(self, "_winnable_deals", False)
        self._daily: DailyDeal | None = getattr(self, "_daily", None)
        self._adviser = solver.Adviser()
        if not isinstance(game, self._game_class):
            raise TypeError(f"{type(self).__name__} shows a {self._game_class.__name__}")
        self._game = game
        self._message_id = 0
        self._recorder = Recorder(store_path() if autosave and autosave_enabled() else None)
        super().__init__(show_marks=show_marks)
        if resumed is not None:
            if self._recorder.path is not None:
                self._recorder.continue_game(game, resumed)
            self._set_clock_seconds(resumed.seconds)
        self.on_msg(self._on_request)
        self._sync()

    @classmethod
    def _wrap(
        cls,
        game: Game,
        *,
        show_marks: bool = True,
        autosave: bool = True,
        resumed: GameRecord | None = None,
        daily: DailyDeal | None = None,
    ) -> _Board:
        """A widget showing an existing engine game (what ``load`` and ``resume`` return)."""
        board = cls.__new__(cls)
        board._daily = daily
        board._attach(game, show_marks, autosave, resumed)
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

    # ------------------------------------------------------------- keeping the page in step

    def _sync(self) -> None:
        """Bring every synced trait up to date with the game, in one message to every view."""
        game = self._game
        status = game.status
        with self.hold_sync():
            was = self.status
            before = self._board.get("version")
            # status last, so that an observer of status sees the move count it belongs to
            self.set_trait("score", game.score)
            self.set_trait("moves", game.moves)
            self.set_trait("seed", game.seed)
            self.set_trait(
                "_board",
                {
                    **board_view(game),
                    "winnable_deal": self._winnable_deals,
                    "badges": self._badges(),
                },
            )
            self.set_trait("status", status)
            self._update_clock(status)
            said = self._message_id
            if before != game.version:
                self.set_trait("_hint", None)
                if status == "won" and was != "won":
                    self._say(f"You won in {game.moves} moves!", "win")
                elif status == "lost" and was != "lost":
                    self._say(
                        "No move can make progress any more: this game is lost. "
                        "Undo, or start a new game.",
                        "lost",
                    )
                elif self._message.get("text"):
                    self._say("", "info")
            self._record(said)

    def _daily_now(self) -> DailyDeal | None:
        """The daily challenge this board plays now (through restarts; not after a new deal)."""
        daily = self._daily
        return daily if daily is not None and daily.is_dealt_in(self._game) else None

    def _badges(self) -> list[str]:
        """Short labels shown beside the variant: the daily challenge's date."""
        daily = self._daily_now()
        return [] if daily is None else [daily.badge]

    def _record(self, said: int) -> None:
        """Record the game in the store; a store in trouble only ever gives a notice, kept after
        a message this same sync gave (a win, a loss)."""
        daily = self._daily_now()
        notice = self._recorder.update(
            self._game, self._clock_seconds(), None if daily is None else daily.date
        )
        if notice is None:
            return
        text, kind = notice
        if self._message_id != said and self._message.get("text"):
            text, kind = f"{self._message['text']} {text}", self._message["kind"]
        self._say(text, kind)

    def _clock_seconds(self) -> float:
        """The time played so far by the board's clock."""
        clock = self._clock
        if clock.get("started") is None:
            return 0.0
        ended = clock.get("ended")
        return max(0, (_now_ms() if ended is None else ended) - clock["started"]) / 1000

    def _set_clock_seconds(self, seconds: float) -> None:
        """Set the clock to ``seconds`` played (a resumed game goes on from its recorded time)."""
        if not self._game.moves and not self._game.can_redo:
            return
        now = _now_ms()
        ended = None if self._game.status == "playing" else now
        self.set_trait("_clock", {"started": now - round(seconds * 1000), "ended": ended})

    def _update_clock(self, status: str) -> None:
        clock = dict(self._clock)
        if clock["started"] is None and self._game.moves:
            clock["started"] = _now_ms()
        if status == "playing":
            clock["ended"] = None
        elif clock["ended"] is None and clock["started"] is not None:
            clock["ended"] = _now_ms()
        self.set_trait("_clock", clock)

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
            refusal = request_refusal(content, self._game.version)
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
        if kind == "move":
            try:
                move = Move.parse(request["move"])
            except ValueError as unreadable:
                self._say(str(unreadable), "error")
                return
            if not self._game.is_legal(move):
                self._say(self._game.explain(move), "error")
                return
            self.move(move)
        elif kind == "hint":
            self._answer_hint()
        elif kind == "stats":
            self.set_trait("_stats", scoreboard.panel(self._game.kind, self._game.options))
        else:
            actions: dict[str, Callable[[], object]] = {
                "draw": self.draw,
                "undo": self.undo,
                "redo": self.redo,
                "new_game": self.new_game,
                "finish": self.auto_finish,
            }
            try:
                actions[kind]()
            except IllegalMove as refusal:
                self._say(str(refusal), "error")

    def _answer_hint(self) -> None:
        move, verdict = self._adviser.advise(self._game)
        if verdict == "unwinnable":
            self._say(
                "This game can no longer be won: the solver tried every line. "
                "Undo, or start a new game.",
                "lost",
            )
        elif move is None:
            self._say("No move helps here.", "info")
        if move is None or verdict == "unwinnable":
            return
        resolved = str(self._game.resolve(move))
        self.set_trait("_hint", {"move": resolved, "version": self._game.version})
        sure = "a winning line" if verdict == "won" else "the most promising move"
        described = self._game.explain(move).removeprefix("Legal: ")
        self._say(f"Hint ({sure}): {move}, {described}", "info")

    # ------------------------------------------------------------- the game's public API

    def move(self, move: Move | str, dst: str | None = None, n: int = 1) -> None:
        """Make a move (``"t2-t5:3"``, a ``Move``, or ``src, dst[, n]``); raises ``IllegalMove``."""
        with self._changing():
            self._game.move(move, dst, n)

    def draw(self) -> None:
        """Draw from the stock, or recycle the waste when the stock is empty."""
        with self._changing():
            self._game.draw()

    def undo(self) -> None:
        with self._changing():
            self._game.undo()

    def redo(self) -> None:
        with self._changing():
            self._game.redo()

    def auto_finish(self) -> list[Move]:
        """Play every card that can go home now; raises ``IllegalMove`` when the game can't."""
        with self._changing():
            return self._game.auto_finish()

    def new_game(self, seed: int | None = None) -> None:
        """Deal again in the same widget (a random seed when None), keeping the options."""
        with self._changing():
            if self._winnable_deals:
                seed = solver.first_winnable_seed(self._game.kind, seed, self._game.options)
            self._game.new_game(seed)
            self.set_trait("_clock", {"started": None, "ended": None})

    def restart(self) -> None:
        """Deal this game's cards again from the start, as a new attempt at the same deal."""
        with self._changing():
            self._game.restart()
            self.set_trait("_clock", {"started": None, "ended": None})

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
        """Write ``state()`` as JSON to ``path``, atomically: a failed save leaves the old file."""
        self._game.save(path)

    def on_move(self, callback: Callable[[Move], Any]) -> None:
        """Call ``callback(move)`` after every applied move, from code or from the board."""
        self._game.on_move(callback)

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

    def play(self, moves: Iterable[Move | str], delay: float = 0.3) -> None:
        """Make ``moves`` one by one, ``delay`` seconds apart, so every view animates them:
        ``g.play(sw.solve(g).moves)``."""
        solver.play(self, moves, delay)

    def __str__(self) -> str:
        return str(self._game)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} seed={self.seed} moves={self.moves} {self.status}>"


class Klondike(_Board):
    """Klondike: seven columns, a stock to draw from (1 or 3 at a time), four foundations."""

    _game_class = KlondikeGame

    def __init__(
        self,
        seed: int | None = None,
        draw: int = 1,
        scoring: str | None = "standard",
        *,
        show_marks: bool = True,
        winnable: bool = False,
        autosave: bool = True,
    ) -> None:
        self._winnable_deals = winnable
        if winnable:
            seed = solver.first_winnable_seed("klondike", seed, {"draw": draw, "scoring": scoring})
        self._attach(KlondikeGame(seed=seed, draw=draw, scoring=scoring), show_marks, autosave)

    @classmethod
    def from_deal(
        cls,
        cards: Sequence[str],
        draw: int = 1,
        scoring: str | None = "standard",
        *,
        show_marks: bool = True,
        autosave: bool = True,
    ) -> Klondike:
        """A game dealt from these 52 cards in the order a person deals them."""
        game = KlondikeGame.from_deal(cards, draw=draw, scoring=scoring)
        return cls._wrap(game, show_marks=show_marks, autosave=autosave)

    @classmethod
    def daily(
        cls, date: dt.date | str | None = None, draw: int = 1, **board_options: Any
    ) -> Klondike:
        """The daily challenge: one proven-winnable deal per date (UTC; today by default) and
        draw count, the same on every machine; its wins count toward the daily streak.
        ``board_options`` are those of ``Klondike(...)`` (scoring, show_marks, autosave)."""
        deal = daily_deal("klondike", date, draw)
        return cls._daily_board(deal, draw=draw, **board_options)


class Applegate(_Board):
    """Applegate: seven piles of seven, a three-card reserve, runs of thirteen go home."""

    _game_class = ApplegateGame

    def __init__(
        self,
        seed: int | None = None,
        *,
        show_marks: bool = True,
        winnable: bool = False,
        autosave: bool = True,
    ) -> None:
        self._winnable_deals = winnable
        if winnable:
            seed = solver.first_winnable_seed("applegate", seed)
        self._attach(ApplegateGame(seed=seed), show_marks, autosave)

    @classmethod
    def from_deal(
        cls, cards: Sequence[str], *, show_marks: bool = True, autosave: bool = True
    ) -> Applegate:
        """A game dealt from these 52 cards in the order a person deals them."""
        return cls._wrap(ApplegateGame.from_deal(cards), show_marks=show_marks, autosave=autosave)

    @classmethod
    def daily(cls, date: dt.date | str | None = None, **board_options: Any) -> Applegate:
        """The daily challenge: one proven-winnable deal per date (UTC; today by default), the
        same on every machine; its wins count toward the daily streak. ``board_options`` are
        those of ``Applegate(...)`` (show_marks, autosave)."""
        return cls._daily_board(daily_deal("applegate", date), **board_options)


def load(
    state: dict[str, Any] | str, *, show_marks: bool = True, autosave: bool = True
) -> Klondike | Applegate:
    """A new widget of the right kind from a state dict or its JSON text (``g.state()``)."""
    game = load_game(state)
    kind = Klondike if isinstance(game, KlondikeGame) else Applegate
    return kind._wrap(game, show_marks=show_marks, autosave=autosave)
