"""The board as text, for ``print(g)`` in notebooks and doctests. Hidden cards show as ``##``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import NAME
from ..options import words_of

if TYPE_CHECKING:
    from .base import Game

HIDDEN = "##"
EMPTY = "--"


def render(game: Game, show_seed: bool = True) -> str:
    """The board as text; ``show_seed=False`` leaves the seed out of the title, for a board
    others will see (the seed reveals every hidden card)."""
    lines = [_title(game, show_seed), _counters(game), _extra_piles(game), _foundations(game)]
    for number, (down, up) in enumerate(zip(game.down, game.up, strict=True), 1):
        cards = [HIDDEN] * len(down) + [NAME[card] for card in up]
        lines.append(f"t{number}: {' '.join(cards) if cards else EMPTY}")
    return "\n".join(lines)


def _title(game: Game, show_seed: bool) -> str:
    if game.seed is None:
        seed = "custom deal"
    else:
        seed = f"seed {game.seed}" if show_seed else "seed hidden"
    title = game.definition.title
    return " · ".join([title, *words_of(game.definition.options, game.options), seed])


def _counters(game: Game) -> str:
    parts = [f"moves {game.moves}"]
    if game.score is not None:
        parts.insert(0, f"score {game.score}")
    rules = game.definition.rules
    if rules is not None and rules.foundation == "runs":
        parts.append(f"finished runs {sum(1 for f in game.foundations if f)}")
    parts.append(game.status)
    return " · ".join(parts)


def _extra_piles(game: Game) -> str:
    """The stock, waste and reserve the game's table has, on one line."""
    shown = []
    for pile in game.definition.table.talon:
        if pile == "stock":
            shown.append(f"stock: {_count(len(game.stock))}")
        elif pile == "waste":
            waste = game.waste
            tops = " ".join(NAME[card] for card in waste[-3:]) if waste else EMPTY
            more = f" (+{len(waste) - 3})" if len(waste) > 3 else ""
            shown.append(f"waste: {tops}{more}")
        else:
            reserve = game.reserve
            top = f"{NAME[reserve[-1]]}" if reserve else EMPTY
            hidden = f" (+{len(reserve) - 1} hidden)" if len(reserve) > 1 else ""
            shown.append(f"reserve: {top}{hidden}")
    return "   ".join(shown)


def _foundations(game: Game) -> str:
    tops = (NAME[pile[-1]] if pile else EMPTY for pile in game.foundations)
    return "   ".join(f"f{number}: {top}" for number, top in enumerate(tops, 1))


def _count(count: int) -> str:
    return "1 card" if count == 1 else f"{count} cards"
