"""``sw.resume``: a board at a recorded game, rebuilt from its deal and its moves."""

from __future__ import annotations

from typing import Unpack

from ..daily import DailyDeal
from ..engine import GAMES, Game, IllegalMove
from ..moves import Move
from ..state import load_game
from ..store import GameRecord, StoreUnavailable, open_store
from .board import Board, BoardSettings, _checked


def resume(game_id: int | None = None, **settings: Unpack[BoardSettings]) -> Board:
    """A board at a recorded game: the most recently played game still being played, or the
    game ``game_id`` (any recorded game, finished ones included). The board has the game's
    whole history, its redo moves and its clock, and goes on recording into the same game.

    Raises ``LookupError`` when there is no such game or the store cannot be read.
    """
    try:
        store = open_store()
        if game_id is None:
            game_id = store.latest_playing()
            if game_id is None:
                raise LookupError(f"No game in progress is recorded in {store.path}.")
        record = store.game(game_id)
    except StoreUnavailable as trouble:
        raise LookupError(f"The game store cannot be read: {trouble}.") from None
    if record is None:
        raise LookupError(f"No game {game_id} is recorded in {store.path}.")
    game = rebuild(record)
    deal = record.deal
    daily = None
    if deal.daily is not None and deal.seed is not None:
        daily = DailyDeal(deal.daily, deal.game, deal.options.get("draw"), deal.seed)
    return Board._showing(game, _checked(settings), resumed=record, daily=daily)


def rebuild(record: GameRecord) -> Game:
    """The engine game a record describes: its deal, the moves of its line, then as many undos
    as the line has moves beyond the history, so redo works as it did.

    The store is read as untrusted input: a start position goes through ``sw.load``'s checks,
    and a line stops at the first move the rules refuse.
    """
    deal = record.deal
    if deal.game not in GAMES:
        raise LookupError(f"game {record.id} is of an unknown game {deal.game!r}")
    try:
        if deal.start is not None:
            game = load_game(deal.start)
        else:
            game = GAMES[deal.game](deal.seed, **deal.options)
    except (TypeError, ValueError) as error:
        raise LookupError(f"game {record.id} cannot be dealt again: {error}") from None
    played = 0
    for text in record.line:
        try:
            game.move(Move.parse(text))
        except (IllegalMove, ValueError):
            break
        played += 1
    for _ in range(max(0, played - record.moves)):
        game.undo()
    return game
