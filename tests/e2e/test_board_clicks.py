"""Every click counts, and the conveniences of a desktop solitaire drive the kernel's game:
smart click, double-click, Restart, the Options menu, lesson controls and the clock."""

from __future__ import annotations

import json
import re

from playwright.sync_api import Locator, Page, expect

from positions import applegate_state, klondike_state

from .boards import KLONDIKE, history, show_board, wait_for_history
from .harness import LabPage

_CENTRE = """(node) => {
  const r = node.getBoundingClientRect();
  return [r.x + r.width / 2, r.y + r.height / 2];
}"""


def _start(lab: LabPage) -> None:
    lab.open(lab.write_notebook("clicks.ipynb", ["from solitaire_widget.widget import load"]))
    lab.run_all()


def _time_shown(root: Locator) -> str:
    return root.locator(".sw-stat", has_text="Time").locator("b").inner_text()


def test_ten_stock_clicks_30_ms_apart_give_ten_draws(lab: LabPage) -> None:
    _start(lab)
    k = show_board(lab, "k", f"load({json.dumps(KLONDIKE)!r}, auto_move=False)")
    x, y = k.locator('[data-pile="stock"]').evaluate(_CENTRE)
    for _ in range(10):
        lab.page.mouse.click(x, y)
        lab.page.wait_for_timeout(30)
    wait_for_history(lab, "k", ["draw"] * 10)
    expect(k.locator('[data-pile="stock"] .sw-count')).to_have_text("35")
    expect(k.locator(".sw-line")).to_have_text("")


def test_a_click_on_a_gliding_card_acts_on_what_is_under_it(lab: LabPage) -> None:
    _start(lab)
    k = show_board(lab, "k", f"load({json.dumps(KLONDIKE)!r}, auto_move=False)")
    page: Page = lab.page
    x, y = k.locator('[data-pile="stock"]').evaluate(_CENTRE)
    page.mouse.click(x, y)
    # The drawn card leaves the stock gliding; while it is still over the stock, click again.
    page.wait_for_function(
        """([x, y]) => [...document.querySelectorAll(".sw-flying")].some((card) => {
             const r = card.getBoundingClientRect();
             return r.left <= x && x <= r.right && r.top <= y && y <= r.bottom;
           })""",
        arg=[x, y],
        polling="raf",
    )
    page.mouse.click(x, y)
    wait_for_history(lab, "k", ["draw", "draw"])
    expect(k.locator(".sw-picked")).to_have_count(0)


def test_smart_click_sends_a_card_with_one_place_and_a_double_click_sends_it_home_first(
    lab: LabPage,
) -> None:
    _start(lab)
    # 3S fits only on 4D; 2H fits on the AH at home and, once the 3S has moved, on the 3S.
    state = klondike_state(["3S", "2H", "4D"], foundations=["AH"])
    k = show_board(lab, "k", f"load({json.dumps(state)!r}, auto_move=False)")
    k.locator('[data-card="3S"]').click()
    wait_for_history(lab, "k", ["t1-t3"])
    expect(k.locator('[data-pile="t3"] [data-card="3S"]')).to_be_visible()

    # Two places: a single click picks the card up and marks both.
    k.locator('[data-card="2H"]').click()
    expect(k.locator('[data-card="2H"]')).to_have_class(re.compile(r"\bsw-picked\b"))
    expect(k.locator(".sw-target")).to_have_count(2)
    lab.page.keyboard.press("Escape")
    expect(k.locator(".sw-picked")).to_have_count(0)

    # A double-click chooses the foundation over the tableau.
    k.locator('[data-card="2H"]').dblclick()
    wait_for_history(lab, "k", ["t1-t3", "t2-f"])
    expect(k.locator('[data-pile="f1"] [data-card="2H"]')).to_be_visible()

    # With smart click off (from Python), one click only picks up.
    lab.run("k.smart_click = False")
    k.locator('[data-card="4D"]').click(position={"x": 12, "y": 6})
    expect(k.locator('[data-card="4D"]')).to_have_class(re.compile(r"\bsw-picked\b"))
    assert history(lab, "k") == ["t1-t3", "t2-f"]


