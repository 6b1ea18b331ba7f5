"""The player's game, written once and played in every environment (issue 21).

A `Scenario` plays one game on one `Surface` (JupyterLab 4, Notebook 7, Voilà's app, the
JupyterLite site; tests/e2e/surfaces.py) the way a player does: it reads only what the page shows
(the piles' `data-pile`, the cards' `data-card`, the buttons' names, the marks on the piles that
take a lifted card, the message line, the figures in the bar) and acts with the mouse and the
keys. It never asks the kernel which moves are legal: it lifts a card, as a player would, and
sees which piles the board marks. So the same steps play any game the gallery registers.

What a game brings is in `GAMES`: how a notebook makes its board, how the app's picker names it,
and a deal its solver wins; the position a few moves from the end is worked out from that deal's
winning line (`near_won`).
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Protocol

from playwright.sync_api import Locator, Page, expect

from solitaire_widget.games import GAMES as ENGINE_GAMES
from solitaire_widget.solver import solve
from solitaire_widget.state import load_game

from .boards import NEW_GAME_QUESTION, read_board

# What the board asks before a game in progress is given up (it counts as a loss).
RESTART_QUESTION = "Restart this deal? This attempt counts as a loss."
BUTTONS = ["New game", "Restart", "Undo", "Redo", "Hint", "Finish", "Review", "Stats", "Options"]
# How a face-up card is named to a screen reader ("Queen of spades"), and a face-down one.
CARD_NAME = re.compile(
    r"^(Ace|Two|Three|Four|Five|Six|Seven|Eight|Nine|Ten|Jack|Queen|King) of "
    r"(clubs|diamonds|hearts|spades)$"
)
FACE_DOWN = "face-down card"
SNAPSHOT_NOTE = "A snapshot: open the notebook to play."
HINT = re.compile(r"^Hint: .+\.$|can no longer be won")
# The last moves of a winning line among which the position to finish from is looked for.
FEW_MOVES = 6
# Searching for a lifted card that some pile takes: how many stock cards to turn, at most.
DRAWS_TO_FIND_A_MOVE = 30


@dataclass(frozen=True)
class Game:
    """A game the scenario plays.

    board makes its board in a notebook cell (``sw`` is imported), pick is the Voilà app's
    picker button that deals it, and seed a deal its solver wins: the notebooks deal it, and the
    position to finish from comes from its winning line.
    """

    name: str
    board: str
    pick: str
    seed: int

    def make(self) -> str:
        return self.board.format(seed=self.seed)

    @property
    def copies(self) -> int:
        """How many copies of a card the deal holds at most (Spider in one suit: eight)."""
        return max(ENGINE_GAMES[self.name](seed=self.seed).card_set.counts.values())


GAMES = [
    Game("klondike", "sw.Klondike(seed={seed})", "Klondike · draw 1", 2),
    Game("applegate", "sw.Applegate(seed={seed})", "Applegate", 50),
    Game("spider", "sw.game('spider', suits=1, seed={seed})", "Spider · 1 suit", 3),
]


@cache
def near_won(game: Game) -> dict[str, Any]:
    """A position a few moves from the end from which Finish wins: on the solver's winning line
    for the game's deal, the earliest of the last FEW_MOVES positions from which the game's own
    auto_finish reaches a win. Its history is empty: a position to start from, not a replay."""
    engine = ENGINE_GAMES[game.name]
    line = solve(engine(seed=game.seed), time_limit=30).moves
    assert line, f"the solver found no win for {game.name} seed {game.seed}"
    for left in range(min(FEW_MOVES, len(line)), 0, -1):
        position = engine(seed=game.seed)
        for move in line[:-left]:
            position.move(move)
        state = position.state() | {"history": []}
        trial = load_game(state)
        if trial.can_auto_finish:
            trial.auto_finish()
            if trial.status == "won":
                return state
    raise AssertionError(f"Finish wins from no position near the end of {game.name}'s line")


@dataclass(frozen=True)
class Patience:
    """How long the page may take, in ms: to answer a click (the kernel's round trip), to
    search (a hint, a review), and to show the board after a page (re)load."""

    answer: int = 15_000
    search: int = 60_000
    start: int = 90_000


class Surface(Protocol):
    """An environment the scenario plays in: it shows boards and reloads the page."""

    name: str
    page: Page
    patience: Patience

    def deal(self, game: Game) -> Locator:
        """Shows a new board of the game, as a player of this environment gets one; its root."""

    def show_position(self, game: Game, state: dict[str, Any]) -> Locator:
        """Shows a board at this position (sw.load in a notebook); its root."""

    def reload(self) -> Locator:
        """Reloads the page; the root of the player's board as the page then shows it."""

    def screenshots(self, name: str) -> list[Path]:
        """The player's board (or the whole app) at 1280 and 400 px, in each theme there is:
        build/screenshots/scenario-{name}-{width}-{theme}.png."""


def wait_until(check: Callable[[], bool], timeout_ms: int, what: str) -> None:
    """Polls check until it holds; fails with what was awaited."""
    deadline = time.monotonic() + timeout_ms / 1000
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout_ms} ms waiting for {what}")
        time.sleep(0.1)


