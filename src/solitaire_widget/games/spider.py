"""Spider, in one, two or four suits: two packs' worth of cards, ten columns, runs sent home.

Played by the shared ``TableGame`` from this declaration alone. Rule choices (after the
standard references: the Microsoft Spider rules, PySolFC's Spider, pagat's page) are in
``docs/games/spider.md``.
"""

from __future__ import annotations

from ..engine.declaration import (
    Build,
    CardSet,
    Column,
    Daily,
    DailyRange,
    GameDef,
    Limits,
    Rules,
    Scoring,
    Table,
    Variant,
)
from ..engine.table import TableGame
from ..options import Option

SUITS = Option(
    "suits",
    int,
    (1, 2, 4),
    1,
    words={1: "1 suit", 2: "2 suits", 4: "4 suits"},
    title="Suits",
    variant=True,  # how many suits decides how often a deal can be won
)
# The suits each option plays with: one suit is eight copies of the spades, two suits four of
# the hearts and the spades, four suits two full decks (104 cards every time).
SUIT_LETTERS = {1: "S", 2: "HS", 4: "CDHS"}


class SpiderGame(TableGame):
    """Spider: ``SpiderGame(seed=7, suits=2)``."""

    def __init__(self, seed: int | None = None, suits: int = SUITS.default) -> None:
        super().__init__(seed, suits=suits)


def spider_cards(options: dict) -> CardSet:
    letters = SUIT_LETTERS[options["suits"]]
    return CardSet(suits=letters, copies=8 // len(letters))


SPIDER = GameDef(
    name="spider",
    title="Spider",
    family="Spider",
    cards=spider_cards,
    table=Table(
        columns=(*(Column(5, 1) for _ in range(4)), *(Column(4, 1) for _ in range(6))),
        foundations=8,
        stock=True,
    ),
    rules=Rules(
        build=Build("any suit"),
        moves="same-suit runs",
        empty="any",
        foundation="runs",
        stock="deal",
        deal_over_empty=False,
    ),
    engine=SpiderGame,
    options=(SUITS,),
    variants=(
        Variant("Spider · 1 suit", {"suits": 1}),
        Variant("Spider · 2 suits", {"suits": 2}),
        Variant("Spider · 4 suits", {"suits": 4}),
    ),
    scoring=Scoring(start=500, per_move=-1, per_deal=-1, per_run_home=100),
    # The most a score can reach: 500 and eight runs home, no move made.
    limits=Limits(score=(-1_000_000, 1_300)),
    # Runs split and rejoin in many ways: past this many positions the search says "playing"
    # (never "lost" wrongly), so that a move never waits long for its status.
    status_positions=2_500,
    # One suit only: the search proves almost every one-suit deal in a fraction of a second,
    # and few of two or four suits within its budget.
    daily=Daily(__name__, (DailyRange({"suits": 1}, end=3000, order=20261202),)),
    progress="foundation",
    words={"stock": "the stock"},
    rules_text=(
        "Build down by one rank in any suit; only a run of one suit, each card one rank below "
        "the last, moves as a group. Any card or run fills an empty column. A click on the "
        "stock deals one card face up onto every column, but only when no column is empty. "
        "A complete run of one suit from King down to Ace goes home as a whole. Score: 500 to "
        "start, 1 point off for each move or deal, 100 for each run home. The game is won "
        "when all eight runs are home."
    ),
)
