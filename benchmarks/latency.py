"""Click-to-redraw latency in a real JupyterLab and Chromium, the game against a bare widget.

Run `python benchmarks/latency.py`. It starts its own JupyterLab on 127.0.0.1 (the e2e harness's),
clicks each widget many times and times every click in the page: from a capture-phase click
listener to the MutationObserver callback that sees the widget redrawn with the kernel's answer.
The bare counter (benchmarks/counter_widget.py) is the floor Jupyter itself sets; the solitaire
board is measured in the same run, once the package's widget and its built bundle exist.
"""

from __future__ import annotations

import argparse
import gzip
import importlib.util
import json
import statistics
import sys
import tempfile
from pathlib import Path

import anywidget
from playwright.sync_api import Browser

# The harness lives with the tests, not in the package.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from e2e.harness import (
    REPO,
    JupyterLab,
    LabPage,
    launch_chromium,
    open_lab_page,
    running_jupyterlab,
)

COUNTER_MODULE = Path(__file__).with_name("counter_widget.py")
BUNDLE = REPO / "src" / "solitaire_widget" / "static" / "widget.js"
WARM_UP_CLICKS = 5

# A probe is the source of a JS function, called in the page before each click, that returns
# {target, scope, redrawn}: the element to click, the element whose subtree is observed, and a test
# on a batch of MutationRecords that is true once they include the redraw the click caused.
COUNTER_PROBE = """() => {
  const button = document.querySelector(".counter-button");
  return { target: button, scope: button, redrawn: (mutations) => mutations.length > 0 };
}"""

# A click on the stock draws (or recycles), so the waste changes every time; SPEC.md fixes the
# data-pile names. The scope is the whole output so that a board drawn afresh still counts.
STOCK_PROBE = """() => {
  const stock = document.querySelector('[data-pile="stock"]');
  const touchesWaste = (node) => {
    const element = node.nodeType === Node.ELEMENT_NODE ? node : node.parentElement;
    return Boolean(
      element &&
        (element.closest('[data-pile="waste"]') || element.querySelector('[data-pile="waste"]')),
    );
  };
  return {
    target: stock,
    scope: stock.closest(".jp-OutputArea-output"),
    redrawn: (mutations) =>
      mutations.some((m) => touchesWaste(m.target) || [...m.addedNodes].some(touchesWaste)),
  };
}"""

_ARM = """(probeSource) => {
  const probe = (0, eval)(`(${probeSource})`)();
  const sample = { start: null, end: null };
  window.__latencySample = sample;
  document.addEventListener("click", () => { sample.start = performance.now(); },
                            { capture: true, once: true });
  const observer = new MutationObserver((mutations) => {
    if (sample.start !== null && probe.redrawn(mutations)) {
      sample.end = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(probe.scope,
                   { subtree: true, childList: true, characterData: true, attributes: true });
  return probe.target;
}"""


def measure_clicks(lab: LabPage, probe: str, clicks: int) -> list[float]:
    """Milliseconds from click to redraw, for clicks made one after another's redraw."""
    latencies = []
    for index in range(WARM_UP_CLICKS + clicks):
        target = lab.page.evaluate_handle(_ARM, probe).as_element()
        if target is None:
            raise RuntimeError("the probe found nothing to click")
        target.click()
        lab.page.wait_for_function("() => window.__latencySample.end !== null", timeout=10_000)
        latency = lab.page.evaluate("window.__latencySample.end - window.__latencySample.start")
        if index >= WARM_UP_CLICKS:
            latencies.append(latency)
    return latencies


def counter_latency(browser: Browser, server: JupyterLab, clicks: int) -> list[float]:
    with open_lab_page(browser, server, "counter") as lab:
        lab.copy(COUNTER_MODULE)
        cells = ["from counter_widget import Counter", "counter = Counter()\ncounter"]
        lab.open(lab.write_notebook("counter.ipynb", cells))
        lab.run_all()
        lab.page.locator(".counter-button").wait_for()
        return measure_clicks(lab, COUNTER_PROBE, clicks)


def board_latency(
    browser: Browser, server: JupyterLab, clicks: int, probe: str = STOCK_PROBE
) -> list[float]:
    """The same measure on a Klondike board; probe says what to click and what counts as redrawn."""
    with open_lab_page(browser, server, "board") as lab:
        cells = ["import solitaire_widget as sw", "game = sw.Klondike(seed=1, draw=1)\ngame"]
        lab.open(lab.write_notebook("board.ipynb", cells))
        lab.run_all()
        lab.page.locator('[data-pile="stock"]').wait_for()
        return measure_clicks(lab, probe, clicks)


