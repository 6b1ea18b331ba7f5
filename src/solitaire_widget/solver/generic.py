"""The search for any declared game: positions are engine games, named by ``_position_key()``.

A game without a tuned solver of its own (its ``GameDef.solver`` left None) is solved here. The
search plays on an engine game of its own, making each move and taking it back (a copy of the
whole game a position would cost several times the move), so every move tried is one the rules
engine itself allows; slower than a compact tuned position, but right for any rules the
declaration can say. Each position is named by ``_position_key()`` (or the game's
``GameDef.symmetry``) and expanded once.

Moves are tried most promising first: a card or run sent home, a card turned up, a card played
from the waste, a run built in suit, a column emptied; the stock next; the shuffles that change
nothing a player can use last. After every move the cards the engine's ``safe_move`` would send
home go home (the engine's own promise that they never cost a win), so positions that differ
only in that share one name.

Two depth-first searches take turns (``search.run_portfolio``): a quick one that leaves out the
moves that cannot help (a whole column moved to an empty one, a run moved off a card it is built
on in suit), and a sound one that tries every legal move and so proves a deal lost when it runs
out of positions.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Hashable
from typing import Any

from ..cards import RANK, SUIT
from ..engine import Game
from ..moves import COLUMN_OF, Move
from .search import UNWINNABLE, WON

__all__ = ["GENERIC", "GenericRules", "InPlace", "Solver", "solver_for"]

# A position here costs several times a tuned solver's compact one: ``InPlace`` expands this
# share of the positions the portfolio gives each slice, so that it looks at the clock as often.
SLICE_SHARE = 4
# Priorities of the kinds of move, higher tried first.
HOME, TURNS_UP, FROM_TALON, IN_SUIT, EMPTIES, STOCK, SHUFFLE = 7, 6, 5, 4, 3, 2, 1


class GenericRules:
    """A game's ``Rules`` for ``search.py`` read from its engine: ``pruned=True`` leaves out
    the moves that cannot help (no proof that a win never needs them)."""

    def __init__(self, start: Game, pruned: bool = False) -> None:
        game = start.copy()
        self.pruned = pruned
        self._symmetry = game.definition.symmetry
        self._opening = _settle(game)
        self.root = game

    def key(self, position: Game) -> Hashable:
        if self._symmetry is not None:
            return self._symmetry(position)
        return position._position_key(), position.recycles

    def is_won(self, position: Game) -> bool:
        return position._is_won()

    def moves(self, position: Game) -> list[Move]:
        """The legal moves worth trying, the most promising last (``DepthFirst`` pops them)."""
        ranked = []
        # The first empty column: the pruned moves fill no other (they are all alike).
        empty = next((i for i, up in enumerate(position.up) if not up), None)
        for order, move in enumerate(position._legal_now()):
            rank = _rank(position, move)
            if self.pruned and move.dst[0] == "t" and not position.up[COLUMN_OF[move.dst]]:
                rank = rank if COLUMN_OF[move.dst] == empty else 0
            if rank or not self.pruned:
                ranked.append((rank, -order, move))
        ranked.sort(key=lambda entry: entry[:2])
        return [move for _, _, move in ranked]

    def notation(self, line: list[Move]) -> list[str]:
        """The line as the engine plays it: each move and the safe moves made after it."""
        game = self.root.copy()
        steps = [str(move) for move in self._opening]
        for move in line:
            game.move(move)
            steps += [str(move), *map(str, _settle(game))]
        return steps


def _settle(game: Game) -> list[Move]:
    """Make every move the engine's ``safe_move`` offers; the moves made."""
    made = []
    while True:
        try:
            home = game.safe_move()
        except NotImplementedError:
            return made
        if home is None:
            return made
        game._push(home, game._plan(home))
        made.append(home)


def _rank(game: Game, move: Move) -> int:
    """How promising ``move`` is (``HOME`` .. ``SHUFFLE``), or 0 for a move that cannot help:
    a whole column moved to an empty one, or a group taken off the card it lies on in sequence
    (when that turns nothing up: it only moves the sequence's break elsewhere)."""
    if move.dst[0] == "f":
        return HOME
    if move.src == "stock" or move.dst == "stock":
        return STOCK
    if move.src[0] != "t":
        return FROM_TALON if move.src in ("waste", "reserve") else SHUFFLE
    column = COLUMN_OF[move.src]
    up, down = game.up[column], game.down[column]
    target = game.up[COLUMN_OF[move.dst]]
    card = up[-move.n]
    if move.n == len(up):
        if down:
            return TURNS_UP
        return EMPTIES if target else 0
    if _in_sequence(game, card, up[-move.n - 1]):
        return 0
    if not target:
        return SHUFFLE
    return IN_SUIT if _in_sequence(game, card, target[-1]) else SHUFFLE


