"""Every test gets its own game store: boards record their games as they are played, and no test
may ever write into the real user's data directory."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def store_home(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh SOLITAIRE_WIDGET_HOME for this test (recording on)."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("SOLITAIRE_WIDGET_HOME", str(home))
    monkeypatch.delenv("SOLITAIRE_WIDGET_AUTOSAVE", raising=False)
    return home
