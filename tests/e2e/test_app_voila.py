"""notebooks/app.ipynb served by Voilà (issue 11): a visitor sees an app, with no code, no move
notation, no notebook links and no seed anywhere, not even in the websocket frames the page
receives, and plays both games by clicks, switching game with the picker above the board.
Visitors (issue 20) each see only their own games, known by the token their browser keeps."""

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

from solitaire_widget.scoreboard import NO_VISITOR_NOTICE

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
    app = tmp_path / "app" / APP.name
    app.parent.mkdir()
    shutil.copy(APP, app)
    frames = record_frames(page)
    page.goto(voila(app), timeout=90_000)
    board = page.locator(".solitaire-widget")
    expect(board.locator('[data-pile="t7"] [data-card]')).to_have_count(1, timeout=90_000)
    expect(page.get_by_role("heading", name="Solitaire")).to_be_visible()
    picker = page.locator(".sw-app-picker")
    stats = page.locator(".sw-app-stats")
    moves = board.locator(".sw-stat").filter(has_text="Moves").locator("b")

    def pick(name: str) -> Locator:
        return picker.get_by_role("button", name=name, exact=True)

    expect(pick("Klondike · draw 1")).to_have_class(re.compile(r"\bmod-active\b"))
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

    # The picker turns the board into an Applegate board, a new winnable deal, once the player
    # says so: the Klondike game in progress would count as a loss, and the board asks first.
    pick("Applegate").click()
    question = board.get_by_role("group", name="Start a new game? This one counts as a loss.")
    expect(question).to_be_visible()
    expect(question.get_by_role("button", name="Keep playing")).to_be_focused()
    expect(pick("Klondike · draw 1")).to_have_class(re.compile(r"\bmod-active\b"))
    screenshot_widths(page, "app-question")
    page.keyboard.press("Escape")
    expect(question).to_be_hidden()
    expect(board.locator(".sw-label")).to_have_text("Klondike · draw 1")
    pick("Applegate").click()
    question.get_by_role("button", name="New game").click()
    expect(board.locator(".sw-label")).to_have_text("Applegate", timeout=30_000)
    expect(pick("Applegate")).to_have_class(re.compile(r"\bmod-active\b"))
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
    """The app in a new page of ``context``, once its board is dealt: (page, board, stats)."""
    page = context.new_page()
    page.goto(url, timeout=90_000)
    board = page.locator(".solitaire-widget")
    expect(board.locator('[data-pile="t7"] [data-card]')).to_have_count(1, timeout=90_000)
    return page, board, page.locator(".sw-app-stats")


def played_row(stats: Locator, variant: str) -> Locator:
    """The cell "Played" of ``variant``'s row in the statistics."""
    return stats.locator("tr").filter(has_text=variant).locator("td").nth(1)


def turn_a_card(board: Locator) -> None:
    moves = board.locator(".sw-stat").filter(has_text="Moves").locator("b")
    before = moves.inner_text()
    board.locator('[data-pile="stock"]').click()
    expect(moves).not_to_have_text(before)


def test_each_visitor_sees_only_their_own_games_and_a_browser_that_keeps_nothing_sees_none(
    voila: Callable[[Path], str], chromium: Browser, tmp_path: Path
) -> None:
    app = tmp_path / "app" / APP.name
    app.parent.mkdir()
    shutil.copy(APP, app)
    url = voila(app)
    contexts = [chromium.new_context(viewport=VIEWPORT) for _ in range(3)]
    alice_context, bob_context, blocked_context = contexts
    blocked_context.add_init_script(BLOCKED_STORAGE)
    try:
        # Alice plays Klondike draw 1, then draw 3.
        alice, board, stats = open_app(alice_context, url)
        turn_a_card(board)
        expect(played_row(stats, "Klondike · draw 1")).to_have_text("1")
        alice.locator(".sw-app-picker").get_by_role("button", name="Klondike · draw 3").click()
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

        # Alice comes back in a new page (a new kernel): her games are still hers.
        alice.close()
        alice, board, stats = open_app(alice_context, url)
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