def test_restart_and_the_options_menu_drive_the_kernel(lab: LabPage) -> None:
    _start(lab)
    k = show_board(lab, "k", "__import__('solitaire_widget').Klondike(seed=7, auto_move=False)")
    start = lab.evaluate("k.state()['tableau']")
    k.locator('[data-pile="stock"]').click()
    k.locator('[data-pile="stock"]').click()
    wait_for_history(lab, "k", ["draw", "draw"])

    # The game in progress is given up only once the player says so (test_board_confirm.py).
    k.get_by_role("button", name="Restart").click()
    k.get_by_role("group", name="Restart this deal? This attempt counts as a loss.").get_by_role(
        "button", name="Restart"
    ).click()
    wait_for_history(lab, "k", [])
    assert lab.evaluate("k.state()['tableau']") == start
    assert lab.evaluate("k.seed") == 7

    # The hint's marks, the held group's and the keyboard focus, all at once, told apart by
    # shape: dotted with an arrow, solid, double.
    k.get_by_role("button", name="Hint").click()
    expect(k.locator(".sw-hint-target")).to_have_count(1, timeout=20_000)
    expect(k.locator(".sw-line")).to_contain_text("Hint: ")
    k.locator('[data-pile="t7"]').focus()
    lab.page.keyboard.press("Enter")
    expect(k.locator(".sw-picked")).to_have_count(1)
    lab.screenshot("marks", ".solitaire-widget")
    lab.page.keyboard.press("Escape")

    options = k.get_by_role("button", name="Options")
    options.click()
    menu = k.get_by_role("menu", name="Options")
    expect(menu).to_be_visible()
    menu.get_by_role("menuitem", name="New game: Applegate").click()
    expect(menu).to_be_hidden()
    expect(k).to_have_attribute("data-kind", "applegate")
    assert lab.evaluate("k.state()['game']") == "applegate"
    expect(k.locator(".sw-label")).to_have_text("Applegate")

    # Keyboard too: the menu opens on the button, arrows move, Enter chooses.
    options.focus()
    lab.page.keyboard.press("Enter")
    expect(menu).to_be_visible()
    # The first item is the first choice for the next new game (they come before New game).
    items = menu.locator(".sw-menu-item")
    expect(items.first).to_be_focused()
    expect(items.first).to_have_text("Standard scoring")
    lab.page.keyboard.press("ArrowDown")
    expect(items.nth(1)).to_be_focused()
    lab.screenshot("options-menu", ".solitaire-widget")
    menu.get_by_role("menuitemradio", name="Vegas scoring").click()
    expect(menu.get_by_role("menuitemradio", name="Vegas scoring")).to_have_attribute(
        "aria-checked", "true"
    )
    menu.get_by_role("menuitem", name="New game: Klondike · draw 3").click()
    expect(k).to_have_attribute("data-kind", "klondike")
    assert lab.evaluate("k.state()['options']") == {"draw": 3, "scoring": "vegas"}
    expect(k.locator(".sw-label")).to_contain_text("draw 3")

    options.click()
    menu.get_by_role("menuitemcheckbox", name="Four-colour deck").click()
    expect(k).to_have_class(re.compile(r"\bsw-four\b"))
    assert lab.evaluate("k.four_colour") is True
    expect(menu.get_by_role("menuitemcheckbox", name="Four-colour deck")).to_have_attribute(
        "aria-checked", "true"
    )
    lab.page.keyboard.press("Escape")
    expect(menu).to_be_hidden()
    expect(options).to_be_focused()
    lab.screenshot_themes("four-colour", ".solitaire-widget")


def test_the_options_menus_choices_carry_to_the_next_board(lab: LabPage) -> None:
    """Issue 21: a setting ticked in the Options menu and the choices of a new game dealt from it
    are the player's, kept for the next board; the rules' defaults stay as they are."""
    _start(lab)
    k = show_board(lab, "k", f"load({json.dumps(KLONDIKE)!r})")
    options = k.get_by_role("button", name="Options")
    options.click()
    menu = k.get_by_role("menu", name="Options")
    menu.get_by_role("menuitemcheckbox", name="Four-colour deck").click()
    expect(k).to_have_class(re.compile(r"\bsw-four\b"))
    menu.get_by_role("menuitemradio", name="Vegas scoring").click()
    menu.get_by_role("menuitemcheckbox", name="Winnable deals only").click()
    menu.get_by_role("menuitem", name="New game: Klondike · draw 3").click()
    expect(k.locator(".sw-label")).to_contain_text("draw 3")

    lab.run_cell("import solitaire_widget as sw")
    later = show_board(lab, "later", "sw.Klondike(seed=5)")
    expect(later).to_have_class(re.compile(r"\bsw-four\b"))
    assert lab.evaluate("later.state()['options']") == {"draw": 1, "scoring": "standard"}
    later.get_by_role("button", name="Options").click()
    menu = later.get_by_role("menu", name="Options")
    for role, name in [
        ("menuitemradio", "Vegas scoring"),
        ("menuitemcheckbox", "Winnable deals only"),
    ]:
        expect(menu.get_by_role(role, name=name)).to_have_attribute("aria-checked", "true")
    expect(menu.get_by_role("menuitemradio", name="Standard scoring")).to_have_attribute(
        "aria-checked", "false"
    )


