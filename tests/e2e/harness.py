"""A real JupyterLab and Chromium, driven from Python, for the browser tests and the benchmarks.

Nothing here depends on pytest: `tests/e2e/conftest.py` wraps these pieces in fixtures and
`benchmarks/latency.py` uses them directly, so both measure the same setup. Every server, browser
and kernel lives in a temporary directory of its own and never writes to the real home.
"""

from __future__ import annotations

import json
import mimetypes
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tarfile
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any
from urllib.parse import quote, urlsplit

import nbformat
from playwright.sync_api import Browser, Page, Route, sync_playwright

from solitaire_widget.preferences import FILE_NAME as PREFERENCES_FILE

REPO = Path(__file__).resolve().parents[2]
ARTIFACTS = REPO / "tests" / "e2e" / "artifacts"
CDN_CACHE = REPO / ".cache" / "e2e-cdn"
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # No page under test may reach another host: names other than the loopback do not resolve.
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost",
]
VIEWPORT = {"width": 1280, "height": 900}
THEMES = {"light": "JupyterLab Light", "dark": "JupyterLab Dark"}
HTML_MANAGER = "@jupyter-widgets/html-manager@1.0.15"
REQUIREJS = "requirejs@2.3.8"
_LAB_JS = Path(__file__).with_name("lab.js")
_ANSI = re.compile(r"\x1b\[[0-9;]*m")
# Without these user settings JupyterLab asks about news and updates in a toast over the page.
_QUIET_NOTIFICATIONS = {"fetchNews": "false", "checkForUpdates": False}
_NOTIFICATION_SETTINGS = "@jupyterlab/apputils-extension/notification.jupyterlab-settings"


class KernelError(AssertionError):
    """Code run in the notebook's kernel raised; the message is the kernel's traceback."""


