"""notebooks/app.ipynb served by Voilà (issue 11): a visitor sees an app, with no code, no move
notation, no notebook links and no seed anywhere, not even in the websocket frames the page
receives, and plays both games by clicks, switching game with the picker above the board.
Visitors (issue 20) each see only their own games, known by the token their browser keeps.
Issue 21: a reload reopens the visitor's game in progress; the board comes first, centred, whole
on a phone, with the picker in its look, the daily challenge one click away, and a question
before a pick gives up a game in progress."""

from __future__ import annotations

import contextlib
import json
import re
import shutil
import sqlite3
import struct
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, BrowserContext, Locator, Page, WebSocket, expect

from solitaire_widget.daily import daily_deal
from solitaire_widget.games import KlondikeGame
from solitaire_widget.scoreboard import NO_VISITOR_NOTICE

from .boards import read_board
from .harness import ARTIFACTS, REPO, VIEWPORT

APP = REPO / "notebooks" / "app.ipynb"
# A move as the notation writes it: "t1-f", "waste-t3", "w-t3", "t2-t5:3", "reserve-t1", "t4-f:13".
NOTATION = re.compile(r"\b(?:t[1-7]|f[1-4]|waste|w|reserve|stock)-(?:t[1-7]|f[1-4]?)\b")
# A seed sent as a number or as digits in text (the board sends it as text, or "" when hidden).
SEED_SENT = re.compile(rb'"seed"\s*:\s*"?-?\d')
SEED_HIDDEN = re.compile(rb'"seed"\s*:\s*""')


def kernel_message(frame: bytes) -> dict[str, Any]:
    """The message in a websocket frame: JSON text, or Jupyter's v1 kernel protocol (a count,
    that many offsets, then the channel, header, parent header, metadata, content, buffers)."""
    if frame.startswith(b"{"):
        return json.loads(frame)
    (count,) = struct.unpack_from("<Q", frame)
    offsets = [*struct.unpack_from(f"<{count}Q", frame, 8), len(frame)]
    parts = [frame[start:end] for start, end in zip(offsets, offsets[1:], strict=False)]
    return {"header": json.loads(parts[1]), "content": json.loads(parts[4])}


def boards_sent(frames: list[bytes]) -> list[dict[str, Any]]:
    """Every view of the board the kernel sent to the page, in order."""
    views = []
    for frame in frames:
        message = kernel_message(frame)
        if message["header"]["msg_type"] == "comm_msg":
            state = message["content"].get("data", {}).get("state", {})
            if "_board" in state:
                views.append(state["_board"])
    return views


def record_frames(page: Page) -> list[bytes]:
    frames: list[bytes] = []

    def follow(socket: WebSocket) -> None:
        socket.on(
            "framereceived",
            lambda payload: frames.append(
                payload if isinstance(payload, bytes) else payload.encode()
            ),
        )

    page.on("websocket", follow)
    return frames


def smart_clickable(legal: list[str]) -> tuple[str, str, int]:
    """A legal move whose group has exactly one place to go, so one click on its card sends it
    there (smart click): (source, destination, number of cards)."""
    places: dict[tuple[str, int], list[str]] = {}
    for move in legal:
        if move in ("draw", "recycle"):
            continue
        route, _, count = move.partition(":")
        source, destination = route.split("-")
        places.setdefault((source, int(count or 1)), []).append(destination)
    for (source, count), destinations in places.items():
        if len(destinations) == 1 and not destinations[0].startswith("f"):
            return source, destinations[0], count
    raise AssertionError(f"no move with a single place among {legal}")


