"""The player's actions: which moves of a game's history the page's Undo and Redo take together.

A click that moves a card may send safe cards home after it (auto-move), and Finish plays many
cards at once; the player made one action, so the page's Undo takes it back whole and Redo puts
it back whole. Python's ``g.undo()`` stays one move, so the grouping is kept per move: whether
each move of the history (and of the redo list) followed on from the move before it.
"""

from __future__ import annotations


class Actions:
    """Per move, whether it belongs to the action of the move before it."""

    def __init__(self) -> None:
        self._joined: list[bool] = []  # one per move of the history, oldest first
        self._redo_joined: list[bool] = []  # one per move that redo can replay, next one last

    def start(self, moves: int, redoable: int = 0) -> None:
        """A new deal, a restart, or a loaded or resumed game: its ``moves`` moves so far and
        the ``redoable`` moves it can redo are one action each."""
        self._joined = [False] * moves
        self._redo_joined = [False] * redoable

    def fit(self, moves: int, redoable: int) -> None:
        """Mend the grouping after an interrupt cut its bookkeeping short: one flag per move of
        the history and per move that redo can replay (a mended move is an action of its own)."""
        for flags, size in ((self._joined, moves), (self._redo_joined, redoable)):
            if len(flags) > size:
                del flags[size:]
            elif len(flags) < size:
                flags.extend([False] * (size - len(flags)))

    def made(self, count: int, together: bool) -> None:
        """``count`` new moves entered the history: one action (``together``) or one each.
        A new move ends what could be redone, in the engine and here."""
        if count > 0:
            self._redo_joined.clear()
            self._joined.append(False)
            self._joined.extend([together] * (count - 1))

    def undone(self) -> None:
        """One move went from the history to the redo list."""
        self._redo_joined.append(self._joined.pop())

    def redone(self) -> None:
        """One move came back from the redo list."""
        self._joined.append(self._redo_joined.pop())

    def last_action(self) -> int:
        """How many moves the page's Undo takes back: the last move and those it followed."""
        count = 1
        while count < len(self._joined) and self._joined[-count]:
            count += 1
        return count

    def next_action(self) -> int:
        """How many moves the page's Redo puts back: the next one and those that follow it."""
        count = 1
        while count < len(self._redo_joined) and self._redo_joined[-1 - count]:
            count += 1
        return count
