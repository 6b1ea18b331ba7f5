"""The nbconvert HTML export of learn_applegate.ipynb shows its boards without kernel or network."""

from __future__ import annotations

from playwright.sync_api import expect

from .harness import REPO, OfflineExport

LEARN_APPLEGATE = REPO / "notebooks" / "learn_applegate.ipynb"
VIEW = '<script type="application/vnd.jupyter.widget-view+json">'


def test_the_exported_lessons_show_every_board_offline(offline: OfflineExport) -> None:
    html = offline.export(LEARN_APPLEGATE)
    views = html.read_text().count(VIEW)
    assert views >= 15  # the deal, then a board and an exercise for each of the seven rules

    offline.open(html)

    boards = offline.page.locator(".solitaire-widget")
    expect(boards).to_have_count(views, timeout=30_000)
    deal = boards.first
    expect(deal.locator('[data-pile^="t"]')).to_have_count(7)
    expect(deal.locator('[data-pile="t1"] [data-card]')).to_have_count(7)
    expect(deal.locator('[data-pile="t2"] [aria-label="face-down card"]')).to_have_count(2)
    # The last exercise's answer was played when the export ran it: four runs home, the game won.
    won = boards.last
    for foundation in ("f1", "f2", "f3", "f4"):
        expect(won.locator(f'[data-pile="{foundation}"] [data-card]').first).to_be_attached()
