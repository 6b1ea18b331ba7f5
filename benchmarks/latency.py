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
  // What the waste shows: its cards in order. Every draw or recycle changes it, and nothing else
  // does, so a change of an element that merely holds the waste is not taken for the answer.
  const shows = () =>
    [...document.querySelectorAll('[data-pile="waste"] [data-card]')]
      .map((c) => c.dataset.card)
      .join();
  let shown = shows();
  return {
    target: stock,
    scope: stock.closest(".jp-OutputArea-output"),
    redrawn: () => {
      const now = shows();
      if (now === shown) return false;
      shown = now;
      return true;
    },
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
    browser: Browser, server: JupyterLab, clicks: int, cells: list[str], probe: str, name: str
) -> list[float]:
    """The same measure on a board made by cells (a game called `game`); probe says what to
    click and what counts as redrawn. Every click must reach the kernel as one move."""
    with open_lab_page(browser, server, name) as lab:
        lab.open(lab.write_notebook(f"{name}.ipynb", cells))
        lab.run_all()
        lab.page.locator(".solitaire-widget [data-pile]").first.wait_for()
        before = lab.evaluate("game.moves")
        latencies = measure_clicks(lab, probe, clicks)
        moves = lab.evaluate("game.moves") - before
        if moves != WARM_UP_CLICKS + clicks:
            raise RuntimeError(
                f"{name}: {moves} moves reached the kernel, expected {WARM_UP_CLICKS + clicks}"
            )
        return latencies


def seesaw_probe(card: str, one: str, other: str) -> str:
    """A card trades places between two piles for ever, so every measured click is a move judged
    by the engine: the probe picks the card up (in the page, no kernel), and the measured click
    puts it on the other pile. Redrawn means the card is back in the DOM there."""
    return f"""() => {{
  const root = document.querySelector(".solitaire-widget");
  const card = root.querySelector('[data-card="{card}"]');
  const other = card.closest("[data-pile]").dataset.pile === "{one}" ? "{other}" : "{one}";
  card.click();
  return {{
    target: root.querySelector(`[data-pile="${{other}}"]`),
    scope: root,
    redrawn: (mutations) =>
      mutations.some((m) =>
        [...m.addedNodes].some((node) => node.dataset?.card === "{card}" &&
                                         node.closest(`[data-pile="${{other}}"]`))),
  }};
}}"""


# Every move by hand: no smart click (the probe's first click must only pick up), no auto-move.
BY_HAND = "smart_click=False, auto_move=False"
# A long game: this many draws and recycles are in the history before the clicks are measured.
LONG_GAME = 3000


def spider_seesaw_state() -> dict:
    """A Spider (4 suits) position where the King of hearts alone on t1 can go to the empty t2
    and back for ever; the other 103 cards lie face down under one face-up card on t3-t10 (the
    other King of hearts face down), the stock dealt out."""
    from solitaire_widget.cards import NAME
    from solitaire_widget.games.spider import SpiderGame

    cards = [NAME[card] for card in SpiderGame(seed=1, suits=4).card_set.cards]
    cards.remove("KH")
    cards.remove("KH")
    columns = [{"down": [], "up": ["KH"]}, {"down": [], "up": []}]
    rest = [*cards, "KH"]  # the second King of hearts face down at the bottom of t3
    rest.reverse()
    for number in range(8):
        share = rest[number::8]
        columns.append({"down": share[:-1], "up": share[-1:]})
    game = SpiderGame(seed=1, suits=4)
    state = game.state()
    state.update(seed=None, tableau=columns, stock=[], history=[], score=500)
    return state


def scenarios() -> dict[str, tuple[list[str], str]]:
    """Name -> (notebook cells that make and show `game`, probe) for every board measured."""
    from positions import applegate_state, klondike_state, run_down

    klondike_seesaw = json.dumps(klondike_state(["TS", "TC 9H"]))
    # Only a King fills an empty pile: the King of hearts goes from t1 to t2 and back, beside a
    # finished run of clubs and the rest of the hearts (so the game is still in play).
    applegate_seesaw = json.dumps(
        applegate_state(["KH", "", " ".join(run_down("AC", 13)), " ".join(run_down("AH", 12))])
    )
    spider_seesaw = json.dumps(spider_seesaw_state())
    load = "from solitaire_widget.widget import load"
    draws = f"game = sw.Klondike(seed=1, {BY_HAND})"
    return {
        "klondike: draws": (["import solitaire_widget as sw", f"{draws}\ngame"], STOCK_PROBE),
        "klondike: moves": (
            [load, f"game = load({klondike_seesaw!r}, {BY_HAND})\ngame"],
            seesaw_probe("9H", "t1", "t2"),
        ),
        f"klondike: draws, {LONG_GAME} moves in": (
            [
                "import solitaire_widget as sw",
                f"{draws}\nfor _ in range({LONG_GAME}):\n    game.draw()",
                "game",
            ],
            STOCK_PROBE,
        ),
        "applegate: moves": (
            [load, f"game = load({applegate_seesaw!r}, {BY_HAND})\ngame"],
            seesaw_probe("KH", "t1", "t2"),
        ),
        "spider: moves": (
            [load, f"game = load({spider_seesaw!r}, {BY_HAND})\ngame"],
            seesaw_probe("KH", "t1", "t2"),
        ),
    }


def board_available() -> str | None:
    """Why the board cannot be measured yet, or None when it can."""
    if importlib.util.find_spec("solitaire_widget") is None:
        return "solitaire_widget is not installed"
    import solitaire_widget

    # sw.Klondike makes a board (one class for every game), so ask what it makes.
    board = getattr(solitaire_widget, "Klondike", None)
    if board is None or not isinstance(board(seed=1, autosave=False), anywidget.AnyWidget):
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
                for number, (name, (cells, probe)) in enumerate(scenarios().items()):
                    results[name] = board_latency(
                        browser, server, clicks, cells, probe, f"board{number}"
                    )

    width = max(map(len, results)) + 2
    print(f"{'widget':<{width}}{'clicks':>8}{'p50 ms':>10}{'p95 ms':>10}")
    for name, latencies in results.items():
        median, high = statistics.median(latencies), p95(latencies)
        print(f"{name:<{width}}{len(latencies):>8}{median:>10.1f}{high:>10.1f}")
    if missing_board is not None:
        print(f"boards: not measured, {missing_board}")
        return
    floor = results.pop("bare counter")
    for name, game in results.items():
        print(
            f"{name} / counter: p50 {statistics.median(game) / statistics.median(floor):.2f}, "
            f"p95 {p95(game) / p95(floor):.2f} (target: p95 ratio <= 1.25)"
        )


if __name__ == "__main__":
    main()
