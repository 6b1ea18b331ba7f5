"""Review mode on the board (issue 12): a game played into a loss is reviewed, stepped through
with the buttons and the keys, shows the turning point and the better move, never shows a card
the player has not seen, and leaves the live game exactly as it was."""

from __future__ import annotations

import json

from playwright.sync_api import Locator, Page, expect

from positions import LOSES_IT, LOSING_POSITION
from solitaire_widget.cards import long_name, parse_card

from .boards import BY_HAND, assert_page_shows_kernel_state, history
from .harness import LabPage
from .screens import screenshot_widths

# A draw, the move that loses the game, then two more draws: the turning point is move 2.
PLAYED = ["draw", LOSES_IT, "draw", "draw"]
CELLS = [
    "from solitaire_widget.widget import load\n"
    f"k = load({json.dumps(LOSING_POSITION)!r}, {BY_HAND})\n"
    f"for move in {PLAYED!r}:\n    k.move(move)\n"
    "k",
]
BETTER_WORDS = "the King of diamonds to the empty column 6"
SPOKEN_RANKS = {"2": "Two", "3": "Three", "4": "Four", "5": "Five", "6": "Six", "7": "Seven",
                "8": "Eight", "9": "Nine", "10": "Ten"}  # fmt: skip

# Every card name and spoken card name in the board's DOM, and its whole text.
_SEEN = """(root) => ({
  cards: [...root.querySelectorAll("[data-card]")].map((node) => node.dataset.card),
  labels: [...root.querySelectorAll("[aria-label]")].map((node) => node.getAttribute("aria-label")),
  text: root.textContent,
})"""


def hidden_cards(lab: LabPage) -> dict[str, set[str]]:
    """The cards the player has never seen (face-down, or still in the stock: no position of
    this game showed them face-up), each with the names the page could give it: in words ("9
    of diamonds") and spoken ("Nine of diamonds")."""
    state = lab.evaluate("k.state()")
    codes = [card for pile in state["tableau"] for card in pile["down"]] + state["stock"]
    names = {}
    for code in codes:
        written = long_name(parse_card(code))
        rank, of_suit = written.split(" ", 1)
        names[code] = {written, f"{SPOKEN_RANKS.get(rank, rank)} {of_suit}"}
    return names


def assert_shows_no_hidden_card(root: Locator, hidden: dict[str, set[str]]) -> None:
    seen = root.evaluate(_SEEN)
    assert not set(seen["cards"]) & set(hidden), "a face-down card's name is in the page"
    words = " ".join(seen["labels"]) + " " + seen["text"]
    for code, names in hidden.items():
        for name in names:
            assert name not in words, f"the page names {code}, which the player has not seen"


def where(root: Locator) -> Locator:
    return root.locator(".sw-review-where")


