"""A game brings its catalogue of winnable deals and its daily challenge as data: a file beside
its module and a line of its declaration, with no edit to the shared catalogue or daily code."""

import dataclasses
import sys

import pytest

from solitaire_widget.engine.declaration import Daily, DailyRange
from solitaire_widget.games import register, unregister
from solitaire_widget.games.spider import SPIDER, SpiderGame
from solitaire_widget.solver import first_winnable_seed
from solitaire_widget.solver.catalogue import WinnableDeals, winnable_deals, write_catalogue
from solitaire_widget.solver.deals import daily_seed
from solitaire_widget.variants import variants

SEEDS = (2, 3, 5, 11)


class HouseSpider(SpiderGame):
    """Spider under another name, as a game of the house would be declared."""


@pytest.fixture
def house_spider(tmp_path, monkeypatch):
    """A game module ``house_games.house_spider`` with its own ``house_spider.deals.json``."""
    package = tmp_path / "house_games"
    package.mkdir()
    (package / "__init__.py").write_text("")
    deals = [WinnableDeals("house_spider 1 suit", 12, SEEDS, 20_000)]
    write_catalogue(package / "house_spider.deals.json", deals)
    monkeypatch.syspath_prepend(str(tmp_path))
    game = dataclasses.replace(
        SPIDER,
        name="house_spider",
        title="House Spider",
        engine=HouseSpider,
        daily=Daily("house_games.house_spider", (DailyRange({"suits": 1}, end=12, order=7),)),
    )
    register(game)
    yield game
    unregister(game.name)
    sys.modules.pop("house_games", None)


def test_a_game_s_own_file_gives_its_winnable_and_daily_deals(house_spider):
    assert winnable_deals("house_spider", {"suits": 1}).seeds == SEEDS
    assert first_winnable_seed("house_spider", 6, {"suits": 1}) == 11
    dailies = {daily_seed("house_spider", f"2026-12-{day:02}", suits=1) for day in range(1, 5)}
    assert dailies == set(SEEDS)
    labels = [variant.label for variant in variants(catalogued=True)]
    assert labels[-1] == "House Spider · 1 suit"
    with pytest.raises(ValueError, match="House Spider · 4 suits has no daily challenge"):
        daily_seed("house_spider", "2026-12-01", suits=4)
