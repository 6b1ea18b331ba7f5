"""The store follows a board's line of moves through moves, undos, redos and failed writes.

The recorder writes only what changed since its last write, found from where new moves cut the
line (``Game._line_cuts``) rather than by comparing the whole line. Whatever the player does, and
however many writes fail in between, the store ends up holding exactly the board's line.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import solitaire_widget as sw
from solitaire_widget import store
from solitaire_widget.store import StoreUnavailable
from solitaire_widget.widget import recording


def line_of(board: sw.Klondike | sw.Applegate) -> list[str]:
    return [str(move) for move in board.history + board._game.redo_line]


def recorded(board: sw.Klondike | sw.Applegate) -> tuple[list[str], int]:
    record = store.open_store().game(board.game_id)
    assert record is not None
    return record.line, record.moves


def unavailable(path: object = None) -> store.GameStore:
    raise StoreUnavailable("the game store is busy (another kernel holds it)")


ACTIONS = st.lists(
    st.sampled_from(["move", "move", "move", "undo", "undo", "redo", "fail", "mend"]),
    max_size=60,
)


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(["klondike", "applegate"]), st.integers(0, 10**6), ACTIONS)
def test_the_store_holds_the_boards_line_after_any_play_and_failed_writes(kind, seed, actions):
    rng = random.Random(seed)
    failing = False
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(recording, "FIRST_RETRY_SECONDS", 0.0)  # retry at the next change
        board = sw.Klondike(seed=seed) if kind == "klondike" else sw.Applegate(seed=seed)
        for action in actions:
            if action in ("fail", "mend"):
                failing = action == "fail"
                if failing:
                    patch.setattr(recording, "open_store", unavailable)
                else:
                    patch.setattr(recording, "open_store", store.open_store)
                continue
            if action == "move" and board.legal_moves():
                board.move(rng.choice(board.legal_moves()))
            elif action == "undo" and board._game.can_undo:
                board.undo()
            elif action == "redo" and board._game.can_redo:
                board.redo()
            else:
                continue  # nothing changed: nothing is written
            if not failing:
                assert recorded(board) == (line_of(board), board.moves)
        patch.setattr(recording, "open_store", store.open_store)
        if board.legal_moves():  # the next change catches up
            board.move(board.legal_moves()[0])
        else:
            board.undo()
    assert recorded(board) == (line_of(board), board.moves)
    again = sw.resume(board.game_id)
    assert line_of(again) == line_of(board) and again.state() == board.state()


def test_a_long_loaded_game_goes_on_recording_only_what_changes():
    """A loaded history of 3,000 moves, then moves after undos: the store keeps the shared
    part and follows each cut."""
    walk = sw.Klondike(seed=3, autosave=False)
    rng = random.Random(3)
    while walk.moves < 3_000:
        walk.move(rng.choice(walk.legal_moves()))
    board = sw.load(walk.state())
    assert recorded(board) == (line_of(board), 3_000)
    for undos in (1, 5, 40):
        for _ in range(undos):
            board.undo()
        board.redo()
        board.move(rng.choice(board.legal_moves()))
        assert recorded(board) == (line_of(board), board.moves)
    again = sw.resume(board.game_id)
    assert again.state() == board.state()


def test_a_move_in_a_long_game_writes_one_ply_and_an_undo_none(monkeypatch):
    """What a write carries depends on what changed, not on the game's length."""
    board = sw.Klondike(seed=4)
    for _ in range(2_000):
        board.draw()
    written: list[int] = []
    record = store.GameStore.record

    def counting(self, attempt, revision, keep, held, progress, *rest):
        written.append(len(progress.line) - keep)
        return record(self, attempt, revision, keep, held, progress, *rest)

    monkeypatch.setattr(store.GameStore, "record", counting)
    board.draw()
    board.undo()
    board.undo()
    board.redo()
    board.draw()  # cuts the line: the redone draw stays, the undone one is replaced
    assert written == [1, 0, 0, 0, 1]
    assert recorded(board) == (line_of(board), 2_001)
