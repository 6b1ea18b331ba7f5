"""The shared engine plays a game declared from nothing: a one-deck Spider built by suit, on
seven columns, whose last stock deal reaches only some columns (24 cards for 7 columns)."""

from __future__ import annotations

import inspect

import pytest

import test_conformance as conformance
from solitaire_widget.engine.declaration import Build, CardSet, Column, GameDef, Rules, Table
from solitaire_widget.engine.table import TableGame
from solitaire_widget.games import register, unregister
from solitaire_widget.state import load_game


class SuitedSpiderette(TableGame):
    """A made-up game for these tests."""


SUITED_SPIDERETTE = GameDef(
    name="suited_spiderette",
    title="Suited Spiderette",
    family="Spider",
    cards=CardSet(),
    table=Table(columns=tuple(Column(down, 1) for down in range(7)), stock=True),
    rules=Rules(
        build=Build("same suit"), moves="runs", empty="any", foundation="runs", stock="deal"
    ),
    engine=SuitedSpiderette,
    progress="foundation",
)


@pytest.fixture
def spiderette():
    register(SUITED_SPIDERETTE)
    yield SuitedSpiderette
    unregister(SUITED_SPIDERETTE.name)


def test_the_last_deal_reaches_the_first_columns_and_the_game_still_loads(spiderette):
    game = spiderette(seed=4)
    assert len(game.stock) == 24
    for _ in range(4):
        game.move("draw")
    assert not game.stock
    assert [len(up) for up in game.up] == [5, 5, 5, 4, 4, 4, 4]
    assert load_game(game.state()).state() == game.state()
    assert load_game(game.position()).position() == game.position()


def test_a_stock_no_whole_deals_can_leave_is_still_refused(spiderette):
    state = spiderette(seed=4).position()
    state["tableau"][0]["up"].append(state["stock"].pop())
    with pytest.raises(ValueError, match="the stock holds 24 cards at the deal"):
        load_game(state)


CONFORMANCE = [
    name
    for name in dir(conformance)
    if name.startswith("test_")
    and "game" in inspect.signature(getattr(conformance, name)).parameters
]


@pytest.mark.parametrize("check", CONFORMANCE)
def test_a_game_declared_from_nothing_passes_the_conformance_suite(spiderette, check):
    getattr(conformance, check)(game=SUITED_SPIDERETTE.name, options={})