def moves_shown(root: Locator) -> int:
    return int(root.locator(".sw-stat", has_text="Moves").locator("b").inner_text() or 0)


def button(root: Locator, name: str) -> Locator:
    return root.locator(".sw-buttons").get_by_role("button", name=name, exact=True)


def piles(root: Locator, selector: str = "[data-pile]") -> list[str]:
    return root.locator(selector).evaluate_all("(nodes) => nodes.map((n) => n.dataset.pile)")


def assert_deal_shows(root: Locator, copies: int = 1) -> None:
    """A board as dealt: piles, every face-up card named in words, the hidden ones not at all,
    no card more often than the game has copies of it, nothing played yet."""
    expect(root.locator("[data-pile]").first).to_be_visible()
    ids = piles(root)
    assert len(ids) == len(set(ids)), f"a pile id shows twice: {ids}"
    assert any(pile.startswith("t") for pile in ids), f"no tableau pile among {ids}"
    cards = root.locator("[data-card]:not(.sw-beneath)").evaluate_all(
        "(nodes) => nodes.map((n) => [n.dataset.card, n.getAttribute('aria-label')])"
    )
    assert cards, "no face-up card shows"
    names = [card for card, _ in cards]
    most = max(names.count(name) for name in names)
    assert most <= copies, f"a card shows {most} times, the game has {copies}: {names}"
    for card, label in cards:
        assert CARD_NAME.match(label or ""), f"{card} is labelled {label!r}"
    hidden = root.locator(f'[aria-label="{FACE_DOWN}"]')
    assert hidden.evaluate_all("(nodes) => nodes.every((n) => !n.dataset.card)")
    expect(root.locator(".sw-status")).to_have_text("Playing")


@dataclass
class Lifted:
    """A card the player can lift, where it lies, and the piles the board marks as taking it."""

    card: str
    pile: str
    targets: list[str]


