"""``sw.resume``: a board at a recorded game, rebuilt from its deal and its moves."""

from __future__ import annotations

import operator
import warnings
from typing import Unpack

from .. import preferences
from ..daily import DailyDeal
from ..engine import Game
from ..games import GAMES
from ..moves import Move
from ..shape import brief
from ..state import load_game, replay
from ..store import BadRow, GameRecord, GameStore, StoreUnavailable, open_store
from ..variants import variant_of
from .board import Board, BoardSettings, _checked


def resume(
    game_id: int | None = None, *, player: str | None = None, **settings: Unpack[BoardSettings]
) -> Board:
    """A board at a recorded game: the most recently played game still being played, or the
    game ``game_id`` (any recorded game, finished ones included). The board has the game's
    whole history, its redo moves and its clock, and goes on recording into the same game.
    Settings left out take the player's saved preferences, as on ``Klondike``.

    Only the player's own games: ``player`` None (the default) is whoever plays in notebooks;
    the Voilà app passes its visitor's token (see ``solitaire_widget.app``).

    Raises ``LookupError`` when the player has no such game, or its row or the store cannot be
    read, and ``TypeError`` when ``game_id`` is not a whole number.
    """
    if game_id is not None:
        game_id = _whole(game_id)
    try:
        store = open_store()
        record = _latest_playing(store, player) if game_id is None else store.game(game_id)
    except StoreUnavailable as trouble:
        raise LookupError(f"The game store cannot be read: {trouble}.") from None
    except BadRow as bad:
        raise LookupError(f"{bad.not_resumed()}.") from None
    if record is None and game_id is None:
        raise LookupError(f"No game in progress is recorded in {store.path}.")
    if record is None or record.player != player:
        elsewhere = ""
        if record is not None and player is None:
            elsewhere = f": game {game_id} was played by a visitor of the app"
        raise LookupError(f"No game {game_id} is recorded in {store.path}{elsewhere}.")
    checked = _checked(settings, preferences.saved(player))
    return Board._showing(rebuild(record), checked, resumed=record, daily=daily_of(record))


def game_in_progress(player: str) -> GameRecord | None:
    """The app's visitor's most recently played game still being played, or None: none, or
    the store cannot be read (the app's statistics say so). Unlike ``resume``, never raises:
    the app then deals a new game."""
    try:
        store = open_store()
        # Rows that cannot be read are named in the app's statistics, not warned of here.
        return _first_playing(store, store.played_games(player)[0])
    except (StoreUnavailable, BadRow):
        return None


def daily_of(record: GameRecord) -> DailyDeal | None:
    """The daily challenge ``record`` plays, or None."""
    deal = record.deal
    if deal.daily is None or deal.seed is None:
        return None
    variant = variant_of(deal.game, deal.options).options
    return DailyDeal(deal.daily, deal.game, dict(variant), deal.seed)


def _whole(game_id: object) -> int:
    """The id as an ``int`` (NumPy's integers too); ``True`` is no id."""
    try:
        if isinstance(game_id, bool):
            raise TypeError
        return operator.index(game_id)  # type: ignore[arg-type]
    except TypeError:
        raise TypeError(
            f"a game id is a whole number (see sw.saved_games()), not {brief(game_id)}"
        ) from None


def _latest_playing(store: GameStore, player: str | None) -> GameRecord | None:
    """The player's most recently played game that is still being played, with its line. Rows
    that cannot be read are passed over, with a warning naming each."""
    records, notices = store.played_games(player)
    for notice in notices:
        warnings.warn(notice, RuntimeWarning, stacklevel=3)
    return _first_playing(store, records)


def _first_playing(store: GameStore, records: list[GameRecord]) -> GameRecord | None:
    """The first of ``records`` (newest first) still being played, read with its line."""
    for record in records:
        if record.status == "playing" and record.won_at is None and record.abandoned_at is None:
            return store.game(record.id)
    return None


def rebuild(record: GameRecord) -> Game:
    """The engine game a record describes: its deal, the moves of its line, then as many undos
    as the line has moves beyond the history, so redo works as it did.

    The store is read as untrusted input: a start position goes through ``sw.load``'s checks,
    and a line stops at the first move the rules refuse.
    """
    deal = record.deal
    if deal.game not in GAMES:
        raise LookupError(f"game {record.id} is of an unknown game {deal.game!r}")
    line = _readable(record.line)
    try:
        start = None if deal.start is None else load_game(deal.start)
        before = 0 if start is None else start.moves  # a start edited to carry moves keeps them
        game = replay(deal.game, deal.options, deal.seed, start, line, as_far_as_legal=True)
    except (TypeError, ValueError) as error:
        raise LookupError(f"game {record.id} cannot be dealt again: {error}") from None
    for _ in range(max(0, game.moves - before - record.moves)):
        game.undo()
    return game


def _readable(line: list[str]) -> list[Move]:
    """The moves of a recorded line up to the first that is not a move's notation."""
    moves = []
    for text in line:
        try:
            moves.append(Move.parse(text))
        except ValueError:
            break
    return moves
