"""The finish and the win on the board: Finish and auto-moves play the cards home one after another
(a press completes it at once; with reduced motion they jump), and a win shows its time, moves
and score, says when it is a new best, and offers Play again.

The page is watched with a MutationObserver: every redraw of the table is one task, so the
observer sees each step of a playback however slow the machine, and no test waits on a clock.
Time in the kernel is a fake one, moved on by the test, so "a faster win" is exactly that.
"""

from __future__ import annotations

import json
import re
from typing import Any

from playwright.sync_api import Locator, expect

from positions import applegate_state, klondike_state, run_down

from .boards import drag, show_board
from .harness import LabPage
from .screens import screenshot_widths

# Runs of thirteen, bottom to top: the spades from the 4 down to the 5, the hearts to the 9.
SPADES, HEARTS = run_down("5S", 13), run_down("9H", 13)
# Sixteen cards, the Tens up, ready to finish: every other card is home.
READY = klondike_state(["KC QD JC TD", "KD QC JD TC", "KH QS JH TS", "KS QH JS TH"], stock="")
# The 9 of clubs onto the 10 of hearts (its one place: the 8 of clubs is in the stock) turns up
# the Ace of spades; auto-move sends it home, which turns up the 2 of spades, which goes home too.
UNCOVERS_TWO = klondike_state(["2S AS | 9C", "TH", "KD"], stock="* 8C")
# The 5 of spades from the reserve completes the run of spades on t1, which goes home.
FROM_THE_RESERVE = applegate_state([" ".join(SPADES[:-1]), "QH"], reserve="KH 5S")
# Clubs and diamonds home; spades and hearts each in two parts on the tableau.
FINISHED_RUNS = applegate_state(
    [" ".join(SPADES[:7]), " ".join(SPADES[7:]), " ".join(HEARTS[:6]), " ".join(HEARTS[6:])],
    foundations=["C", "D"],
)

# Each time the table changes: the number of cards on the tableau and what t1 shows.
_WATCH = """(root) => {
  const table = root.querySelector(".sw-table");
  const seen = [];
  const look = () => {
    const t1 = root.querySelector('[data-pile="t1"]');
    const down = t1.querySelectorAll('[aria-label="face-down card"]').length;
    const up = [...t1.querySelectorAll("[data-card]")].map((card) => card.dataset.card);
    const shown = {
      tableau: root.querySelectorAll(".sw-tpile [data-card]").length,
      t1: `${down}|${up.join(" ")}`,
    };
    const last = seen[seen.length - 1];
    if (!last || last.tableau !== shown.tableau || last.t1 !== shown.t1) seen.push(shown);
  };
  look();
  new MutationObserver(look).observe(table, { childList: true, subtree: true });
  root.__seen = seen;
}"""

_FAKE_TIME = """
import solitaire_widget.widget.clock as _clock
_now = [1_000_000.0]
_clock.now_ms = lambda: _now[0]
def wait(seconds):
    _now[0] += seconds * 1000
"""


def _start(lab: LabPage) -> None:
    """A notebook whose kernel records into a store of its own and runs on a fake clock."""
    setup = (
        "import os, tempfile\n"
        "os.environ['SOLITAIRE_WIDGET_HOME'] = tempfile.mkdtemp()\n"
        "import solitaire_widget as sw\n"
        "from solitaire_widget.widget import load\n" + _FAKE_TIME
    )
    lab.open(lab.write_notebook("finish.ipynb", [setup]))
    lab.run_all()


def _watch(root: Locator) -> None:
    root.evaluate(_WATCH)


def _seen(root: Locator) -> list[dict[str, Any]]:
    return root.evaluate("(root) => root.__seen")


def _tableau_counts(root: Locator) -> list[int]:
    return [shown["tableau"] for shown in _seen(root)]


