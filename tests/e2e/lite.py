"""The JupyterLite site (`make lite`) as a test drives it: built (or reused) by
scripts/build_lite.py, served by `python -m http.server` on 127.0.0.1, and opened in pages whose
application lab.js can reach.

The site does not expose its application to scripts; LitePage serves the site's
jupyter-lite.json with `exposeAppInBrowser` on, the only change a test makes to the site, so
that the same lab.js helpers that drive JupyterLab run cells and code in the browser's kernel.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import nbformat
from playwright.sync_api import Page, Route

from .harness import _LAB_JS, REPO, AppPage, free_port, stop_process_group, wait_for_http

SITE = REPO / "build" / "lite"
_CONFIG = re.compile(r".*/jupyter-lite\.json(\?.*)?$")


def build_site() -> Path:
    """Builds build/lite/ (a build whose inputs are unchanged is reused: seconds)."""
    built = subprocess.run(
        [sys.executable, str(REPO / "scripts" / "build_lite.py")],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert built.returncode == 0, built.stdout + built.stderr
    return SITE


@contextmanager
def serving(site: Path) -> Iterator[str]:
    """Serves a static site on 127.0.0.1 and yields its address; stopped on exit."""
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "http.server", "--bind", "127.0.0.1", "-d", str(site), str(port)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        stdin=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        url = f"http://127.0.0.1:{port}"
        wait_for_http(f"{url}/jupyter-lite.json", 15, server)
        yield url
    finally:
        server.terminate()
        stop_process_group(server)


def _expose_app(route: Route) -> None:
    # Asked afresh: a reload's conditional request would get a 304 with no JSON to change.
    headers = {
        name: value
        for name, value in route.request.headers.items()
        if name.lower() not in ("if-modified-since", "if-none-match")
    }
    response = route.fetch(headers=headers)
    config = response.json()
    config.setdefault("jupyter-config-data", {})["exposeAppInBrowser"] = "true"
    route.fulfill(response=response, json=config)


@dataclass
class LitePage(AppPage):
    """A page of the JupyterLite site showing one notebook of the browser's own files.

    The browser's Python starts with each page load (tens of seconds), so the timeout is long.
    """

    page: Page
    site: str
    artifact_prefix: str
    timeout: float = 300
    path: str | None = field(default=None, init=False)

    def __post_init__(self) -> None:
        # On the context: after the first load the site's service worker fetches for the page,
        # and only the context's routes see its requests.
        self.page.context.route(_CONFIG, _expose_app)
        self.page.add_init_script(path=_LAB_JS)
        # JupyterLab asks before a page with unsaved changes goes: a reload means yes.
        self.page.on("dialog", lambda dialog: dialog.accept())

    def write_notebook(self, name: str, cells: list[str]) -> str:
        """Saves a notebook of code cells among the site's files (the browser's storage)."""
        if not self.page.url.startswith(self.site):
            self.page.goto(f"{self.site}/lab/index.html")
        notebook = nbformat.v4.new_notebook(
            cells=[nbformat.v4.new_code_cell(source) for source in cells],
            metadata={
                "kernelspec": {"name": "python", "display_name": "Python (Pyodide)"},
                "language_info": {"name": "python"},
            },
        )
        self._call("writeNotebook", name, notebook)
        return name

    def open(self, path: str) -> None:
        """Opens a notebook of the site and waits until the browser's kernel is idle."""
        if self.page.url.startswith(self.site):
            self._call("openFile", path)
        else:
            self.page.goto(f"{self.site}/lab/index.html?path={path}")
        self._call("open", path)
        self.path = path

    def reload(self) -> None:
        """Saves the notebook and reloads the page: the browser's Python starts afresh."""
        path = self._open_path()
        self.save()
        self.page.reload()
        self._call("open", path)
