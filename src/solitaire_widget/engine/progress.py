"""Can the game still make progress? The search behind ``status == "lost"``.

SPEC.md calls a game lost when no sequence of moves can make progress: a card turning face-up,
a card leaving the stock, waste or reserve for the tableau or a foundation, or the foundations
growing beyond what they hold now. Moves that make no progress (drawing, recycling, shuffling
runs, taking a card down from a foundation) lead to finitely many positions, so a search over
them decides the question. The search is bounded: when it is cut off the answer is "unknown"
and the game stays "playing", because a game that can still progress must never be called lost.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from .klondike import GOES_ON, KINGS

if TYPE_CHECKING:
    from ..moves import Move
    from .base import Game
    from .klondike import KlondikeGame

POSITION_LIMIT = 10_000
# Positions a game remembers the answer for (about 100 bytes each); past this it starts again.
MEMORY_LIMIT = 50_000
# Between two piles in a position's name: no card is 255.
_SEPARATOR = b"\xff"


def can_progress(
    game: Game, legal: list[Move] | None = None, limit: int = POSITION_LIMIT
) -> bool | None:
    """True when some sequence of moves makes progress, False when none can, None when the
    search visited ``limit`` positions without deciding. ``legal`` is the game's legal moves
    when the caller has them.

    The search plays on a copy of the position: the game itself is never touched, so an
    interrupted search (Ctrl-C while the board asks for its status) cannot change it. The
    board asks after every move, so the common answers come cheap: nearly always a move from
    the position itself makes progress; otherwise a position met before (play often comes back
    to one) is answered from the game's memory of earlier searches."""
    on_foundations = sum(map(len, game.foundations))
    if legal is None:
        legal = game._generate()
    if any(_makes_progress(game, move, on_foundations) for move in legal):
        return True
    if game.kind == "klondike" and _talon_card_fits(game):
        return True
    # What the search leaves as it is (see _namer), and the name of the rest.
    face_down = _SEPARATOR.join(map(bytes, game.down))
    memory = game._progress_memory
    known = memory.get((face_down, _namer(game)()))
    if known is not None:
        return known
    found, seen = _search(game._position_copy(), on_foundations, limit)
    if len(memory) > MEMORY_LIMIT:
        memory.clear()
    if found is False:  # nothing reachable from here progresses: all of it is lost as well
        memory.update(dict.fromkeys(((face_down, name) for name in seen), False))
    elif found:
        memory[face_down, _namer(game)()] = True
    return found


def _namer(game: Game) -> Callable[[], bytes]:
    """A function naming ``game``'s position as it is when called, for positions that moves
    without progress reach from each other: the piles as bytes (a card is a number below 52),
    a few dozen bytes a position, which the game's memory of searches keeps by the thousand.

    Such moves never turn a card up, so the face-down piles stay as they are and are left out
    of the name. Columns with no face-down cards are interchangeable (so are the foundations),
    so their order is left out too."""
    bare = [game.up[i] for i in range(7) if not game.down[i]]
    covered = [game.up[i] for i in range(7) if game.down[i]]
    foundations, talon = game.foundations, game._piles()[18:]
    join = _SEPARATOR.join

    def name() -> bytes:
        return join(
            [
                *map(bytes, covered),
                *sorted(map(bytes, bare)),
                *sorted(map(bytes, foundations)),
                *map(bytes, talon),
            ]
        )

    return name


def _search(game: Game, on_foundations: int, limit: int) -> tuple[bool | None, set[bytes]]:
    """Depth-first search over the positions that moves without progress reach from ``game``
    (a copy it may change); the answer and the names of the positions it met."""
    moving = game._piles()[7:]  # the face-up runs, the foundations, the talon or the reserve
    name = _namer(game)
    seen = {name()}
    frontier = [[pile[:] for pile in moving]]
    while frontier:
        for pile, cards in zip(moving, frontier.pop(), strict=True):
            pile[:] = cards
        for move in game._generate():
            if _makes_progress(game, move, on_foundations):
                return True, seen
            plan = game._plan(move)
            touched = [(pile, pile[:]) for pile in game._touched(plan)]
            game._execute(plan, [])
            key = name()
            if key not in seen:
                if len(seen) >= limit:
                    return None, seen
                seen.add(key)
                frontier.append([pile[:] for pile in moving])
            for pile, cards in touched:
                pile[:] = cards
    return False, seen


def _talon_card_fits(game: KlondikeGame) -> bool:
    """Whether draws and recycles alone bring a card to the top of the waste that goes onto
    the tableau or a foundation as things stand: the usual way a Klondike game goes on, found
    without a search. Draw 3 shows only every third card of a pass (and a pass's last card)."""
    draw, up = game.options["draw"], game.up
    drawn = game.stock[::-1]  # in the order the draws turn them
    passes = (drawn, game.waste + drawn)  # the rest of this pass, then a whole pass
    tops = [game.waste[-1]] if game.waste else []
    for cards in passes:
        tops += cards[draw - 1 :: draw]
        if len(cards) % draw:
            tops.append(cards[-1])
    wanted = game._foundation_wants()
    for column, run in enumerate(up):
        wanted.update(GOES_ON[run[-1]] if run else () if game.down[column] else KINGS)
    return not wanted.isdisjoint(tops)


def _makes_progress(game: Game, move: Move, on_foundations: int) -> bool:
    src, dst = move.src, move.dst
    if src in ("waste", "reserve") and dst != "stock":
        return True
    if dst[0] == "f":
        return sum(map(len, game.foundations)) + move.n > on_foundations
    if src[0] == "t":
        column = int(src[1]) - 1
        return move.n == len(game.up[column]) and bool(game.down[column])
    return False
