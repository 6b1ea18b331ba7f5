"""Screenshots of one part of a board at the widths a player meets: a 1280 px window with the
side bar open, and a 400 px one with it closed (the output is then about 280 px), each light
and dark."""

from __future__ import annotations

from .harness import VIEWPORT, LabPage


def screenshot_widths(lab: LabPage, name: str, selector: str) -> None:
    """{name}-1280-light/dark and {name}-400-light/dark; the page is left at 1280 px, light."""
    for width in (1280, 400):
        side_bar = "collapseLeft" if width == 400 else "expandLeft"
        lab.page.evaluate(f"window.jupyterapp.shell.{side_bar}()")
        lab.page.set_viewport_size({"width": width, "height": VIEWPORT["height"]})
        lab.page.locator(selector).first.scroll_into_view_if_needed()
        lab.screenshot_themes(f"{name}-{width}", selector)
    lab.page.evaluate("window.jupyterapp.shell.expandLeft()")
    lab.page.set_viewport_size(VIEWPORT)
