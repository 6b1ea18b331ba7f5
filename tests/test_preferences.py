"""The player's preferences (issue 21): the board settings changed in the Options menu and the
menu's choices for the next new game carry to the next board and the next session, kept in
preferences.json beside the game store. A setting given in a cell wins for that board; the rules'
defaults never change; the engine, the environments, surveys and ``sw.load`` never read them; a
damaged file is ignored with one warning."""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
import warnings
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

import solitaire_widget as sw
from page import Page
from positions import klondike_state
from solitaire_widget import lessons, preferences
from solitaire_widget.app import PlayApp
from solitaire_widget.variants import game_options
from test_app import from_the_page, new_token, visited

POSITION = klondike_state(["KC", "KD", "KH", "KS"])
# Every display setting away from the package's default.
CHOSEN = {
    "smart_click": False,
    "auto_move": False,
    "four_colour": True,
    "show_marks": False,
    "coach": True,
}
DEFAULTS = {name: not value for name, value in CHOSEN.items()}
SRC = Path(sw.__file__).parent


def settings_of(board) -> dict[str, bool]:
    return {name: getattr(board, name) for name in CHOSEN}


def choose_on_the_page(board, settings: dict[str, bool]) -> Page:
    """The player ticks each setting in the board's Options menu."""
    page = Page(board)
    for name, value in settings.items():
        page.request("set", name=name, value=value)
    return page


def deal_from_the_menu(
    board, game: str, draw: int = 1, scoring: str | None = "standard", winnable: bool = False
) -> Page:
    """The player chooses a new game in the Options menu: the page sends the game's own
    options only (none for Applegate)."""
    page = Page(board)
    given = {"draw": draw, "scoring": scoring}
    options = {"game": game, "winnable": winnable}
    options |= {option.name: given[option.name] for option in game_options(game)}
    page.request("new_game", options=options)
    return page


def save_file(home: Path, content: object) -> Path:
    path = home / preferences.FILE_NAME
    path.write_text(content if isinstance(content, str) else json.dumps(content))
    return path


def test_settings_changed_in_the_options_menu_carry_to_the_next_board(store_home: Path) -> None:
    choose_on_the_page(sw.Klondike(seed=1), CHOSEN)
    assert settings_of(sw.Klondike(seed=2)) == CHOSEN
    assert settings_of(sw.Applegate(seed=3)) == CHOSEN
    assert settings_of(sw.Klondike.daily("2026-11-30")) == CHOSEN
    cards = [rank + suit for suit in "CDHS" for rank in "A23456789TJQK"]
    assert settings_of(sw.Applegate.from_deal(cards)) == CHOSEN
    saved = json.loads((store_home / "preferences.json").read_text())
    assert saved["board"] == CHOSEN


