"""The board widgets: ``Klondike`` and ``Applegate`` wrap an engine game, keep the page's traits
in step with it, and carry out the page's requests."""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Sequence
from contextlib import nullcontext
from pathlib import Path
from typing import Any, ClassVar

import anywidget
import traitlets
from comm import DummyComm

from .. import solver
from ..engine import ApplegateGame, Game, IllegalMove, KlondikeGame
from ..engine.text import render
from ..moves import Move
from ..shape import brief
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


def _seed_to_json(seed: int | None, widget: _Board) -> str | None:
    """Seeds go up to 2**64, beyond what a JavaScript number holds exactly: send text. A board
    made with ``show_seed=False`` sends null: the seed and the moves rebuild every hidden card."""
    return None if seed is None or not widget.show_seed else str(seed)


def _now_ms() -> int:
    return int(time.time() * 1000)


class _UpToDateOnRead:
    """For the traits that cost a search or a view of the whole board to work out (status and
    what only the page needs): a board that no page can see works them out when they are read,
    not after every move (see ``_Board._sync``)."""

    def get(self, obj: Any, cls: Any = None) -> Any:
        if obj._view_behind:
            obj._catch_up()
        return super().get(obj, cls)  # type: ignore[misc]


class _ViewUnicode(_UpToDateOnRead, traitlets.Unicode):
    pass


class _ViewDict(_UpToDateOnRead, traitlets.Dict):
    pass


# The traits ``_Board._sync`` sets after every change.
_SYNCED = ("score", "moves", "seed", "status", "_board", "_message", "_hint", "_clock")


