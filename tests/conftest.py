"""Every test gets its own game store: boards record their games as they are played, and no test
may ever write into the real user's data directory. Tests of the board's clock get a fake time
source (``time``), so they say exactly how long passed."""

from __future__ import annotations

from pathlib import Path

import pytest

import solitaire_widget.widget.clock as clock_module


@pytest.fixture(autouse=True)
def store_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh SOLITAIRE_WIDGET_HOME for this test (recording on)."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("SOLITAIRE_WIDGET_HOME", str(home))
    monkeypatch.delenv("SOLITAIRE_WIDGET_AUTOSAVE", raising=False)
    return home


class FakeTime:
    """Stands in for the clock's monotonic time source; ``wait`` moves it on."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now

    def wait(self, seconds: float) -> None:
        self.now += seconds * 1000


@pytest.fixture
def time(monkeypatch: pytest.MonkeyPatch) -> FakeTime:
    """The board's clock on a fake time source."""
    fake = FakeTime()
    monkeypatch.setattr(clock_module, "now_ms", fake)
    return fake