def test_finish_plays_the_cards_home_one_after_another_then_the_win_offers_play_again(
    lab: LabPage,
) -> None:
    _start(lab)
    k = show_board(lab, "k", f"load({json.dumps(READY)!r}, auto_move=False)")
    lab.run("k.move('t1-f')\nwait(83.4)")  # the clock starts at the first move
    expect(k.locator(".sw-tpile [data-card]")).to_have_count(15)
    _watch(k)
    finish = k.get_by_role("button", name="Finish")
    finish.click()
    banner = k.locator(".sw-banner")
    expect(banner).to_contain_text("You won!")
    # One card at a time: 15 cards on the tableau, then 14, ... then none.
    assert _tableau_counts(k) == list(range(15, -1, -1))
    assert lab.evaluate("k.status") == "won"
    expect(banner.locator(".sw-win-figures")).to_have_text("1:23 · 16 moves · 160 points")
    expect(banner.locator(".sw-win-best")).to_have_count(0)  # nothing earlier to beat
    again = banner.get_by_role("button", name="Play again")
    expect(again).to_be_focused()  # Finish was pressed on the board: Enter plays again
    screenshot_widths(lab, "won", ".solitaire-widget >> nth=-1")

    # The same position won faster on another board: a new best time.
    k2 = show_board(lab, "k2", f"load({json.dumps(READY)!r}, auto_move=False)")
    lab.run("k2.move('t1-f')\nwait(50)")
    k2.get_by_role("button", name="Finish").click()
    banner = k2.locator(".sw-banner")
    expect(banner.locator(".sw-win-figures")).to_have_text("0:50 · 16 moves · 160 points")
    expect(banner.locator(".sw-win-best")).to_have_text("New best time!")
    expect(k2.locator(".sw-line")).to_have_text(
        "You won in 0:50 · 16 moves · 160 points! New best time!"
    )
    lab.screenshot("new-best", ".solitaire-widget >> nth=-1")
    banner.get_by_role("button", name="Play again").click()
    expect(k2.locator(".sw-banner")).to_be_empty()
    assert lab.evaluate("[k2.status, k2.moves, k2.kind, k2.seed is not None]") == [
        "playing",
        0,
        "klondike",
        True,
    ]


def test_auto_moves_after_a_move_go_home_one_after_another(lab: LabPage) -> None:
    _start(lab)
    k = show_board(lab, "k", f"load({json.dumps(UNCOVERS_TWO)!r})")
    _watch(k)
    k.locator('[data-card="9C"]').click()  # smart click: its one place is the 10 of hearts
    expect(k.locator('[data-pile="f4"] [data-card="2S"]')).to_be_visible()
    expect(k.locator(".sw-flying")).to_have_count(0)
    # t1 shows the Ace turned up, then the 2, then nothing: each card goes home in turn.
    assert [shown["t1"] for shown in _seen(k)] == ["2|9C", "1|AS", "0|2S", "0|"]
    assert lab.evaluate("[str(m) for m in k.history]") == ["t1-t2", "t1-f", "t1-f"]


def test_a_run_completed_from_the_reserve_goes_home_after_the_card_lands(lab: LabPage) -> None:
    _start(lab)
    a = show_board(lab, "a", f"load({json.dumps(FROM_THE_RESERVE)!r})")
    _watch(a)
    a.locator('[data-pile="reserve"] [data-card="5S"]').click()  # its one place: the 6 of spades
    expect(a.locator('[data-pile="f3"] [data-card="5S"]')).to_be_visible()
    expect(a.locator('[data-pile="reserve"] [data-card="KH"]')).to_be_visible()
    expect(a.locator(".sw-flying")).to_have_count(0)
    # The 5 lands on the run first (13 cards on t1), then the whole run goes home.
    assert [shown["tableau"] for shown in _seen(a)] == [13, 14, 1]
    assert [shown["t1"] for shown in _seen(a)][1].endswith("6S 5S")


