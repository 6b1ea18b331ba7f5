"""The catalogue of proven-winnable seeds: what it covers, that its seeds are won, that it answers
exactly as the search does, and that it is the search's answer for winnable=True.

Re-solving every catalogued seed takes minutes, so the default run checks a sample that rotates
with the date (every seed is checked over the days); ``pytest -m slow`` checks them all, and
``scripts/build_deal_catalogue.py`` runs that after each build.
"""

import datetime as dt

import pytest

import solitaire_widget as sw
from proofs import VARIANTS, won_by_replay
from solitaire_widget import solver
from solitaire_widget.solver import DEAL_BUDGET, first_winnable_seed, prove_deal
from solitaire_widget.solver.catalogue import (
    WinnableDeals,
    daily_range,
    load_catalogue,
    winnable_deals,
    write_catalogue,
)

# How many catalogued seeds of each variant the default run re-solves.
SAMPLE = {"klondike draw 1": 100, "klondike draw 3": 60, "applegate": 200, "spider 1 suit": 5}
ROTATION = dt.date.today().toordinal()


def sample(seeds, size):
    """``size`` seeds spread evenly over ``seeds``, starting at an offset that changes daily."""
    if size >= len(seeds):
        return list(seeds)
    step = len(seeds) / size
    offset = ROTATION % int(step)
    return [seeds[offset + int(k * step)] for k in range(size)]


# ----------------------------------------------------------------- the file


def test_the_catalogue_covers_every_variant_from_seed_zero():
    catalogue = load_catalogue()
    assert set(catalogue) == set(VARIANTS)
    for variant, deals in catalogue.items():
        assert deals.budget == DEAL_BUDGET, "rebuild the catalogue after changing DEAL_BUDGET"
        assert list(deals.seeds) == sorted(set(deals.seeds))
        assert deals.seeds[0] >= 0 and deals.seeds[-1] < deals.end
        assert deals.end >= daily_range(*VARIANTS[variant]).end >= 3000, variant
    assert len(catalogue["applegate"].seeds) >= 500


def test_scoring_does_not_change_which_catalogue_a_deal_uses():
    standard = winnable_deals("klondike", {"draw": 3, "scoring": "standard"})
    assert standard is winnable_deals("klondike", {"draw": 3, "scoring": None})
    assert standard is not winnable_deals("klondike", {"draw": 1})


def test_a_written_catalogue_reads_back_the_same(tmp_path):
    path = tmp_path / "deals.json"
    deals = [WinnableDeals("applegate", 20, (0, 7, 8, 19), 500)]
    write_catalogue(path, deals)
    assert list(load_catalogue(str(path)).values()) == deals
    assert [p.name for p in tmp_path.iterdir()] == ["deals.json"]


def test_a_catalogue_whose_count_disagrees_with_its_seeds_is_refused(tmp_path):
    path = tmp_path / "deals.json"
    write_catalogue(path, [WinnableDeals("applegate", 20, (0, 7), 500)])
    path.write_text(path.read_text().replace('"count": 2', '"count": 3'))
    with pytest.raises(ValueError, match="2 seeds, not 3"):
        load_catalogue(str(path))


def test_a_seed_outside_the_range_cannot_be_catalogued(tmp_path):
    with pytest.raises(ValueError, match="outside the catalogue's range"):
        write_catalogue(tmp_path / "deals.json", [WinnableDeals("applegate", 20, (20,), 500)])


# ----------------------------------------------------------------- the seeds


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_sample_of_catalogued_seeds_replays_a_win(variant):
    kind, options = VARIANTS[variant]
    seeds = winnable_deals(kind, options).seeds
    checked = sample(seeds, SAMPLE[variant])
    assert [seed for seed in checked if not won_by_replay(kind, options, seed)] == []


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_every_catalogued_seed_replays_a_win(variant):
    kind, options = VARIANTS[variant]
    seeds = winnable_deals(kind, options).seeds
    assert [seed for seed in seeds if not won_by_replay(kind, options, seed)] == []


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_seed_left_out_of_the_catalogue_is_not_won_within_the_budget(variant):
    kind, options = VARIANTS[variant]
    deals = winnable_deals(kind, options)
    left_out = [seed for seed in range(deals.end) if seed not in deals]
    for seed in sample(left_out, 2):
        assert prove_deal(kind, seed, options, seconds=600).status != "won", seed


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_catalogue_gives_the_seed_the_search_finds(variant):
    """From the seed just before a catalogued one, both must find that one."""
    kind, options = VARIANTS[variant]
    deals = winnable_deals(kind, options)
    after_a_gap = [seed for seed in deals.seeds if seed - 1 not in deals and seed > 0]
    (seed,) = sample(after_a_gap, 1)
    assert first_winnable_seed(kind, seed - 1, options) == seed
    assert first_winnable_seed(kind, seed - 1, options, catalogue=False) == seed


# ----------------------------------------------------------------- winnable=True


@pytest.fixture
def searched(monkeypatch):
    """The seeds the search is asked about, with the real search behind it."""
    seeds = []

    def recording(kind, seed, options=None, budget=DEAL_BUDGET, seconds=60.0):
        seeds.append(seed)
        return prove_deal(kind, seed, options, budget, seconds)

    monkeypatch.setattr(solver, "prove_deal", recording)
    return seeds


def test_a_winnable_deal_within_the_catalogue_needs_no_search(searched):
    board = sw.Applegate(winnable=True)
    assert board.seed in winnable_deals("applegate")
    board.new_game()
    assert board.seed in winnable_deals("applegate")
    assert sw.Klondike(seed=21, draw=1, winnable=True).seed == 22
    assert searched == []


def test_the_search_takes_over_where_the_catalogue_ends(monkeypatch, searched):
    """Draw 1 seeds 21 is lost and 22 won. A catalogue ending at 22 knows 21 is lost, so only 22
    is searched."""
    short = WinnableDeals("klondike draw 1", 22, (2, 3, 20), DEAL_BUDGET)
    monkeypatch.setattr(solver, "winnable_deals", lambda kind, options: short)
    assert first_winnable_seed("klondike", 21, {"draw": 1}) == 22
    assert searched == [22]


def test_a_catalogue_of_another_budget_is_not_used(monkeypatch, searched):
    other = WinnableDeals("klondike draw 1", 100, (21,), DEAL_BUDGET + 1)
    monkeypatch.setattr(solver, "winnable_deals", lambda kind, options: other)
    assert first_winnable_seed("klondike", 21, {"draw": 1}) == 22
    assert searched == [21, 22]