def screenshot_widths(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for width in (1280, 400):
        # Tall enough for the whole app: Voilà's page scrolls inside, so a full-page shot
        # would stop at the window's height.
        page.set_viewport_size({"width": width, "height": 1400})
        page.wait_for_timeout(300)  # the board fits itself to the new width
        page.screenshot(path=ARTIFACTS / f"{name}-{width}-light.png", full_page=True)
    page.set_viewport_size(VIEWPORT)


def assert_an_app_not_a_notebook(page: Page) -> None:
    text = page.locator("body").inner_text()
    assert "import" not in text and "PlayApp" not in text, "code shows on the page"
    assert not NOTATION.search(text), f"move notation on the page: {NOTATION.search(text)}"
    assert ".ipynb" not in text
    assert "seed" not in text.lower()
    assert "In [" not in text and "Out[" not in text
    for code in (".jp-CodeCell .jp-InputArea", ".jp-CodeMirrorEditor", ".jp-OutputPrompt"):
        expect(page.locator(code).locator("visible=true")).to_have_count(0)
    expect(page.locator('[data-mime-type="application/vnd.jupyter.stderr"]')).to_have_count(0)
    expect(page.locator(".jp-OutputArea-output pre")).to_have_count(0)  # no printed text
    expect(page.locator('a[href*=".ipynb"]')).to_have_count(0)


def test_a_visitor_plays_both_games_by_clicks_and_never_sees_code_notation_or_seed(
    voila: Callable[[Path], str], page: Page, tmp_path: Path
) -> None:
    app = app_copy(tmp_path)
    frames = record_frames(page)
    page.goto(voila(app), timeout=90_000)
    board = page.locator(".solitaire-widget")
    expect(board.locator('[data-pile="t7"] [data-card]')).to_have_count(1, timeout=90_000)
    picker = page.locator(".sw-app-picker")
    stats = page.locator(".sw-app-stats")
    moves = board.locator(".sw-stat").filter(has_text="Moves").locator("b")

    def pick(name: str) -> Locator:
        return picker.get_by_role("button", name=name, exact=True)

    expect(pick("Klondike · draw 1")).to_have_attribute("aria-pressed", "true")
    expect(board.locator(".sw-label")).to_have_text("Klondike · draw 1")
    expect(board.locator(".sw-badge")).to_have_text("Winnable deal")
    expect(stats).to_be_hidden()  # nothing played yet on this machine

    # Klondike: a click on the stock turns a card onto the waste.
    waste = board.locator('[data-pile="waste"] [data-card]')
    expect(waste).to_have_count(0)
    stock = board.locator('[data-pile="stock"]')
    expect(stock).to_contain_text("24")
    stock.click()
    expect(stock).to_contain_text("23")
    # The card turned lies on the waste, unless it went home by itself (auto-move).
    turned = board.locator('[data-pile="waste"] [data-card], [data-pile^="f"] [data-card]')
    expect(turned).not_to_have_count(0)
    expect(moves).not_to_have_text("0")
    expect(stats).to_be_visible()
    expect(
        stats.locator("tr").filter(has_text="Klondike · draw 1").locator("td").nth(1)
    ).to_have_text("1")
    screenshot_widths(page, "app-klondike")

    # The picker turns the board into an Applegate board, a new winnable deal, once the visitor
    # has said to give up the game in progress.
    pick("Applegate").click()
    give_up(page)
    expect(board.locator(".sw-label")).to_have_text("Applegate", timeout=30_000)
    expect(pick("Applegate")).to_have_attribute("aria-pressed", "true")
    expect(board.locator('[data-pile="reserve"]')).to_be_visible()
    expect(board.locator('[data-pile="stock"]')).to_have_count(0)
    expect(board.locator('[data-pile^="t"]')).to_have_count(7)
    expect(board.locator('[data-pile="t1"] [data-card]')).to_have_count(7)
    expect(moves).to_have_text("0")

    # One click on a card with a single place to go sends its group there.
    dealt = [view for view in boards_sent(frames) if view["kind"] == "applegate"][-1]
    source, destination, count = smart_clickable(dealt["legal"])
    source_cards = board.locator(f'[data-pile="{source}"] [data-card]')
    destination_cards = board.locator(f'[data-pile="{destination}"] [data-card]')
    before = destination_cards.count()
    moved = source_cards.nth(source_cards.count() - count)
    card = moved.get_attribute("data-card")
    moved.click(position={"x": 12, "y": 6})  # the strip a card above it leaves showing
    expect(destination_cards).to_have_count(before + count)
    expect(board.locator(f'[data-pile="{destination}"] [data-card="{card}"]')).to_be_visible()
    expect(moves).not_to_have_text("0")
    expect(stats.locator("tr").filter(has_text="Applegate").locator("td").nth(1)).to_have_text("1")
    screenshot_widths(page, "app-applegate")

    assert_an_app_not_a_notebook(page)
    received = b"".join(frames)
    assert SEED_HIDDEN.search(received), "the board's state never reached the page"
    assert not SEED_SENT.search(received), "a seed was sent to the page"
    assert not SEED_SENT.search(page.content().encode())


# A browser whose page may not use its storage: reading localStorage throws, as it does in
# Chromium when a visitor blocks site data.
BLOCKED_STORAGE = """
Object.defineProperty(window, "localStorage", {
  get() { throw new DOMException("The page's storage is blocked.", "SecurityError"); },
});
"""
KEPT_TOKEN = "localStorage.getItem('solitaire_widget.visitor')"


def open_app(context: BrowserContext, url: str) -> tuple[Page, Locator, Locator]:
    """The app in a new page of ``context``, once its board shows: (page, board, stats)."""
    page = context.new_page()
    page.goto(url, timeout=90_000)
    return page, *board_shown(page)


def app_copy(tmp_path: Path) -> Path:
    """The app notebook in a folder of its own, so Voilà serves it alone."""
    app = tmp_path / "app" / APP.name
    app.parent.mkdir()
    shutil.copy(APP, app)
    return app


def app_opened(page: Page, url: str) -> tuple[Locator, Locator]:
    """The app opened at ``url``: its board once it shows, and its statistics."""
    page.goto(url, timeout=90_000)
    return board_shown(page)


def board_shown(page: Page) -> tuple[Locator, Locator]:
    """The app's board once it shows (when the visitor is known), and its statistics."""
    board = page.locator(".solitaire-widget")
    expect(board).to_be_visible(timeout=90_000)
    expect(board.locator('[data-pile="t7"] [data-card]')).not_to_have_count(0)
    return board, page.locator(".sw-app-stats")


def give_up(page: Page) -> None:
    """Answers "New game" to the picker's question before a game in progress is given up."""
    question = page.locator(".sw-app-picker .sw-confirm")
    expect(question).to_be_visible()
    question.get_by_role("button", name="New game").click()
    expect(question).to_be_hidden()


def played_row(stats: Locator, variant: str) -> Locator:
    """The cell "Played" of ``variant``'s row in the statistics."""
    return stats.locator("tr").filter(has_text=variant).locator("td").nth(1)


def turn_a_card(board: Locator) -> None:
    """A click on the stock once the cards of the last move have landed (auto-move's cards go
    home one after another), as a player clicks once the board is still."""
    moves = board.locator(".sw-stat").filter(has_text="Moves").locator("b")
    expect(board.locator(".sw-flying")).to_have_count(0)
    before = moves.inner_text()
    board.locator('[data-pile="stock"]').click()
    expect(moves).not_to_have_text(before, timeout=15_000)


def test_each_visitor_sees_only_their_own_games_and_a_browser_that_keeps_nothing_sees_none(
    voila: Callable[[Path], str], chromium: Browser, tmp_path: Path
) -> None:
    url = voila(app_copy(tmp_path))
    contexts = [chromium.new_context(viewport=VIEWPORT) for _ in range(3)]
    alice_context, bob_context, blocked_context = contexts
    blocked_context.add_init_script(BLOCKED_STORAGE)
    try:
        # Alice plays Klondike draw 1, then draw 3.
        alice, board, stats = open_app(alice_context, url)
        turn_a_card(board)
        expect(played_row(stats, "Klondike · draw 1")).to_have_text("1")
        alice.locator(".sw-app-picker").get_by_role("button", name="Klondike · draw 3").click()
        give_up(alice)
        expect(board.locator(".sw-label")).to_have_text("Klondike · draw 3", timeout=30_000)
        turn_a_card(board)
        expect(played_row(stats, "Klondike · draw 3")).to_have_text("1")
        alice_token = alice.evaluate(KEPT_TOKEN)
        assert re.fullmatch(r"[0-9a-f]{32}", alice_token)

        # Bob, in another browser, sees none of Alice's games until he plays his own.
        bob, bob_board, bob_stats = open_app(bob_context, url)
        bob_token = bob.evaluate(KEPT_TOKEN)
        assert re.fullmatch(r"[0-9a-f]{32}", bob_token) and bob_token != alice_token
        turn_a_card(bob_board)
        turn_a_card(bob_board)
        expect(played_row(bob_stats, "Klondike · draw 1")).to_have_text("1")
        expect(bob_stats.locator("tr").filter(has_text="draw 3")).to_have_count(0)

        # Alice comes back in a new page (a new kernel): her games are still hers, and her
        # game in progress is on the board.
        alice.close()
        alice, board, stats = open_app(alice_context, url)
        expect(board.locator(".sw-label")).to_have_text("Klondike · draw 3")
        expect(played_row(stats, "Klondike · draw 1")).to_have_text("1")
        expect(played_row(stats, "Klondike · draw 3")).to_have_text("1")
        assert alice.evaluate(KEPT_TOKEN) == alice_token

        # A browser that keeps nothing gets no statistics and is told so; nothing is recorded.
        blocked, blocked_board, blocked_stats = open_app(blocked_context, url)
        expect(blocked_stats).to_have_text(NO_VISITOR_NOTICE)
        turn_a_card(blocked_board)
        expect(blocked_stats).to_have_text(NO_VISITOR_NOTICE)
        expect(blocked_stats.locator("table")).to_have_count(0)
        blocked_board.get_by_role("button", name="Stats").click()
        expect(blocked_board.get_by_text(NO_VISITOR_NOTICE)).to_be_visible()

        (store,) = tmp_path.glob("voila-*/solitaire-widget/games.sqlite3")
        with contextlib.closing(sqlite3.connect(store)) as db:
            played = db.execute(
                "SELECT player, COUNT(*) FROM games WHERE last_played IS NOT NULL GROUP BY player"
            ).fetchall()
        assert sorted(played) == sorted([(alice_token, 2), (bob_token, 1)])
    finally:
        for context in contexts:
            context.close()


# Issue 21: the game in progress survives a reload; the app reads like a game.

# A phone held upright: 400 px wide, and the height a browser leaves of a 6-inch screen.
PHONE = {"width": 400, "height": 740}
QUESTION = "Start a new game? This one counts as a loss."
# What shows below the fold: every visible leaf of the page (a text, a button, a card, a pile)
# whose bottom is below the window's height, outside the statistics.
BELOW_THE_FOLD = """() => {
  const fold = window.innerHeight;
  const below = [];
  for (const node of document.body.querySelectorAll("*")) {
    if (node.closest(".sw-app-stats")) continue;
    if (node.children.length && !node.matches("button, [data-card], [data-pile]")) continue;
    const style = getComputedStyle(node);
    const box = node.getBoundingClientRect();
    if (style.visibility !== "visible" || !box.width || !box.height) continue;
    if (box.bottom > fold + 0.5) below.push(`${node.className} "${node.textContent.slice(0, 20)}"`);
  }
  return below;
}"""
# Whether the board has fitted itself to a narrower window (it does so a frame after a resize):
# its box inside the window, and its last column inside its box.
BOARD_FITS = """() => {
  const board = document.querySelector(".solitaire-widget");
  const last = board?.querySelector("[data-pile='t7']");
  if (!board || !last) return false;
  const box = board.getBoundingClientRect();
  return box.right <= window.innerWidth && last.getBoundingClientRect().right <= box.right;
}"""
# The look of a button, as the page draws it.
LOOK = """(button) => {
  const s = getComputedStyle(button);
  return [s.fontFamily, s.fontSize, s.color, s.backgroundColor, s.borderTopWidth,
          s.borderTopStyle, s.borderTopColor, s.borderTopLeftRadius, s.minHeight, s.paddingTop,
          s.paddingLeft, s.cursor];
}"""


def clock_seconds(board: Locator) -> int:
    text = board.locator(".sw-stat").filter(has_text="Time").locator("b").inner_text()
    seconds = 0
    for part in text.split(":"):
        seconds = seconds * 60 + int(part)
    return seconds


def visitors_games(tmp_path: Path, token: str) -> list[tuple[Any, ...]]:
    """The rows the store holds for the visitor: (status, moves, abandoned)."""
    (store,) = tmp_path.glob("voila-*/solitaire-widget/games.sqlite3")
    with contextlib.closing(sqlite3.connect(store)) as db:
        return db.execute(
            "SELECT status, moves, abandoned_at IS NOT NULL FROM games WHERE player = ? "
            "ORDER BY id",
            (token,),
        ).fetchall()


def test_a_reload_reopens_the_visitors_game_in_progress_where_it_was(
    voila: Callable[[Path], str], page: Page, tmp_path: Path
) -> None:
    board, stats = app_opened(page, voila(app_copy(tmp_path)))
    for _ in range(3):
        turn_a_card(board)
    moves = board.locator(".sw-stat").filter(has_text="Moves").locator("b")
    made = moves.inner_text()
    clock = board.locator(".sw-stat").filter(has_text="Time").locator("b")
    expect(clock).not_to_have_text(re.compile(r"^0:0[01]$"), timeout=15_000)
    played = clock_seconds(board)
    # The last change, recorded with the time played so far.
    board.get_by_role("button", name="Undo").click()  # a draw, and the cards it sent home
    expect(moves).not_to_have_text(made)
    made = moves.inner_text()
    position = read_board(board)
    token = page.evaluate(KEPT_TOKEN)

    # A reload starts a new kernel: the same game comes back, not a new deal.
    page.reload(timeout=90_000)
    board, stats = board_shown(page)
    moves = board.locator(".sw-stat").filter(has_text="Moves").locator("b")
    expect(moves).to_have_text(made)
    assert read_board(board) == position
    expect(board.locator(".sw-label")).to_have_text("Klondike · draw 1")
    expect(board.locator(".sw-badge")).to_have_text("Winnable deal")
    expect(board.get_by_role("button", name="Undo")).to_be_enabled()
    expect(board.get_by_role("button", name="Redo")).to_be_enabled()  # its redo line too
    assert clock_seconds(board) >= played, "the clock goes on from where it stopped"
    expect(played_row(stats, "Klondike · draw 1")).to_have_text("1")
    assert visitors_games(tmp_path, token) == [("playing", int(made), 0)], "no other game"

    # It plays on into the same recorded game.
    turn_a_card(board)
    expect(board.get_by_role("button", name="Redo")).to_be_disabled()
    expect(played_row(stats, "Klondike · draw 1")).to_have_text("1")
    assert visitors_games(tmp_path, token) == [("playing", int(moves.inner_text()), 0)]
    assert_an_app_not_a_notebook(page)


def test_the_app_reads_like_a_game_board_first_centred_and_whole_on_a_phone(
    voila: Callable[[Path], str], page: Page, tmp_path: Path
) -> None:
    url = voila(app_copy(tmp_path))
    board, stats = app_opened(page, url)
    picker = page.locator(".sw-app-picker")
    daily = picker.get_by_role("button", name="Daily challenge")

    # The board is centred, with the picker just above it in its column, and nothing else
    # above them.
    width = page.evaluate("document.documentElement.clientWidth")
    box, above = board.bounding_box(), picker.bounding_box()
    assert box is not None and above is not None
    assert abs(box["x"] - (width - box["x"] - box["width"])) <= 2, "centred"
    assert above["x"] == box["x"] and above["y"] + above["height"] <= box["y"]
    assert page.locator("h1, h2, .jp-MarkdownOutput").filter(visible=True).count() == 0
    # The picker looks like the board's own buttons, and the daily challenge is one click away.
    expect(daily).to_be_in_viewport()
    page.mouse.move(0, 0)
    assert daily.evaluate(LOOK) == board.get_by_role("button", name="Hint").evaluate(LOOK)
    shots(page, "app-reads-like-a-game", 1280, "light")

    # On a phone: the picker and the whole board above the fold, the statistics below it.
    page.set_viewport_size(PHONE)
    turn_a_card(board)
    expect(stats).to_be_visible()
    page.wait_for_function(BOARD_FITS)
    assert page.evaluate(BELOW_THE_FOLD) == []
    box, below = board.bounding_box(), stats.bounding_box()
    assert box is not None and below is not None
    assert box["y"] + box["height"] <= PHONE["height"] and below["y"] >= box["y"] + box["height"]
    shots(page, "app-reads-like-a-game", 400, "light")

    # The same in the dark theme (a reload: the game in progress comes back).
    board, stats = app_opened(page, f"{url}&theme=dark")
    expect(page.locator('body[data-jp-theme-light="false"]')).to_have_count(1)
    page.wait_for_function(BOARD_FITS)
    assert page.evaluate(BELOW_THE_FOLD) == []
    shots(page, "app-reads-like-a-game", 400, "dark")
    page.set_viewport_size(VIEWPORT)
    page.wait_for_timeout(300)  # the board grows to the new width (only a screenshot follows)
    shots(page, "app-reads-like-a-game", 1280, "dark")


def shots(page: Page, name: str, width: int, theme: str) -> None:
    """A screenshot of what the window shows (the fold included) into the artifacts."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=ARTIFACTS / f"{name}-{width}-{theme}.png")


def test_a_pick_asks_before_giving_up_a_game_in_progress_and_deals_the_daily_challenge(
    voila: Callable[[Path], str], page: Page, tmp_path: Path
) -> None:
    board, stats = app_opened(page, voila(app_copy(tmp_path)))
    picker = page.locator(".sw-app-picker")
    question = picker.locator(".sw-confirm")
    label = board.locator(".sw-label")

    def pick(name: str) -> Locator:
        return picker.get_by_role("button", name=name, exact=True)

    # Nothing played yet: the daily challenge is dealt at once, today's deal with its badge.
    klondike = daily_deal("klondike", None, 1)
    pick("Daily challenge").click()
    expect(board.locator(".sw-badge")).to_have_text(klondike.badge)
    expect(pick("Daily challenge")).to_have_attribute("aria-pressed", "true")
    expect(pick("Klondike · draw 1")).to_have_attribute("aria-pressed", "true")
    expect(question).to_be_hidden()
    dealt = KlondikeGame(seed=klondike.seed, draw=1).state()["tableau"]
    shown = read_board(board)
    assert [shown[f"t{i + 1}"]["cards"] for i in range(7)] == [pile["up"] for pile in dealt]

    # A game in progress: the picker asks first, with the safe answer focused.
    turn_a_card(board)
    position = read_board(board)
    pick("Applegate").click()
    expect(question).to_be_visible()
    expect(question.locator(".sw-confirm-text")).to_have_text(QUESTION)
    keep = question.get_by_role("button", name="Keep playing")
    expect(keep).to_be_focused()
    expect(question.get_by_role("button", name="New game")).to_be_visible()
    page.keyboard.press("Escape")  # keeps playing
    expect(question).to_be_hidden()
    expect(pick("Applegate")).to_be_focused()
    pick("Klondike · draw 3").click()
    keep.click()
    expect(question).to_be_hidden()
    expect(label).to_have_text("Klondike · draw 1")
    expect(pick("Klondike · draw 1")).to_have_attribute("aria-pressed", "true")
    expect(board.locator(".sw-badge")).to_have_text(klondike.badge)
    assert read_board(board) == position

    # "New game" gives the game up: a new winnable Applegate deal, and a loss in the figures.
    pick("Applegate").click()
    give_up(page)
    expect(label).to_have_text("Applegate")
    expect(board.locator(".sw-badge")).to_have_text("Winnable deal")
    expect(pick("Daily challenge")).to_have_attribute("aria-pressed", "false")
    row = stats.locator("tr").filter(has_text="Klondike · draw 1").locator("td")
    expect(row.nth(1)).to_have_text("1")
    expect(row.nth(2)).to_have_text("0")

    # The daily challenge of the game shown, one click away again (nothing played: no question).
    pick("Daily challenge").click()
    expect(board.locator(".sw-badge")).to_have_text(daily_deal("applegate").badge)
    expect(question).to_be_hidden()
    expect(label).to_have_text("Applegate")