def test_settings_carry_to_the_next_session(store_home: Path) -> None:
    choose_on_the_page(sw.Klondike(seed=1), {"four_colour": True, "smart_click": False})
    script = (
        "import solitaire_widget as sw\n"
        "g = sw.Klondike(seed=2)\n"
        "print(g.four_colour, g.smart_click)"
    )
    env = {**os.environ, "SOLITAIRE_WIDGET_HOME": str(store_home)}
    shown = subprocess.run(
        [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
    )
    assert shown.stdout.split() == ["True", "False"]


def test_a_setting_given_in_the_cell_wins_for_that_board_and_is_not_saved(store_home: Path) -> None:
    choose_on_the_page(sw.Klondike(seed=1), CHOSEN)
    board = sw.Klondike(seed=2, **DEFAULTS)
    assert settings_of(board) == DEFAULTS
    board.four_colour = True  # code in a cell, not the player on the board
    board.four_colour = False
    assert settings_of(sw.Klondike(seed=3)) == CHOSEN


def test_a_setting_set_from_code_changes_that_board_only(store_home: Path) -> None:
    board = sw.Klondike(seed=1)
    board.four_colour = True
    assert sw.Klondike(seed=2).four_colour is False
    assert not (store_home / "preferences.json").exists()


def test_the_rules_defaults_never_change(store_home: Path) -> None:
    board = sw.Klondike(seed=1)
    deal_from_the_menu(board, "klondike", draw=3, scoring="vegas")
    assert board.state()["options"] == {"draw": 3, "scoring": "vegas"}
    assert sw.Klondike(seed=2).state()["options"] == {"draw": 1, "scoring": "standard"}
    assert sw.Klondike().state()["options"] == {"draw": 1, "scoring": "standard"}


def test_a_new_game_dealt_from_the_menu_is_the_menus_next_choice_on_every_board() -> None:
    board = sw.Klondike(seed=1)
    assert board._next_game is None  # nothing saved: the menu follows the board
    deal_from_the_menu(board, "klondike", draw=3, scoring="vegas", winnable=True)
    # The next choice of every game's options (Spider's at its default) goes with the game.
    chosen = {"game": "klondike", "draw": 3, "scoring": "vegas", "suits": 1, "winnable": True}
    assert board._next_game == chosen
    later = sw.Klondike(seed=2)
    assert later.get_state("_next_game") == {"_next_game": chosen}  # what the page is sent
    # Applegate has no draw or scoring: the Klondike choices stay for the next Klondike game.
    deal_from_the_menu(later, "applegate")
    assert later.kind == "applegate"
    assert sw.Applegate(seed=3)._next_game == {**chosen, "game": "applegate", "winnable": False}


def test_the_bar_new_game_and_new_game_from_code_leave_the_choices_alone(
    store_home: Path,
) -> None:
    board = sw.Klondike(seed=1)
    Page(board).request("new_game")
    board.new_game(draw=3, scoring="vegas")
    assert sw.Klondike(seed=2)._next_game is None
    assert not (store_home / "preferences.json").exists()


def test_the_app_opens_on_the_game_the_visitor_last_chose() -> None:
    deal_from_the_menu(sw.Klondike(seed=1), "klondike", draw=3, scoring="vegas")  # a notebook's
    alice, bob = new_token(), new_token()
    app = visited(alice)
    assert app.board.state()["options"] == {"draw": 1, "scoring": "standard"}, "not hers"
    deal_from_the_menu(app.board, "klondike", draw=3, scoring="vegas")
    app = visited(alice)
    assert (app.board.kind, app.board.state()["options"]) == (
        "klondike",
        {"draw": 3, "scoring": "vegas"},
    )
    assert app.picker.value == "Klondike · draw 3"
    assert "Winnable deal" in app.board._board["badges"]  # the app deals winnable deals only
    app.picker.value = "Applegate"
    again = visited(alice)
    assert again.board.kind == "applegate" and again.picker.value == "Applegate"
    assert "Winnable deal" in again.board._board["badges"]
    # The picker keeps the game, not "winnable": that stays the menu's own choice.
    assert again.board._next_game["winnable"] is False
    again.picker.value = "Klondike · draw 3"
    assert again.board.state()["options"] == {"draw": 3, "scoring": "vegas"}
    # Bob, and the notebooks' player, keep their own choices.
    assert visited(bob).board.state()["options"] == {"draw": 1, "scoring": "standard"}
    notebooks = {"game": "klondike", "draw": 3, "scoring": "vegas", "suits": 1, "winnable": False}
    assert sw.Klondike(seed=2)._next_game == notebooks
    deal_from_the_menu(sw.Klondike(seed=3), "applegate")
    assert visited(alice).board.kind == "klondike"


def test_each_visitor_of_the_app_keeps_their_own_board_settings(store_home: Path) -> None:
    choose_on_the_page(sw.Klondike(seed=1), CHOSEN)  # the notebooks' player's
    alice, bob = new_token(), new_token()
    app = visited(alice)
    assert settings_of(app.board) == DEFAULTS, "the notebooks' settings are not hers"
    choose_on_the_page(app.board, {"four_colour": True, "coach": True})
    mine = {**DEFAULTS, "four_colour": True, "coach": True}
    assert settings_of(visited(alice).board) == mine
    assert settings_of(visited(bob).board) == DEFAULTS
    assert settings_of(sw.Klondike(seed=2)) == CHOSEN
    assert json.loads((store_home / "visitors" / f"{alice}.json").read_text())["board"] == {
        "coach": True,
        "four_colour": True,
    }
    # A browser that keeps no token keeps nothing: its choices apply to its board only.
    blocked = PlayApp()
    from_the_page(blocked.visitor, {"blocked": True})
    choose_on_the_page(blocked.board, {"smart_click": False})
    assert blocked.board.smart_click is False and blocked.board._message["text"] == ""
    assert sorted(path.name for path in (store_home / "visitors").iterdir()) == [f"{alice}.json"]
    assert settings_of(sw.Klondike(seed=3)) == CHOSEN


def test_a_lesson_board_takes_only_the_four_colour_deck_and_records_nothing() -> None:
    choose_on_the_page(sw.Klondike(seed=1), {**CHOSEN, "smart_click": True, "auto_move": True})
    position = lessons.klondike_state(["KD", "QS"])  # the other cards in the stock
    for lesson in (sw.Klondike(seed=2, controls="lesson"), sw.load(position, controls="lesson")):
        lesson.move("draw")
        assert lesson.game_id is None
        assert (lesson.smart_click, lesson.auto_move, lesson.coach, lesson.show_marks) == (
            False,
            False,
            False,
            True,
        )
    assert sw.Klondike(seed=2, controls="lesson").four_colour is True
    assert len(sw.saved_games()) == 0
    kept = sw.Klondike(seed=3, controls="lesson", autosave=True)
    kept.draw()
    assert kept.game_id is not None and len(sw.saved_games()) == 1


def test_load_and_the_environments_never_take_the_preferences() -> None:
    choose_on_the_page(sw.Klondike(seed=1), CHOSEN)
    assert settings_of(sw.load(POSITION)) == DEFAULTS
    gym = pytest.importorskip("gymnasium")
    import solitaire_widget.gym  # noqa: F401

    env = gym.make("solitaire_widget/Klondike-v0", render_mode="widget")
    env.reset(seed=4)
    env.render()
    assert settings_of(env.unwrapped._board) == DEFAULTS


def test_the_engine_environments_surveys_and_load_never_read_the_preferences(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Read at run time: each of them, run with a file that would change a board, never opens
    it. And in the source: only the widget layer and the app import the module."""
    choose_on_the_page(sw.Klondike(seed=1), CHOSEN)
    opened: list[Path] = []
    read = preferences._read
    monkeypatch.setattr(preferences, "_read", lambda path: opened.append(path) or read(path))
    monkeypatch.setattr(preferences, "_last_read", None)
    from solitaire_widget.games import KlondikeGame

    game = KlondikeGame(seed=5)
    game.move(game.legal_moves()[0])
    sw.load(game.state()).draw()
    with ThreadPoolExecutor(1) as in_this_process:
        sw.survey("klondike", range(2), time_limit=1, positions=200, executor=in_this_process)
    gym = pytest.importorskip("gymnasium")
    import solitaire_widget.gym  # noqa: F401

    env = gym.make("solitaire_widget/Klondike-v0", render_mode="widget")
    env.reset(seed=4)
    env.render()
    assert opened == []
    sw.Klondike(seed=6)
    assert len(opened) == 1  # the spy works: a player's board reads the file

    readers = sorted(
        str(path.relative_to(SRC))
        for path in SRC.rglob("*.py")
        if path.name != "preferences.py" and _imports_preferences(path)
    )
    assert readers == ["app.py", "widget/board.py", "widget/page_requests.py", "widget/resume.py"]


def _imports_preferences(path: Path) -> bool:
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            names = [node.module or ""] + [alias.name for alias in node.names]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        if any(name.split(".")[-1] == "preferences" for name in names):
            return True
    return False


def test_a_resumed_game_takes_the_preferences() -> None:
    board = sw.Klondike(seed=1)
    board.draw()
    choose_on_the_page(board, CHOSEN)
    assert settings_of(sw.resume()) == CHOSEN


def test_autosave_off_in_the_environment_saves_no_preference(
    store_home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SOLITAIRE_WIDGET_AUTOSAVE", "0")
    board = sw.Klondike(seed=1)
    choose_on_the_page(board, {"four_colour": True})
    deal_from_the_menu(board, "klondike", draw=3, scoring="vegas")
    assert board.four_colour is True and board._message["text"] == ""
    assert list(store_home.iterdir()) == []
    assert sw.Klondike(seed=2).four_colour is False


def test_a_preference_that_cannot_be_written_applies_to_its_board_and_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    monkeypatch.setenv("SOLITAIRE_WIDGET_HOME", str(blocked / "home"))
    board = sw.Klondike(seed=1, autosave=False)
    message = choose_on_the_page(board, {"four_colour": True}).board._message
    assert board.four_colour is True
    assert message["kind"] == "error"
    assert message["text"].startswith("This choice applies to this board only: ")
    assert "preferences.json cannot be written" in message["text"]


HOSTILE = {
    "not JSON": "{four_colour: yes",
    "not an object": "[true]",
    "another format": {"format": "something-else/1", "board": {"four_colour": True}},
    "an unknown setting": {"format": preferences.FORMAT, "board": {"four_color": True}},
    "a setting that is not true or false": {"format": preferences.FORMAT, "board": {"coach": 1}},
    "a next game of another kind": {
        "format": preferences.FORMAT,
        "next_game": {"game": "chess", "draw": 1, "scoring": None, "winnable": False},
    },
    "a next game with a draw of 2": {
        "format": preferences.FORMAT,
        "next_game": {"game": "klondike", "draw": 2, "scoring": None, "winnable": False},
    },
    "too long": json.dumps({"format": preferences.FORMAT, "padding": "x" * 1_000_000}),
    "nested deeply": "[" * 100_000 + "]" * 100_000,
    "not UTF-8": b"\xff\xfe\x00".decode("latin-1"),
}


@pytest.mark.parametrize("content", HOSTILE.values(), ids=HOSTILE.keys())
def test_a_damaged_preferences_file_is_ignored_with_one_warning(
    store_home: Path, content: object
) -> None:
    if isinstance(content, str) and content.startswith("ÿ"):
        (store_home / preferences.FILE_NAME).write_bytes(content.encode("latin-1"))
    else:
        save_file(store_home, content)
    with pytest.warns(RuntimeWarning, match="Your saved board preferences in .* are ignored: "):
        board = sw.Klondike(seed=1)
    assert settings_of(board) == DEFAULTS and board._next_game is None
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        sw.Applegate(seed=2)  # once is enough
        PlayApp()
    # The next choice the player makes replaces the file with a sound one.
    choose_on_the_page(board, {"four_colour": True})
    assert sw.Klondike(seed=3).four_colour is True


def test_a_preferences_file_that_is_no_file_is_ignored(store_home: Path) -> None:
    (store_home / preferences.FILE_NAME).mkdir()
    with pytest.warns(RuntimeWarning, match="it is not a file"):
        assert sw.Klondike(seed=1).four_colour is False
    os.rmdir(store_home / preferences.FILE_NAME)
    os.mkfifo(store_home / preferences.FILE_NAME)  # opening it must not wait for a writer
    with pytest.warns(RuntimeWarning, match="it is not a file"):
        assert sw.Klondike(seed=1).four_colour is False


def test_the_file_is_changed_whole_and_keeps_what_it_held(store_home: Path) -> None:
    choose_on_the_page(sw.Klondike(seed=1, autosave=False), {"coach": True})
    deal_from_the_menu(sw.Klondike(seed=2, autosave=False), "applegate", winnable=True)
    choose_on_the_page(sw.Klondike(seed=3, autosave=False), {"four_colour": True})
    assert json.loads((store_home / "preferences.json").read_text()) == {
        "format": preferences.FORMAT,
        "board": {"coach": True, "four_colour": True},
        "next_game": {
            "game": "applegate",
            "draw": 1,
            "scoring": "standard",
            "suits": 1,
            "winnable": True,
        },
    }
    assert [path.name for path in store_home.iterdir()] == ["preferences.json"]  # no scraps
