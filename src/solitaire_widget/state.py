"""Loading the JSON state format of SPEC.md section 4 (``Game.state()`` writes it).

Loading trusts nothing: every field is checked, the 52 cards must each appear once, and a
non-empty history is replayed from the start position so that undo after loading is exact and a
history that does not lead to the position is caught.
"""

from __future__ import annotations

import json
from typing import Any

from .cards import ACE, NAME, RANK, RED, SUIT, parse_card, shuffled_deck
from .engine import GAMES, Game, IllegalMove
from .engine.applegate import RESERVE_SIZE, is_complete_run
from .engine.base import FORMAT
from .engine.klondike import DRAWS, SCORINGS
from .moves import Move

KEYS = (
    "format", "game", "options", "seed", "tableau", "foundations",
    "stock", "waste", "reserve", "score", "recycles", "history",
)  # fmt: skip
OPTIONAL_KEYS = ("start",)


def load_game(state: dict[str, Any] | str) -> Game:
    """A new engine game from a state dict or its JSON text; ``ValueError`` says what is wrong."""
    if isinstance(state, (str, bytes)):
        try:
            state = json.loads(state)
        except json.JSONDecodeError as error:
            raise ValueError(f"the state is not valid JSON: {error}") from None
    if not isinstance(state, dict):
        raise ValueError(f"a state is a JSON object (dict), not {type(state).__name__}")
    game = _load_position(state, allow_start=True)
    history = _read_history(state["history"])
    if not history:
        game._begin_history(seed_deal=_is_seed_deal(game))
        return game
    if "start" in state:
        start = _load_position(state["start"], allow_start=False, where="start: ")
        if start.kind != game.kind or start.options != game.options or start.seed != game.seed:
            raise ValueError("start: its game, options and seed must match the state's")
        if state["start"]["history"]:
            raise ValueError("start: the start position has an empty history")
        replay = start
        replay._begin_history(seed_deal=_is_seed_deal(start))
    elif game.seed is not None:
        replay = GAMES[game.kind]._unconfigured(**game.options)
        replay._start_game(game.seed, shuffled_deck(game.seed))
    else:
        raise ValueError(
            "history: a game with a history needs its seed or a 'start' position to replay from"
        )
    for number, move in enumerate(history, 1):
        try:
            replay.move(move)
        except IllegalMove as refusal:
            raise ValueError(
                f"history: move {number} ({move}) is illegal there: {refusal}"
            ) from None
    difference = _first_difference(replay, game)
    if difference:
        raise ValueError(
            f"history: replaying it does not lead to this position ({difference} differs)"
        )
    return replay


def _is_seed_deal(game: Game) -> bool:
    if game.seed is None:
        return False
    fresh = type(game)._unconfigured(**game.options)
    fresh._deal(shuffled_deck(game.seed))
    return fresh._snapshot() == game._snapshot()


def _first_difference(replayed: Game, given: Game) -> str | None:
    mine = replayed._position_dict(replayed._snapshot())
    theirs = given._position_dict(given._snapshot())
    for key in KEYS:
        if key != "history" and mine.get(key) != theirs.get(key):
            return key
    return None