def _in_sequence(game: Game, card: int, onto: int) -> bool:
    """Whether ``card`` on ``onto`` keeps a group together: by the game's own rule where its
    engine says one (``TableGame``), else one rank lower in the same suit."""
    rule = getattr(game, "_in_sequence", None)
    if rule is not None:
        return rule(card, onto)
    return SUIT[card] == SUIT[onto] and RANK[onto] == RANK[card] + 1


class InPlace:
    """Depth-first search on one engine game, trying each position's moves in the order
    ``GenericRules.moves`` gives and taking them back with ``undo``: the ``search.DepthFirst``
    of a game whose positions are engine games. ``cannot_win`` (the game's ``dead_end``), when
    given, proves a position lost, and its moves are not tried."""

    def __init__(self, rules: GenericRules, cannot_win: Callable[[Game], bool] | None = None):
        self.rules = rules
        self.game = rules.root.copy()
        self.nodes = 0
        self.line: list[Move] = []
        self.seen = {rules.key(self.game)}
        self._cannot_win = cannot_win
        self._pending = [rules.moves(self.game)]
        self._made: list[int] = []  # engine moves each step of the line made (safe moves too)

    def advance(self, budget: int) -> str | None:
        """Expand up to a quarter of ``budget`` positions, trying at most ``budget`` moves
        (a move to a position seen before costs about as much as a new one); the verdict once
        there is one, else None. Counted in positions and moves, not seconds, so that a search
        stopped at a number of positions stops at the same place on every machine."""
        game, rules, seen = self.game, self.rules, self.seen
        pending, line, made = self._pending, self.line, self._made
        stop = self.nodes + max(1, budget // SLICE_SHARE)
        tries = budget
        while pending:
            todo = pending[-1]
            if not todo:
                pending.pop()
                if line:
                    line.pop()
                    for _ in range(made.pop()):
                        game.undo()
                continue
            if tries == 0:
                return None
            tries -= 1
            move = todo.pop()
            game._push(move, game._plan(move))
            steps = 1 + len(_settle(game))
            name = rules.key(game)
            if name in seen:
                for _ in range(steps):
                    game.undo()
                continue
            seen.add(name)
            self.nodes += 1
            line.append(move)
            made.append(steps)
            if game._is_won():
                return WON
            lost = self._cannot_win is not None and self._cannot_win(game)
            pending.append([] if lost else rules.moves(game))
            if self.nodes >= stop:
                return None
        return UNWINNABLE


class Solver:
    """How a game is solved: the searches a solve runs (the proving one last), the rules a hint
    reads its favourite moves from, the name a review gives a position, and the cards a line
    shown to a person may send home sooner than the search did. This one suits any game; a
    game with a tuned solver names its own in ``GameDef.solver``."""

    def searches(self, game: Game, as_catalogued: bool = False) -> list:
        fast, sound = GenericRules(game, pruned=True), GenericRules(game)
        # A game's own proof that a position is lost (``GameDef.dead_end``) cuts the proving
        # search short there.
        return [InPlace(fast), InPlace(sound, sound.root.definition.dead_end)]

    def favourites(self, game: Game) -> tuple[Any, list]:
        """The rules a hint asks, and the moves it may hint (the most promising last)."""
        rules = GenericRules(game, pruned=True)
        return rules, rules.moves(rules.root)

    def verdict_key(self, game: Game) -> Hashable:
        """Positions with the same key have the same verdict."""
        rules = GenericRules(game)
        return rules.key(rules.root)

    def safe_to_send_up(self, game: Game) -> list[int]:
        """The cards of ``game`` that a winning line may always send home at once, proven
        never to cost the win; none, without a proof for the game's rules."""
        return []


GENERIC = Solver()


def solver_for(game: Game) -> Solver:
    """The solver ``game`` declares (``GameDef.solver``), or the generic one."""
    named = game.definition.solver
    if named is None:
        return GENERIC
    module, _, name = named.partition(":")
    return getattr(importlib.import_module(module), name)
