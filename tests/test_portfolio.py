"""The portfolio of searches: past ``alone_after`` positions the proving search runs alone, the
others give their positions back, and the positions cap counts only the positions still held."""

from __future__ import annotations

from time import perf_counter

from solitaire_widget.solver.search import UNKNOWN, UNWINNABLE, run_portfolio


class Counting:
    """A search that expands ``budget`` positions a call and runs out after ``total``."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.nodes = 0
        self.line: list[tuple] = []
        self.seen = {"a position"}

    def advance(self, budget: int) -> str | None:
        self.nodes = min(self.total, self.nodes + budget)
        return UNWINNABLE if self.nodes >= self.total else None

    def retire(self) -> None:
        self.seen = set()


def test_past_alone_after_the_proving_search_runs_alone_and_the_others_forget():
    """Together the two would pass the cap of 60,000 positions before the proof's 50,000."""
    other, proving = Counting(10**9), Counting(50_000)
    verdict, _, _, nodes = run_portfolio(
        [other, proving], perf_counter() + 60, proving, positions=60_000, alone_after=10_000
    )
    assert verdict == UNWINNABLE
    assert other.seen == set() and other.nodes < 10_000
    assert nodes == other.nodes + 50_000


def test_without_alone_after_every_search_counts_towards_the_cap():
    other, proving = Counting(10**9), Counting(50_000)
    verdict, _, _, nodes = run_portfolio([other, proving], perf_counter() + 60, proving, 40_000)
    assert verdict == UNKNOWN
    assert other.seen and nodes == 40_000
