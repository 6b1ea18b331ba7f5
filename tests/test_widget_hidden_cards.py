"""Nothing sent to the page names a card the player cannot see (SPEC section 5).

Face-down tableau cards, the stock and the reserve below its top card stay in Python; the page
gets their counts. Every synced trait is searched, as JSON, for the names of those cards.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

from solitaire_widget.widget import Applegate, Klondike

# The module source and the stylesheet are the same for every game; the rest is game data.
CODE_TRAITS = {"_esm", "_css"}


def hidden_cards(state: dict[str, Any]) -> set[str]:
    hidden = {card for pile in state["tableau"] for card in pile["down"]}
    hidden |= set(state["stock"])
    hidden |= set(state["reserve"][:-1])
    return hidden


def synced_json(board: Any) -> str:
    state = board.get_state()
    assert set(state) >= CODE_TRAITS
    return json.dumps({name: value for name, value in state.items() if name not in CODE_TRAITS})


def named(card: str, text: str) -> bool:
    return re.search(rf"(?<![A-Za-z0-9]){card}(?![A-Za-z0-9])", text) is not None


def assert_nothing_hidden_is_sent(board: Any) -> int:
    hidden = hidden_cards(board.state())
    text = synced_json(board)
    leaked = sorted(card for card in hidden if named(card, text))
    assert not leaked, f"the page was sent hidden cards {leaked}"
    return len(hidden)


def play_randomly(board: Any, rng: random.Random, steps: int) -> int:
    """Random legal moves, undos and refused requests, checking the synced traits after each."""
    checked_hidden = 0
    for _ in range(steps):
        roll = rng.random()
        if roll < 0.08 and board.history:
            board.undo()
        elif roll < 0.15:
            # A refused move from the page: its message must not name hidden cards either.
            board._handle_custom_msg(
                {
                    "type": "move",
                    "move": f"t{rng.randint(1, 7)}-t{rng.randint(1, 7)}:2",
                    "version": board._board["version"],
                },
                [],
            )
        else:
            legal = board.legal_moves()
            if not legal:
                break
            board.move(rng.choice(legal))
        checked_hidden += assert_nothing_hidden_is_sent(board)
    return checked_hidden


@pytest.mark.parametrize("seed", range(40))
def test_a_klondike_board_never_sends_a_hidden_card(seed):
    rng = random.Random(seed)
    board = Klondike(seed=seed, draw=rng.choice([1, 3]))
    assert assert_nothing_hidden_is_sent(board) == 21 + 24
    assert play_randomly(board, rng, 80) > 0


@pytest.mark.parametrize("seed", range(40))
def test_an_applegate_board_never_sends_a_hidden_card(seed):
    rng = random.Random(seed)
    board = Applegate(seed=seed)
    assert assert_nothing_hidden_is_sent(board) == 12 + 2
    assert play_randomly(board, rng, 80) > 0


def test_the_search_would_find_a_leaked_card():
    """The check itself works: the full state, which holds the hidden cards, fails it."""
    board = Klondike(seed=1)
    hidden = hidden_cards(board.state())
    text = json.dumps(board.state())
    assert all(named(card, text) for card in hidden)


def test_the_page_sees_counts_and_the_reserve_top_only():
    board = Applegate(seed=7)
    state, view = board.state(), board._board
    assert view["reserve"] == len(state["reserve"]) == 3
    assert view["reserve_top"] == state["reserve"][-1]
    assert [pile["down"] for pile in view["tableau"]] == [0, 2, 2, 2, 2, 2, 2]
    klondike = Klondike(seed=7)
    assert klondike._board["stock"] == 24
    assert klondike._board["tableau"][6] == {"down": 6, "up": klondike.state()["tableau"][6]["up"]}
