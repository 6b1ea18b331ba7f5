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
from solitaire_widget import solver, store
from solitaire_widget.app import DAILY, PICKS, GamePicker, PlayApp, PlayerStats
from solitaire_widget.daily import daily_deal
from solitaire_widget.games import GAMES
from solitaire_widget.scoreboard import NO_VISITOR_NOTICE
from solitaire_widget.variants import variant_of, variants
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
    assert app.children == (app.visitor, app.picker, app.board, app.stats)
    assert app.board.seed is not None
    assert app.board.get_state("seed")["seed"] == ""  # what the page is sent
    assert "seed=hidden" in repr(app)


def test_each_pick_deals_a_new_winnable_game_of_that_kind() -> None:
    """A winnable deal of each game that has them (a daily challenge); any deal of the others."""
    app = PlayApp()
    for name, options in PICKS.items():
        app.picker.value = name
        board = app.board
        assert board.kind == options["game"]
        assert {**board.state()["options"], **options} == {**options, **board.state()["options"]}
        assert board.moves == 0
        catalogued = variant_of(options["game"], options) in variants(catalogued=True)
        winnable = ["Winnable deal"] if catalogued else []
        assert board._board["badges"] == winnable
        assert board.get_state("seed")["seed"] == ""
    assert app.board.kind == "spider"


def test_the_daily_challenge_of_a_game_without_one_is_refused_in_words() -> None:
    app = PlayApp()
    app.picker.value = "Spider · 2 suits"
    app.picker.pick(DAILY)
    assert app.board._message["text"] == "Spider · 2 suits has no daily challenge."
    assert app.board.kind == "spider" and app.board.state()["options"] == {"suits": 2}


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


# Issue 21: the app reopens the visitor's game in progress; the picker asks before a pick gives
# one up, and deals the daily challenge.


def played_by(token: str, moves: int) -> sw.Klondike:
    """A game the visitor played in the app before (another page, another kernel)."""
    app = visited(token)
    in_the_kernel_loop(lambda: [app.board.draw() for _ in range(moves)])
    return app.board


def sent_to_the_page(widget: Any) -> list[Any]:
    """Records the custom messages the widget sends its page from now on."""
    sent: list[Any] = []

    def send(data: Any = None, metadata: Any = None, buffers: Any = None) -> None:
        if data.get("method") == "custom":
            sent.append(data["content"])

    widget.comm.send = send
    return sent


def test_the_board_shows_once_the_visitor_is_known_or_keeps_no_token() -> None:
    app = PlayApp()
    assert app.board.layout.visibility == "hidden"
    in_the_kernel_loop(lambda: from_the_page(app.visitor, {"token": new_token()}))
    assert app.board.layout.visibility == "visible"
    blocked = PlayApp()
    in_the_kernel_loop(lambda: from_the_page(blocked.visitor, {"blocked": True}))
    assert blocked.board.layout.visibility == "visible"


def test_the_app_reopens_the_visitors_game_in_progress_as_it_was() -> None:
    token = new_token()
    before = played_by(token, 3)
    before.undo()
    before._timer.resume_from(75, moved=True)  # a game played for a while
    before.draw()
    before.undo()
    other = visited(new_token())  # another visitor's game is not theirs
    in_the_kernel_loop(other.board.draw)

    app = visited(token)
    board = app.board
    assert board.state() == before.state() and board.game_id == before.game_id
    assert [str(move) for move in board._game.redo_line] == ["draw"]
    assert board._clock["elapsed"] >= 75_000
    assert board._board["badges"] == ["Winnable deal"]  # the app's deals are proven winnable
    assert board.get_state("seed")["seed"] == ""
    assert app.picker.value == "Klondike · draw 1"
    in_the_kernel_loop(board.draw)
    (row,) = stats_rows(app.stats)
    assert row.startswith("<tr><td>Klondike · draw 1</td><td>1</td>"), "one game, not two"
    again = sw.resume(player=token)
    assert again.game_id == before.game_id and again.moves == 3


def test_a_reopened_deal_the_solver_does_not_win_shows_no_winnable_badge() -> None:
    """A deal from the Options menu with "winnable deals only" unticked is reopened as it is:
    no badge it has not earned, and its New game deals any deal, as the visitor chose."""
    token = new_token()
    app = visited(token)
    options = {"draw": 1, "scoring": "standard"}
    lost = next(seed for seed in range(50) if not solver.wins_fresh_deal("klondike", seed, options))
    in_the_kernel_loop(lambda: (app.board.new_game(lost, winnable=False), app.board.draw()))

    again = visited(token).board
    assert again.game_id == app.board.game_id and again.state() == app.board.state()
    assert again._board["badges"] == []
    assert again._winnable_deals is False