def free_port() -> int:
    """A port on 127.0.0.1 that was free a moment ago (the server is told not to look further)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def jupyter_env(base: Path) -> dict[str, str]:
    """The environment for a Jupyter process whose config, data, settings, home and game store
    are all in base.

    The real user's Jupyter settings, workspaces and kernels would otherwise leak into the tests.
    """
    dirs = {
        "HOME": base / "home",
        "JUPYTER_CONFIG_DIR": base / "jupyter-config",
        "JUPYTER_DATA_DIR": base / "jupyter-data",
        "JUPYTER_RUNTIME_DIR": base / "jupyter-runtime",
        "IPYTHONDIR": base / "ipython",
        "JUPYTERLAB_SETTINGS_DIR": base / "lab-settings",
        "JUPYTERLAB_WORKSPACES_DIR": base / "lab-workspaces",
        "TMPDIR": base / "tmp",
    }
    for path in dirs.values():
        path.mkdir(parents=True, exist_ok=True)
    _write_quiet_notifications(dirs["JUPYTERLAB_SETTINGS_DIR"])
    env = dict(os.environ)
    env.update({name: str(path) for name, path in dirs.items()})
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    # Kernels record their games here, never in the real user's game store.
    env["SOLITAIRE_WIDGET_HOME"] = str(base / "solitaire-widget")
    env["PYDEVD_DISABLE_FILE_VALIDATION"] = "1"
    return env


def _write_quiet_notifications(settings_dir: Path) -> None:
    path = settings_dir / _NOTIFICATION_SETTINGS
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(_QUIET_NOTIFICATIONS))


def write_notebook(path: Path, cells: list[str]) -> Path:
    """Writes a notebook of code cells with the python3 kernelspec, so Lab never asks which."""
    notebook = nbformat.v4.new_notebook(
        cells=[nbformat.v4.new_code_cell(source) for source in cells],
        metadata={
            "kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"},
            "language_info": {"name": "python"},
        },
    )
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(notebook, path)
    return path


def wait_for_http(url: str, timeout: float, process: subprocess.Popen[bytes] | None = None) -> None:
    """Waits until url answers 200, failing early when the process serving it has died."""
    deadline = time.monotonic() + timeout
    while True:
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"the server exited with status {process.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        if time.monotonic() > deadline:
            raise TimeoutError(f"{url} did not answer within {timeout:.0f} s")
        time.sleep(0.1)


def stop_process_group(process: subprocess.Popen[bytes], timeout: float = 15) -> None:
    """Waits for a stopping process started with start_new_session, and for its process group.

    Kernels run in sessions of their own; the servers shut them down before they exit.
    """
    try:
        process.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=timeout)
    deadline = time.monotonic() + timeout
    while _group_alive(process.pid):
        if time.monotonic() > deadline:
            os.killpg(process.pid, signal.SIGKILL)
            break
        time.sleep(0.1)


def _group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


@dataclass
class JupyterLab:
    """A running JupyterLab server on 127.0.0.1 that serves root_dir."""

    url: str
    token: str
    root_dir: Path
    settings_dir: Path
    game_home: Path  # the kernels' SOLITAIRE_WIDGET_HOME
    process: subprocess.Popen[bytes]
    log: Path

    @classmethod
    def start(cls, base: Path, timeout: float = 60) -> JupyterLab:
        """Starts a server whose every file lives under base, and waits until it answers."""
        env = jupyter_env(base)
        root_dir = base / "root"
        root_dir.mkdir(exist_ok=True)
        port, token = free_port(), secrets.token_hex(16)
        command = [
            sys.executable,
            "-m",
            "jupyterlab",
            "--no-browser",
            "--allow-root",
            "--ip=127.0.0.1",
            f"--port={port}",
            "--ServerApp.port_retries=0",
            f"--IdentityProvider.token={token}",
            f"--ServerApp.root_dir={root_dir}",
            "--ServerApp.terminals_enabled=False",
            "--LabApp.expose_app_in_browser=True",
            # The same server serves Notebook 7 (/notebooks/...), whose app is exposed too.
            "--JupyterNotebookApp.expose_app_in_browser=True",
            "--LabApp.news_url=None",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
        ]
        log = base / "jupyterlab.log"
        with log.open("wb") as sink:
            process = subprocess.Popen(
                command,
                env=env,
                cwd=root_dir,
                stdout=sink,
                stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL,
                start_new_session=True,
            )
        server = cls(
            url=f"http://127.0.0.1:{port}",
            token=token,
            root_dir=root_dir,
            settings_dir=Path(env["JUPYTERLAB_SETTINGS_DIR"]),
            game_home=Path(env["SOLITAIRE_WIDGET_HOME"]),
            process=process,
            log=log,
        )
        try:
            wait_for_http(f"{server.url}/api/status?token={token}", timeout, process)
        except (RuntimeError, TimeoutError) as error:
            server.stop()
            raise RuntimeError(f"JupyterLab did not start: {error}\n{server.log_tail()}") from None
        return server

    def log_tail(self, lines: int = 40) -> str:
        return "\n".join(self.log.read_text(errors="replace").splitlines()[-lines:])

    def api(self, method: str, path: str) -> Any:
        """Calls the server's REST API and returns the decoded JSON answer (None when empty)."""
        request = urllib.request.Request(
            f"{self.url}{path}", method=method, headers={"Authorization": f"token {self.token}"}
        )
        with urllib.request.urlopen(request, timeout=30) as response:
            body = response.read()
        return json.loads(body) if body else None

    def lab_url(self, path: str, workspace: str) -> str:
        """The page that opens path alone, in a workspace no other page shares."""
        return f"{self.url}/lab/workspaces/{workspace}/tree/{quote(path)}?token={self.token}"

    def notebook7_url(self, path: str) -> str:
        """The page that opens path in Jupyter Notebook 7 (served by the same server)."""
        return f"{self.url}/notebooks/{quote(path)}?token={self.token}"

    def shutdown_kernels(self) -> None:
        """Ends every session, so kernels of finished tests do not pile up."""
        for session in self.api("GET", "/api/sessions"):
            self.api("DELETE", f"/api/sessions/{session['id']}")

    def reset_user_settings(self) -> None:
        """Forgets settings a test changed (a theme, for one), keeping only the quiet toasts,
        and the board preferences a test's clicks saved (the four-colour deck, for one)."""
        shutil.rmtree(self.settings_dir, ignore_errors=True)
        _write_quiet_notifications(self.settings_dir)
        (self.game_home / PREFERENCES_FILE).unlink(missing_ok=True)

    def stop(self) -> None:
        if self.process.poll() is None:
            try:
                self.api("POST", "/api/shutdown")
            except (urllib.error.URLError, ConnectionError):
                os.killpg(self.process.pid, signal.SIGTERM)
        stop_process_group(self.process)


