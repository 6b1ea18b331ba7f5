"""Turning a solver's winning line into one a person would play, and saying why each move is made.

The solver's line wins, but it is not written for people: its shortcuts reach a stock card in
whatever order suits the search, a card may go up to a foundation long after it could, and a group
may be moved on and on between piles. ``polish`` rewrites the line and keeps every rewrite only if
the new line, replayed through the rules engine, still wins:

- the line is held as *card steps* ("the 7 of clubs onto the 8 of hearts", "the Ace of spades to a
  foundation"), so a step still means the same move when earlier steps change which pile a card is
  in; the draws and recycles are not steps at all, but whatever brings the next card to the top of
  the waste;
- a card that could safely go up to its foundation (the solver's own safety rule, proven never to
  lose a win) goes up as soon as it can, not steps later;
- a step that moves a card which a later step moves again is left out when the line still wins
  without it and gets shorter: a group moved on from pile to pile goes straight to its last place;
- a card that goes somewhere and comes back to where it was for nothing (off a foundation and
  up again with nothing built on it and the card beneath it left alone, or moved and at once
  moved back) stays where it was, when the line still wins that way: a hint must never take
  back what the hint before it did.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass
from typing import Any

from ..cards import RANK, SUIT, SUIT_NAMES, long_name
from ..engine import Game, IllegalMove
from ..moves import Move
from ..seen import face_up_cards
from ..state import load_game
from .generic import solver_for

__all__ = ["Step", "bare", "polish", "reason", "sent_home_first", "stock_passes"]

# Replays a polish may try, for sending cards up sooner and for the rest: each costs one replay
# of part of the line through the engine, so the limits bound a hint's cost, and they count
# replays, not seconds, so that a deal's hints are the same on every machine.
FOUNDATION_TRIALS = 100
TRIALS = 60
ROUND_TRIP_TRIALS = 60

FOUNDATION, EMPTY = "f", "empty"
ACE, KING = 1, 13


@dataclass(frozen=True)
class Step:
    """A move by the cards it moves: ``card`` (the bottom card of the group) goes ``onto`` a card,
    to an ``EMPTY`` pile or to a ``FOUNDATION``."""

    card: int
    onto: int | str


def polish(game_or_state: Game | dict[str, Any], line: list[Move]) -> list[Move]:
    """A winning line from the position of a game (or a state) a person would rather follow
    than ``line`` (which must win)."""
    start = _start(game_or_state)
    if not _in_steps(start):
        return line
    played = _Played.of(start, _steps(start, line))
    if played is None:  # a line the engine does not replay as steps: keep it as it is
        return line
    budget = [TRIALS]
    played = _foundations_first(played, solver_for(start).safe_to_send_up, [FOUNDATION_TRIALS])
    played = _fewer_passes(played, budget)
    played = _fewer_detours(played, budget)
    played = _no_round_trips(played, [ROUND_TRIP_TRIALS])
    return played.line


def sent_home_first(game: Game, home: Move, line: list[Move]) -> list[Move] | None:
    """``line`` (which wins from the position of ``game``) changed to begin with ``home``, a
    card sent to its foundation, and to leave out that card's moves until the line sends it
    there: None when the line does not win that way."""
    start = game.copy()
    if not _in_steps(start):
        return None
    card = _pile(start, home.src)[-1]
    steps = _steps(start, line)
    up = next((k for k, step in enumerate(steps) if step == Step(card, FOUNDATION)), None)
    if up is None:
        return None
    start.move(home)
    rest = [step for step in steps[:up] if step.card != card] + steps[up + 1 :]
    played = _Played.of(start, rest)
    return None if played is None else [home, *played.line]


def _start(game_or_state: Game | dict[str, Any]) -> Game:
    """A game of our own in the position of a game, or of a state from outside (checked by
    ``load_game``)."""
    if isinstance(game_or_state, Game):
        return game_or_state.copy()
    return load_game(bare(game_or_state))


def bare(state: dict[str, Any]) -> dict[str, Any]:
    """The position of ``state`` without its history: loading it replays nothing."""
    position = {**state, "history": []}
    position.pop("start", None)
    return position


def stock_passes(line: list[Move]) -> int:
    """How many times the line goes through the stock: once if it draws, plus once a recycle."""
    texts = [str(move) for move in line]
    return ("draw" in texts) + texts.count("recycle")


# ----------------------------------------------------------------- steps


def _in_steps(game: Game) -> bool:
    """Whether a line of ``game`` can be written as steps: each card is there once (a step
    names a card, and copies of a card would be the same step) and the stock deals to the
    waste, if anywhere (a deal onto every column is no step of one card)."""
    rules = game.definition.rules
    return game.card_set.copies == 1 and (rules is None or rules.stock != "deal")


def _steps(game_or_state: Game | dict[str, Any], line: list[Move]) -> list[Step]:
    """``line`` from the position of a game (or a state) as steps."""
    game = _start(game_or_state)
    steps = []
    for move in line:
        if move.src != "stock" and move.dst != "stock":
            steps.append(_step_of(game, move))
        game.move(move)
    return steps


def _step_of(game: Game, move: Move) -> Step:
    card = _pile(game, move.src)[-move.n]
    if move.dst[0] == "f":
        return Step(card, FOUNDATION)
    target = game.up[int(move.dst[1:]) - 1]
    return Step(card, target[-1] if target else EMPTY)


def _pile(game: Game, name: str) -> list[int]:
    if name[0] == "t":
        return game.up[int(name[1:]) - 1]
    if name[0] == "f":
        return game.foundations[int(name[1:]) - 1]
    return getattr(game, name)


@dataclass(frozen=True)
class _Played:
    """Steps as the engine made them: the position before each step (and after the last), as
    games nobody plays on, and the moves, draws included, that made each step."""

    steps: list[Step]
    positions: list[Game]
    moves: list[list[Move]]

    @classmethod
    def of(cls, start: Game, steps: list[Step]) -> _Played | None:
        """``steps`` made from the position of ``start``, or None when they do not win (a step
        that cannot be made, or the game not won at the end)."""
        made = _made(start, steps)
        if made is None:
            return None
        positions, moves = made
        end = positions[-1] if positions else start
        return cls(steps, [start, *positions], moves) if _won(end) else None

    @property
    def line(self) -> list[Move]:
        return [move for step in self.moves for move in step]

    def without(self, k: int, back: int) -> _Played | None:
        """These steps without steps ``k`` and ``back`` (a round trip); None unless that wins.
        When the steps in between, made without the round trip, end where step ``back`` left
        the game, the steps after it stand as they are: only those in between are replayed."""
        middle = self.steps[k + 1 : back]
        made = _made(self.positions[k], middle)
        if made is None:
            return None
        positions, moves = made
        if _piles(([self.positions[k], *positions])[-1]) != _piles(self.positions[back + 1]):
            return self.instead(k, middle + self.steps[back + 1 :])
        return _Played(
            self.steps[:k] + middle + self.steps[back + 1 :],
            self.positions[: k + 1] + positions + self.positions[back + 2 :],
            self.moves[:k] + moves + self.moves[back + 1 :],
        )

    def instead(self, k: int, tail: list[Step]) -> _Played | None:
        """These steps up to ``k``, then ``tail`` (replayed from there); None unless it wins."""
        rest = _Played.of(self.positions[k], tail)
        if rest is None:
            return None
        return _Played(
            self.steps[:k] + rest.steps,
            self.positions[:k] + rest.positions,
            self.moves[:k] + rest.moves,
        )


def _made(start: Game, steps: list[Step]) -> tuple[list[Game], list[list[Move]]] | None:
    """``steps`` made from the position of ``start``: the position after each step and the
    moves that made it; None when a step cannot be made."""
    game = start.copy()
    positions, moves = [], []
    try:
        for step in steps:
            moves.append(_make(game, step))
            positions.append(game.copy())
    except IllegalMove:
        return None
    return positions, moves


def _won(game: Game) -> bool:
    """Whether every card is on a foundation: the game's status without its search."""
    return game._is_won()


