"""Drag and drop on a lesson board, as a learner meets it first: a refused drop glides back to
where the cards came from, with the rule that forbids it, and the next drag works."""

from __future__ import annotations

from playwright.sync_api import expect

from .boards import drag, history, open_klondike, read_board, wait_for_history
from .harness import LabPage

# Notes the piles one card glides to: each change of its classes while it is "sw-flying".
_COUNT_GLIDES = """(root, card) => {
  window.__glides = [];
  new MutationObserver((mutations) => {
    for (const m of mutations) {
      const node = m.target;
      if (node.dataset?.card === card && node.classList.contains("sw-flying")) {
        window.__glides.push(node.closest("[data-pile]")?.dataset.pile ?? null);
      }
    }
  }).observe(root, { subtree: true, attributes: true, attributeFilter: ["class"] });
}"""


def test_a_refused_drop_glides_back_and_the_next_drag_works(lab: LabPage) -> None:
    k = open_klondike(lab, "controls='lesson'")
    page = lab.page
    ten = k.locator('[data-pile="t3"] [data-card="TD"]')
    expect(ten).to_be_visible()
    before = read_board(k)
    k.evaluate(_COUNT_GLIDES, "TD")

    # The 10 of diamonds does not go on the Queen of diamonds.
    drag(page, ten, k.locator('[data-pile="t1"]'))
    expect(k.locator(".sw-line")).to_have_text(lab.evaluate('k.explain("t3-t1")'))
    expect(k.locator(".sw-ghost")).to_have_count(0)
    expect(ten).to_be_visible()
    expect(k.locator(".sw-lifted")).to_have_count(0)
    assert set(page.evaluate("window.__glides")) == {"t3"}, "the refused card did not glide back"
    assert read_board(k) == before
    assert history(lab, "k") == []
    lab.screenshot("refused", ".solitaire-widget")

    # The next drag is heard: the Jack of spades onto the Queen of diamonds.
    drag(page, k.locator('[data-card="JS"]'), k.locator('[data-pile="t1"]'))
    wait_for_history(lab, "k", ["t2-t1"])
    expect(k.locator('[data-pile="t1"] [data-card="JS"]')).to_be_visible()
    expect(k.locator(".sw-ghost")).to_have_count(0)
    # And the one after it, too.
    drag(page, ten, k.locator('[data-pile="t1"]'))
    wait_for_history(lab, "k", ["t2-t1", "t3-t1"])
    expect(k.locator('[data-pile="t1"] [data-card="TD"]')).to_be_visible()
