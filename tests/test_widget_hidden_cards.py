"""Nothing sent to the page names a card the player cannot see (SPEC section 5).

Face-down tableau cards, the stock and the reserve below its top card stay in Python; the page
gets their counts. Every synced trait, and every message a page is sent while hints are asked
for and followed, is searched for the names of those cards: in notation ("AC") and in words
("the Ace of clubs", "7 of hearts").
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


RANK_WORDS = {"A": "Ace", "T": "10", "J": "Jack", "Q": "Queen", "K": "King"} | {
    rank: rank for rank in "23456789"
}
SUIT_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def in_words(card: str) -> str:
    """A card's name as a sentence says it: "Ace of clubs", "10 of hearts"."""
    return f"{RANK_WORDS[card[0]]} of {SUIT_WORDS[card[1]]}"


def named(card: str, text: str) -> bool:
    """Whether ``text`` names ``card`` in notation ("AC") or in words ("ace of Clubs")."""
    notation = rf"(?<![A-Za-z0-9]){card}(?![A-Za-z0-9])"
    words = rf"(?<![A-Za-z0-9]){in_words(card)}(?![A-Za-z0-9])"
    return (
        re.search(notation, text) is not None or re.search(words, text, re.IGNORECASE) is not None
    )


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
    """The check itself works: the full state, which holds the hidden cards, fails it, and so
    do their names in words."""
    board = Klondike(seed=1)
    hidden = hidden_cards(board.state())
    text = json.dumps(board.state())
    assert all(named(card, text) for card in hidden)
    assert named("TH", "It draws to reach the 10 of Hearts.")
    assert named("AC", "the Ace of clubs") and named("AC", "Aces: the Ace of clubs.")
    assert not named("AC", "the Ace of diamonds") and not named("7H", "17 of hearts")


# ----------------------------------------------------------------- hints on a shared board


class SeenByPage:
    """Records every update a board sends to its page, and the cards the page has been shown:
    face-up tableau cards, foundations, waste and the reserve's top, in any view it was sent."""

    def __init__(self, board: Any) -> None:
        self.board = board
        self.texts: list[str] = []
        self.shown: set[str] = set()
        self._receive({"method": "update", "state": board.get_state()})
        board.comm.send = lambda data=None, metadata=None, buffers=None: self._receive(data)

    def _receive(self, data: Any) -> None:
        state = {k: v for k, v in data.get("state", {}).items() if k not in CODE_TRAITS}
        view = state.get("_board")
        if view:
            self.shown.update(card for pile in view["tableau"] for card in pile["up"])
            self.shown.update(card for pile in view["foundations"] for card in pile)
            self.shown.update(view["waste"])
            self.shown.update([view["reserve_top"]] if view["reserve_top"] else [])
        self.texts.append(json.dumps(data))

    def request(self, kind: str, **fields: Any) -> None:
        content = {"type": kind, **fields, "version": self.board._board["version"]}
        self.board.comm.handle_msg(
            {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
        )

    def names_of_unseen_cards(self) -> set[str]:
        """Every card never shown to the page that some text sent to it names."""
        text = "\n".join(self.texts)
        unseen = {rank + suit for rank in RANK_WORDS for suit in SUIT_WORDS} - self.shown
        return {card for card in unseen if named(card, text)}


def follow_hints_on_the_page(page: SeenByPage, rng: random.Random, hints: int) -> int:
    """Asks for hints and follows them through the page's requests, now and then undoing or
    restarting instead; the number of hints given."""
    given = 0
    for _ in range(hints):
        roll = rng.random()
        if roll < 0.05:
            page.request("restart")
        elif roll < 0.12 and page.board.history:
            page.request("undo")
        page.request("hint")
        hint = page.board._hint
        if hint is None:
            break
        given += 1
        move = hint["move"]
        if move in ("draw", "stock-waste", "waste-stock"):
            page.request("draw")
        else:
            page.request("move", move=move)
    return given


@pytest.mark.parametrize(
    "make",
    [
        lambda seed: Klondike(seed=seed, draw=1, show_seed=False, auto_move=False),
        lambda seed: Klondike(seed=seed, draw=3, show_seed=False),
        lambda seed: Applegate(seed=seed, winnable=True, show_seed=False),
    ],
    ids=["klondike draw 1", "klondike draw 3", "applegate"],
)
def test_hints_on_a_shared_board_name_only_cards_the_page_was_shown(make):
    """Issue 20: "Hint: draw a card. It draws to reach the Ace of clubs." with the Ace still in
    the stock named a hidden card. A hint may name only cards the player has seen."""
    rng = random.Random(20)
    given = 0
    for seed in range(600_000, 600_008):
        page = SeenByPage(make(seed))
        given += follow_hints_on_the_page(page, rng, 25)
        assert not page.names_of_unseen_cards(), (seed, page.names_of_unseen_cards())
    assert given >= 100


def test_the_page_sees_counts_and_the_reserve_top_only():
    board = Applegate(seed=7)
    state, view = board.state(), board._board
    assert view["reserve"] == len(state["reserve"]) == 3
    assert view["reserve_top"] == state["reserve"][-1]
    assert [pile["down"] for pile in view["tableau"]] == [0, 2, 2, 2, 2, 2, 2]
    klondike = Klondike(seed=7)
    assert klondike._board["stock"] == 24
    assert klondike._board["tableau"][6] == {"down": 6, "up": klondike.state()["tableau"][6]["up"]}