def _piles(game: Game) -> tuple[list[list[int]], ...]:
    talon = [getattr(game, name, []) for name in ("stock", "waste", "reserve")]
    return (game.down, game.up, game.foundations, talon)


def _make(game: Game, step: Step) -> list[Move]:
    """Make one step on ``game``: draw (and recycle) until its card is on top of the waste when it
    lies in the talon, then move it; the moves made."""
    made = []
    waste = getattr(game, "waste", None)
    if waste is not None and (step.card in game.stock or step.card in waste):
        turns = 2 * (len(game.stock) + len(game.waste)) + 2
        while not game.waste or game.waste[-1] != step.card:
            if turns == 0:
                raise IllegalMove("the card never comes to the top of the waste")
            draw = Move.parse("draw" if game.stock else "recycle")
            game.move(draw)
            made.append(draw)
            turns -= 1
    move = Move(_source(game, step.card), *_target(game, step))
    game.move(move)
    return [*made, move]


def _source(game: Game, card: int) -> str:
    for i, up in enumerate(game.up):
        if card in up:
            return f"t{i + 1}"
    for name in ("waste", "reserve"):
        pile = getattr(game, name, [])
        if pile and pile[-1] == card:
            return name
    for i, foundation in enumerate(game.foundations):
        if foundation and foundation[-1] == card:
            return f"f{i + 1}"
    raise IllegalMove("the card cannot move from where it is")