@contextmanager
def running_jupyterlab(base: Path) -> Iterator[JupyterLab]:
    server = JupyterLab.start(base)
    try:
        yield server
    finally:
        server.stop()


@contextmanager
def launch_chromium(base: Path) -> Iterator[Browser]:
    """Debian's Chromium through Playwright, with its home, caches and temp files under base.

    Only one sync_playwright may run in a process, so callers share this browser and open a
    context per test. TMPDIR must be set before Playwright starts its driver.
    """
    dirs = {
        "HOME": base / "home",
        "XDG_CONFIG_HOME": base / "config",
        "XDG_CACHE_HOME": base / "cache",
        "TMPDIR": base / "tmp",
    }
    for path in dirs.values():
        path.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ) | {name: str(path) for name, path in dirs.items()}
    saved_tmpdir = os.environ.get("TMPDIR")
    os.environ["TMPDIR"] = env["TMPDIR"]
    try:
        playwright = sync_playwright().start()
    finally:
        if saved_tmpdir is None:
            del os.environ["TMPDIR"]
        else:
            os.environ["TMPDIR"] = saved_tmpdir
    try:
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS, env=env
        )
        try:
            yield browser
        finally:
            browser.close()
    finally:
        playwright.stop()


@contextmanager
def running_voila(notebook: Path, base: Path, timeout: float = 60) -> Iterator[str]:
    """Serves one notebook as a Voilà app on 127.0.0.1 and yields its address (token included).

    The notebook runs from its own folder, so modules and files next to it are found.
    """
    env = jupyter_env(base)
    port, token = free_port(), secrets.token_hex(16)
    command = [
        sys.executable,
        "-m",
        "voila",
        str(notebook),
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--Voila.port_retries=0",
        f"--token={token}",
        "--show_tracebacks=True",
    ]
    log = base / "voila.log"
    with log.open("wb") as sink:
        process = subprocess.Popen(
            command,
            env=env,
            cwd=notebook.parent,
            stdout=sink,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            start_new_session=True,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        try:
            # A static file answers without running the notebook, unlike the app's own page.
            wait_for_http(f"{url}/voila/static/voila.js?token={token}", timeout, process)
        except (RuntimeError, TimeoutError) as error:
            raise RuntimeError(f"Voilà did not start: {error}\n{log.read_text()}") from None
        yield f"{url}/?token={token}"
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGTERM)
        stop_process_group(process)


def _kernel_answer(answer: dict[str, Any]) -> str:
    if answer["error"] is not None:
        raise KernelError(_ANSI.sub("", answer["error"]))
    return answer["text"]