# The 9H trades places between the TS (t1) and the TC (t2) for ever, so every measured click is a
# tableau move judged by the engine: the probe picks the card up (in the page, no kernel), and the
# measured click puts it on the other column. Redrawn means the 9H is back in the DOM there.
SEESAW_TABLEAU = ["TS", "TC 9H"]
SEESAW_PROBE = """() => {
  const root = document.querySelector(".solitaire-widget");
  const card = root.querySelector('[data-card="9H"]');
  const other = card.closest("[data-pile]").dataset.pile === "t1" ? "t2" : "t1";
  card.click();
  return {
    target: root.querySelector(`[data-pile="${other}"]`),
    scope: root,
    redrawn: (mutations) =>
      mutations.some((m) =>
        [...m.addedNodes].some((node) => node.dataset?.card === "9H" &&
                                         node.closest(`[data-pile="${other}"]`))),
  };
}"""


def move_latency(browser: Browser, server: JupyterLab, clicks: int) -> list[float]:
    """Click-to-redraw for tableau moves (pick up, then a measured click on the other column)."""
    from positions import klondike_state

    state = json.dumps(klondike_state(SEESAW_TABLEAU))
    with open_lab_page(browser, server, "moves") as lab:
        cells = ["from solitaire_widget.widget import load", f"game = load({state!r})\ngame"]
        lab.open(lab.write_notebook("moves.ipynb", cells))
        lab.run_all()
        lab.page.locator('[data-card="9H"]').wait_for()
        latencies = measure_clicks(lab, SEESAW_PROBE, clicks)
        moves = lab.evaluate("game.moves")
        if moves != WARM_UP_CLICKS + clicks:
            raise RuntimeError(
                f"{moves} moves reached the kernel, expected {WARM_UP_CLICKS + clicks}"
            )
        return latencies


def board_available() -> str | None:
    """Why the board cannot be measured yet, or None when it can."""
    if importlib.util.find_spec("solitaire_widget") is None:
        return "solitaire_widget is not installed"
    import solitaire_widget

    if not issubclass(getattr(solitaire_widget, "Klondike", object), anywidget.AnyWidget):
        return "solitaire_widget.Klondike is not a widget yet"
    if not BUNDLE.is_file():
        return f"{BUNDLE.relative_to(REPO)} is not built (pip install -e . builds it)"
    return None


def p95(latencies: list[float]) -> float:
    return statistics.quantiles(latencies, n=20, method="inclusive")[-1]


def report_bundle() -> None:
    if not BUNDLE.is_file():
        print(f"bundle: {BUNDLE.relative_to(REPO)} is not built")
        return
    minified = BUNDLE.read_bytes()
    print(
        f"bundle: {BUNDLE.relative_to(REPO)} {len(minified) / 1024:.1f} KB minified, "
        f"{len(gzip.compress(minified)) / 1024:.1f} KB gzipped (target under 40 KB minified)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=60, help="measured clicks per widget (>= 50)")
    clicks = parser.parse_args().clicks

    report_bundle()
    results: dict[str, list[float]] = {}
    missing_board = board_available()
    with tempfile.TemporaryDirectory(prefix="latency-") as scratch:
        base = Path(scratch)
        (base / "jupyter").mkdir()
        (base / "chromium").mkdir()
        with (
            running_jupyterlab(base / "jupyter") as server,
            launch_chromium(base / "chromium") as browser,
        ):
            results["bare counter"] = counter_latency(browser, server, clicks)
            if missing_board is None:
                results["board: draws"] = board_latency(browser, server, clicks)
                results["board: moves"] = move_latency(browser, server, clicks)

    print(f"{'widget':<16}{'clicks':>8}{'p50 ms':>10}{'p95 ms':>10}")
    for name, latencies in results.items():
        median, high = statistics.median(latencies), p95(latencies)
        print(f"{name:<16}{len(latencies):>8}{median:>10.1f}{high:>10.1f}")
    if missing_board is not None:
        print(f"klondike board: not measured, {missing_board}")
        return
    floor = results["bare counter"]
    for name in ("board: draws", "board: moves"):
        game = results[name]
        print(
            f"{name} / counter: p50 {statistics.median(game) / statistics.median(floor):.2f}, "
            f"p95 {p95(game) / p95(floor):.2f} (targets: p95 ratio <= 1.25, p95 < 100 ms)"
        )


if __name__ == "__main__":
    main()