def _target(game: Game, step: Step) -> tuple[str, int]:
    source = _source(game, step.card)
    n = 1
    if source[0] == "t":
        up = game.up[int(source[1:]) - 1]
        n = len(up) - up.index(step.card)
    if step.onto == FOUNDATION:
        return "f", n
    for i, up in enumerate(game.up):
        empty = not up and not game.down[i]
        if (step.onto == EMPTY and empty) or (up and up[-1] == step.onto):
            return f"t{i + 1}", n
    raise IllegalMove("the step's target is not there")


# ----------------------------------------------------------------- rewrites


def _foundations_first(
    played: _Played, safe_to_send_up: Callable[[Game], list[int]], budget: list[int]
) -> _Played:
    """Send each card up as soon as it is safe to (by the solver's own rule,
    ``safe_to_send_up``), when the line still wins that way."""
    i = 0
    while i < len(played.steps) and budget[0] > 0:
        steps = played.steps
        for card in safe_to_send_up(played.positions[i]):
            up = next((k for k in range(i, len(steps)) if steps[k] == Step(card, FOUNDATION)), i)
            if up == i:
                continue
            budget[0] -= 1
            tail = [Step(card, FOUNDATION)]
            tail += [step for step in steps[i : up + 1] if step.card != card] + steps[up + 1 :]
            trial = played.instead(i, tail)
            if trial is not None:
                played = trial
                break
        i += 1
    return played


def _fewer_passes(played: _Played, budget: list[int]) -> _Played:
    """Play a stock card on the pass that goes by it, instead of after a recycle, when the line
    still wins that way with fewer passes (or as many, and fewer moves)."""
    j = 0
    while j < len(played.steps) and budget[0] > 0:
        if RECYCLE in played.moves[j]:
            start = max((k for k in range(j) if RECYCLE in played.moves[k]), default=0)
            for i in _passing_points(played, start, j):
                budget[0] -= 1
                steps = played.steps
                trial = played.instead(i, [steps[j], *steps[i:j], *steps[j + 1 :]])
                if trial is not None and _better_passes(trial, played):
                    played = trial
                    break
        j += 1
    return played


RECYCLE = Move.parse("recycle")


def _passing_points(played: _Played, start: int, j: int) -> list[int]:
    """Step boundaries from ``start`` to ``j`` where step ``j``'s stock card could be played
    without a recycle and without drawing past a card the steps in between play from the waste;
    the latest first (it keeps the most of the line's order)."""
    step = played.steps[j]
    points = []
    for i in range(start + 1, j):
        position = played.positions[i]
        stock = position.stock
        if step.card not in stock or not _takes(position, step):
            continue
        passed = set(stock[stock.index(step.card) + 1 :])
        if not any(later.card in passed for later in played.steps[i:j]):
            points.append(i)
    return points[::-1][:2]


def _takes(position: Game, step: Step) -> bool:
    """Whether the step's target is there in ``position``."""
    if step.onto == FOUNDATION:
        tops = [pile[-1] for pile in position.foundations if pile]
        if RANK[step.card] == ACE:
            return len(tops) < 4
        return step.card - 1 in tops
    for down, up in zip(position.down, position.up, strict=True):
        if step.onto == EMPTY and not up and not down:
            return True
        if up and up[-1] == step.onto:
            return True
    return False


def _better_passes(trial: _Played, played: _Played) -> bool:
    mine, theirs = stock_passes(trial.line), stock_passes(played.line)
    return mine < theirs or (mine == theirs and len(trial.line) < len(played.line))