@dataclass
class LabPage:
    """One browser page showing one notebook of the server, with ways to drive and inspect it.

    folder is where this test's files go (a subfolder of the server's root); artifact_prefix names
    its screenshots. Timeouts are in seconds.
    """

    page: Page
    server: JupyterLab
    folder: Path
    artifact_prefix: str
    timeout: float = 60
    path: str | None = field(default=None, init=False)

    def __post_init__(self) -> None:
        self.folder.mkdir(parents=True, exist_ok=True)
        self.page.add_init_script(path=_LAB_JS)

    def _server_path(self, file: Path) -> str:
        return file.relative_to(self.server.root_dir).as_posix()

    def copy(self, source: Path, name: str | None = None) -> str:
        """Copies a file (a notebook, a module it imports) into this test's folder."""
        target = self.folder / (name or source.name)
        shutil.copy(source, target)
        return self._server_path(target)

    def write_notebook(self, name: str, cells: list[str]) -> str:
        """Writes a notebook of code cells into this test's folder; returns its server path."""
        return self._server_path(write_notebook(self.folder / name, cells))

    def open(self, path: str, app: str = "lab") -> None:
        """Opens a notebook by its server path and waits until its kernel is idle.

        app is "lab" (JupyterLab 4) or "notebook" (Jupyter Notebook 7); both expose the same
        application object, so every other method works on either.
        """
        if app == "notebook":
            self.page.goto(self.server.notebook7_url(path))
        else:
            workspace = f"e2e-{secrets.token_hex(4)}"
            self.page.goto(self.server.lab_url(path, workspace))
        self._call("open", path)
        self.path = path

    def reload(self) -> None:
        """Saves the notebook, reloads the browser page and waits until the notebook is open
        again on the same kernel: every widget view is then rebuilt from the kernel's state."""
        path = self._open_path()
        self._call("save", path)
        self.page.reload()
        self._call("open", path)

    def run_all(self) -> None:
        """Runs every cell, waits for the last one, and raises KernelError if any cell failed."""
        errors = self._call("runAll", self._open_path())
        if errors:
            raise KernelError(_ANSI.sub("", "\n\n".join(errors)))

    def run(self, code: str, timeout: float | None = None) -> str:
        """Runs code in the notebook's kernel, outside the notebook; returns what it printed.

        Widgets it changes update in the page as they would from a cell. timeout (seconds)
        overrides the page's for this one request.
        """
        return _kernel_answer(self._call("execute", self._open_path(), code, timeout=timeout))

    def evaluate(self, expression: str, timeout: float | None = None) -> Any:
        """The value of a Python expression in the notebook's kernel, passed through JSON."""
        code = f"print(__import__('json').dumps({expression}))"
        return json.loads(self.run(code, timeout))

    def run_cell(self, code: str) -> str:
        """Appends a cell to the notebook and runs it, so its output (a widget view) shows."""
        return _kernel_answer(self._call("runCell", self._open_path(), code))

    def set_theme(self, theme: str) -> None:
        """Switches JupyterLab to the "light" or "dark" theme and waits until it applies."""
        self._call("setTheme", THEMES[theme])

    def screenshot(self, name: str, selector: str | None = None) -> Path:
        """Saves the page (or the first element matching selector) to tests/e2e/artifacts/."""
        path = ARTIFACTS / f"{self.artifact_prefix}-{name}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        if selector is None:
            self.page.screenshot(path=path)
        else:
            self.page.locator(selector).first.screenshot(path=path)
        return path

    def screenshot_themes(self, name: str, selector: str) -> None:
        """Screenshots selector in the light and the dark theme ({name}-light, {name}-dark),
        leaving the page in the light theme."""
        self.screenshot(f"{name}-light", selector)
        self.set_theme("dark")
        self.screenshot(f"{name}-dark", selector)
        self.set_theme("light")

    def _open_path(self) -> str:
        if self.path is None:
            raise RuntimeError("open a notebook first")
        return self.path

    def _call(self, helper: str, *args: Any, timeout: float | None = None) -> Any:
        milliseconds = int((self.timeout if timeout is None else timeout) * 1000)
        return self.page.evaluate(
            "([helper, args]) => window.__e2e[helper](...args)", [helper, [*args, milliseconds]]
        )


@contextmanager
def open_lab_page(browser: Browser, server: JupyterLab, name: str) -> Iterator[LabPage]:
    """A LabPage in a browser context of its own, closed with its kernels on exit.

    For scripts; tests get the same from the lab fixture, which also keeps a screenshot of a
    failure.
    """
    context = browser.new_context(viewport=VIEWPORT)
    try:
        yield LabPage(context.new_page(), server, server.root_dir / name, name)
    finally:
        context.close()
        server.shutdown_kernels()


