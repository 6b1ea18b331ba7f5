"""The daily challenge: one proven-winnable deal per UTC date and variant, pinned for ever.

The golden seeds below were written by the first catalogue: a player's deal of a date must never
change, so they are never regenerated to make a test pass.
"""

import datetime as dt
import hashlib

import pytest

from proofs import VARIANTS, won_by_replay
from solitaire_widget import solver
from solitaire_widget.daily import daily_deal
from solitaire_widget.solver.catalogue import daily_range, winnable_deals
from solitaire_widget.solver.deals import daily_date, daily_seed

GOLDEN = {
    "klondike draw 1": {
        "2026-01-01": 18,
        "2026-11-30": 722,
        "2027-01-01": 5588,
        "2030-02-28": 3970,
        "1999-12-31": 4210,
    },
    "klondike draw 3": {
        "2026-01-01": 2290,
        "2026-11-30": 1860,
        "2027-01-01": 1914,
        "2030-02-28": 3888,
        "1999-12-31": 1149,
    },
    "applegate": {
        "2026-01-01": 5924,
        "2026-11-30": 1023,
        "2027-01-01": 5268,
        "2030-02-28": 4582,
        "1999-12-31": 5581,
    },
    "spider 1 suit": {
        "2026-01-01": 1085,
        "2026-11-30": 619,
        "2027-01-01": 1671,
        "2030-02-28": 2841,
        "1999-12-31": 1110,
    },
}
# Every daily seed of a variant, frozen: (how many, sha256 of them in order, comma-separated).
FROZEN = {
    "klondike draw 1": (5239, "2764cf9b1ec784b065f2c76ee3940de86b5f727d25549ecb69f061a19d8578d8"),
    "klondike draw 3": (3747, "3fa292aabd11db2e4b6fa8cf7094c15bb7693694b70ca8ac04330eb256de895d"),
    "applegate": (560, "24b21683957dab0d030e30f05eee78f7839d41065408301bbf69387c75452c40"),
    "spider 1 suit": (2953, "48854a4cb9dfdaaff339d78374584de5655288e2960315bfebbbf31df7e01f81"),
}
A_YEAR = [dt.date(2026, 11, 30) + dt.timedelta(days=n) for n in range(365)]


def daily_seeds(variant, dates):
    kind, options = VARIANTS[variant]
    return [daily_seed(kind, date, **options) for date in dates]


@pytest.mark.parametrize("variant", VARIANTS)
def test_golden_dates_deal_their_golden_seeds(variant):
    dates = [dt.date.fromisoformat(text) for text in GOLDEN[variant]]
    assert dict(zip(GOLDEN[variant], daily_seeds(variant, dates), strict=True)) == GOLDEN[variant]


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_daily_seeds_never_change(variant):
    """The frozen range's catalogued seeds, in the order the dates walk through them."""
    first = dt.date(2026, 1, 1)
    count, digest = FROZEN[variant]
    seeds = daily_seeds(variant, [first + dt.timedelta(days=n) for n in range(count)])
    assert hashlib.sha256(",".join(map(str, seeds)).encode()).hexdigest() == digest


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_year_of_dates_deals_a_year_of_different_catalogued_deals(variant):
    kind, options = VARIANTS[variant]
    seeds = daily_seeds(variant, A_YEAR)
    assert len(set(seeds)) == len(A_YEAR)
    assert set(seeds) <= set(winnable_deals(kind, options).seeds)


@pytest.mark.parametrize("variant", VARIANTS)
def test_no_deal_comes_back_before_every_daily_deal_has_been_dealt(variant):
    kind, options = VARIANTS[variant]
    end = daily_range(kind, options).end
    frozen = [seed for seed in winnable_deals(kind, options).seeds if seed < end]
    start = dt.date(2031, 7, 4)
    seeds = daily_seeds(variant, [start + dt.timedelta(days=n) for n in range(len(frozen) + 1)])
    assert sorted(seeds[:-1]) == frozen
    assert seeds[-1] == seeds[0]


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_sample_of_a_years_daily_deals_is_won(variant):
    """Every daily deal is catalogued (above), and catalogued seeds replay wins (the catalogue's
    tests); here some of the year are solved from scratch as well, all of them with -m slow."""
    kind, options = VARIANTS[variant]
    sample = daily_seeds(variant, A_YEAR[::15])
    assert [seed for seed in sample if not won_by_replay(kind, options, seed)] == []