def _fewer_detours(played: _Played, budget: list[int]) -> _Played:
    """Leave out a move of a card that a later step moves again, when the line still wins and
    gets shorter; the last such moves first, so each trial replays little."""
    k = len(played.steps) - 1
    while k >= 0 and budget[0] > 0:
        steps = played.steps
        card = steps[k].card
        if steps[k].onto != FOUNDATION and any(step.card == card for step in steps[k + 1 :]):
            budget[0] -= 1
            trial = played.instead(k, steps[k + 1 :])
            if trial is not None and len(trial.line) < len(played.line):
                played = trial
        k -= 1
    return played


def _no_round_trips(played: _Played, budget: list[int]) -> _Played:
    """Leave out both steps of a round trip, a card brought back to where it was, when the line
    still wins without them: a card taken off a foundation and later sent back up, or a card
    moved and at once moved back. The first round trips first, since the hints give the start
    of a line first, and again until a pass leaves none out (leaving one out can make another).

    A card moved away and back later, with other steps between, is often how a line reaches a
    card beneath it; such trips are left as they are."""
    # The round trips that could not be left out, by their steps and the steps between them.
    tried: set[tuple[Step, ...]] = set()
    again = True
    while again and budget[0] > 0:
        again = False
        k = 0
        while k < len(played.steps) and budget[0] > 0:
            back = _round_trip(played, k)
            trip = tuple(played.steps[k : back + 1]) if back is not None else ()
            if back is not None and trip not in tried:
                budget[0] -= 1
                tried.add(trip)
                trial = played.without(k, back)
                if trial is not None:
                    played, again = trial, True
                    continue
            k += 1
    return played


def _round_trip(played: _Played, k: int) -> int | None:
    """The step that brings step ``k``'s card back, when the two make a round trip of no use
    (see ``_no_round_trips``); else None."""
    steps = played.steps
    card = steps[k].card
    back = next((m for m in range(k + 1, len(steps)) if steps[m].card == card), None)
    if back is None:
        return None
    place = _place(played.positions[k], card)
    if steps[back] != place:
        return None
    if place.onto != FOUNDATION:
        return back if back == k + 1 else None
    # Off a foundation: a card built on it meanwhile, or the card beneath it taken off the
    # foundation in turn, is what the trip was for.
    beneath = card - 1 if RANK[card] > ACE else None
    used = any(step.onto == card or step.card == beneath for step in steps[k + 1 : back])
    return None if used else back


def _place(position: Game, card: int) -> Step | None:
    """Where ``card`` lies in ``position``, as the step that would put it there: on a
    foundation, on a face-up card or alone in a column; None anywhere else."""
    if any(pile[-1:] == [card] for pile in position.foundations):
        return Step(card, FOUNDATION)
    for down, up in zip(position.down, position.up, strict=True):
        if card in up:
            at = up.index(card)
            if at > 0:
                return Step(card, up[at - 1])
            return None if down else Step(card, EMPTY)
    return None


# ----------------------------------------------------------------- reasons


