"""Loading the JSON state format of SPEC.md section 4 (``Game.state()`` writes it).

Loading trusts nothing: every field is checked against the game's declaration (its piles, its
card set: each card exactly as often as the set holds it), the game's own checks
(``Game._check_position``, ``Game._checked_score``) follow, and a non-empty history is
replayed from the start position so that undo after loading is exact and a history that does
not lead to the position is caught.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import Any

from .cards import NAME, parse_card
from .engine import Game, IllegalMove
from .engine.base import FORMAT
from .games import GAMES, definition, spelled_names
from .moves import Move
from .shape import Limits, brief, parse_json_text, plain_copy
from .variants import checked_options

KEYS = (
    "format", "game", "options", "seed", "tableau", "foundations",
    "stock", "waste", "reserve", "score", "recycles", "history",
)  # fmt: skip
OPTIONAL_KEYS = ("start",)

# The longest history a saved game may carry. Loading replays it, so this bounds the time a load
# takes (about a quarter of a second for the longest) and the memory it needs.
MAX_HISTORY = 100_000
# A saved game as JSON: one object with a "start" object inside, each holding a column's two
# lists for every column, the foundations and the other lists, 5 levels deep (Spider's ten
# columns and eight foundations make 46 lists and objects a position, 92 with its start: room
# is left for games with more piles, and for four decks of cards twice over); the history holds
# nearly all of its values; every text in it (format, game, scoring, a card, a move) is short.
# ``g.save`` writes the longest history in about 1.5 MB.
STATE_LIMITS = Limits(depth=6, containers=240, items=MAX_HISTORY + 1000, text=32, size=4_000_000)
# Recycling needs a card in the waste, so at least one draw between two recycles.
MAX_RECYCLES = MAX_HISTORY // 2
# A card in a saved game, as SPEC writes it (any case): plain ASCII, no spaces.
_CARD_NAME = re.compile(r"(?:10|[a2-9tjqk])[cdhs]", re.IGNORECASE | re.ASCII)


def load_game(state: dict[str, Any] | str | bytes) -> Game:
    """A new engine game from a state dict or its JSON text (``str`` or UTF-8 ``bytes``).

    Anything that is not a state this package could have written is refused with a
    ``ValueError`` saying what is wrong; the checks cost time and memory bounded by
    ``STATE_LIMITS`` and ``MAX_HISTORY``, whatever the input.
    """
    state = _read(state)
    game = _load_position(state, allow_start=True)
    history = _read_history(state["history"])
    if not history:
        if "start" in state:
            raise ValueError("start: only a state with a history has a start position")
        game._begin_history(seed_deal=_is_seed_deal(game))
        return game
    if "start" in state:
        start = _load_position(state["start"], allow_start=False, where="start: ")
        if start.kind != game.kind or start.options != game.options or start.seed != game.seed:
            raise ValueError("start: its game, options and seed must match the state's")
        if state["start"]["history"] != []:
            raise ValueError("start: the start position's history must be empty")
        start._begin_history(seed_deal=_is_seed_deal(start))
    else:
        start = None
    try:
        replayed = replay(game.kind, game.options, game.seed, start, history)
    except IllegalMove as refusal:
        reason, number = refusal.args
        raise ValueError(
            f"history: move {number} ({history[number - 1]}) is illegal there: {reason}"
        ) from None
    difference = _first_difference(replayed, game)
    if difference:
        raise ValueError(
            f"history: replaying it does not lead to this position ({difference} differs)"
        )
    return replayed


def replay(
    kind: str,
    options: dict[str, Any],
    seed: int | None,
    start: Game | None,
    moves: Sequence[Move],
    *,
    as_far_as_legal: bool = False,
) -> Game:
    """The game dealt again and played again: from ``start`` (a game at its start position,
    which becomes the replayed game) or else the deal of ``seed``, with ``moves`` made on it as
    the rules check them. Loading a saved game, resuming a recorded one and retracing the cards
    seen along a history all rebuild their game here, so they cannot drift apart.

    A move the rules refuse raises ``IllegalMove`` with its number in ``moves`` as
    ``refusal.args[1]``; with ``as_far_as_legal`` the game stops before it instead (a recorded
    line is untrusted input: its game goes on as far as the rules allow). ``options`` are
    checked as a new game's are (``ValueError``, ``TypeError``); with neither a start nor a seed
    there is nothing to deal (``ValueError``)."""
    if start is not None:
        game = start
    elif seed is not None:
        game = GAMES[kind]._unconfigured(**options)
        game._start_game(seed, game.shuffled(seed))
    else:
        raise ValueError(
            "history: a game with a history needs its seed or a 'start' position to replay from"
        )
    try:
        game._replay(moves)
    except IllegalMove:
        if not as_far_as_legal:
            raise
    return game


def _read(state: Any) -> dict[str, Any]:
    """The state as a plain dict within ``STATE_LIMITS``; the history's length is checked
    before anything looks at its moves."""
    if isinstance(state, (str, bytes, bytearray)):
        state = parse_json_text(state, STATE_LIMITS, "the state")
    if not isinstance(state, dict):
        raise ValueError(f"a state is a JSON object (dict), not {brief(state)}")
    history = dict.get(state, "history")
    if isinstance(history, list) and list.__len__(history) > MAX_HISTORY:
        raise ValueError(
            f"history: {list.__len__(history):,} moves; a saved game holds at most {MAX_HISTORY:,}"
        )
    return plain_copy(state, STATE_LIMITS, "the state")


def _is_seed_deal(game: Game) -> bool:
    if game.seed is None:
        return False
    fresh = type(game)._unconfigured(**game.options)
    fresh._deal(fresh.shuffled(game.seed))
    return fresh._snapshot() == game._snapshot()


def _first_difference(replayed: Game, given: Game) -> str | None:
    mine = replayed._position_dict(replayed._snapshot())
    theirs = given._position_dict(given._snapshot())
    for key in KEYS:
        if key != "history" and mine.get(key) != theirs.get(key):
            return key
    return None


def _load_position(state: Any, allow_start: bool, where: str = "") -> Game:
    """A game in the position ``state`` describes (a plain copy: exact JSON types), with no
    history yet."""
    if not isinstance(state, dict):
        raise ValueError(f"{where}a state is a JSON object, not {brief(state)}")
    allowed = set(KEYS) | (set(OPTIONAL_KEYS) if allow_start else set())
    missing = [key for key in KEYS if key not in state]
    if missing:
        raise ValueError(f"{where}the state lacks {', '.join(missing)}")
    unknown = sorted(key for key in state if key not in allowed)
    if unknown:
        raise ValueError(f"{where}unknown keys: {', '.join(map(brief, unknown[:5]))}")
    if state["format"] != FORMAT:
        raise ValueError(f"{where}format must be {FORMAT!r}, not {brief(state['format'])}")
    kind = state["game"]
    if not isinstance(kind, str) or kind not in GAMES:
        raise ValueError(f"{where}game must be {spelled_names()}, not {brief(kind)}")
    declared = definition(kind)
    table, title = declared.table, declared.title

    game = GAMES[kind]._unconfigured(**read_options(kind, state["options"], where))
    size = game.card_set.size
    seed = state["seed"]
    if seed is not None and (type(seed) is not int or not 0 <= seed < 2**64):
        raise ValueError(
            f"{where}seed must be null or an integer from 0 to 2**64-1, not {brief(seed)}"
        )
    game.seed = seed

    tableau, columns = state["tableau"], len(table.columns)
    if not isinstance(tableau, list) or len(tableau) != columns:
        raise ValueError(f"{where}tableau must be a list of {columns} piles, not {brief(tableau)}")
    game.down, game.up = [], []
    for number, pile in enumerate(tableau, 1):
        if not isinstance(pile, dict) or set(pile) != {"down", "up"}:
            raise ValueError(
                f'{where}tableau pile t{number} must be {{"down": [...], "up": [...]}}'
            )
        down = _cards(pile["down"], f"{where}t{number} down", size)
        up = _cards(pile["up"], f"{where}t{number} up", size)
        if down and not up:
            raise ValueError(f"{where}t{number} has face-down cards and no face-up card on top")
        game.down.append(down)
        game.up.append(up)

    foundations, count = state["foundations"], table.foundations
    if not isinstance(foundations, list) or len(foundations) != count:
        raise ValueError(
            f"{where}foundations must be a list of {count} piles, not {brief(foundations)}"
        )
    game.foundations = [_cards(pile, f"{where}f{i}", size) for i, pile in enumerate(foundations, 1)]
    talon = {name: _cards(state[name], f"{where}{name}", size) for name in TALON}
    lacking = [name for name in TALON if name not in table.talon]
    if any(talon[name] for name in lacking):
        them = "they" if len(lacking) > 1 else "it"
        raise ValueError(f"{where}{title} has no {' or '.join(lacking)}: {them} must be empty")
    for name in table.talon:
        setattr(game, name, talon[name])
    game._check_position(where)
    _check_cards(game, where)
    game.score = game._checked_score(state["score"], where)
    game.recycles = _recycles(game, state["recycles"], where)
    return game


def read_options(kind: str, options: Any, where: str = "") -> dict[str, Any]:
    """Options from outside (a saved state, a store's row): every one named and each of exactly
    its type (``options.py``): ``3.0`` is not a draw count and ``true`` is not 1."""
    if not isinstance(options, dict):
        raise ValueError(f"{where}options must be an object, not {brief(options)}")
    try:
        return checked_options(kind, options, exact=True, null="null")
    except ValueError as refusal:
        raise ValueError(f"{where}{refusal}") from None


TALON = ("stock", "waste", "reserve")


def _cards(pile: Any, name: str, size: int) -> list[int]:
    """A pile's cards: at most the ``size`` cards the game is played with."""
    if not isinstance(pile, list):
        raise ValueError(f"{name} must be a list of cards, not {brief(pile)}")
    if len(pile) > size:
        whole = "a deck has 52" if size == 52 else f"the game has {size}"
        raise ValueError(f"{name} holds {len(pile)} cards; {whole}")
    return [_card(text, name) for text in pile]


def _card(text: Any, name: str) -> int:
    """A card as a saved game writes it: two characters such as ``"TH"`` or ``"qs"`` (``"10H"``
    too), plain ASCII. Lookalikes (the Kelvin sign for K, fullwidth letters) and spaces around
    the name are refused, with the character that is wrong."""
    if not isinstance(text, str):
        raise ValueError(f"{name}: a card is text such as 'TH', not {brief(text)}")
    if not text.isascii():
        odd = next(char for char in text if not char.isascii())
        raise ValueError(
            f"{name}: {brief(text)} is not a card: U+{ord(odd):04X} is not a plain ASCII letter "
            "(cards are written like 'TH' or 'QS')"
        )
    if _CARD_NAME.fullmatch(text) is None:
        raise ValueError(
            f"{name}: cannot read {brief(text)} as a card (write rank then suit with no "
            "spaces, e.g. 'TH' or 'QS')"
        )
    return parse_card(text)


def _check_cards(game: Game, where: str) -> None:
    """Each card of the game's set exactly as often as the set holds it (one deck: once)."""
    cards = [card for pile in game._piles() for card in pile]
    card_set = game.card_set
    if card_set.copies == 1 and len(card_set.suits) == 4:
        seen: set[int] = set()
        twice = sorted({card for card in cards if card in seen or seen.add(card)})
        if twice:
            named = ", ".join(NAME[card] for card in twice)
            raise ValueError(f"{where}cards appear twice: {named}")
        missing = sorted(set(range(52)) - seen)
        if missing:
            named = ", ".join(NAME[card] for card in missing)
            raise ValueError(f"{where}cards are missing: {named}")
        return
    wrong = card_set.miscount(Counter(cards))
    if wrong is not None:
        raise ValueError(f"{where}{wrong}")


def _recycles(game: Game, recycles: Any, where: str) -> int:
    if type(recycles) is not int or not 0 <= recycles <= MAX_RECYCLES:
        raise ValueError(
            f"{where}recycles must be a whole number from 0 to {MAX_RECYCLES:,} "
            f"(what {MAX_HISTORY:,} moves can make), not {brief(recycles)}"
        )
    rules = game.definition.rules
    if recycles and (rules is None or rules.stock != "draw"):
        raise ValueError(
            f"{where}{game.definition.title} has no stock to recycle: recycles must be 0"
        )
    return recycles


def _read_history(history: Any) -> list[Move]:
    """The moves of the history. A long history repeats a few hundred notations at most, so
    each distinct one is read once."""
    if not isinstance(history, list):
        raise ValueError(f"history must be a list of moves, not {brief(history)}")
    if not set(map(type, history)) <= {str}:
        number, text = next((n, t) for n, t in enumerate(history, 1) if type(t) is not str)
        raise ValueError(f"history: move {number} is {brief(text)}, not a move's notation")
    read: dict[str, Move] = {}
    for text in dict.fromkeys(history):
        try:
            read[text] = Move.parse(text)
        except ValueError as error:
            number = history.index(text) + 1
            raise ValueError(f"history: move {number}: {error}") from None
    return list(map(read.__getitem__, history))
