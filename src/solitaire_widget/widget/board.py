"""The board widgets: ``Klondike`` and ``Applegate`` wrap an engine game, keep the page's traits
in step with it, and carry out the page's requests."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, ClassVar

import anywidget
import traitlets

from .. import solver
from ..engine import ApplegateGame, Game, IllegalMove, KlondikeGame
from ..moves import Move
from ..solver.coach import Coach
from ..solver.review import Review
from ..state import load_game
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
    coach = traitlets.Bool(
        False, help="Warn at once when a move loses a game the solver proved winnable."
    ).tag(sync=True)
    _board = traitlets.Dict().tag(sync=True)
    _message = traitlets.Dict({"text": "", "kind": "info", "id": 0}).tag(sync=True)
    _hint = traitlets.Dict(None, allow_none=True).tag(sync=True)
    _clock = traitlets.Dict({"started": None, "ended": None}).tag(sync=True)

    _game: Game

    def _attach(self, game: Game, show_marks: bool, coach: bool = False) -> None:
        """Set up the widget around ``game``; every constructor ends here."""
        self._winnable_deals = getattr(self, "_winnable_deals", False)
        self._adviser = solver.Adviser()
        self._coach = Coach()
        if not isinstance(game, self._game_class):
            raise TypeError(f"{type(self).__name__} shows a {self._game_class.__name__}")
        self._game = game
        self._message_id = 0
        super().__init__(show_marks=show_marks, coach=coach)
        self.on_msg(self._on_request)
        self._sync()

    @classmethod
    def _wrap(cls, game: Game, *, show_marks: bool = True) -> _Board:
        """A widget showing an existing engine game (what ``load`` returns)."""
        board = cls.__new__(cls)
        board._attach(game, show_marks)
        return board

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
            self.set_trait("_board", {**board_view(game), "winnable_deal": self._winnable_deals})
            self.set_trait("status", status)
            self._update_clock(status)
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
        move was made, and the page must still show the move. In coach mode a move is then
        judged (see ``solver.coach``); the move always stands."""
        before = self._game.state() if self.coach else None
        try:
            yield
        finally:
            self._sync()
            if before is not None and self._game.moves == len(before["history"]) + 1:
                warning = self._coach.judge(before, self._game, self._game.history[-1])
                if warning is not None:
                    self._say(warning.text, "coach")

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
        coach: bool = False,
    ) -> None:
        self._winnable_deals = winnable
        if winnable:
            seed = solver.first_winnable_seed("klondike", seed, {"draw": draw, "scoring": scoring})
        self._attach(KlondikeGame(seed=seed, draw=draw, scoring=scoring), show_marks, coach)

    @classmethod
    def from_deal(
        cls,
        cards: Sequence[str],
        draw: int = 1,
        scoring: str | None = "standard",
        *,
        show_marks: bool = True,
    ) -> Klondike:
        """A game dealt from these 52 cards in the order a person deals them."""
        game = KlondikeGame.from_deal(cards, draw=draw, scoring=scoring)
        return cls._wrap(game, show_marks=show_marks)


class Applegate(_Board):
    """Applegate: seven piles of seven, a three-card reserve, runs of thirteen go home."""

    _game_class = ApplegateGame

    def __init__(
        self,
        seed: int | None = None,
        *,
        show_marks: bool = True,
        winnable: bool = False,
        coach: bool = False,
    ) -> None:
        self._winnable_deals = winnable
        if winnable:
            seed = solver.first_winnable_seed("applegate", seed)
        self._attach(ApplegateGame(seed=seed), show_marks, coach)

    @classmethod
    def from_deal(cls, cards: Sequence[str], *, show_marks: bool = True) -> Applegate:
        """A game dealt from these 52 cards in the order a person deals them."""
        return cls._wrap(ApplegateGame.from_deal(cards), show_marks=show_marks)


def load(state: dict[str, Any] | str, *, show_marks: bool = True) -> Klondike | Applegate:
    """A new widget of the right kind from a state dict or its JSON text (``g.state()``)."""
    game = load_game(state)
    kind = Klondike if isinstance(game, KlondikeGame) else Applegate
    return kind._wrap(game, show_marks=show_marks)