def reason(game: Game, move: Move, ahead: list[Move], seen: Collection[int] | None = None) -> str:
    """Why ``move`` is worth making from ``game``'s position, in a player's words, judged by what
    it does and by ``ahead``, the line's moves after it ("frees a face-down card").

    The words name only cards in ``seen``, the cards the player has seen in this attempt (the
    cards face up now when None): the solver knows where every hidden card lies, and "draws to
    reach the Ace of clubs" with the Ace in the stock would tell the player."""
    if seen is None:
        seen = face_up_cards(game)

    def the(card: int | None, otherwise: str) -> str:
        return f"the {long_name(card)}" if card is not None and card in seen else otherwise

    def for_holding(held: int | None, verb: str) -> str:
        """What a card is wanted for: to hold ``held``, named only when seen."""
        return f"to {verb} {the(held, '')}" if held in seen else "to build on it"

    rules = game.definition.rules
    if move.src == "stock" and rules is not None and rules.stock == "deal":
        # The move's own words say where the cards go; the reason says what they are for.
        count = min(len(game.up), len(game.stock))
        return f"brings {count} new cards into play"
    if move.src == "stock" or move.dst == "stock":
        wanted = _next_talon_card(game, [move, *ahead])
        verb = "draws" if move.dst == "waste" else "turns the waste over"
        return f"{verb} to reach {the(wanted, 'a card still in the stock')}"
    after = game.copy()
    after.move(move)
    card = _pile(game, move.src)[-move.n]
    if move.src[0] == "t":
        column = int(move.src[1:]) - 1
        if len(game.up[column]) == move.n and game.down[column]:
            return "frees a face-down card"
        if len(game.up[column]) == move.n:
            king = _next_king_into(after, f"t{column + 1}", ahead)
            if king is not None:
                return f"makes room for {the(king, 'a King')}"
            if move.dst[0] != "f" and _only_kings_fill(game) and _king_waits(after):
                column_word = game.definition.words.get("column", "column")
                return f"empties a {column_word} for a King"
    if move.dst[0] == "f":
        if rules is not None and rules.foundation == "runs":
            return f"sends the run of {SUIT_NAMES[SUIT[card]]} home"
        if RANK[card] == ACE:
            return "starts a foundation"
        return f"builds the {SUIT_NAMES[SUIT[card]]} foundation"
    if move.src in ("waste", "reserve"):
        return f"plays the {long_name(card)} from the {move.src}"
    if move.src[0] == "f":
        use, other = _wanted_off_foundation(after, card, move.src, ahead)
        if use == "reach":
            return f"brings back the {long_name(card)} to reach {the(other, 'the card')} beneath it"
        return f"brings back the {long_name(card)} {for_holding(other, 'hold')}"
    if move.src[0] == "t" and len(game.up[int(move.src[1:]) - 1]) > move.n:
        column = int(move.src[1:]) - 1
        uncovered = game.up[column][-move.n - 1]
        use = _use_of(after, uncovered, ahead)
        if use is not None:
            onto = use if isinstance(use, str) else for_holding(use, "take")
            return f"uncovers the {long_name(uncovered)} {onto}"
    if RANK[card] == KING and not game.up[int(move.dst[1:]) - 1]:
        return f"puts the {long_name(card)} in the empty {move.dst}"
    return f"builds on the {long_name(game.up[int(move.dst[1:]) - 1][-1])}"


def _only_kings_fill(game: Game) -> bool:
    rules = game.definition.rules
    return rules is not None and rules.empty == "king"


def _king_waits(game: Game) -> bool:
    """Whether some King lies on face-down cards, in the stock, waste or reserve."""
    kings = [c for c in range(52) if RANK[c] == KING]
    talon = [
        *getattr(game, "stock", []),
        *getattr(game, "waste", []),
        *getattr(game, "reserve", []),
    ]
    on_face_down = [up[0] for up, down in zip(game.up, game.down, strict=True) if up and down]
    return any(king in talon or king in on_face_down for king in kings)


def _next_talon_card(game: Game, moves: list[Move]) -> int | None:
    """The waste card the first play from the waste in ``moves`` plays."""
    replay = game.copy()
    for move in moves:
        if move.src == "waste":
            return replay.waste[-1]
        if move.src != "stock" and move.dst != "stock":
            return None
        replay.move(move)
    return None


def _next_king_into(game: Game, column: str, ahead: list[Move]) -> int | None:
    replay = game.copy()
    for move in ahead[:12]:
        if move.dst == column:
            card = _pile(replay, move.src)[-move.n]
            return card if RANK[card] == KING else None
        replay.move(move)
    return None


def _wanted_off_foundation(
    game: Game, card: int, foundation: str, ahead: list[Move]
) -> tuple[str, int | None]:
    """What the line does first with ``card``, just taken off ``foundation``, before it moves
    again: ("hold", the card it puts onto it), or ("reach", the card beneath it on the
    foundation) when that card leaves the foundation first; ("hold", None) when neither."""
    replay = game.copy()
    for move in ahead:
        if move.dst[0] == "t" and replay.up[int(move.dst[1:]) - 1][-1:] == [card]:
            return "hold", _pile(replay, move.src)[-move.n]
        if move.src == foundation:
            return "reach", replay.foundations[int(foundation[1:]) - 1][-1]
        if move.src[0] != "s" and card in _pile(replay, move.src)[-move.n :]:
            break
        replay.move(move)
    return "hold", None


def _use_of(game: Game, card: int, ahead: list[Move]) -> str | int | None:
    """What the line soon does with the just-uncovered ``card``: words ("for its foundation"),
    or the card it next puts onto ``card``."""
    replay = game.copy()
    for move in ahead[:12]:
        if _pile(replay, move.src)[-move.n :][:1] == [card]:
            return "for its foundation" if move.dst[0] == "f" else "so that it can move"
        if move.dst[0] == "t" and replay.up[int(move.dst[1:]) - 1][-1:] == [card]:
            return _pile(replay, move.src)[-move.n]
        replay.move(move)
    return None