def test_a_press_during_the_finish_completes_it_at_once(lab: LabPage) -> None:
    _start(lab)
    k = show_board(lab, "k", f"load({json.dumps(READY)!r}, auto_move=False)")
    _watch(k)
    k.get_by_role("button", name="Finish").click()
    lab.page.wait_for_function("(root) => root.__seen.length >= 3", arg=k.element_handle())
    # A press on the felt, where no card is (the gap in the top row): the playback ends there,
    # and nothing is asked.
    gap, row = k.locator(".sw-top .sw-gap").bounding_box(), k.locator(".sw-top").bounding_box()
    assert gap is not None and row is not None
    lab.page.mouse.click(gap["x"] + gap["width"] / 2, row["y"] + row["height"] / 2)
    counts = _tableau_counts(k)
    assert counts[-1] == 0
    assert 3 <= len(counts) < 17  # some cards went one by one, the rest at once
    expect(k.locator(".sw-banner")).to_contain_text("You won!")
    assert lab.evaluate("len(k.history)") == 16


def test_with_reduced_motion_the_cards_go_home_at_once(lab: LabPage) -> None:
    lab.page.emulate_media(reduced_motion="reduce")
    _start(lab)
    k = show_board(lab, "k", f"load({json.dumps(READY)!r}, auto_move=False)")
    _watch(k)
    k.get_by_role("button", name="Finish").click()
    expect(k.locator(".sw-banner")).to_contain_text("You won!")
    assert _tableau_counts(k) == [16, 0]


def test_the_reserve_is_labelled_and_a_finished_run_shows_its_foundation_complete(
    lab: LabPage,
) -> None:
    _start(lab)
    a = show_board(lab, "a", "sw.Applegate(seed=35)")
    reserve = a.locator('[data-pile="reserve"]')
    expect(reserve.locator(".sw-pile-label")).to_have_text("Reserve")
    # The label sits under its pile and above every card of the tableau.
    label = reserve.locator(".sw-pile-label").bounding_box()
    pile = reserve.bounding_box()
    below = a.locator('[data-pile="t1"] .sw-card').first.bounding_box()
    assert label and pile and below
    assert pile["y"] + pile["height"] <= label["y"]
    assert label["y"] + label["height"] <= below["y"]
    # A board whose clubs and diamonds are home: those foundations say they are complete.
    done = show_board(lab, "done", f"load({json.dumps(FINISHED_RUNS)!r})")
    for pile_id in ("f1", "f2"):
        foundation = done.locator(f'[data-pile="{pile_id}"]')
        expect(foundation).to_have_attribute("aria-label", re.compile(r", complete$"))
        expect(foundation.locator(".sw-complete-mark")).to_be_visible()
    expect(done.locator('[data-pile="f3"] .sw-complete-mark')).to_have_count(0)
    screenshot_widths(lab, "applegate-labels", ".solitaire-widget >> nth=-1")


def test_the_options_menu_puts_the_next_game_choices_above_the_new_game_items(
    lab: LabPage,
) -> None:
    _start(lab)
    k = show_board(lab, "k", f"load({json.dumps(UNCOVERS_TWO)!r})")
    k.get_by_role("button", name="Options").click()
    menu = k.get_by_role("menu", name="Options")
    expect(menu).to_be_visible()
    texts = [
        text.strip() for text in menu.locator(".sw-menu-heading, .sw-menu-item").all_inner_texts()
    ]
    assert texts.index("For the next new game") < texts.index("Standard scoring")
    assert texts.index("Winnable deals only") < texts.index("New game")
    assert texts.index("New game") < texts.index("New game: Klondike · draw 1")
    lab.screenshot("options-menu", ".solitaire-widget >> nth=-1")


def test_a_card_dropped_on_the_waste_is_refused_in_a_players_words(lab: LabPage) -> None:
    _start(lab)
    k = show_board(lab, "k", f"load({json.dumps(UNCOVERS_TWO)!r}, smart_click=False)")
    drag(lab.page, k.locator('[data-card="KD"]'), k.locator('[data-pile="waste"]'))
    expect(k.locator(".sw-line")).to_have_text(
        "Cards go onto the waste only when drawn from the stock."
    )