@dataclass
class Scenario:
    """One game played on one surface, step by step (STEPS); each step reads the board afresh,
    so a step that fails leaves the next ones their own chance."""

    surface: Surface
    game: Game
    root: Locator | None = None
    # The board and its move count before each of the player's actions (a drag, a move by
    # clicks, each stock card turned: each is one for the page's Undo), for Undo and Ctrl+Z.
    before: list[tuple[dict[str, Any], int]] = field(default_factory=list)
    dealt: dict[str, Any] | None = None

    @property
    def page(self) -> Page:
        return self.surface.page

    @property
    def board(self) -> Locator:
        assert self.root is not None, "no board was dealt"
        return self.root

    def view(self) -> dict[str, Any]:
        return read_board(self.board)

    # --- the player's hands -------------------------------------------------------------------

    def _card(self, pile: str, card: str) -> Locator:
        return self.board.locator(f'[data-pile="{pile}"] [data-card="{card}"]:not(.sw-beneath)')

    def _grab(self, card: Locator) -> tuple[float, float]:
        """A point on the card that shows: its top strip (the cards above it cover the rest)."""
        card.scroll_into_view_if_needed()
        box = card.bounding_box()
        assert box is not None
        return box["x"] + box["width"] / 2, box["y"] + min(8, box["height"] / 4)

    def _lift(self, pile: str, card: str) -> list[str]:
        """Presses on the card and moves a little, as a drag starts; the piles marked as
        taking it. The card stays lifted until _let_go or _drop."""
        x, y = self._grab(self._card(pile, card))
        self.page.mouse.move(x, y)
        self.page.mouse.down()
        self.page.mouse.move(x + 12, y + 12, steps=3)
        return piles(self.board, "[data-pile].sw-target")

    def _let_go(self, pile: str) -> None:
        """Puts a lifted card back on its own pile: nothing is asked of the kernel."""
        box = self.board.locator(f'[data-pile="{pile}"]').bounding_box()
        assert box is not None
        self.page.mouse.move(box["x"] + box["width"] / 2, box["y"] + 8, steps=3)
        self.page.mouse.up()

    def _drop(self, pile: str) -> None:
        target = self.board.locator(f'[data-pile="{pile}"]')
        target.scroll_into_view_if_needed()
        box = target.bounding_box()
        assert box is not None
        self.page.mouse.move(
            box["x"] + box["width"] / 2, box["y"] + min(box["height"] / 2, 40), steps=12
        )
        self.page.mouse.up()

    def _liftable(self) -> list[tuple[str, str]]:
        """Every face-up card a player sees and could lift, (pile, card), the top of each pile
        first: not from the stock, nor back off a foundation (which costs points)."""
        self._settle()
        found = self.board.locator("[data-pile] [data-card][data-n]").evaluate_all(
            """(nodes) => nodes
                 .filter((n) => getComputedStyle(n).visibility === "visible")
                 .map((n) => [n.closest("[data-pile]").dataset.pile, n.dataset.card,
                              Number(n.dataset.n)])"""
        )
        usable = [(pile, card, n) for pile, card, n in found if not pile.startswith(("f", "stock"))]
        return [(pile, card) for pile, card, _ in sorted(usable, key=lambda item: item[2])]

    def find_lift(self, want: Callable[[Lifted], bool]) -> Lifted | None:
        """The first card whose lift shows what is wanted, each card lifted and put back."""
        for pile, card in self._liftable():
            lifted = Lifted(card, pile, self._lift(pile, card))
            self._let_go(pile)
            if want(lifted):
                return lifted
        return None

    def find_move(self) -> Lifted:
        """A card some pile takes; turns stock cards over until there is one."""
        for _ in range(DRAWS_TO_FIND_A_MOVE):
            lifted = self.find_lift(lambda lifted: bool(lifted.targets))
            if lifted is not None:
                return lifted
            if not self._has_stock():
                break
            self._draw_card()
        raise AssertionError("no card the player can lift goes anywhere")

    def _has_stock(self) -> bool:
        return self.board.locator('[data-pile="stock"]').count() > 0

    def _note(self) -> None:
        self._settle()
        self.before.append((self.view(), moves_shown(self.board)))

    def _settle(self) -> None:
        """Waits until the cards stop moving: a move and the cards auto-move sends home after
        it come in one update, and the page plays them back one card at a time (steps.js), so
        the board is read only when nothing glides and it stays the same a moment longer than
        the gap between two cards (at most 110 ms)."""
        deadline = time.monotonic() + self.surface.patience.answer / 1000
        flying = self.board.locator(".sw-flying")
        last = None
        while True:
            shown = None if flying.count() else self.view()
            if shown is not None and shown == last:
                return
            if time.monotonic() > deadline:
                raise AssertionError("the cards were still moving after the answer's patience")
            last = shown
            time.sleep(0.25)

    def _await_move(self, moves: int) -> None:
        """Waits until the move counter has gone past moves (the kernel applied the request)."""
        wait_until(
            lambda: moves_shown(self.board) > moves,
            self.surface.patience.answer,
            f"the move counter to pass {moves}",
        )
        self._settle()

    def _draw_card(self) -> None:
        self._note()
        moves = moves_shown(self.board)
        self.board.locator('[data-pile="stock"]').click()
        self._await_move(moves)

    def _click_move(self) -> tuple[str, str]:
        """Moves a card by clicks alone, as a player tries card after card: one click sends a
        card with one place to go (smart click); a card with several is picked up, and a click
        on a pile the board marks puts it there; a card with none is put back with a second
        click. Turns stock cards over when no card goes anywhere. The card and its pile."""
        for _ in range(DRAWS_TO_FIND_A_MOVE):
            for pile, card in self._liftable():
                if self._click_card(pile, card):
                    return pile, card
            if not self._has_stock():
                break
            self._draw_card()
        raise AssertionError("no card the player can click goes anywhere")

    def _click_card(self, pile: str, card: str) -> bool:
        """Clicks a card, and a pile that takes it if it was picked up; whether it moved (the
        board before the move is noted then). The board has settled (_liftable)."""
        shown = self.view()
        moves = moves_shown(self.board)
        picked = self.board.locator("[data-pile] .sw-picked")
        self._card(pile, card).click(position={"x": 12, "y": 6})
        wait_until(
            lambda: moves_shown(self.board) > moves or picked.count() > 0,
            self.surface.patience.answer,
            f"the {card} to move or to be picked up",
        )
        if moves_shown(self.board) == moves:
            marked = piles(self.board, "[data-pile].sw-target")
            if not marked:
                self._card(pile, card).click(position={"x": 12, "y": 6})
                expect(picked).to_have_count(0)
                return False
            self.board.locator(f'[data-pile="{marked[0]}"]').click()
        self._await_move(moves)
        self.before.append((shown, moves))
        return True

    def _any_move(self) -> None:
        """A move of any kind: a draw, or in a game without a stock a move by clicks."""
        if self._has_stock():
            self._draw_card()
        else:
            self._click_move()

    def _press_while_enabled(self, name: str) -> None:
        """Presses Undo (or Redo) until it is off, each press answered before the next."""
        control = button(self.board, name)
        while control.is_enabled():
            shown = self.view()
            control.click()
            wait_until(
                lambda shown=shown: self.view() != shown,
                self.surface.patience.answer,
                f"{name} to change the board",
            )

    # --- the steps ----------------------------------------------------------------------------

    def deal(self) -> None:
        self.root = self.surface.deal(self.game)
        assert_deal_shows(self.board, self.game.copies)
        assert moves_shown(self.board) == 0
        for name in BUTTONS:
            expect(button(self.board, name)).to_be_visible()
        expect(button(self.board, "Undo")).to_be_disabled()
        self.dealt = self.view()

    def drag_refused(self) -> None:
        """A card dropped where the rules forbid it goes back to its pile, once, with the rule
        in the message line; the board is as it was."""
        lifted = self.find_lift(lambda lifted: True)
        assert lifted is not None, "no card can be lifted"
        refused = [
            pile
            for pile in piles(self.board, '[data-pile^="t"], [data-pile^="f"]')
            if pile != lifted.pile and pile not in lifted.targets
        ]
        assert refused, f"every pile takes the {lifted.card}"
        shown, moves = self.view(), moves_shown(self.board)
        self._lift(lifted.pile, lifted.card)
        self._drop(refused[0])
        line = self.board.locator(".sw-line")
        expect(line).to_have_attribute("data-kind", "error", timeout=self.surface.patience.answer)
        expect(line).not_to_have_text("")
        # Back where it was, and only there: no copy of it is left where it was dropped.
        expect(self.board.locator(f'[data-card="{lifted.card}"]')).to_have_count(1)
        expect(self._card(lifted.pile, lifted.card)).to_be_visible()
        assert self.view() == shown
        assert moves_shown(self.board) == moves

    def drag_legal(self) -> None:
        """A card dragged onto a pile the board marks goes there."""
        lifted = self.find_move()
        self._note()
        moves = moves_shown(self.board)
        self._lift(lifted.pile, lifted.card)
        target = next((p for p in lifted.targets if p.startswith("t")), lifted.targets[0])
        self._drop(target)
        self._await_move(moves)
        card = self.board.locator(f'[data-card="{lifted.card}"]:not(.sw-beneath)')
        expect(card).to_have_count(1)
        # It lies where it was dropped, unless it went on home by itself (auto-move).
        landed = card.evaluate("(n) => n.closest('[data-pile]').dataset.pile")
        assert landed == target or landed.startswith("f"), f"the {lifted.card} is on {landed}"

    def click_to_move(self) -> None:
        """A card moved by clicks (after turning stock cards over when no card can go
        anywhere: each a move of its own, for Undo and Ctrl+Z)."""
        pile, card = self._click_move()
        assert self._card(pile, card).count() == 0, f"the {card} is still on {pile}"

    def draw(self) -> None:
        """A click on the stock turns a card (or recycles the waste); a game without a stock
        makes another move by clicks instead, so Undo and Ctrl+Z have two actions to take back."""
        if not self._has_stock():
            self.click_to_move()
            return
        shown = self.view()
        self._draw_card()
        assert self.view() != shown

    def undo_and_ctrl_z(self) -> None:
        """Undo takes back the last action, Ctrl+Z (on the board) the one before."""
        assert len(self.before) >= 2, "fewer than two actions were made to take back"
        (two_back, two_moves), (one_back, one_moves) = self.before[-2:]
        button(self.board, "Undo").click()
        wait_until(lambda: self.view() == one_back, self.surface.patience.answer, "Undo")
        assert moves_shown(self.board) == one_moves
        pile = self.board.locator("[data-pile]").first
        pile.focus()
        expect(pile).to_be_focused()
        self.page.keyboard.press("Control+z")
        try:
            wait_until(lambda: self.view() == two_back, self.surface.patience.answer, "Ctrl+Z")
        except AssertionError as error:
            now = "as after Undo" if self.view() == one_back else f"{moves_shown(self.board)} moves"
            raise AssertionError(f"{error}; the board shows {now}, wanted {two_moves}") from None
        assert moves_shown(self.board) == two_moves

    def hint(self) -> None:
        """Hint names a move and marks it; the board is free again afterwards."""
        line = self.board.locator(".sw-line")
        button(self.board, "Hint").click()
        expect(line).to_have_text(HINT, timeout=self.surface.patience.search)
        if line.inner_text().startswith("Hint:"):
            marks = self.board.locator(".sw-hinted, [data-pile].sw-hint-target")
            expect(marks.first).to_be_visible()
        self._assert_free()

    def _assert_free(self) -> None:
        """No progress strip, nothing pending: the board takes the next click."""
        expect(self.board).not_to_have_class(
            re.compile(r"\bsw-working\b"), timeout=self.surface.patience.search
        )
        expect(self.board.locator(".sw-busy")).to_be_hidden()

    def screenshots(self) -> None:
        for path in self.surface.screenshots(f"{self.surface.name}-{self.game.name}"):
            assert path.stat().st_size > 0

    def new_game(self) -> None:
        """New game asks first while a game is in progress: Keep playing keeps it, New game
        deals another."""
        if moves_shown(self.board) == 0:
            self._any_move()
        shown, moves = self.view(), moves_shown(self.board)
        question = self.board.get_by_role("group", name=NEW_GAME_QUESTION)
        button(self.board, "New game").click()
        expect(question).to_be_visible()
        keep = question.get_by_role("button", name="Keep playing")
        expect(keep).to_be_focused()
        keep.click()
        expect(question).to_be_hidden()
        assert self.view() == shown and moves_shown(self.board) == moves
        button(self.board, "New game").click()
        question.get_by_role("button", name="New game", exact=True).click()
        wait_until(
            lambda: moves_shown(self.board) == 0 and self.view() != shown,
            self.surface.patience.search,
            "a new deal",
        )
        assert_deal_shows(self.board, self.game.copies)
        self._assert_free()

    def restart(self) -> None:
        """Restart, once confirmed, puts the deal back as it was dealt (seen by taking every
        move back first, and Redo putting them back)."""
        if moves_shown(self.board) == 0:
            self._any_move()
        live, moves = self.view(), moves_shown(self.board)
        self._press_while_enabled("Undo")
        self.dealt = self.view()
        self._press_while_enabled("Redo")
        assert self.view() == live and moves_shown(self.board) == moves
        button(self.board, "Restart").click()
        question = self.board.get_by_role("group", name=RESTART_QUESTION)
        expect(question).to_be_visible()
        question.get_by_role("button", name="Restart", exact=True).click()
        wait_until(
            lambda: self.view() == self.dealt and moves_shown(self.board) == 0,
            self.surface.patience.answer,
            "the deal as it was dealt",
        )

    def review(self) -> None:
        """Review shows the game's positions read-only (the first is the deal); Leave review
        gives back the live game as it was."""
        self._any_move()
        self._any_move()
        live, moves = self.view(), moves_shown(self.board)
        button(self.board, "Review").click()
        panel = self.board.get_by_role("region", name="Review of the game")
        expect(panel).to_be_visible(timeout=self.surface.patience.search)
        expect(panel.locator(".sw-review-summary")).not_to_have_text("")
        panel.get_by_role("button", name="First", exact=True).click()
        expect(panel.locator(".sw-review-where")).to_contain_text("Start of the game")
        if self.dealt is not None:
            wait_until(lambda: self.view() == self.dealt, self.surface.patience.answer, "First")
        panel.get_by_role("button", name="Leave review", exact=True).click()
        expect(panel).to_be_hidden(timeout=self.surface.patience.answer)
        wait_until(lambda: self.view() == live, self.surface.patience.answer, "the live game")
        assert moves_shown(self.board) == moves
        self._assert_free()

    def stats(self) -> None:
        """Stats opens this variant's figures, this game counted; Stats again closes them."""
        stats = button(self.board, "Stats")
        stats.click()
        panel = self.board.get_by_role("region", name="Statistics")
        expect(panel).to_be_visible()
        label = self.board.locator(".sw-label").inner_text()
        expect(panel.locator("h3").first).to_have_text(label, timeout=self.surface.patience.answer)
        played = panel.locator(".sw-figure", has=self.page.locator("dt", has_text="Played"))
        expect(played.locator("dd")).not_to_have_text(re.compile(r"^0?$"))
        stats.click()
        expect(panel).to_be_hidden()

    def options_menu(self) -> None:
        """The Options menu opens on its first item, arrows move in it, a setting switches
        (the four-colour deck) and back, Escape closes it; its New game asks first."""
        options = button(self.board, "Options")
        options.click()
        menu = self.board.get_by_role("menu", name="Options")
        expect(menu).to_be_visible()
        items = menu.locator("[role^=menuitem]")
        expect(items.first).to_be_focused()
        self.page.keyboard.press("ArrowDown")
        expect(items.nth(1)).to_be_focused()
        four = menu.get_by_role("menuitemcheckbox", name="Four-colour deck")
        was = four.get_attribute("aria-checked")
        flipped = "false" if was == "true" else "true"
        four.click()
        expect(four).to_have_attribute("aria-checked", flipped, timeout=15_000)
        four.click()
        expect(four).to_have_attribute("aria-checked", was or "false", timeout=15_000)
        self.page.keyboard.press("Escape")
        expect(menu).to_be_hidden()
        expect(options).to_be_focused()
        self._menu_new_game_kept()

    def _menu_new_game_kept(self) -> None:
        """A new game chosen in the Options menu while a game is in progress asks first, with
        the safe answer focused; Escape keeps playing, the board as it was."""
        if moves_shown(self.board) == 0:
            self._any_move()
        shown, moves = self.view(), moves_shown(self.board)
        button(self.board, "Options").click()
        menu = self.board.get_by_role("menu", name="Options")
        menu.get_by_role("menuitem", name=re.compile(r"^New game: ")).first.click()
        question = self.board.get_by_role("group", name=NEW_GAME_QUESTION)
        expect(question).to_be_visible()
        expect(question.get_by_role("button", name="Keep playing")).to_be_focused()
        self.page.keyboard.press("Escape")
        expect(question).to_be_hidden()
        assert self.view() == shown and moves_shown(self.board) == moves

    def reload(self) -> None:
        """After a reload the player finds the game where it was."""
        if moves_shown(self.board) == 0:
            self._any_move()
        shown, moves = self.view(), moves_shown(self.board)
        self.root = self.surface.reload()
        expect(self.board.locator("[data-pile]").first).to_be_visible(
            timeout=self.surface.patience.start
        )
        wait_until(
            lambda: self.view() == shown and moves_shown(self.board) == moves,
            self.surface.patience.answer,
            f"the game as it was before the reload ({moves} moves)",
        )

    def finish(self) -> None:
        """From a position a few moves from the end, Finish wins and the win shows with its
        figures; Play again deals a new game of the same kind, without asking (nothing is
        lost)."""
        self.root = self.surface.show_position(self.game, near_won(self.game))
        expect(self.board.locator("[data-pile]").first).to_be_visible(
            timeout=self.surface.patience.start
        )
        finish = button(self.board, "Finish")
        expect(finish).to_be_enabled(timeout=self.surface.patience.answer)
        finish.click()
        expect(self.board.locator(".sw-status")).to_have_text(
            "Won", timeout=self.surface.patience.answer
        )
        banner = self.board.locator(".sw-banner")
        expect(banner).to_contain_text("You won!")
        expect(banner.locator(".sw-win-figures")).not_to_have_text("")
        expect(finish).to_be_disabled()
        label = self.board.locator(".sw-label").inner_text()
        banner.get_by_role("button", name="Play again").click()
        wait_until(
            lambda: (
                moves_shown(self.board) == 0
                and self.board.locator(".sw-status").inner_text() == "Playing"
            ),
            self.surface.patience.search,
            "a new deal after Play again",
        )
        assert_deal_shows(self.board, self.game.copies)
        expect(self.board.locator(".sw-label")).to_have_text(label)
        expect(banner).not_to_contain_text("You won!")

    STEPS = (
        "deal",
        "drag_legal",
        "drag_refused",
        "click_to_move",
        "draw",
        "undo_and_ctrl_z",
        "hint",
        "screenshots",
        "new_game",
        "restart",
        "review",
        "stats",
        "options_menu",
        "reload",
        "finish",
    )

    def play(self, subtests: Any) -> None:
        """Every step, each reported on its own; the first failure of the deal stops the rest
        (there is no board to play on)."""
        for step in self.STEPS:
            with subtests.test(step=step):
                getattr(self, step)()
            if self.root is None:
                break

    # --- a whole game, by clicks ----------------------------------------------------------------

    def win_by_hints(self, limit: int = 600) -> int:
        """Plays the deal to a win by clicks alone, each move the one Hint marks; the number of
        hints asked."""
        line = self.board.locator(".sw-line")
        for asked in range(1, limit + 1):
            if self.board.locator(".sw-status").inner_text() == "Won":
                return asked - 1
            moves = moves_shown(self.board)
            button(self.board, "Hint").click()
            expect(line).to_have_text(HINT, timeout=self.surface.patience.search)
            assert line.inner_text().startswith("Hint:"), line.inner_text()
            self._follow_hint()
            self._await_move(moves)
        raise AssertionError(f"not won after {limit} hints")

    def _follow_hint(self) -> None:
        """Clicks the move the board marks as the hint: the stock, or the marked cards and then
        the marked pile (or, for a card going home, a foundation that takes it)."""
        hinted = self.board.locator("[data-pile] .sw-hinted")
        expect(hinted.or_(self.board.locator("[data-pile].sw-hint-target")).first).to_be_visible()
        if hinted.count() == 0:
            self.board.locator('[data-pile="stock"]').click()
            return
        moves = moves_shown(self.board)
        target = piles(self.board, "[data-pile].sw-hint-target")
        hinted.first.click(position={"x": 12, "y": 6})
        wait_until(
            lambda: (
                moves_shown(self.board) > moves or bool(piles(self.board, "[data-pile].sw-target"))
            ),
            self.surface.patience.answer,
            "the hinted card to move or to be picked up",
        )
        if moves_shown(self.board) > moves:
            return
        marked = piles(self.board, "[data-pile].sw-target")
        goes = next((pile for pile in target if pile in marked), marked[0])
        self.board.locator(f'[data-pile="{goes}"]').click()


def game_cell(game: Game, then: str = "board") -> str:
    """A cell that makes the game's board (named board), then ends with then."""
    return f"import solitaire_widget as sw\nboard = {game.make()}\n{then}"


def position_cell(state: dict[str, Any]) -> str:
    """The cell that shows a board at a position."""
    return f"import solitaire_widget as sw\nsw.load({json.dumps(state)!r})"