@dataclass(frozen=True)
class CdnFiles:
    """Local copies of what an nbconvert HTML export loads from CDNs to show its widgets."""

    requirejs: Path
    html_manager_dist: Path
    anywidget_amd: Path

    def for_url(self, url: str) -> Path | None:
        """The local file standing in for a CDN url, or None when the page may not have it."""
        url_path = PurePosixPath(urlsplit(url).path)
        if url_path.name in ("require.js", "require.min.js"):
            return self.requirejs
        if "@jupyter-widgets/html-manager@" in url_path.as_posix():
            local = self.html_manager_dist / url_path.name
            return local if local.is_file() else None
        if url_path.as_posix().startswith("/npm/anywidget@") and url_path.name.startswith("index"):
            return self.anywidget_amd
        return None


def fetch_cdn_files(cache: Path = CDN_CACHE) -> CdnFiles:
    """Gets require.js and the widgets' HTML manager from the npm registry once, into cache.

    anywidget's AMD loader comes from the installed wheel, so it always matches the kernel's
    anywidget.
    """
    import anywidget

    unpacked = {}
    for spec in (HTML_MANAGER, REQUIREJS):
        target = cache / spec.replace("/", "__")
        if not (target / "package.json").is_file():
            cache.mkdir(parents=True, exist_ok=True)
            with tempfile.TemporaryDirectory(dir=cache) as scratch:
                packed = subprocess.run(
                    ["npm", "pack", spec, "--silent", "--pack-destination", scratch],
                    check=True,
                    capture_output=True,
                    text=True,
                )
                tarball = Path(scratch) / packed.stdout.strip().splitlines()[-1]
                with tarfile.open(tarball) as archive:
                    archive.extractall(scratch, filter="data")
                # The rename is atomic; if it fails, another run has just put the files there.
                with suppress(OSError):
                    (Path(scratch) / "package").rename(target)
        unpacked[spec] = target
    return CdnFiles(
        requirejs=unpacked[REQUIREJS] / "require.js",
        html_manager_dist=unpacked[HTML_MANAGER] / "dist",
        anywidget_amd=Path(anywidget.__file__).parent / "nbextension" / "index.js",
    )


@dataclass
class OfflineExport:
    """Exports notebooks to HTML with nbconvert and opens them in a page that has no network.

    The page gets require.js, the HTML manager and anywidget's loader from CdnFiles; every other
    request is aborted and listed in blocked.
    """

    page: Page
    cdn: CdnFiles
    workdir: Path
    timeout: float = 120
    blocked: list[str] = field(default_factory=list)

    def export(self, notebook: Path) -> Path:
        """Executes a copy of the notebook (with its folder's files) and writes it as HTML."""
        source = self.workdir / "source"
        shutil.copytree(
            notebook.parent,
            source,
            dirs_exist_ok=True,
            ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"),
        )
        env = jupyter_env(self.workdir / "jupyter")
        subprocess.run(
            [
                sys.executable,
                "-m",
                "nbconvert",
                "--execute",
                "--to",
                "html",
                f"--ExecutePreprocessor.timeout={int(self.timeout)}",
                "--output-dir",
                str(self.workdir),
                str(source / notebook.name),
            ],
            check=True,
            env=env,
            capture_output=True,
            timeout=self.timeout * 2,
        )
        return self.workdir / f"{notebook.stem}.html"

    def open(self, html: Path) -> None:
        """Shows the exported page as if it came from a web server, with no way out to the net."""
        address = f"http://offline-export.invalid/{quote(html.name)}"

        def serve(route: Route) -> None:
            url = route.request.url
            local = html if url == address else self.cdn.for_url(url)
            if local is None:
                self.blocked.append(url)
                route.abort()
                return
            content_type = mimetypes.guess_type(local.name)[0] or "application/octet-stream"
            route.fulfill(
                path=local,
                headers={"Content-Type": content_type, "Access-Control-Allow-Origin": "*"},
            )

        self.page.route("**/*", serve)
        self.page.goto(address)
