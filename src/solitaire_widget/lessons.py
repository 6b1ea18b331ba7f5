"""Small positions and exercises for the teaching notebooks (``notebooks/learn_*.ipynb``).

A lesson shows a rule on a position that holds only the cards the rule is about, so positions are
written compactly here and turned into the state format of SPEC.md section 4 for ``sw.load``, which
checks them. An exercise asks the learner for a move on the board; the cell after it compares where
the board went with where the answer leads. Run unattended (nbclient, nbconvert, CI) nobody moves,
so the check plays the answer itself and says so, and the notebook still runs from top to bottom.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .cards import NAME, RANKS, SUITS, parse_card
from .games import GAMES
from .moves import Move
from .state import FORMAT, load_game
from .words import move_in_words

# The piles that make a position; score, history and the rest do not decide an exercise.
_POSITION_KEYS = ("tableau", "foundations", "stock", "waste", "reserve")


def _pile(text: str) -> dict[str, list[str]]:
    """``"7H 2C | QS JD"``: bottom to top, the cards left of the bar face-down."""
    down, _, up = text.rpartition("|")
    return {"down": down.split(), "up": up.split()}


def _tableau(piles: Sequence[str]) -> list[dict[str, list[str]]]:
    if len(piles) > 7:
        raise ValueError(f"the tableau has 7 piles, not {len(piles)}")
    return [_pile(text) for text in [*piles, *[""] * (7 - len(piles))]]


def _foundation(top: str) -> list[str]:
    """``"5S"`` stands for its suit from the Ace up: ``AS 2S 3S 4S 5S``; ``""`` for an empty one."""
    if not top:
        return []
    card = NAME[parse_card(top)]
    return [rank + card[1] for rank in RANKS[: RANKS.index(card[0]) + 1]]


def _state(game: str, options: dict[str, Any], **piles: Any) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "game": game,
        "options": options,
        "seed": None,
        "stock": [],
        "waste": [],
        "reserve": [],
        "score": GAMES[game](seed=0, **options).score,  # what a new deal of it scores
        "recycles": 0,
        "history": [],
        **piles,
    }


def klondike_state(
    tableau: Sequence[str],
    foundations: Sequence[str] = (),
    stock: str | None = None,
    waste: str = "",
    *,
    draw: int = 1,
) -> dict[str, Any]:
    """A Klondike position with standard scoring, ready for ``sw.load``.

    ``tableau``: up to 7 piles such as ``"7H 2C | QS JD"`` (bottom to top, face-down cards left
    of the bar; ``""`` is an empty column). ``foundations``: up to 4 top cards, ``"5S"`` standing
    for ``AS 2S 3S 4S 5S``. ``stock`` and ``waste``: cards bottom to top; the stock's default holds
    every card named nowhere else, so a lesson names only the cards its rule is about.
    """
    columns = _tableau(tableau)
    if len(foundations) > 4:
        raise ValueError(f"there are 4 foundations, not {len(foundations)}")
    built = [_foundation(top) for top in [*foundations, *[""] * (4 - len(foundations))]]
    waste_cards = waste.split()
    if stock is None:
        named = {card for pile in columns for card in pile["down"] + pile["up"]}
        named.update(card for pile in built for card in pile)
        named.update(waste_cards)
        stock_cards = [rank + suit for suit in SUITS for rank in RANKS if rank + suit not in named]
    else:
        stock_cards = stock.split()
    return _state(
        "klondike",
        {"draw": draw, "scoring": "standard"},
        tableau=columns,
        foundations=built,
        stock=stock_cards,
        waste=waste_cards,
    )


def applegate_state(
    tableau: Sequence[str], foundations: str = "", reserve: str = ""
) -> dict[str, Any]:
    """An Applegate position, ready for ``sw.load``.

    ``tableau`` as for ``klondike_state``. ``foundations``: the suits whose complete run is already
    home, such as ``"CD"`` (each run King at the bottom down to Ace on top). ``reserve``: its cards
    bottom to top. Applegate has nowhere to hide unnamed cards, so every card must be named.
    """
    runs = [[rank + suit for rank in reversed(RANKS)] for suit in foundations]
    if len(runs) > 4:
        raise ValueError(f"there are 4 foundations, not {len(runs)}")
    return _state(
        "applegate",
        {},
        tableau=_tableau(tableau),
        foundations=runs + [[] for _ in range(4 - len(runs))],
        reserve=reserve.split(),
    )


def _position(game: Any) -> dict[str, Any]:
    state = game.state()
    return {key: state[key] for key in _POSITION_KEYS}


@dataclass(frozen=True)
class Verdict:
    """What the check cell shows: whether the learner's moves were right, and why."""

    right: bool
    text: str

    def __str__(self) -> str:
        return self.text

    def _repr_markdown_(self) -> str:
        return ("✅ " if self.right else "") + self.text


class Exercise:
    """A board the learner makes a move on, and the check of that move in a later cell.

    The answer is given to ``check``, not here, so the cell that shows the board does not give
    the answer away.
    """

    def __init__(self, game: Any) -> None:
        self.game = game
        self._start = game.state()
        self._before = game.moves

    def check(self, answer: str | Move | Sequence[str | Move], goal: str, why: str) -> Verdict:
        """Judge the moves made on the board since the exercise was set against ``answer``.

        ``answer``: the moves that solve it. ``goal`` completes "which does not ..." when the
        learner's moves miss, such as "turn the face-down card in t4 over". ``why``: the rule that
        makes the answer right. With no move made yet, the answer is played on the board (so an
        unattended run goes on) and the verdict says so. Moves are named in a player's words, as
        the board names them.
        """
        moves = (
            [Move.coerce(answer)]
            if isinstance(answer, (str, Move))
            else list(map(Move.coerce, answer))
        )
        solved = load_game(self._start)
        answer_words = []
        for move in moves:
            # a wrong answer in a lesson fails here, when the lesson is run
            answer_words.append(move_in_words(solved, move))
            solved.move(move)
        history = self.game.history
        if [str(move) for move in history[: self._before]] != self._start["history"]:
            return self._board_changed()
        played = history[self._before :]
        replay = load_game(self._start)
        positions, played_words = [], []
        for move in played:
            if not replay.is_legal(move):
                return self._board_changed()
            played_words.append(move_in_words(replay, move))
            replay.move(move)
            positions.append(_position(replay))
        if _position(replay) != _position(self.game):
            return self._board_changed()
        if not played:
            for move in moves:
                self.game.move(move)
            shown = ", then ".join(answer_words)
            return Verdict(
                False, f"No move made on the board yet; here is the answer: {shown}. {why}"
            )
        if _position(solved) in positions:
            extra = len(played) - positions.index(_position(solved)) - 1
            more = f" (You went on with {extra} more move{'s' * (extra > 1)} after that.)"
            return Verdict(True, f"Right! {why}" + (more if extra else ""))
        tried = ", then ".join(played_words)
        return Verdict(
            False,
            f"Not quite: you played {tried}, which does not {goal}. Press Undo on the board "
            "and try again, or press Restart and run this cell to see the answer.",
        )

    def _board_changed(self) -> Verdict:
        return Verdict(
            False,
            "This board no longer shows the exercise (a new game was dealt, or moves from before "
            "it were undone): run the cell that set the exercise again.",
        )
