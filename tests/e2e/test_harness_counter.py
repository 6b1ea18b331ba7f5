"""The harness itself, proven on the bare counter widget the latency benchmark uses as its floor."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .harness import REPO, KernelError, LabPage, OfflineExport, write_notebook

COUNTER = REPO / "benchmarks" / "counter_widget.py"
CELLS = ["from counter_widget import Counter", "counter = Counter()\ncounter"]


def test_a_click_goes_through_the_kernel_and_back_to_every_view(lab: LabPage) -> None:
    lab.copy(COUNTER)
    lab.open(lab.write_notebook("counter.ipynb", CELLS))
    lab.run_all()
    buttons = lab.page.locator(".counter-button")
    expect(buttons).to_have_text(["count is 0"])

    buttons.click()
    expect(buttons).to_have_text(["count is 1"])
    assert lab.evaluate("counter.value") == 1

    assert lab.run("counter.value = 41\nprint(counter.value + 1)") == "42\n"
    expect(buttons).to_have_text(["count is 41"])

    lab.run_cell("counter")
    expect(buttons).to_have_text(["count is 41", "count is 41"])
    buttons.last.click()
    expect(buttons).to_have_text(["count is 42", "count is 42"])
    assert lab.evaluate("counter.value") == 42


def test_screenshots_follow_the_theme(lab: LabPage) -> None:
    lab.copy(COUNTER)
    lab.open(lab.write_notebook("counter.ipynb", CELLS))
    lab.run_all()
    button = lab.page.locator(".counter-button")
    expect(button).to_be_visible()
    lab.set_theme("dark")
    assert lab.page.evaluate("document.body.dataset.jpThemeLight") == "false"
    assert lab.screenshot("dark").stat().st_size > 0
    lab.set_theme("light")
    assert lab.page.evaluate("document.body.dataset.jpThemeLight") == "true"
    assert lab.screenshot("light", ".counter-button").stat().st_size > 0


def test_a_failing_cell_fails_the_run(lab: LabPage) -> None:
    lab.open(lab.write_notebook("broken.ipynb", ["1 / 0", "print('never')"]))
    with pytest.raises(KernelError, match="ZeroDivisionError"):
        lab.run_all()


def test_the_html_export_shows_the_counter_offline(offline: OfflineExport, tmp_path: Path) -> None:
    folder = tmp_path / "notebook"
    folder.mkdir()
    (folder / COUNTER.name).write_text(COUNTER.read_text())
    notebook = write_notebook(folder / "counter.ipynb", [*CELLS, "counter.value = 3"])

    offline.open(offline.export(notebook))

    expect(offline.page.locator(".counter-button")).to_have_text("count is 3", timeout=30_000)


def test_voila_serves_the_counter_as_an_app(
    voila: Callable[[Path], str], page: Page, tmp_path: Path
) -> None:
    (tmp_path / COUNTER.name).write_text(COUNTER.read_text())
    page.goto(voila(write_notebook(tmp_path / "counter.ipynb", CELLS)))
    button = page.locator(".counter-button")
    expect(button).to_have_text("count is 0", timeout=30_000)
    button.click()
    expect(button).to_have_text("count is 1")