class _Board(anywidget.AnyWidget):
    """A game of solitaire shown as a board; the engine game it wraps keeps the rules."""

    _esm = _bundle_file("widget.js", _UNBUILT_ESM)
    _css = _bundle_file("widget.css", "")
    _game_class: ClassVar[type[Game]]

    status = _ViewUnicode("playing", read_only=True).tag(sync=True)
    score = traitlets.Int(None, allow_none=True, read_only=True).tag(sync=True)
    moves = traitlets.Int(0, read_only=True).tag(sync=True)
    seed = traitlets.Int(None, allow_none=True, read_only=True).tag(
        sync=True, to_json=_seed_to_json
    )
    show_marks = traitlets.Bool(True, help="Mark the piles that take a picked-up card.").tag(
        sync=True
    )
    show_seed = traitlets.Bool(
        True, help="Send the seed to the page (it reveals every hidden card to whoever sees it)."
    ).tag(sync=True)
    _board = _ViewDict().tag(sync=True)
    _message = _ViewDict({"text": "", "kind": "info", "id": 0}).tag(sync=True)
    _hint = _ViewDict(None, allow_none=True).tag(sync=True)
    _clock = _ViewDict({"started": None, "ended": None}).tag(sync=True)

    _game: Game
    # Whether the traits of _UpToDateOnRead are behind the game.
    _view_behind = False

    def _attach(self, game: Game, show_marks: bool, show_seed: bool = True) -> None:
        """Set up the widget around ``game``; every constructor ends here."""
        self._winnable_deals = getattr(self, "_winnable_deals", False)
        self._adviser = solver.Adviser()
        if not isinstance(game, self._game_class):
            raise TypeError(f"{type(self).__name__} shows a {self._game_class.__name__}")
        self._game = game
        self._legal: tuple[int, list[Move]] = (-1, [])  # the legal moves _sync worked out
        self._message_id = 0
        super().__init__(show_marks=show_marks, show_seed=show_seed)
        self.on_msg(self._on_request)
        self._sync()

    @classmethod
    def _wrap(cls, game: Game, *, show_marks: bool = True, show_seed: bool = True) -> _Board:
        """A widget showing an existing engine game (what ``load`` returns)."""
        board = cls.__new__(cls)
        board._attach(game, show_marks, show_seed)
        return board

    @traitlets.observe("show_seed")
    def _send_seed_again(self, _change: object) -> None:
        self.send_state("seed")

    # ------------------------------------------------------------- keeping the page in step

    def _sync(self) -> None:
        """Bring every synced trait up to date with the game, in one message to every view;
        traits that did not change are left alone.

        A board no page can see (outside a kernel) that nobody observes leaves the status and
        the page's traits behind, to be worked out when one is read: scripts and simulations
        that play thousands of moves on boards pay for the rules alone."""
        game = self._game
        if not self._page_may_listen() and not self._observed():
            # Nobody to tell: the values go where traitlets keeps them, without its checks.
            values = self._trait_values
            values["score"], values["moves"], values["seed"] = game.score, game.moves, game.seed
            self._view_behind = True
            return
        with self.hold_sync():
            self._set("score", game.score)
            self._set("moves", game.moves)
            self._set("seed", game.seed)
            self._view_behind = True
            self._catch_up()

    def _observed(self) -> bool:
        """Whether some observer listens to the traits ``_sync`` sets."""
        notifiers = self._trait_notifiers
        return traitlets.All in notifiers or any(name in notifiers for name in _SYNCED)

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
        """The status, the page's view of the board, the hint, the clock and the message."""
        game = self._game
        status = game.status
        was = self.status
        before = self._board.get("version")
        # status last, so that an observer of status sees the move count it belongs to
        legal = game.legal_moves()
        self._legal = (game.version, legal)
        view = board_view(game, legal)
        self._set("_board", {**view, "winnable_deal": self._winnable_deals})
        self._set("status", status)
        self._update_clock(status)
        if before != game.version:
            self._set("_hint", None)
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
        self._set("_clock", clock)

    def _set(self, name: str, value: Any) -> None:
        """``set_trait``, skipped when the value is what the trait holds: traitlets' checks
        and change notices cost more than a move, and most traits stay as they are."""
        if getattr(self, name) != value:
            self.set_trait(name, value)

    def _say(self, text: str, kind: str) -> None:
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
            self.log.exception("solitaire_widget: request (%s) failed", brief(content))
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
        self._change(lambda: self._game.move(move, dst, n))

    def draw(self) -> None:
        """Draw from the stock, or recycle the waste when the stock is empty."""
        self._change(self._game.draw)

    def undo(self) -> None:
        self._change(self._game.undo)

    def redo(self) -> None:
        self._change(self._game.redo)

    def auto_finish(self) -> list[Move]:
        """Play every card that can go home now; raises ``IllegalMove`` when the game can't."""
        return self._change(self._game.auto_finish)

    def new_game(self, seed: int | None = None) -> None:
        """Deal again in the same widget (a random seed when None), keeping the options."""
        if self._winnable_deals:
            seed = solver.first_winnable_seed(self._game.kind, seed, self._game.options)

        def deal() -> None:
            self._game.new_game(seed)
            self.set_trait("_clock", {"started": None, "ended": None})

        self._change(deal)

    def restart(self) -> None:
        """Deal this game's cards again from the start, as a new attempt at the same deal."""

        def start_again() -> None:
            self._game.restart()
            self.set_trait("_clock", {"started": None, "ended": None})

        self._change(start_again)

    def legal_moves(self) -> list[Move]:
        version, legal = self._legal
        return list(legal) if version == self._game.version else self._game.legal_moves()

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

    def play(self, moves: Iterable[Move | str], delay: float = 0.3) -> None:
        """Make ``moves`` one by one, ``delay`` seconds apart, so every view animates them:
        ``g.play(sw.solve(g).moves)``."""
        solver.play(self, moves, delay)

    def __str__(self) -> str:
        return render(self._game, show_seed=self.show_seed)

    def __repr__(self) -> str:
        seed = self.seed if self.show_seed else "hidden"
        return f"<{type(self).__name__} seed={seed} moves={self.moves} {self.status}>"


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
        show_seed: bool = True,
    ) -> None:
        self._winnable_deals = winnable
        if winnable:
            seed = solver.first_winnable_seed("klondike", seed, {"draw": draw, "scoring": scoring})
        self._attach(KlondikeGame(seed=seed, draw=draw, scoring=scoring), show_marks, show_seed)

    @classmethod
    def from_deal(
        cls,
        cards: Sequence[str],
        draw: int = 1,
        scoring: str | None = "standard",
        *,
        show_marks: bool = True,
        show_seed: bool = True,
    ) -> Klondike:
        """A game dealt from these 52 cards in the order a person deals them."""
        game = KlondikeGame.from_deal(cards, draw=draw, scoring=scoring)
        return cls._wrap(game, show_marks=show_marks, show_seed=show_seed)


class Applegate(_Board):
    """Applegate: seven piles of seven, a three-card reserve, runs of thirteen go home."""

    _game_class = ApplegateGame

    def __init__(
        self,
        seed: int | None = None,
        *,
        show_marks: bool = True,
        winnable: bool = False,
        show_seed: bool = True,
    ) -> None:
        self._winnable_deals = winnable
        if winnable:
            seed = solver.first_winnable_seed("applegate", seed)
        self._attach(ApplegateGame(seed=seed), show_marks, show_seed)

    @classmethod
    def from_deal(
        cls, cards: Sequence[str], *, show_marks: bool = True, show_seed: bool = True
    ) -> Applegate:
        """A game dealt from these 52 cards in the order a person deals them."""
        return cls._wrap(ApplegateGame.from_deal(cards), show_marks=show_marks, show_seed=show_seed)


def load(
    state: dict[str, Any] | str | bytes, *, show_marks: bool = True, show_seed: bool = True
) -> Klondike | Applegate:
    """A new widget of the right kind from a state dict or its JSON text (``g.state()``).

    A state from elsewhere is checked in full; anything this package could not have written is
    refused with a ``ValueError`` that says what is wrong (see the README's state format
    limits). ``show_seed=False`` keeps the seed from the page, for boards others will see."""
    game = load_game(state)
    kind = Klondike if isinstance(game, KlondikeGame) else Applegate
    return kind._wrap(game, show_marks=show_marks, show_seed=show_seed)