def _load_position(state: Any, allow_start: bool, where: str = "") -> Game:
    if not isinstance(state, dict):
        raise ValueError(f"{where}a state is a JSON object, not {type(state).__name__}")
    allowed = set(KEYS) | (set(OPTIONAL_KEYS) if allow_start else set())
    missing = [key for key in KEYS if key not in state]
    if missing:
        raise ValueError(f"{where}the state lacks {', '.join(missing)}")
    unknown = sorted(str(key) for key in state if key not in allowed)
    if unknown:
        raise ValueError(f"{where}unknown keys: {', '.join(unknown)}")
    if state["format"] != FORMAT:
        raise ValueError(f"{where}format must be {FORMAT!r}, not {state['format']!r}")
    kind = state["game"]
    if kind not in GAMES:
        raise ValueError(f"{where}game must be 'klondike' or 'applegate', not {kind!r}")

    game = GAMES[kind]._unconfigured(**_options(kind, state["options"], where))
    seed = state["seed"]
    if seed is not None and (
        isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64
    ):
        raise ValueError(f"{where}seed must be null or an integer from 0 to 2**64-1, not {seed!r}")
    game.seed = seed

    tableau = state["tableau"]
    if not isinstance(tableau, list) or len(tableau) != 7:
        raise ValueError(f"{where}tableau must be a list of 7 piles")
    game.down, game.up = [], []
    for number, pile in enumerate(tableau, 1):
        if not isinstance(pile, dict) or set(pile) != {"down", "up"}:
            raise ValueError(
                f'{where}tableau pile t{number} must be {{"down": [...], "up": [...]}}'
            )
        down = _cards(pile["down"], f"{where}t{number} down")
        up = _cards(pile["up"], f"{where}t{number} up")
        if down and not up:
            raise ValueError(f"{where}t{number} has face-down cards and no face-up card on top")
        game.down.append(down)
        game.up.append(up)

    foundations = state["foundations"]
    if not isinstance(foundations, list) or len(foundations) != 4:
        raise ValueError(f"{where}foundations must be a list of 4 piles")
    game.foundations = [_cards(pile, f"{where}f{i}") for i, pile in enumerate(foundations, 1)]
    stock = _cards(state["stock"], f"{where}stock")
    waste = _cards(state["waste"], f"{where}waste")
    reserve = _cards(state["reserve"], f"{where}reserve")
    if kind == "klondike":
        if reserve:
            raise ValueError(f"{where}Klondike has no reserve: it must be empty")
        game.stock, game.waste = stock, waste
        _check_klondike(game, where)
    else:
        if stock or waste:
            raise ValueError(f"{where}Applegate has no stock or waste: they must be empty")
        if len(reserve) > RESERVE_SIZE:
            raise ValueError(f"{where}the reserve holds at most {RESERVE_SIZE} cards")
        game.reserve = reserve
        for number, pile in enumerate(game.foundations, 1):
            if pile and not is_complete_run(pile):
                raise ValueError(f"{where}f{number} must be empty or hold a complete 13-card run")
    _check_deck(game, where)
    game.score = _score(game, state["score"], where)
    recycles = state["recycles"]
    if isinstance(recycles, bool) or not isinstance(recycles, int) or recycles < 0:
        raise ValueError(f"{where}recycles must be a whole number >= 0, not {recycles!r}")
    if kind == "applegate" and recycles:
        raise ValueError(f"{where}Applegate has no stock to recycle: recycles must be 0")
    game.recycles = recycles
    return game


def _options(kind: str, options: Any, where: str) -> dict[str, Any]:
    if not isinstance(options, dict):
        raise ValueError(f"{where}options must be an object")
    if kind == "applegate":
        if options:
            raise ValueError(f"{where}Applegate takes no options, got {sorted(options)}")
        return options
    if set(options) != {"draw", "scoring"}:
        raise ValueError(f'{where}Klondike options are exactly "draw" and "scoring"')
    if options["draw"] not in DRAWS or isinstance(options["draw"], bool):
        raise ValueError(f"{where}draw must be 1 or 3, not {options['draw']!r}")
    if options["scoring"] not in SCORINGS:
        raise ValueError(
            f"{where}scoring must be 'standard', 'vegas' or null, not {options['scoring']!r}"
        )
    return options


def _cards(pile: Any, name: str) -> list[int]:
    if not isinstance(pile, list):
        raise ValueError(f"{name} must be a list of cards")
    cards = []
    for text in pile:
        try:
            cards.append(parse_card(text))
        except ValueError as error:
            raise ValueError(f"{name}: {error}") from None
    return cards


def _check_klondike(game: Game, where: str) -> None:
    for number, up in enumerate(game.up, 1):
        for lower, upper in zip(up, up[1:], strict=False):
            if RANK[upper] != RANK[lower] - 1 or RED[upper] == RED[lower]:
                raise ValueError(
                    f"{where}t{number}: face-up cards must run down in alternating colours "
                    f"({NAME[upper]} cannot lie on {NAME[lower]})"
                )
    for number, pile in enumerate(game.foundations, 1):
        for height, card in enumerate(pile):
            if RANK[card] != ACE + height or SUIT[card] != SUIT[pile[0]]:
                raise ValueError(f"{where}f{number} must build up by suit from the Ace")


def _check_deck(game: Game, where: str) -> None:
    cards = [card for pile in game._piles() for card in pile]
    seen: set[int] = set()
    twice = sorted({card for card in cards if card in seen or seen.add(card)})
    if twice:
        raise ValueError(f"{where}cards appear twice: {', '.join(NAME[card] for card in twice)}")
    missing = sorted(set(range(52)) - seen)
    if missing:
        raise ValueError(f"{where}cards are missing: {', '.join(NAME[card] for card in missing)}")


def _score(game: Game, score: Any, where: str) -> int | None:
    scoring = game.options.get("scoring")
    if scoring is None:
        if score is not None:
            raise ValueError(f"{where}score must be null when the game has no scoring")
        return None
    if isinstance(score, bool) or not isinstance(score, int):
        raise ValueError(f"{where}score must be a whole number, not {score!r}")
    if scoring == "standard" and score < 0:
        raise ValueError(f"{where}a standard score is never below 0")
    return score


def _read_history(history: Any) -> list[Move]:
    if not isinstance(history, list):
        raise ValueError("history must be a list of moves")
    moves = []
    for number, text in enumerate(history, 1):
        try:
            moves.append(Move.parse(text))
        except ValueError as error:
            raise ValueError(f"history: move {number}: {error}") from None
    return moves
