"""The status by the rules' words alone, for tests to hold the engine's fast status to.

SPEC section 1: a game is lost when no sequence of moves can make progress, where progress is a
card leaving the waste or the reserve for the tableau or a foundation, the foundations holding
more than they do now, or a face-down card turning up. This search walks whole positions (every
pile, the stock and waste included) reached by moves without progress, made on copies with the
engine's own move mechanics (``_plan``, ``_execute``), and judges progress by comparing the
piles before and after each move: none of the engine's shortcuts, layouts or memory.
"""

from __future__ import annotations

from solitaire_widget.engine import Game

LIMIT = 20_000


def _counts(game: Game) -> tuple[int, int, int]:
    """Cards face down, on the foundations, and waiting in the talon or the reserve."""
    waiting = len(game.stock) + len(game.waste) if game.kind == "klondike" else len(game.reserve)
    return sum(map(len, game.down)), sum(map(len, game.foundations)), waiting


def plain_status(game: Game) -> str | None:
    """The status ("won", "lost" or "playing") of ``game``'s position; None when the search
    met ``LIMIT`` positions without deciding (the engine then says "playing")."""
    start = game._position_copy()
    if start._is_won():
        return "won"
    face_down, home, _ = _counts(start)
    seen = {start._position_key()}
    frontier = [start]
    while frontier:
        position = frontier.pop()
        for move in position.legal_moves():
            child = position._position_copy()
            child._execute(child._plan(move), [])
            down, on_foundations, waiting = _counts(child)
            left_talon = waiting < _counts(position)[2]
            if down < face_down or on_foundations > home or left_talon:
                return "playing"
            key = child._position_key()
            if key not in seen:
                if len(seen) >= LIMIT:
                    return None
                seen.add(key)
                frontier.append(child)
    return "lost"
