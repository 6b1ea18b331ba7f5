"""What every game shares: piles, the move pipeline, history with undo/redo, listeners, status.

A game's class says how it plays (``_generate``, ``_plan``, ``_execute``, ``_describe``); its
declaration (``definition``, a ``GameDef`` bound by ``games.register``) says what it is: its
cards, its piles, its options. The core reads the declaration for everything the games share:
the deal, the known piles, the state's shape, when the game is won."""

from __future__ import annotations

import functools
import gc
import json
import os
import secrets
from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, TextIO

from ..cards import NAME, parse_card, shuffled
from ..moves import COLUMN_OF, TABLEAU, Move, group_move
from ..options import read_options, read_seed
from ..shape import brief
from .progress import status as worked_out
from .saving import write_atomically

if TYPE_CHECKING:
    from .declaration import CardSet, GameDef

MoveCallback = Callable[[Move], Any]

# The name and version of the JSON state format of SPEC.md section 4.
FORMAT = "solitaire-widget/1"

# A plan is what a legal move will do, worked out while checking it:
# (source pile, the tableau column it comes from or -1, destination pile, cards, score change).
Plan = tuple


class IllegalMove(ValueError):
    """A move the rules forbid. The message names the rule, written for a player."""

    __module__ = "solitaire_widget"  # how users import it, and how tracebacks should name it


def random_seed() -> int:
    """A seed for a game asked for without one: short enough to read out and type back."""
    return secrets.randbelow(10**9)


