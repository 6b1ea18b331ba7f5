"""The Voilà app's pieces (issue 11): the game picker deals a proven-winnable game of the kind
picked and follows the board; the board keeps its seed from the page; the statistics show once
a game is played and count a win at once."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable

import solitaire_widget as sw
from positions import klondike_state
from solitaire_widget.app import PICKS, GamePicker, PlayApp, PlayerStats


def in_the_kernel_loop(play: Callable[[], object]) -> None:
    """Play as the kernel does: in a turn of its event loop, then let the loop run once more."""

    async def turn() -> None:
        play()
        await asyncio.sleep(0)

    # A thread of its own: the browser tests' Playwright may hold this thread's event loop.
    failed: list[BaseException] = []

    def run() -> None:
        try:
            asyncio.run(turn())
        except BaseException as error:
            failed.append(error)

    kernel = threading.Thread(target=run)
    kernel.start()
    kernel.join()
    if failed:
        raise failed[0]


def stats_rows(stats: PlayerStats) -> list[str]:
    return stats.value.split("<tbody>")[1].split("</tr>")[:-1]


def test_the_app_opens_on_a_winnable_klondike_draw_1_deal_whose_seed_stays_in_python() -> None:
    app = PlayApp()
    assert isinstance(app.board, sw.Klondike)
    assert app.board.state()["options"]["draw"] == 1
    assert app.board._board["badges"] == ["Winnable deal"]
    assert app.picker.value == "Klondike · draw 1"
    assert app.children == (app.picker, app.board, app.stats)
    assert app.board.seed is not None
    assert app.board.get_state("seed")["seed"] is None  # what the page is sent
    assert "seed=hidden" in repr(app)


def test_each_pick_deals_a_new_winnable_game_of_that_kind() -> None:
    app = PlayApp()
    for name, options in PICKS.items():
        app.picker.value = name
        board = app.board
        assert board.kind == options["game"]
        assert board.state()["options"].get("draw") == options.get("draw")
        assert board.moves == 0
        assert board._board["badges"] == ["Winnable deal"]
        assert board.get_state("seed")["seed"] is None
    assert isinstance(app.board, sw.Applegate)


def test_the_picker_follows_a_game_switched_on_the_board_without_dealing_again() -> None:
    board = sw.Klondike(seed=5, show_seed=False)
    picker = GamePicker(board)
    board.new_game(game="applegate", seed=11)
    assert picker.value == "Applegate"
    assert board.seed == 11 and board.kind == "applegate"
    board.new_game(game="klondike", draw=3, scoring="vegas", seed=12)
    assert picker.value == "Klondike · draw 3"
    assert board.seed == 12


def test_the_statistics_stay_hidden_until_a_game_is_played() -> None:
    app = PlayApp()
    assert app.stats.layout.display == "none"
    in_the_kernel_loop(app.board.draw)
    assert app.stats.layout.display == "block"
    assert "<h3>Your games</h3>" in app.stats.value
    (row,) = stats_rows(app.stats)
    assert row.startswith("<tr><td>Klondike · draw 1</td><td>1</td><td>0</td>")


def test_a_win_counts_in_the_statistics_as_soon_as_it_is_made() -> None:
    board = sw.load(klondike_state(["QS", "KS"]), show_seed=False)
    stats = PlayerStats(board)

    def win() -> None:
        board.move("t1-f")
        board.move("t2-f")

    in_the_kernel_loop(win)
    assert board.status == "won"
    (row,) = stats_rows(stats)
    assert row.startswith("<tr><td>Klondike · draw 1</td><td>1</td><td>1</td><td>100%</td>")


def test_a_pick_that_would_give_up_a_game_in_progress_asks_on_the_board_first() -> None:
    app = PlayApp()
    board = app.board
    sent: list[dict[str, object]] = []
    board.comm.send = lambda data=None, buffers=None, **_: sent.append(data)
    board.draw()
    before = board.state()

    app.picker.value = "Applegate"
    assert app.picker.value == "Klondike · draw 1"  # still the game on the board
    assert board.state() == before
    asks = [message["content"] for message in sent if message.get("method") == "custom"]
    options = {"game": "applegate", "draw": 1, "scoring": None, "winnable": True}
    assert asks == [{"type": "ask_new_game", "options": options}]

    # The player says "New game": the page asks for it as the board's own New game does.
    version = board._board["version"]
    board._on_request(board, {"type": "new_game", "version": version, "options": options}, [])
    assert app.board.kind == "applegate" and app.board.moves == 0
    assert app.picker.value == "Applegate"