def test_a_lesson_board_shows_only_the_lesson_controls_and_no_clock(lab: LabPage) -> None:
    _start(lab)
    k = show_board(lab, "k", f"load({json.dumps(KLONDIKE)!r}, controls='lesson')")
    for name in ("Restart", "Undo", "Redo", "Finish"):
        expect(k.get_by_role("button", name=name)).to_be_attached()
    for name in ("New game", "Hint", "Options"):
        expect(k.get_by_role("button", name=name)).to_have_count(0)
    expect(k.locator(".sw-stat", has_text="Time")).to_be_hidden()


def test_the_clock_waits_for_the_first_move_and_stops_at_the_win(lab: LabPage) -> None:
    _start(lab)
    # Everything is home but the Queen of spades (in the stock) and the King.
    state = klondike_state(["KS"], stock="QS")
    k = show_board(lab, "k", f"load({json.dumps(state)!r}, auto_move=False)")
    lab.page.wait_for_timeout(1300)
    assert _time_shown(k) == "0:00"
    k.locator('[data-pile="stock"]').click()
    lab.page.wait_for_timeout(1300)
    assert _time_shown(k) != "0:00"
    k.locator('[data-card="QS"]').dblclick()
    wait_for_history(lab, "k", ["draw", "waste-f"])
    k.locator('[data-card="KS"]').dblclick()
    wait_for_history(lab, "k", ["draw", "waste-f", "t1-f"])
    expect(k.locator(".sw-status")).to_have_text("Won")
    stopped = _time_shown(k)
    lab.page.wait_for_timeout(1300)
    assert _time_shown(k) == stopped
    assert lab.evaluate("k._clock['running']") is False


def test_the_card_under_a_card_dragged_from_the_waste_shows(lab: LabPage) -> None:
    _start(lab)
    state = klondike_state(
        ["QD", "JS", "TD", "AH", "9C", "5H", "8S"], foundations=[], stock="* 2H", draw=3
    )
    k = show_board(lab, "k", f"load({json.dumps(state)!r}, auto_move=False)")
    k.locator('[data-pile="stock"]').click()
    wait_for_history(lab, "k", ["draw"])
    waste = lab.evaluate("k.state()['waste']")
    top = k.locator(f'[data-pile="waste"] [data-card="{waste[-1]}"]')
    expect(top).to_be_visible()
    # The drawn cards glide in from the stock; measure where they land, not where they pass.
    expect(k.locator(".sw-flying")).to_have_count(0)
    box = top.bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    lab.page.mouse.move(x, y)
    lab.page.mouse.down()
    lab.page.mouse.move(x + 20, y + 60, steps=4)
    # While the top card is in the air, the one under it is what shows at its place.
    under = k.evaluate(
        "(root, [x, y]) => root.ownerDocument.elementFromPoint(x, y)?.closest('[data-card]')"
        "?.dataset.card",
        [x, y],
    )
    assert under == waste[-2]
    lab.page.mouse.up()
    assert history(lab, "k") == ["draw"]


def test_the_lost_strip_offers_only_what_can_still_help(lab: LabPage) -> None:
    _start(lab)
    # One face-up card on every pile, none fits another, no empty pile: lost at the deal.
    piles = ["2C 4C 6C | AC", "8C 9C TC | 3C", "JC QC KC | 5C", "2D 4D 6D | 7C"]
    piles += ["7D 8D 9D | AD", "TD JD | 3D", "QD KD | 5D"]
    a = show_board(lab, "a", f"load({json.dumps(applegate_state(piles))!r})")
    expect(a.locator(".sw-status")).to_have_text("Lost")
    banner = a.locator(".sw-banner")
    expect(banner).to_contain_text("No way forward")
    expect(banner).to_contain_text("Start a new game.")
    expect(banner).not_to_contain_text("ndo")
    expect(a.get_by_role("button", name="Undo")).to_be_disabled()
    expect(a.locator(".sw-line")).to_contain_text("restart is no help")
    lab.screenshot("lost", ".solitaire-widget")