class Game:
    """A game of solitaire: the position, its history and the rules that change it.

    Subclasses supply the deal, move generation (``_generate``), checking (``_plan``), the
    effect of a plan (``_execute``) and the text describing a legal move (``_describe``).

    Every change is all or nothing. A ``KeyboardInterrupt`` (Ctrl-C, or any signal handler that
    raises) can arrive between any two bytecodes, and blocking signals cannot stop one coming
    from another thread's handler; so each change keeps what it needs to put the game back, and
    puts it back on ``BaseException``. An interrupted move leaves the game as it was before the
    move; once the ``on_move`` callbacks run, the move is made.
    """

    kind: ClassVar[str]
    definition: ClassVar[GameDef]

    down: list[list[int]]
    up: list[list[int]]
    foundations: list[list[int]]
    score: int | None
    recycles: int

    def __init__(self, seed: int | None = None) -> None:
        self._listeners: list[MoveCallback] = []
        self._version = 0
        self._legal: tuple[int, list[Move]] = (-1, [])  # (version, its legal moves), see status
        # What earlier "can anything still progress?" searches found, by position, and the way
        # the last one found progress (progress.py)
        self._progress_memory: dict[tuple, bool] = {}
        self._progress_way: list[tuple] = []
        # (version, move, undo record) of the latest move, for the status after it
        self._last_move: tuple | None = None
        self.new_game(seed)

    # ----------------------------------------------------------------- setting up a game

    @classmethod
    def from_deal(cls, cards: Sequence[str], **options: Any) -> Game:
        """A game dealt from these cards (each card of the game's card set exactly as often as
        the set holds it), in the order a person deals them from the deck."""
        game = cls._unconfigured(**options)
        card_set = game.card_set
        if isinstance(cards, (str, bytes)) or len(cards) != card_set.size:
            raise ValueError(f"a deal needs the {card_set.size} cards of {card_set.describe()}")
        deck = [parse_card(card) for card in cards]
        wrong = card_set.miscount(Counter(deck))
        if wrong is not None:
            raise ValueError(
                f"a deal needs the {card_set.size} cards of {card_set.describe()}: {wrong}"
            )
        game._start_game(None, deck)
        return game

    @classmethod
    def _unconfigured(cls, **options: Any) -> Game:
        """A game with its options set and no position yet, for deals and loading."""
        game = cls.__new__(cls)
        game._listeners = []
        game._version = 0
        game._legal = (-1, [])
        game._progress_memory = {}
        game._progress_way = []
        game._last_move = None
        game._configure(**options)
        return game

    def new_game(self, seed: int | None = None) -> None:
        """Deal the deck for ``seed`` (a random seed when None), keeping the options."""
        seed = random_seed() if seed is None else read_seed(seed)
        deck = self.shuffled(seed)
        self._all_or_nothing(lambda: self._start_game(seed, deck))

    @property
    def card_set(self) -> CardSet:
        """The cards this game is played with (they may depend on its options: Spider's
        suits)."""
        return self.definition.card_set(self._options)

    def shuffled(self, seed: int) -> list[int]:
        """The game's cards in the order the deal for ``seed`` takes them from the pack."""
        return shuffled(self.card_set.cards, seed)

    def _start_game(self, seed: int | None, deck: list[int]) -> None:
        self.seed = seed
        self._deal(deck)
        self._begin_history(seed_deal=seed is not None)

    def restart(self) -> None:
        """Go back to where this game started (its deal, or the position it was loaded at) and
        begin a new attempt: the history, undo and redo are cleared."""

        def start_again() -> None:
            self._restore(self._start)
            self._begin_history(seed_deal=self._start_is_seed_deal)

        self._all_or_nothing(start_again)

    def _all_or_nothing(self, change: Callable[[], None]) -> None:
        """Run ``change``, putting the whole game back if it is interrupted: for the rare changes
        that replace the position wholesale (a new deal, a restart), where a full copy costs
        nothing.

        ``change`` may assign new lists (``_deal``, ``_begin_history`` do) or write into the
        piles in place (``_restore`` does); the attributes bring the old lists back, the copy of
        the position their contents. A plain ``try``, not a ``with`` block: an interrupt in a
        context manager's ``__exit__`` leaves its generator unfinished, and when the garbage
        collector closed it later, it would put the old game back behind the back of whoever
        had seen the new one."""
        # A game being set up (``__init__``) has no position yet: nothing to put back.
        if not hasattr(self, "_start"):
            change()
            return
        attributes = dict(self.__dict__)
        position = self._snapshot()
        try:
            change()
        except BaseException:
            self.__dict__.update(attributes)
            self._restore(position)
            raise

    def _begin_history(self, seed_deal: bool) -> None:
        """Make the current position the start of the game's history."""
        self._start = self._snapshot()
        self._start_is_seed_deal = seed_deal
        self._history: list[Move] = []
        self._undo_stack: list[tuple] = []
        self._redo_stack: list[Move] = []
        # Where a new move cut the line (the history, then the redo line): the index of the
        # first ply it replaced. Undo and redo never change the line, so a reader that kept
        # the line (the board's recorder) finds what changed from the cuts made since.
        self._line_cuts: list[int] = []
        self._changed()

    def _configure(self, **options: Any) -> None:
        """Keep the game's options, each checked by its game's table (``options.py``)."""
        declared = self.definition
        self._options: dict[str, Any] = read_options(declared.options, declared.title, options)
        self._cards = self.definition.card_set(self._options).size

    def _deal(self, deck: list[int]) -> None:
        raise NotImplementedError

    # ----------------------------------------------------------------- position

    def _piles(self) -> list[list[int]]:
        return [*self.down, *self.up, *self.foundations]

    def _snapshot(self) -> tuple:
        return [pile[:] for pile in self._piles()], self.score, self.recycles

    def _restore(self, snapshot: tuple) -> None:
        piles, self.score, self.recycles = snapshot
        for pile, saved in zip(self._piles(), piles, strict=True):
            pile[:] = saved

    def _position_key(self) -> tuple:
        return tuple(tuple(pile) for pile in self._piles())

    def _position_copy(self) -> Game:
        """A new game in this position, with no history and no listeners: something a search
        may change freely while this game stays as it is."""
        copy = type(self)._unconfigured(**self._options)
        copy.seed = self.seed
        copy._deal(list(copy.card_set.cards))  # gives the copy its own pile lists
        copy._restore(self._snapshot())
        return copy

    def _touched(self, plan: Plan) -> list[list[int]]:
        """The piles a plan (or the plan inside an undo record) changes: what an interrupted
        move or undo must put back."""
        source, column, target = plan[0], plan[1], plan[2]
        return [source, target, self.down[column]] if column >= 0 else [source, target]

    # ----------------------------------------------------------------- public API

    @property
    def options(self) -> dict[str, Any]:
        return dict(self._options)

    @property
    def history(self) -> list[Move]:
        return list(self._history)

    @property
    def moves(self) -> int:
        return len(self._history)

    @property
    def version(self) -> int:
        return self._version

    @property
    def can_undo(self) -> bool:
        return bool(self._undo_stack)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo_stack)

    @property
    def redo_line(self) -> list[Move]:
        """The moves ``redo`` would replay, the next one first."""
        return self._redo_stack[::-1]

    @property
    def can_auto_finish(self) -> bool:
        return False

    def legal_moves(self) -> list[Move]:
        """Every legal move once, in a stable order; foundation moves have destination ``f``."""
        return self._legal_now()[:]

    def _legal_now(self) -> list[Move]:
        """The legal moves, worked out once a position: the status search starts from them,
        and a board asks for them next (the list itself: callers must not change it)."""
        version, legal = self._legal
        if version != self._version:
            legal = self._generate()
            self._legal = (self._version, legal)
        return legal

    def is_legal(self, move: Move | str) -> bool:
        try:
            self._plan(self._known(Move.coerce(move)))
        except IllegalMove:
            return False
        return True

    def explain(self, move: Move | str) -> str:
        """One sentence: what the move does if it is legal, or the rule that forbids it."""
        move = self._known(Move.coerce(move))
        try:
            plan = self._plan(move)
        except IllegalMove as refusal:
            return str(refusal)
        return "Legal: " + self._describe(move, plan)

    def resolve(self, move: Move | str) -> Move:
        """The move with destination ``f`` replaced by the foundation that would take it."""
        move = self._known(Move.coerce(move))
        if move.dst != "f":
            return move
        plan = self._plan(move)
        return Move(move.src, f"f{self.foundations.index(plan[2]) + 1}", move.n)

    def move(self, move: Move | str, dst: str | None = None, n: int = 1) -> None:
        """Make a move given as notation, a ``Move``, or ``src, dst[, n]``.

        Raises ``IllegalMove`` naming the rule when the rules forbid it; nothing changes then.
        """
        move = Move(move, dst, n) if dst is not None else Move.coerce(move)
        self._push(move, self._plan(self._known(move)))

    def _known(self, move: Move) -> Move:
        """``move``, when it names piles this game has; else a ``ValueError`` (not an
        ``IllegalMove``: the move is not one of this game's at all) naming the game's piles."""
        piles = self.definition.piles
        if move.partner is not None:
            if not self.definition.pairs:
                raise ValueError(
                    f"{self.definition.title} sends no pairs of cards home: {str(move)!r} is "
                    "a pair move, as in Pyramid"
                )
            if move.partner not in piles:
                raise ValueError(
                    f"{self.definition.title} has no pile {move.partner!r} (in {str(move)!r}): "
                    f"its piles are {self.definition.table.describe()}"
                )
        if move.src in piles and move.dst in piles:
            return move
        unknown = move.src if move.src not in piles else move.dst
        raise ValueError(
            f"{self.definition.title} has no pile {unknown!r} (in {str(move)!r}): "
            f"its piles are {self.definition.table.describe()}"
        )

    def draw(self) -> None:
        """Draw, or recycle the waste when the stock is empty: what a click on the stock does."""
        raise IllegalMove(f"{self.kind.capitalize()} has no stock.")

    def undo(self) -> None:
        undo, history, redo = self._undo_stack, self._history, self._redo_stack
        if not undo:
            raise IllegalMove("There is no move to undo.")
        entry, move = undo[-1], history[-1]
        record, score, recycles = entry
        piles = [(pile, pile[:]) for pile in self._touched_by(record)]
        score_now, recycles_now, depth, redo_depth = self.score, self.recycles, len(undo), len(redo)
        try:
            self._revert(record)
            self.score, self.recycles = score, recycles
            undo.pop()
            history.pop()
            redo.append(move)
            self._changed()
        except BaseException:
            for pile, cards in piles:
                pile[:] = cards
            self.score, self.recycles = score_now, recycles_now
            if len(undo) < depth:
                undo.append(entry)
            if len(history) < depth:
                history.append(move)
            del redo[redo_depth:]
            raise

    def redo(self) -> None:
        if not self._redo_stack:
            raise IllegalMove("There is no move to redo.")
        move = self._redo_stack[-1]
        self._push(move, self._plan(move), redone=True)

    def auto_finish(self) -> list[Move]:
        raise NotImplementedError

    def safe_move(self) -> Move | None:
        """A move to a foundation that can never cost the player anything (what auto-move
        plays after a player's move), or None."""
        raise NotImplementedError

    def on_move(self, callback: MoveCallback) -> None:
        """Call ``callback(move)`` after every applied move, from code or from the board."""
        self._listeners.append(callback)

    @property
    def status(self) -> str:
        """``"won"``, ``"lost"`` (no way left to make progress) or ``"playing"``."""
        if self._status_version != self._version:
            version = self._version
            status = "won" if self._is_won() else worked_out(self, self._legal_now())
            # the answer first: cut off between the two, the next call asks again
            self._status = status
            self._status_version = version
        return self._status

    def state(self) -> dict[str, Any]:
        """The whole game in the JSON-ready format of SPEC.md section 4, hidden cards included.

        A game that did not start from its seed's deal (``from_deal``, or a loaded position)
        carries its start position too, so that its history can be replayed.
        """
        state = self._position_dict(self._snapshot())
        state["history"] = [str(move) for move in self._history]
        start = self._start_state()
        if start is not None:
            state["start"] = start
        return state

    def position(self) -> dict[str, Any]:
        """The position alone, in the state format with an empty history: what a search
        starts from, without the cost of writing out a long history."""
        position = self._position_dict(self._snapshot())
        position["history"] = []
        return position

    def copy(self) -> Game:
        """A new game in this position, with an empty history and no listeners: a replay of
        a line starts from it, without writing the state out and checking it back in."""
        copy = self._position_copy()
        copy._begin_history(seed_deal=False)
        return copy

    def _start_copy(self) -> Game:
        """A new game at this game's start position (where its history begins), with an empty
        history and no listeners: a retrace of the history starts from it, without writing the
        state out and checking it back in."""
        copy = self._position_copy()
        copy._restore(self._start)
        copy._begin_history(seed_deal=self._start_is_seed_deal)
        return copy

    def _replayed_copy(self) -> Game:
        """A new game with this game's start and whole history, replayed, and no listeners:
        what a review walks with undo and redo."""
        copy = self._start_copy()
        copy._replay(self._history)
        return copy

    def _start_state(self) -> dict[str, Any] | None:
        """``state()["start"]``, without writing out the history: the position the history
        is replayed from, or None when it is the seed's deal (or there is no history)."""
        if not self._history or self._start_is_seed_deal:
            return None
        start = self._position_dict(self._start)
        start["history"] = []
        return start

    def _position_dict(self, snapshot: tuple) -> dict[str, Any]:
        """A position (``_snapshot()``'s value) in the state format, without the history."""
        piles, score, recycles = snapshot
        names = [[NAME[card] for card in pile] for pile in piles]
        columns, foundations = len(self.up), len(self.foundations)
        return {
            "format": FORMAT,
            "game": self.kind,
            "options": self.options,
            "seed": self.seed,
            "tableau": [{"down": names[i], "up": names[columns + i]} for i in range(columns)],
            "foundations": names[2 * columns : 2 * columns + foundations],
            **self._extra_piles(names[2 * columns + foundations :]),
            "score": score,
            "recycles": recycles,
        }

    def _extra_piles(self, names: list[list[str]]) -> dict[str, list[str]]:
        """The stock, waste and reserve in the state format, from the piles after the
        foundations in ``_piles()``."""
        raise NotImplementedError

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write ``state()`` as JSON to ``path``, atomically: a save that fails leaves the file
        that was there as it was."""
        state = self.state()

        def write(file: TextIO) -> None:
            json.dump(state, file, indent=1)
            file.write("\n")

        write_atomically(path, write)

    def __str__(self) -> str:
        from .text import render

        return render(self)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} seed={self.seed} moves={self.moves} {self.status}>"

    # ----------------------------------------------------------------- the move pipeline

    def _push(self, move: Move, plan: Plan, redone: bool = False) -> None:
        """Make a checked move: all of it, or (when interrupted) none of it. A new move drops
        the redo line; a redone one takes its move off the redo line.

        ``_execute`` puts the piles back itself if it is cut off before the move is made, and
        hands over the undo record, in ``receipt``, as the move's last step; from then on
        ``_revert`` takes the move back."""
        score, recycles, redo = self.score, self.recycles, self._redo_stack
        depth = len(self._history)
        if redo and not redone:
            self._line_cuts.append(depth)  # first: a cut noted for a move cut off is harmless
        receipt: list[tuple] = []
        try:
            self._execute(plan, receipt)
            self._undo_stack.append((receipt[0], score, recycles))
            self._history.append(move)
            if redone:
                redo.pop()
            elif redo:
                self._redo_stack = []
            self._version += 1
            self._last_move = (self._version, move, receipt[0])
        except BaseException:
            if receipt:
                self._revert(receipt[0])
            self.score, self.recycles, self._redo_stack = score, recycles, redo
            del self._undo_stack[depth:], self._history[depth:]
            if redone and (not redo or redo[-1] is not move):
                redo.append(move)
            raise
        for callback in self._listeners[:]:
            callback(move)

    def _replay(self, moves: Sequence[Move]) -> None:
        """Make a list of moves, as loading a saved game's history does: checked like ``move``
        but without the per-move bookkeeping, so that a long history loads fast. For a game that
        nobody sees yet (no listeners, no redo line); raises ``IllegalMove`` with the move's
        number in ``moves`` as ``refusal.args[1]``, the moves before it made and in the history
        (``state.replay`` may keep the game as far as the rules allowed).

        The loop makes a few small tuples a move, none of them in a cycle, yet for 100,000
        moves their sheer number sets off the cyclic garbage collector again and again, each
        time walking every object alive (doubling the load time of a long history): it is
        paused while the moves are made."""
        undo, plan_of, execute = self._undo_stack, self._plan, self._execute
        played = 0
        collecting = gc.isenabled()
        gc.disable()
        try:
            piles = self.definition.piles
            for number, move in enumerate(moves, 1):
                try:
                    if move.src not in piles or move.dst not in piles or move.partner:
                        self._known(move)
                    plan = plan_of(move)
                except IllegalMove as refusal:
                    raise IllegalMove(str(refusal), number) from None
                score, recycles, receipt = self.score, self.recycles, []
                execute(plan, receipt)
                undo.append((receipt[0], score, recycles))
                played = number
        finally:
            if collecting:
                gc.enable()
            self._history.extend(moves[:played])
            self._changed()

    def _changed(self) -> None:
        self._version += 1
        self._status_version = -1

    def _is_won(self) -> bool:
        return sum(map(len, self.foundations)) == self._cards

    def _generate(self) -> list[Move]:
        raise NotImplementedError

    def _check_position(self, where: str) -> None:
        """What a loaded position must hold beyond its declaration's piles and card set (a
        game's own rules: Klondike's face-up runs, Applegate's finished runs); a
        ``ValueError`` saying what is wrong. ``where`` begins the message."""

    def _checked_score(self, score: Any, where: str) -> int | None:
        """A loaded score: null for a game that keeps none; else a whole number within the
        bounds the declaration's ``limits`` give."""
        if self.definition.scoring is None:
            if score is not None:
                raise ValueError(f"{where}score must be null when the game has no scoring")
            return None
        low, high = self.definition.limits.score
        if type(score) is not int or not low <= score <= high:
            raise ValueError(
                f"{where}score must be a whole number from {low} to {high}, not {brief(score)}"
            )
        return score

    def _draw_comes_round(self, record: tuple) -> bool:
        """Whether the draw just made (``record``: its undo record) is undone by more draws and
        recycles, making no progress: never, unless the game's stock cycles (Klondike's)."""
        return False

    @classmethod
    def layouts(cls) -> Callable[[Game], Any]:
        """The class of this game's layouts for the "lost" search (``progress.py``): what
        positions can be reached without progress, and how to tell progress when it comes."""
        raise NotImplementedError

    def _plan(self, move: Move) -> Plan:
        raise NotImplementedError

    def _execute(self, plan: Plan, receipt: list[tuple]) -> None:
        """Carry out a checked move, all or nothing, and put in ``receipt`` what ``_revert``
        needs to take it back: that is the move's last step. Cut off before it, ``_execute``
        leaves the piles as they were (the score and the recycle count are ``_push``'s to put
        back)."""
        raise NotImplementedError

    def _move_cards(self, plan: Plan, receipt: list[tuple]) -> None:
        """Move a plan's cards and turn up a face-down card left on top (see ``_execute``).

        It keeps only what the move computes anyway (the cards, two heights), so being all or
        nothing costs next to nothing on the engine's hot path."""
        source, column, target, n, _ = plan
        cards = source[-n:]
        base, size = len(source) - n, len(target)
        down = self.down[column] if column >= 0 else None
        turned = None
        try:
            target += cards
            del source[base:]
            if down and not source:
                turned = down[-1]
                source.append(turned)
                del down[-1]
            receipt.append(("cards", plan, turned is not None))
        except BaseException:
            if not receipt:
                del target[size:]
                source[base:] = cards
                if turned is not None and (not down or down[-1] != turned):
                    down.append(turned)
            raise

    def _touched_by(self, record: tuple) -> list[list[int]]:
        """The piles undoing ``record`` changes."""
        return self._touched(record[1])

    def _revert(self, record: tuple) -> None:
        """Undo a card move from its record: an undo costs what the move cost, not a copy of the
        whole position."""
        _, (source, column, target, n, _), flipped = record
        if flipped:
            self.down[column].append(source.pop())
        source.extend(target[-n:])
        del target[-n:]

    def _describe(self, move: Move, plan: Plan) -> str:
        raise NotImplementedError

    # ----------------------------------------------------------------- shared checks

    @staticmethod
    def _top_card_of(stack: list[int], name: str, n: int) -> list[int]:
        """``stack`` (the waste, the reserve), whose top card alone plays, or the rule that
        forbids taking ``n`` cards from it."""
        if not stack:
            raise IllegalMove(f"The {name} is empty.")
        if n != 1:
            raise IllegalMove(f"Only the {name}'s top card can be played.")
        return stack

    def _lifted_column(self, pile: str, n: int) -> int:
        """The column a move lifts ``n`` cards off, or the rule that forbids it."""
        column = COLUMN_OF[pile]
        up = self.up[column]
        if not up:
            raise IllegalMove(f"{pile} is empty.")
        if n > len(up):
            if n <= len(up) + len(self.down[column]):
                count = "1 face-up card" if len(up) == 1 else f"{len(up)} face-up cards"
                raise IllegalMove(f"Face-down cards never move: {pile} has only {count}.")
            total = len(up) + len(self.down[column])
            raise IllegalMove(f"{pile} has only {total} card{'s' if total > 1 else ''}.")
        return column


@functools.cache
def run_moves(column: int, size: int) -> tuple[tuple[Move | None, ...], ...]:
    """For a column holding ``size`` face-up cards: for each of them, bottom first, the moves of
    the group from that card to the top, indexed by destination column (None for its own)."""
    source = TABLEAU[column]
    return tuple(
        tuple(
            group_move(source, target, size - k) if target != source else None for target in TABLEAU
        )
        for k in range(size)
    )
