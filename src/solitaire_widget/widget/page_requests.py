"""What the page asks of a board: its requests (moves, undo, hints, review mode, statistics),
checked and carried out, and the coach's word after a move.

``PageRequests`` is a part of ``board.Board``, kept apart because the page's side of a board is
one concern: it uses the board's ``_game``, ``_say``, ``_change`` and ``_moves``, and the board
calls ``_on_request`` for each message the page sends.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from .. import preferences, scoreboard
from ..engine import Game, IllegalMove
from ..moves import Move
from ..shape import brief
from ..solver.coach import CoachWarning
from ..solver.review import review as reviewed
from ..words import move_in_words
from .requests import request_refusal
from .reviewing import ReviewMode

FINDING_A_HINT = "Looking for a good move..."
REVIEWING = "Reviewing the game..."
# The time a review asked for on the board may take (the kernel is busy meanwhile).
REVIEW_SECONDS = 10.0
NOTHING_TO_REVIEW = "There is nothing to review yet: make a move first."
# The page's requests that change the game; refused while the board shows a review.
_PLAYING = frozenset({"move", "draw", "undo", "redo", "restart", "new_game", "hint", "finish"})


def either(ways: list[str]) -> str:
    """ "a", "a or b", "a, b or c"; "" for none."""
    return " or ".join(filter(None, [", ".join(ways[:-1]), *ways[-1:]]))


class PageRequests:
    """The page's requests and the coach, for ``Board`` (which supplies every attribute used
    here but not defined)."""

    def _coach_warns(self, before: Game, history: list[Move], warning: CoachWarning) -> None:
        """Say that the move just made loses a winnable game, naming the better move in words,
        and remember it for the page's Undo (see ``_hint_after_coach``): ``before`` is a copy
        of the game before the move, ``history`` its moves until then."""
        self._coached = None
        if warning.better is not None and warning.better_words is not None:
            better = str(before.resolve(warning.better))
            self._coached = (history, better, warning.better_words)
        self._say(warning.text, "coach")

    def _hint_after_coach(self) -> None:
        """After the page's Undo takes the game back to where the coach spoke, the better
        move the coach named is marked as a hint."""
        coached, self._coached = self._coached, None
        if coached is None or self._game.history != coached[0]:
            return
        _, better, words = coached
        with self.hold_sync():
            # the message first: it brings a view left behind up to date, hint cleared
            self._say(f"Try {words} instead: it keeps the game winnable.", "info")
            self.set_trait("_hint", {"move": better, "version": self._version})

    # ------------------------------------------------------------- review mode

    def _open_review(self) -> None:
        """Review the game with the solver (the page shows progress meanwhile) and open review
        mode on the page, at the turning point when there is one."""
        if not self._game.moves:
            self._say(NOTHING_TO_REVIEW, "info")
            return
        with self._working():
            self._show_busy(REVIEWING)
            review = reviewed(self._game, REVIEW_SECONDS, progress=False)
            self._reviewing = ReviewMode(self._game, review)
            self.set_trait("_review", self._reviewing.view(self._reviewing.opening))

    def _review_step(self, index: int) -> None:
        reviewing = self._reviewing
        if reviewing is None:
            self._say("No review is open: press Review first.", "error")
        elif index > reviewing.last:
            self._say(f"This review has positions 0 to {reviewing.last}, not {index}.", "error")
        else:
            self.set_trait("_review", reviewing.view(index))

    def _leave_review(self) -> None:
        """Back to the live game, which the review never changed."""
        self._reviewing = None
        self.set_trait("_review", None)

    @contextmanager
    def _working(self) -> Iterator[None]:
        """Kernel work the page may wait on: whatever ``_show_busy`` showed inside goes back to
        null when it ends, however it ends."""
        try:
            yield
        finally:
            self.set_trait("_busy", None)

    def _show_busy(self, text: str) -> None:
        """Tell the page the kernel is busy, at once (inside ``hold_sync`` too), so the page
        shows it while the work runs."""
        self.set_trait("_busy", {"text": text, "done": None})
        if self._held:
            self.send_state("_busy")

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
            self.log.exception("solitaire_widget: request (%s) failed", brief(content))
            self._say(f"That request failed inside the kernel: {error}", "error")

    def _carry_out(self, request: dict[str, Any]) -> None:
        kind = request["type"]
        if self._reviewing is not None and kind in _PLAYING:
            self._say("The board shows a review: leave it to play on.", "error")
            return
        actions: dict[str, Callable[[], object]] = {
            "move": lambda: self._move_request(request["move"]),
            "draw": lambda: self._act(self._game.draw),
            "undo": self._undo_action,
            "redo": self._redo_action,
            "restart": self.restart,
            "new_game": lambda: self._new_game_request(request.get("options")),
            "hint": self._answer_hint,
            "finish": self.auto_finish,
            "set": lambda: self._player_sets(request["name"], request["value"]),
            "stats": lambda: self.set_trait(
                "_stats",
                scoreboard.panel(self._game.kind, self._game.options, self._recorder.player),
            ),
            "review": self._open_review,
            "review_step": lambda: self._review_step(request["index"]),
            "review_leave": self._leave_review,
        }
        try:
            actions[kind]()
        except IllegalMove as refusal:
            self._say(str(refusal), "error")

    def _move_request(self, text: str) -> None:
        try:
            move = Move.parse(text)
            legal = self._game.is_legal(move)
        except ValueError as unreadable:  # unreadable, or a pile this game has not
            self._say(str(unreadable), "error")
            return
        if not legal:
            self._say(self._game.explain(move), "error")
            return
        self._act(lambda: self._game.move(move))

    def _act(self, make: Callable[[], object]) -> None:
        """A player's move on the board, then (with ``auto_move``) every safe card sent home:
        one action, which the page's Undo takes back whole."""

        def move_and_send_home() -> None:
            make()
            while self.auto_move and (safe := self._game.safe_move()) is not None:
                self._game.move(safe)

        self._moves(move_and_send_home, together=True)

    def _undo_action(self) -> None:
        """The page's Undo: the player's last action, auto moves included."""

        def undo_action() -> None:
            for _ in range(self._actions.last_action()):
                self._game.undo()
                self._actions.undone()

        self._change(undo_action)
        self._hint_after_coach()

    def _redo_action(self) -> None:
        """The page's Redo: the next action, whole."""

        def redo_action() -> None:
            for _ in range(self._actions.next_action()):
                self._redo_one()

        self._change(redo_action)

    def _redo_one(self) -> None:
        before = self._game.moves
        try:
            self._game.redo()
        finally:
            if self._game.moves > before:
                self._actions.redone()

    def _player_sets(self, name: str, value: bool) -> None:
        """A setting changed in the Options menu: this board's, and kept for the boards the
        player makes from now on (the app's visitor's own; see ``preferences``)."""
        setattr(self, name, value)
        self._tell_unsaved(preferences.remember_setting(name, value, self._recorder.player))

    def _new_game_request(self, options: dict[str, Any] | None) -> None:
        """The bar's New game (the same game again), or one chosen in the Options menu
        (``{"game", "winnable", **that game's options}``), whose choices are kept for the
        menu's next new game and the app (see ``preferences``)."""
        if options is None:
            self.new_game()
            return
        # The new game and the menu's choices reach the page in one update.
        with self.hold_sync():
            chosen = {name: value for name, value in options.items() if name != "game"}
            self.new_game(game=options["game"], **chosen)
            self._remember_next_game(options)

    def _remember_next_game(self, choice: dict[str, Any]) -> None:
        """Keep the choices of a new game the player dealt (the menu's, the app's picker's)
        for the next one; the menu shows them from now on."""
        self._next_game, notice = preferences.remember_next_game(choice, self._recorder.player)
        self._tell_unsaved(notice)

    def _tell_unsaved(self, notice: str | None) -> None:
        if notice is not None:
            self._say(notice, "error")

    def _answer_hint(self) -> None:
        with self._working():
            advice = self._adviser.advice(
                self._game,
                searching=lambda: self._show_busy(FINDING_A_HINT),
                seen=self._seen.cards(),
            )
            move, verdict = advice.move, advice.verdict
            with self.hold_sync():
                if verdict == "unwinnable":
                    ways = either(self._remedies())
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