@pytest.mark.slow
@pytest.mark.parametrize("variant", VARIANTS)
def test_every_daily_deal_of_a_year_is_won(variant):
    kind, options = VARIANTS[variant]
    year = daily_seeds(variant, A_YEAR)
    assert [seed for seed in year if not won_by_replay(kind, options, seed)] == []


def test_a_date_text_and_a_date_give_the_same_deal():
    assert daily_seed("klondike", "2027-01-01") == daily_seed("klondike", dt.date(2027, 1, 1))


def test_no_date_means_today_in_utc():
    before = daily_seed("applegate", dt.datetime.now(dt.UTC).date())
    today = daily_seed("applegate")
    after = daily_seed("applegate", dt.datetime.now(dt.UTC).date())
    assert today in (before, after)


def test_a_datetime_with_a_time_zone_counts_as_its_utc_date():
    evening = dt.datetime(2026, 11, 30, 20, 0, tzinfo=dt.timezone(dt.timedelta(hours=-5)))
    assert daily_date(evening) == dt.date(2026, 12, 1)
    assert daily_seed("klondike", evening, 3) == daily_seed("klondike", "2026-12-01", 3)


def test_draw_counts_and_games_have_their_own_daily_deals():
    seeds = {variant: daily_seeds(variant, A_YEAR[:30]) for variant in VARIANTS}
    assert seeds["klondike draw 1"] != seeds["klondike draw 3"] != seeds["applegate"]


@pytest.mark.parametrize(
    ("date", "message"),
    [
        ("2026-11-31", "not a calendar date written YYYY-MM-DD"),
        ("30/11/2026", "not a calendar date written YYYY-MM-DD"),
        ("2026-1-1", "not a calendar date written YYYY-MM-DD"),
        ("20261130", "not a calendar date written YYYY-MM-DD"),
        (" 2026-11-30", "not a calendar date written YYYY-MM-DD"),
        ("2026-11-30T00:00", "not a calendar date written YYYY-MM-DD"),
        (20261130, "not int"),
        (b"2026-11-30", "not bytes"),
        (dt.datetime(2026, 11, 30, 12), "without a time zone"),
    ],
)
def test_a_date_in_any_other_form_is_refused(date, message):
    with pytest.raises(ValueError, match=message):
        daily_seed("klondike", date)


THE_DAILIES = "Klondike · draw 1, Klondike · draw 3, Applegate and Spider · 1 suit"


@pytest.mark.parametrize(
    ("kind", "draw", "message"),
    [
        ("klondike", 2, "draw must be 1 or 3, not 2"),
        ("klondike", 3.0, "draw must be 1 or 3, not 3.0"),
        ("applegate", 3, "Applegate has no stock"),
        ("spider", 3, "Spider deals from its stock: leave draw out"),
        ("chess", 1, f"the daily challenges are {THE_DAILIES}, not 'chess'"),
    ],
)
def test_an_unknown_variant_has_no_daily_deal(kind, draw, message):
    with pytest.raises(ValueError, match=message):
        daily_seed(kind, "2026-11-30", draw)


@pytest.mark.parametrize("suits", [2, 4])
def test_spider_in_more_suits_has_no_daily_deal_and_no_winnable_deals(suits):
    """The search seldom proves a two- or four-suit deal, so those variants have no catalogue:
    each way of asking for one names the variants that have one."""
    refusal = f"Spider · {suits} suits has no daily challenge and no catalogue .*: those are "
    for ask in (
        lambda: daily_seed("spider", "2026-11-30", suits=suits),
        lambda: daily_deal("spider", "2026-11-30", suits=suits),
        lambda: winnable_deals("spider", {"suits": suits}),
        lambda: solver.first_winnable_seed("spider", 0, {"suits": suits}),
        lambda: solver.fresh_winnable_seed("spider", {"suits": suits}),
    ):
        with pytest.raises(ValueError, match=refusal + THE_DAILIES):
            ask()


def test_spider_s_daily_deal_of_a_date_is_a_catalogued_one_suit_deal_every_time():
    deal = daily_deal("spider", "2026-12-02", suits=1)
    assert deal.seed in winnable_deals("spider", {"suits": 1})
    assert deal.seed < daily_range("spider", {"suits": 1}).end
    assert [daily_deal("spider", "2026-12-02").seed for _ in range(3)] == [deal.seed] * 3
    assert daily_seed("spider", dt.date(2026, 12, 2), suits=1) == deal.seed
