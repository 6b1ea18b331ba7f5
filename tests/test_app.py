"""The Voilà app's pieces (issue 11): the game picker deals a proven-winnable game of the kind
picked and follows the board; the board keeps its seed from the page; the statistics show once
a game is played and count a win at once.

Each visitor (issue 20) is known by the random token their browser keeps: the app records,
shows, counts and resumes only that visitor's games; before the token arrives, and for a
browser that keeps none, it records nothing and shows no statistics."""

from __future__ import annotations

import asyncio
import secrets
import threading
from collections.abc import Callable
from typing import Any

import pytest

import solitaire_widget as sw
from positions import klondike_state
from solitaire_widget import store
from solitaire_widget.app import PICKS, GamePicker, PlayApp, PlayerStats
from solitaire_widget.engine import GAMES
from solitaire_widget.scoreboard import NO_VISITOR_NOTICE
from solitaire_widget.visitor import Visitor


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
    return stats.value.split("<tbody>")[1].split("</tr>")[:-1] if "<tbody>" in stats.value else []


def from_the_page(widget: Any, content: object) -> None:
    """A message from the widget's page, delivered as the kernel delivers it."""
    widget.comm.handle_msg(
        {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
    )


def visited(token: str | None = None) -> PlayApp:
    """The app once the visitor's page has sent their token (a new visitor's by default)."""
    app = PlayApp()
    in_the_kernel_loop(lambda: from_the_page(app.visitor, {"token": token or new_token()}))
    return app


def new_token() -> str:
    return secrets.token_hex(16)


def stats_panel(board: sw.Klondike | sw.Applegate) -> dict[str, Any]:
    from_the_page(board, {"type": "stats", "version": board._board["version"]})
    return board._stats


def test_the_app_opens_on_a_winnable_klondike_draw_1_deal_whose_seed_stays_in_python() -> None:
    app = PlayApp()
    assert isinstance(app.board, sw.Klondike)
    assert app.board.state()["options"]["draw"] == 1
    assert app.board._board["badges"] == ["Winnable deal"]
    assert app.picker.value == "Klondike · draw 1"
    assert app.children == (app.picker, app.board, app.stats, app.visitor)
    assert app.board.seed is not None
    assert app.board.get_state("seed")["seed"] == ""  # what the page is sent
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
        assert board.get_state("seed")["seed"] == ""
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
    app = visited()
    assert app.stats.layout.display == "none"
    in_the_kernel_loop(app.board.draw)
    assert app.stats.layout.display == "block"
    assert "<h3>Your games</h3>" in app.stats.value
    (row,) = stats_rows(app.stats)
    assert row.startswith("<tr><td>Klondike · draw 1</td><td>1</td><td>0</td>")


def test_a_win_counts_in_the_statistics_as_soon_as_it_is_made() -> None:
    board = sw.load(klondike_state(["QS", "KS"]), show_seed=False, autosave=False)
    visitor = Visitor()
    from_the_page(visitor, {"token": new_token()})
    board._record_for(visitor.token)
    stats = PlayerStats(board, visitor)

    def win() -> None:
        board.move("t1-f")
        board.move("t2-f")

    in_the_kernel_loop(win)
    assert board.status == "won"
    (row,) = stats_rows(stats)
    assert row.startswith("<tr><td>Klondike · draw 1</td><td>1</td><td>1</td><td>100%</td>")


def test_each_visitor_sees_counts_and_resumes_only_their_own_games() -> None:
    notebook = sw.Klondike(seed=4)
    notebook.draw()
    first, second = new_token(), new_token()
    alice = visited(first)
    in_the_kernel_loop(alice.board.draw)
    bob = visited(second)
    assert bob.stats.layout.display == "none", "nothing played by this visitor yet"
    assert stats_rows(bob.stats) == []
    in_the_kernel_loop(lambda: (bob.board.draw(), bob.board.draw()))
    for app in (alice, bob):
        (row,) = stats_rows(app.stats)
        assert row.startswith("<tr><td>Klondike · draw 1</td><td>1</td><td>0</td>")
        panel = stats_panel(app.board)
        assert [row["cells"][:2] for row in panel["rows"]] == [["Klondike · draw 1", "1"]]
    assert sw.resume(player=first).state() == alice.board.state()
    assert sw.resume(player=second).state() == bob.board.state()
    assert sw.resume(alice.board.game_id, player=first).game_id == alice.board.game_id
    with pytest.raises(LookupError, match=f"No game {alice.board.game_id} is recorded"):
        sw.resume(alice.board.game_id, player=second)
    # A notebook keeps showing its own player's games.
    assert [game.id for game in sw.saved_games()] == [notebook.game_id]
    assert sw.stats()["Klondike · draw 1"].played == 1
    assert sw.resume().game_id == notebook.game_id
    with pytest.raises(LookupError, match="played by a visitor of the app"):
        sw.resume(bob.board.game_id)
    assert [row["cells"][1] for row in stats_panel(notebook)["rows"]] == ["1"]


def test_a_resumed_visitors_game_goes_on_as_theirs() -> None:
    token = new_token()
    app = visited(token)
    in_the_kernel_loop(app.board.draw)
    again = sw.resume(player=token)
    again.new_game(seed=9)
    again.draw()
    assert sw.resume(player=token).game_id == again.game_id
    assert sw.saved_games() == []


def test_until_the_token_arrives_the_app_records_nothing_and_shows_no_statistics() -> None:
    sw.Klondike(seed=4).draw()  # the notebook's own game: not the visitor's
    app = PlayApp()
    in_the_kernel_loop(app.board.draw)
    assert app.board.game_id is None
    assert app.stats.layout.display == "none"
    panel = stats_panel(app.board)
    assert [row["cells"][1] for row in panel["rows"]] == ["0"]
    assert panel["notice"] == NO_VISITOR_NOTICE
    assert len(sw.saved_games()) == 1
    token = new_token()
    in_the_kernel_loop(lambda: from_the_page(app.visitor, {"token": token}))
    assert app.board.game_id is not None, "the game on the board is recorded at once"
    again = sw.resume(player=token)
    assert again.state() == app.board.state() and again.moves == 1
    (row,) = stats_rows(app.stats)
    assert row.startswith("<tr><td>Klondike · draw 1</td><td>1</td>")


def test_a_browser_that_keeps_no_token_gets_no_statistics_and_is_told_so() -> None:
    app = PlayApp()
    in_the_kernel_loop(lambda: from_the_page(app.visitor, {"blocked": True}))
    in_the_kernel_loop(app.board.draw)
    assert app.board.game_id is None
    assert app.stats.layout.display == "block"
    assert NO_VISITOR_NOTICE in app.stats.value and "<table" not in app.stats.value
    assert stats_panel(app.board)["notice"] == NO_VISITOR_NOTICE
    assert not store.store_path().exists(), "nothing recorded for this visitor"
    with pytest.raises(LookupError):
        sw.resume(player=store.NO_VISITOR)


@pytest.mark.parametrize(
    "said",
    [
        {"token": "A" * 32},
        {"token": "0" * 31},
        {"token": "0" * 33},
        {"token": 12},
        {"token": "0" * 32, "also": 1},
        {"blocked": "yes"},
        ["0" * 32],
        "0" * 32,
        None,
    ],
)
def test_the_page_gives_a_token_only_as_32_hexadecimal_digits(said: object) -> None:
    app = PlayApp()
    in_the_kernel_loop(lambda: from_the_page(app.visitor, said))
    assert app.visitor.token is None and not app.visitor.blocked
    in_the_kernel_loop(app.board.draw)
    assert app.board.game_id is None


def test_a_visitors_token_once_known_stays() -> None:
    first = new_token()
    app = visited(first)
    in_the_kernel_loop(lambda: from_the_page(app.visitor, {"token": new_token()}))
    in_the_kernel_loop(lambda: from_the_page(app.visitor, {"blocked": True}))
    assert app.visitor.token == first and not app.visitor.blocked
    in_the_kernel_loop(app.board.draw)
    assert sw.resume(player=first).game_id == app.board.game_id


def test_the_visitors_page_code_names_no_game() -> None:
    """The token-keeping widget is the app's, not any game's: nothing in it names one."""
    for name in GAMES:
        assert name not in Visitor._esm.lower()


def _questions_sent(board: sw.Klondike) -> list[dict[str, Any]]:
    """Records the custom messages the board sends its page from now on."""
    sent: list[dict[str, Any]] = []
    board.comm.send = lambda data=None, buffers=None, **_: sent.append(data)
    return sent


def test_a_pick_that_would_give_up_a_game_in_progress_asks_on_the_board_first() -> None:
    app = PlayApp()
    board = app.board
    sent = _questions_sent(board)
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


def test_a_pick_with_nothing_at_stake_deals_at_once_without_a_question() -> None:
    app = PlayApp()
    sent = _questions_sent(app.board)
    app.picker.value = "Applegate"
    assert app.board.kind == "applegate" and app.picker.value == "Applegate"
    assert not [m for m in sent if m.get("method") == "custom"]


@pytest.mark.parametrize("call", ["new_game", "restart"])
def test_calls_from_python_never_ask_even_with_a_game_in_progress(call: str) -> None:
    board = sw.Klondike(seed=7, auto_move=False)
    sent = _questions_sent(board)
    board.draw()
    getattr(board, call)()
    assert board.moves == 0 and board.history == []
    assert not [m for m in sent if m.get("method") == "custom"]
