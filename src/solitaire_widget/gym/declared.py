"""Any registered game as an environment, its actions and observations sized from its declaration.

Klondike and Applegate keep the hand-made tables and arrays of ``actions.py`` and
``observations.py`` (trained agents depend on them). Every other game gets its own, read from
its ``GameDef``: how many columns and foundations, whether it has a stock and a waste, how many
cards its set holds and how far a group can move. ``gymnasium.make("solitaire_widget/Spider-v0",
suits=2)`` plays Spider in two suits.

Actions, in this order: the stock's ``draw`` and ``recycle`` (a game with a stock, and a waste
to recycle), ``waste-f`` and ``waste-tN`` (with a waste), ``tN-f``, ``fI-tN`` (where cards come
back off the foundations), then ``tI-tJ:N`` for every group size ``N`` a column can move (N
fastest, then J, then I), as in the tables of ``actions.py``.

Observations: ``tableau`` (each column's face-up cards, bottom to top, as wide as the card set
is large), ``face_down`` (counts), ``foundations`` (each foundation's top card, or for
foundations that take complete runs the run's bottom card), and with a waste ``waste`` (its
cards) and with a stock ``stock`` (its count). A card is coded as in ``observations.py``: a card
with copies (Spider's eight Kings of spades) has one code, since the copies cannot be told apart.
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ..engine.base import Game
from ..engine.declaration import GameDef
from ..games import definition
from ..moves import Move
from .actions import ActionTable
from .env import SolitaireEnv
from .observations import CARDS, Layout, Part, _pile
from .vector import SolitaireVectorEnv

__all__ = ["DeclaredEnv", "declared_actions", "declared_layout", "env_class", "vector_class"]

# The keywords of ``SolitaireEnv``; every other keyword is one of the game's options.
SETTINGS = ("reward", "win_bonus", "illegal_penalty", "max_steps", "detect_lost")
RUN = 13  # the longest group in building order: King down to Ace


def _longest_group(game: GameDef, size: int) -> int:
    """The most cards a move between columns can carry."""
    rules = game.rules
    if rules is None or rules.moves == "any group":
        return size
    if rules.moves == "single":
        return 1
    return size if rules.build.wrap else RUN


def declared_actions(game: GameDef, options: dict[str, Any]) -> ActionTable:
    """The action table of ``game`` played with ``options``."""
    table, rules = game.table, game.rules
    columns = table.tableau
    moves: list[Move] = []
    if table.stock:
        moves.append(Move("stock", "waste"))
        if table.waste and rules is not None and rules.stock == "draw":
            moves.append(Move("waste", "stock"))
    if table.waste:
        moves += [Move("waste", "f"), *(Move("waste", column) for column in columns)]
    if table.foundations:
        moves += [Move(column, "f") for column in columns]
        if rules is not None and rules.back_from_foundation:
            moves += [Move(f, column) for f in table.foundation_ids for column in columns]
    longest = _longest_group(game, game.card_set(options).size)
    moves += [
        Move(source, target, n)
        for source in columns
        for target in columns
        if target != source
        for n in range(1, longest + 1)
    ]
    return ActionTable(moves)


def declared_layout(game: GameDef, options: dict[str, Any]) -> Layout:
    """The observation arrays of ``game`` played with ``options``."""
    table, rules = game.table, game.rules
    size = game.card_set(options).size
    columns = len(table.columns)
    most_down = max((column.down for column in table.columns), default=0)
    dealt = sum(column.down + column.up for column in table.columns)
    stock = size - dealt if table.stock else 0
    runs = rules is not None and rules.foundation == "runs"
    arrays = [
        ("tableau", (columns, size), CARDS),
        ("face_down", (columns,), most_down),
        ("foundations", (table.foundations,), CARDS),
    ]
    parts = [
        Part(("face_down",), table.tableau, _face_down, lifted_only=True),
        Part(
            ("foundations",),
            ("f", *table.foundation_ids),
            _run_bottoms if runs else _foundation_tops,
        ),
    ]
    if table.waste:
        arrays += [("waste", (stock,), CARDS), ("stock", (1,), stock)]
        parts.append(Part(("waste", "stock"), ("waste", "stock"), _talon_of(stock)))
    elif table.stock:
        arrays.append(("stock", (1,), stock))
        parts.append(Part(("stock",), ("stock",), _stock_count))
    deals = rules is not None and rules.stock == "deal"
    return Layout(
        size,
        arrays,
        parts,
        most_down=most_down,
        talon=stock if table.stock else None,
        looked_at_whole=("stock",) if deals else (),
    )


def _face_down(game: Game) -> bytes:
    return bytes(map(len, game.down))


def _foundation_tops(game: Game) -> bytes:
    return bytes([pile[-1] + 1 if pile else 0 for pile in game.foundations])


def _run_bottoms(game: Game) -> bytes:
    return bytes([pile[0] + 1 if pile else 0 for pile in game.foundations])


def _stock_count(game: Game) -> bytes:
    return bytes((len(game.stock),))


def _talon_of(width: int) -> Any:
    def talon(game: Game) -> bytes:
        return _pile(game.waste, width) + bytes((len(game.stock),))

    return talon


class DeclaredEnv(SolitaireEnv):
    """A registered game (``game``, its name) as an environment: the keywords are the game's
    options (Spider's ``suits``) and those of ``SolitaireEnv`` (reward, win_bonus,
    illegal_penalty, max_steps, detect_lost)."""

    def __init__(self, game: str, render_mode: str | None = None, **keywords: Any) -> None:
        settings = {key: keywords.pop(key) for key in SETTINGS if key in keywords}
        declared = definition(game)
        engine = declared.engine(seed=0, **keywords)
        self.actions = declared_actions(declared, engine.options)
        self.layout = declared_layout(declared, engine.options)
        super().__init__(engine, render_mode, **settings)


@cache
def env_class(game: str) -> type[DeclaredEnv]:
    """The environment class of one registered game: ``SpiderEnv``, made once."""
    title = definition(game).title.replace(" ", "")

    def __init__(self: DeclaredEnv, render_mode: str | None = None, **keywords: Any) -> None:
        DeclaredEnv.__init__(self, game, render_mode, **keywords)

    return type(f"{title}Env", (DeclaredEnv,), {"__init__": __init__, "__module__": __name__})


@cache
def vector_class(game: str) -> type[SolitaireVectorEnv]:
    """The vector environment class of one registered game: ``SpiderVectorEnv``."""
    title = definition(game).title.replace(" ", "")
    return type(
        f"{title}VectorEnv",
        (SolitaireVectorEnv,),
        {"single": env_class(game), "__module__": __name__},
    )
