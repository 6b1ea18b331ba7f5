"""Screenshots of one part of a board at the widths a player meets: a 1280 px window with the
side bar open, and a 400 px one with it closed (the output is then about 280 px), each light
and dark."""

from __future__ import annotations

from pathlib import Path

from playwright.sync_api import Page

from .harness import ARTIFACTS, REPO, VIEWPORT, AppPage

WIDTHS = (1280, 400)
# Where the player's scenario leaves its screenshots, to be looked at (not committed).
SCREENSHOTS = REPO / "build" / "screenshots"


def screenshot_widths(
    lab: AppPage, name: str, selector: str, side_bar: bool = True, folder: Path = ARTIFACTS
) -> list[Path]:
    """{name}-1280-light/dark and {name}-400-light/dark in folder; the page is left at
    1280 px, light.

    side_bar=False leaves the side bar alone (Notebook 7 keeps it closed)."""
    for width in WIDTHS:
        if side_bar:
            side = "collapseLeft" if width == 400 else "expandLeft"
            lab.page.evaluate(f"window.jupyterapp.shell.{side}()")
        lab.page.set_viewport_size({"width": width, "height": VIEWPORT["height"]})
        lab.page.locator(selector).first.scroll_into_view_if_needed()
        lab.screenshot_themes(f"{name}-{width}", selector, folder)
    if side_bar:
        lab.page.evaluate("window.jupyterapp.shell.expandLeft()")
    lab.page.set_viewport_size(VIEWPORT)
    return [
        folder / f"{lab.artifact_prefix}-{name}-{width}-{theme}.png"
        for width in WIDTHS
        for theme in ("light", "dark")
    ]


def page_widths(page: Page, name: str, folder: Path = ARTIFACTS) -> list[Path]:
    """The whole page at each width, {name} with "{width}" in it filled in, in folder (the
    artifacts unless told); the page is left at 1280 px."""
    folder.mkdir(parents=True, exist_ok=True)
    shots = []
    for width in WIDTHS:
        # Tall enough for a whole app: Voilà's page scrolls inside, so a full-page shot would
        # stop at the window's height.
        page.set_viewport_size({"width": width, "height": 1400})
        page.wait_for_timeout(300)  # the board fits itself to the new width
        path = folder / f"{name.format(width=width)}.png"
        page.screenshot(path=path, full_page=True)
        shots.append(path)
    page.set_viewport_size(VIEWPORT)
    return shots
