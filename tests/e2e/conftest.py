"""Fixtures for tests that drive a real JupyterLab in Chromium.

One server and one browser serve the whole session; each test gets a fresh browser context, its own
folder on the server and its own workspace, and its kernels are shut down afterwards.
Outside CI a missing Chromium, JupyterLab or npm skips these tests; with CI set it fails them,
because a browser test that silently skips proves nothing.
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import tempfile
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from .harness import (
    ARTIFACTS,
    CHROMIUM,
    VIEWPORT,
    CdnFiles,
    JupyterLab,
    LabPage,
    OfflineExport,
    fetch_cdn_files,
    launch_chromium,
    running_jupyterlab,
    running_voila,
)

_HERE = Path(__file__).parent
_REPORTS = pytest.StashKey[dict[str, pytest.TestReport]]()


def _require(available: bool, missing: str) -> None:
    if available:
        return
    if os.environ.get("CI"):
        pytest.fail(f"{missing}; CI must run the browser tests, not skip them", pytrace=False)
    pytest.skip(missing)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if _HERE in item.path.parents:
            item.add_marker(pytest.mark.e2e)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item) -> Iterator[None]:
    """Keeps each phase's report on the item so the page fixture can tell a failed test."""
    report = yield
    item.stash.setdefault(_REPORTS, {})[report.when] = report
    return report


def _artifact_prefix(node: pytest.Item) -> str:
    return re.sub(r"[^\w.-]+", "_", node.name)


@pytest.fixture(scope="session")
def jupyter_lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[JupyterLab]:
    """The session's JupyterLab (127.0.0.1, random port and token, all its state in a tmp dir)."""
    _require(importlib.util.find_spec("jupyterlab") is not None, "JupyterLab is not installed")
    with running_jupyterlab(tmp_path_factory.mktemp("jupyter")) as server:
        yield server


@pytest.fixture(scope="session")
def chromium(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Browser]:
    """The session's headless Chromium; tests use the page fixture for a context of their own."""
    _require(CHROMIUM.exists(), f"{CHROMIUM} is missing (apt-get install chromium)")
    with launch_chromium(tmp_path_factory.mktemp("chromium")) as browser:
        yield browser


@pytest.fixture
def page(chromium: Browser, request: pytest.FixtureRequest) -> Iterator[Page]:
    """A page in a new browser context; a failed test leaves a screenshot in the artifacts."""
    context = chromium.new_context(viewport=VIEWPORT)
    page = context.new_page()
    yield page
    reports = request.node.stash.get(_REPORTS, {})
    if "call" in reports and reports["call"].failed:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=ARTIFACTS / f"{_artifact_prefix(request.node)}-failed.png")
    context.close()


@pytest.fixture
def lab(page: Page, jupyter_lab: JupyterLab, request: pytest.FixtureRequest) -> Iterator[LabPage]:
    """JupyterLab in the page, with a folder for this test's notebooks on the server."""
    jupyter_lab.reset_user_settings()
    prefix = _artifact_prefix(request.node)
    yield LabPage(page, jupyter_lab, jupyter_lab.root_dir / prefix, prefix)
    jupyter_lab.shutdown_kernels()


@pytest.fixture
def voila(tmp_path: Path) -> Iterator[Callable[[Path], str]]:
    """Serves a notebook with Voilà: voila(notebook) gives the app's URL; stopped after the test."""
    _require(importlib.util.find_spec("voila") is not None, "Voilà is not installed")
    with ExitStack() as servers:

        def serve(notebook: Path) -> str:
            base = Path(tempfile.mkdtemp(prefix="voila-", dir=tmp_path))
            return servers.enter_context(running_voila(notebook, base))

        yield serve


@pytest.fixture(scope="session")
def cdn_files() -> CdnFiles:
    """Local copies of the CDN files an exported notebook loads (fetched once with npm pack)."""
    _require(shutil.which("npm") is not None, "npm is needed to fetch the widget HTML manager")
    return fetch_cdn_files()


@pytest.fixture
def offline(page: Page, cdn_files: CdnFiles, tmp_path: Path) -> OfflineExport:
    """nbconvert's HTML export, opened in the page with CDN files served locally and no network."""
    return OfflineExport(page, cdn_files, tmp_path)
