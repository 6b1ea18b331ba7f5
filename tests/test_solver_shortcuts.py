"""The shortcuts that make the Klondike solver's positions cheap (``solver/klondike.py``): a move
checks only the card it can newly send up, a key tells positions apart without a separator, and a
paired move carries its position's table of face-up cards over instead of making it again. Each
must give exactly what the long way gives."""

from __future__ import annotations

import random

import pytest

from solitaire_widget.games import KlondikeGame
from solitaire_widget.solver.klondike import (
    CHAIN,
    FROM_FOUNDATION,
    RANK,
    RUN,
    SUIT,
    TALON_TO_COLUMN,
    KlondikeRules,
    _face_up,
    _moved,
    is_safe,
)

SEEDS = range(2_000_000, 2_000_006)


def positions_in_play(draw: int) -> list[tuple[KlondikeRules, tuple]]:
    """Positions a random player reaches with the proving search's moves, a few deals' worth."""
    found = []
    for seed in SEEDS:
        rules = KlondikeRules(KlondikeGame(seed=seed, draw=draw).state())
        chance = random.Random(seed)
        position = rules.root
        for _ in range(60):
            found.append((rules, position))
            moves = rules.moves(position)
            if not moves:
                break
            position = rules.after(position, chance.choice(moves))
    return found


def goes_up(card: int, foundations: tuple[int, ...]) -> bool:
    return foundations[SUIT[card]] == RANK[card] and is_safe(card, foundations)


@pytest.mark.parametrize("draw", [1, 3])
def test_after_every_move_no_safe_card_is_left_to_go_up(draw):
    for rules, position in positions_in_play(draw):
        for move in rules.moves(position):
            columns, foundations, talon, _ = rules.after(position, move)
            tops = [column[-1] for column in columns if len(column) > 1]
            assert not any(goes_up(card, foundations) for card in tops), move
            if draw == 1:  # draw 1 also sends safe cards up from the talon
                assert not any(goes_up(card, foundations) for card in talon), move


@pytest.mark.parametrize("draw", [1, 3])
def test_two_positions_share_a_key_exactly_when_they_are_the_same_up_to_symmetry(draw):
    names: dict[bytes, tuple] = {}
    for rules, position in positions_in_play(draw):
        for move in rules.moves(position):
            columns, _, talon, waste = rules.after(position, move)
            if draw == 3 and (waste % 3 == 0 or waste == len(talon)):
                waste = 0  # these waste sizes reach the same cards as an empty waste
            same = (sorted(columns), talon, waste if draw == 3 else 0)
            key = rules.key((columns, None, talon, waste))
            assert names.setdefault(key, same) == same
    assert len(set(map(repr, names.values()))) == len(names)


@pytest.mark.parametrize("draw", [1, 3])
def test_a_card_passed_from_the_last_column_to_the_talon_changes_the_key(draw):
    """Without a mark between the columns and the talon, the card could belong to either."""
    for rules, position in positions_in_play(draw)[::10]:
        columns, foundations, talon, waste = position
        last = max(range(len(columns)), key=lambda i: columns[i])
        if len(columns[last]) < 3:
            continue
        passed = list(columns)
        passed[last] = columns[last][:-1]
        other = (tuple(passed), foundations, columns[last][-1:] + talon, waste + 1)
        assert rules.key(other) != rules.key(position)


def moved_cards(position: tuple, move: tuple) -> tuple[list[int], int]:
    """The cards ``move`` lays on a column, and that column."""
    columns, foundations, talon, _ = position
    if move[0] == RUN:
        _, i, j, n = move
        return list(columns[i][-n:]), j
    if move[0] == TALON_TO_COLUMN:
        return [talon[move[1] - 1]], move[2]
    assert move[0] == FROM_FOUNDATION
    suit = move[1]
    return [suit * 13 + foundations[suit] - 1], move[2]


@pytest.mark.parametrize("draw", [1, 3])
def test_a_paired_move_leaves_every_face_up_card_but_those_it_moves_in_place_until_its_end(draw):
    """Every step of a paired move but the last (the one that makes it worth making) sends no
    card up, so the table of face-up cards after it is the one before, with the cards moved."""
    steps = 0
    for rules, position in positions_in_play(draw):
        for move in rules.moves(position):
            if move[0] != CHAIN:
                continue
            before = position
            for step in move[1][:-1]:
                steps += 1
                cards, column = moved_cards(before, step)
                after = rules.after(before, step)
                assert _moved(_face_up(before[0]), cards, column) == _face_up(after[0]), move
                before = after
    assert steps > 20