def test_review_mode_steps_through_a_lost_game_and_leaves_it_untouched(lab: LabPage) -> None:
    lab.open(lab.write_notebook("review.ipynb", CELLS))
    lab.run_all()
    page: Page = lab.page
    k = page.locator(".solitaire-widget").first
    before = lab.evaluate("k.state()")
    hidden = hidden_cards(lab)
    assert hidden

    k.get_by_role("button", name="Review").click()
    panel = k.locator(".sw-review-panel")
    expect(panel).to_be_visible(timeout=30_000)
    # It opens at the turning point: the move played there is marked and named, and so is the
    # better move, on the board and in words.
    expect(where(k)).to_contain_text("After move 1 of 4: can still be won.")
    expect(k.locator(".sw-review-summary")).to_contain_text("Winnable until move 2")
    expect(k.locator(".sw-review-played")).to_contain_text(
        "Move 2, played here, lost the game: the 9 of diamonds onto the 10 of clubs."
    )
    expect(k.locator(".sw-review-better")).to_have_text(
        f"▼Better: {BETTER_WORDS}. It keeps the game winnable."
    )
    expect(k.locator('[data-pile="t6"].sw-hint-target')).to_have_count(1)
    expect(k.locator('[data-pile="t5"] [data-card="KD"].sw-hinted')).to_have_count(1)
    expect(k.locator('[data-pile="t4"].sw-played-target')).to_have_count(1)
    expect(k.locator('[data-pile="t2"] [data-card="9D"].sw-played')).to_have_count(1)
    expect(k.locator(".sw-timeline-turn")).to_be_visible()
    expect(k.locator(".sw-timeline")).to_be_focused()
    screenshot_widths(lab, "turning-point", ".solitaire-widget")
    k.locator(".sw-timeline").focus()
    assert_shows_no_hidden_card(k, hidden)

    # Keys: Home, the arrows and End step; each position shows only what the player saw.
    steps = [
        ("Home", "Start of the game (4 moves): can still be won."),
        ("ArrowRight", "After move 1 of 4: can still be won."),
        ("ArrowRight", "After move 2 of 4: cannot be won."),
        ("End", "After move 4 of 4: cannot be won."),
        ("ArrowLeft", "After move 3 of 4: cannot be won."),
    ]
    for key, text in steps:
        page.keyboard.press(key)
        expect(where(k)).to_contain_text(text)
        assert_shows_no_hidden_card(k, hidden)
    expect(k.locator(".sw-review-better")).to_be_hidden()
    # A card action does nothing in review mode; neither does Ctrl+Z.
    k.locator('[data-pile="stock"]').click()
    page.keyboard.press("Control+z")
    expect(where(k)).to_contain_text("After move 3 of 4: cannot be won.")

    # Buttons: each one, and the turning point again.
    for name, text in [
        ("First", "Start of the game (4 moves): can still be won."),
        ("Next", "After move 1 of 4: can still be won."),
        ("Last", "After move 4 of 4: cannot be won."),
        ("Previous", "After move 3 of 4: cannot be won."),
        ("Turning point", "After move 1 of 4: can still be won."),
    ]:
        panel.get_by_role("button", name=name, exact=True).click()
        expect(where(k)).to_contain_text(text)
    expect(k.locator(".sw-review-better")).to_contain_text(BETTER_WORDS)

    # Escape leaves; the live game is as it was, and the board shows it again.
    k.locator(".sw-timeline").focus()
    page.keyboard.press("Escape")
    expect(panel).to_be_hidden()
    assert lab.evaluate("k._review") is None
    assert lab.evaluate("k.state()") == before
    assert history(lab, "k") == PLAYED
    assert_page_shows_kernel_state(lab, "k", k)
    expect(k.get_by_role("button", name="Review")).to_be_focused()

    # Leave review, the button, does the same.
    k.get_by_role("button", name="Review").click()
    expect(panel).to_be_visible(timeout=30_000)
    panel.get_by_role("button", name="Leave review").click()
    expect(panel).to_be_hidden()
    assert lab.evaluate("k.state()") == before


WON_CELLS = [
    "from solitaire_widget.games import KlondikeGame\n"
    "from solitaire_widget.solver import solve\n"
    "from solitaire_widget.widget import load\n"
    "game = KlondikeGame(seed=2)\n"
    "for move in solve(game, time_limit=60).moves:\n    game.move(move)\n"
    f"w = load(game.state(), {BY_HAND})\n"
    "w",
]


def test_a_won_games_review_ends_on_won_not_on_can_still_be_won(lab: LabPage) -> None:
    lab.open(lab.write_notebook("won.ipynb", WON_CELLS))
    lab.run_all()
    w = lab.page.locator(".solitaire-widget").first
    moves = lab.evaluate("w.moves")
    w.get_by_role("button", name="Review").click()
    expect(w.locator(".sw-review-panel")).to_be_visible(timeout=30_000)
    expect(w.locator(".sw-review-summary")).to_have_text(
        f"You won in {moves} moves: the game could be won all along."
    )
    expect(where(w)).to_have_text(f"✓After move {moves} of {moves}: won, every card is home.")
    expect(w.locator(".sw-review-played")).to_have_text("The game was won here.")
    lab.page.keyboard.press("ArrowLeft")
    expect(where(w)).to_contain_text(f"After move {moves - 1} of {moves}: can still be won.")