def test_the_app_reopens_a_daily_challenge_with_its_badge_and_an_applegate_game() -> None:
    token = new_token()
    app = visited(token)
    app.picker.pick(DAILY)
    in_the_kernel_loop(app.board.draw)
    again = visited(token)
    assert again.board._board["badges"] == [daily_deal("klondike", None, 1).badge]
    assert again.picker.daily is True
    again.picker.value = "Applegate"
    in_the_kernel_loop(lambda: again.board.move(again.board.legal_moves()[0]))
    position = again.board.state()
    last = visited(token)
    assert last.board.kind == "applegate" and last.board.state() == position
    assert last.picker.value == "Applegate" and last.picker.daily is False


@pytest.mark.parametrize("end", ["won", "given up"])
def test_a_finished_game_is_not_reopened(end: str) -> None:
    token = new_token()
    if end == "won":
        board = sw.load(klondike_state(["QS", "KS"]), show_seed=False, autosave=False)
        board._record_for(token)
        in_the_kernel_loop(lambda: (board.move("t1-f"), board.move("t2-f")))
        assert board.status == "won"
    else:
        board = played_by(token, 2)
        board.new_game()  # the game left behind is given up
    app = visited(token)
    assert app.board.moves == 0 and app.board.game_id != board.game_id
    assert app.board.kind == "klondike" and app.board._board["badges"] == ["Winnable deal"]


def test_a_pick_from_the_page_asks_before_it_gives_up_a_game_in_progress() -> None:
    app = visited()
    board, picker = app.board, app.picker
    asked = sent_to_the_page(picker)
    assert picker._at_stake is False
    in_the_kernel_loop(board.draw)
    assert picker._at_stake is True
    position = board.state()

    from_the_page(picker, {"pick": "Applegate"})
    assert asked == [{"ask": "Applegate"}]
    assert board.state() == position and picker.value == "Klondike · draw 1"
    from_the_page(picker, {"pick": DAILY})
    assert asked[-1] == {"ask": DAILY} and board.state() == position

    from_the_page(picker, {"pick": "Applegate", "confirmed": True})
    assert board.kind == "applegate" and board.moves == 0 and picker.value == "Applegate"
    assert picker._at_stake is False
    # Nothing at stake: dealt at once.
    from_the_page(picker, {"pick": DAILY})
    assert board._board["badges"] == [daily_deal("applegate").badge] and picker.daily is True
    assert len(asked) == 2


def test_a_pick_from_code_never_asks() -> None:
    app = visited()
    asked = sent_to_the_page(app.picker)
    in_the_kernel_loop(app.board.draw)
    app.picker.value = "Klondike · draw 3"
    assert app.board.state()["options"]["draw"] == 3 and app.board.moves == 0
    in_the_kernel_loop(app.board.draw)
    app.picker.pick(DAILY)
    assert app.board._board["badges"] == [daily_deal("klondike", None, 3).badge]
    assert asked == []
    with pytest.raises(ValueError, match="not 'Spider'"):
        app.picker.pick("Spider")


@pytest.mark.parametrize(
    "said",
    [
        {"pick": "Spider"},
        {"pick": "Applegate", "confirmed": "yes"},
        {"pick": "Applegate", "confirmed": 1},
        {"pick": "Applegate", "also": True},
        {"pick": ["Applegate"]},
        {"pick": "Klondike · draw 1", "confirmed": True},  # the game shown: nothing to deal
        ["Applegate"],
        "Applegate",
        None,
    ],
)
def test_the_picker_takes_from_the_page_only_a_pick_it_offers(said: object) -> None:
    app = visited()
    asked = sent_to_the_page(app.picker)
    position = app.board.state()
    from_the_page(app.picker, said)
    assert app.board.state() == position and asked == []


def _questions_sent(board: sw.Klondike) -> list[dict[str, Any]]:
    """Records the custom messages the board sends its page from now on."""
    sent: list[dict[str, Any]] = []
    board.comm.send = lambda data=None, buffers=None, **_: sent.append(data)
    return sent


@pytest.mark.parametrize("call", ["new_game", "restart"])
def test_calls_from_python_never_ask_even_with_a_game_in_progress(call: str) -> None:
    board = sw.Klondike(seed=7, auto_move=False)
    sent = _questions_sent(board)
    board.draw()
    getattr(board, call)()
    assert board.moves == 0 and board.history == []
    assert not [m for m in sent if m.get("method") == "custom"]
