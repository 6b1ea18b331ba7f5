"""A board that switched game stays one widget: a reloaded page draws it again from the kernel."""

from __future__ import annotations

from playwright.sync_api import expect

from .boards import assert_page_shows_kernel_state
from .harness import LabPage


def test_a_board_that_switched_game_is_drawn_again_after_a_reload(lab: LabPage) -> None:
    lab.open(
        lab.write_notebook(
            "switch.ipynb", ["import solitaire_widget as sw", "k = sw.Klondike(seed=42)\nk"]
        )
    )
    lab.run_all()
    page = lab.page
    k = page.locator(".solitaire-widget").first  # whatever game it shows
    expect(k.locator('[data-pile="t1"] [data-card="7C"]')).to_be_visible()

    k.get_by_role("button", name="Options").click()
    k.get_by_role("menu", name="Options").get_by_role(
        "menuitem", name="New game: Applegate"
    ).click()
    expect(k).to_have_attribute("data-kind", "applegate")
    assert lab.evaluate("[isinstance(k, sw.Applegate), isinstance(k, sw.Klondike)]") == [
        True,
        False,
    ]
    assert lab.evaluate("repr(k).split()[0]") == "<Applegate"

    lab.reload()
    again = page.locator(".solitaire-widget").first
    expect(again).to_have_attribute("data-kind", "applegate")
    expect(again.locator('[data-pile="reserve"]')).to_be_visible()
    assert_page_shows_kernel_state(lab, "k", again)

    # The board still plays after the reload: a new deal of Klondike from the menu.
    again.get_by_role("button", name="Options").click()
    menu = again.get_by_role("menu", name="Options")
    menu.get_by_role("menuitem", name="New game: Klondike · draw 1").click()
    expect(again).to_have_attribute("data-kind", "klondike")
    assert lab.evaluate("k.kind") == "klondike"
