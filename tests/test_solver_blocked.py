"""The proof that a Klondike position is lost because a card is locked in for good
(``solver/blocked.py``), and the proving search that uses it to cut off dead ends: it never calls
a winnable position lost, and it proves a locked deal lost soon after it starts looking."""

from __future__ import annotations

import pytest

from positions import klondike_state
from solitaire_widget.games import KlondikeGame
from solitaire_widget.solver import _solve, solve
from solitaire_widget.solver.blocked import cannot_win
from solitaire_widget.solver.klondike import KlondikeRules
from solitaire_widget.solver.search import UNWINNABLE, WON, DepthFirst
from solitaire_widget.solver.tuned import CHECKING_FROM
from test_solver_pairing import exhaust, position_in_play

# The QH lies on the JH (the card it must follow up) and on both black Kings (the cards it could
# move onto): it can never leave, so the hearts never go up.
LOCKED = ["KS JH KC | QH"]
# The same with the KC out at the top of another column: the QH can go there.
UNLOCKED = ["KS JH | QH", "| KC"]
# A lock over two columns: the QH waits for the JH or the KS beneath it, or for the KC, which lies
# under the QD; the QD waits for the JD or the KS (beneath the QH), or the KC beneath itself.
CROSSED = ["KS JD JH | QH", "KC QD | KH"]
# The same with the KC above the QD: the QH goes onto it, and everything comes free.
UNCROSSED = ["KS JD JH | QH", "QD KC | KH"]


def root(tableau: list[str]) -> tuple:
    return KlondikeRules(klondike_state(tableau)).root


@pytest.mark.parametrize("tableau", [LOCKED, CROSSED], ids=["one column", "two columns"])
def test_a_card_locked_in_by_the_cards_it_needs_proves_the_game_lost(tableau):
    assert cannot_win(root(tableau))
    # The search that does not use the proof agrees, the long way round.
    assert _solve(klondike_state(tableau), 30.0, as_catalogued=True).status == UNWINNABLE
    assert solve(klondike_state(tableau)).status == UNWINNABLE


@pytest.mark.parametrize("tableau", [UNLOCKED, UNCROSSED], ids=["one column", "two columns"])
def test_a_card_with_one_way_out_is_not_called_locked(tableau):
    assert not cannot_win(root(tableau))
    assert solve(klondike_state(tableau)).status == WON


def test_a_locked_deal_is_proved_lost_soon_after_the_search_looks_for_dead_ends():
    """Development seed 3,000,062 in draw 1: without the proof it took 27,084 positions."""
    solution = solve(KlondikeGame(seed=3_000_062, draw=1))
    assert solution.status == UNWINNABLE
    # Four searches take turns, and the proving one looks for dead ends from CHECKING_FROM on.
    assert solution.nodes <= 4 * (CHECKING_FROM + 1_000)


def test_the_search_looks_for_dead_ends_only_from_its_checking_point():
    rules = KlondikeRules(KlondikeGame(seed=3_000_062, draw=1).state())
    asked = []

    def recording(position: tuple) -> bool:
        asked.append(position)
        return cannot_win(position)

    search = DepthFirst(rules, rules.root, recording, checking_from=300)
    assert search.advance(299) is None
    assert asked == []
    assert search.advance(10_000) == UNWINNABLE
    assert asked


@pytest.mark.parametrize("draw", [1, 3])
def test_no_position_on_a_winning_line_is_called_lost(draw):
    lines = 0
    for seed in range(2_000_000, 2_000_012):
        # The fast rules (which leave out moves) find most wins within a few hundred positions.
        rules = KlondikeRules(KlondikeGame(seed=seed, draw=draw).state(), pruned=True)
        search = DepthFirst(rules, rules.root)
        verdict = None
        while verdict is None and search.nodes < 20_000:
            verdict = search.advance(1_000)
        if verdict != WON:
            continue
        lines += 1
        position = rules.root
        for move in search.line:
            assert not cannot_win(position), (seed, move)
            position = rules.after(position, move)
    assert lines >= 6


def exhaust_cutting_dead_ends(rules: KlondikeRules, positions: int) -> str | None:
    search = DepthFirst(rules, rules.root, cannot_win)
    verdict = None
    while verdict is None and search.nodes < positions:
        verdict = search.advance(1_000)
    return verdict


@pytest.mark.parametrize("draw", [1, 3])
def test_cutting_dead_ends_never_changes_a_verdict(draw):
    decided = lost = 0
    for seed in range(20):
        state = position_in_play(seed, draw)
        cut = exhaust_cutting_dead_ends(KlondikeRules(state), 5_000)
        full = exhaust(KlondikeRules(state, pairing=False), 20_000)
        if full == WON:
            assert not cannot_win(KlondikeRules(state).root), seed
        if cut is not None and full is not None:
            assert cut == full, seed
            decided += 1
            lost += full == UNWINNABLE
    assert decided >= 10 and lost >= 1
