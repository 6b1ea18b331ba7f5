"""sw.survey (issue 13): many deals on any executor, shares with intervals, resumable CSV files."""

from __future__ import annotations

import concurrent.futures
import csv
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import solitaire_widget as sw
from solitaire_widget.surveys import Row, Share, Survey, runner, wilson_interval

# A positions budget makes verdicts independent of the machine's speed: with a generous time
# limit the solver stops on positions, never on the clock.
BUDGET = {"time_limit": 120.0, "positions": 500, "progress": False}


class CountingSolver:
    """Stands in for the solver inside a thread pool and counts the deals it is asked for."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.seeds: list[int] = []
        solve = runner._solve

        def counted(game, time_limit, positions=None):
            self.seeds.append(game.seed)
            return solve(game, time_limit, positions=positions)

        monkeypatch.setattr(runner, "_solve", counted)


# ----------------------------------------------------------------- executors


def test_a_dask_cluster_gives_the_same_verdicts_as_the_default_process_pool() -> None:
    distributed = pytest.importorskip("dask.distributed")
    seeds = range(30)
    with (
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        on_dask = sw.survey("applegate", seeds, executor=client.get_executor(), **BUDGET)
    local = sw.survey("applegate", seeds, **BUDGET)
    assert on_dask.verdicts == local.verdicts
    assert [row.seed for row in local] == list(seeds)
    assert len(set(local.verdicts.values())) == 3  # won, unwinnable and unknown all occur
    assert local.timed_out == []


def test_rows_come_back_in_the_order_of_the_seeds_asked_for_and_repeats_are_solved_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    solver = CountingSolver(monkeypatch)
    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        result = sw.survey("klondike", [5, 3, 5, 9, 3], executor=pool, draw=3, **BUDGET)
    assert [row.seed for row in result] == [5, 3, 9]
    assert sorted(solver.seeds) == [3, 5, 9]
    assert result.game == "klondike draw=3 scoring=standard"


# ----------------------------------------------------------------- resuming from the file


def test_a_resumed_survey_never_solves_a_seed_twice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    solver = CountingSolver(monkeypatch)
    out = tmp_path / "survey.csv"

    def stops_after_eight():
        yield from range(8)
        raise KeyboardInterrupt  # the user presses stop

    with (
        pytest.raises(KeyboardInterrupt),
        concurrent.futures.ThreadPoolExecutor(2) as pool,
    ):
        sw.survey("klondike", stops_after_eight(), executor=pool, out=out, window=2, **BUDGET)
    written = [int(line["seed"]) for line in csv.DictReader(out.open())]
    assert written and len(written) < 12

    with concurrent.futures.ThreadPoolExecutor(2) as pool:
        result = sw.survey("klondike", range(12), executor=pool, out=out, **BUDGET)
    solved_again = solver.seeds[len(solver.seeds) - (12 - len(written)) :]
    assert not set(solved_again) & set(written)
    assert sorted(solved_again + written) == list(range(12))
    assert [row.seed for row in result] == list(range(12))
    assert sorted(int(line["seed"]) for line in csv.DictReader(out.open())) == list(range(12))


def test_a_line_torn_by_a_crash_is_dropped_and_its_seed_solved_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "survey.csv"
    sw.survey("applegate", range(3), out=out, **BUDGET)
    whole = out.read_text()
    out.write_text(whole + "applegate,3,unwin")  # power lost while writing seed 3
    solver = CountingSolver(monkeypatch)
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        result = sw.survey("applegate", range(5), executor=pool, out=out, **BUDGET)
    assert solver.seeds == [3, 4]
    lines = out.read_text().splitlines()
    assert lines[: len(whole.splitlines())] == whole.splitlines()
    assert sorted(line.split(",")[1] for line in lines[1:]) == ["0", "1", "2", "3", "4"]
    assert len(result) == 5


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("seed,status\n", "not a survey file"),
        ("game,seed,status,moves,positions,seconds\nklondike draw=1 scoring=standard,1,won,"
         "10,5,0.1\n", "a survey of klondike"),
        ("game,seed,status,moves,positions,seconds\napplegate,1,maybe,,5,0.1\n", "line 2"),
        ("game,seed,status,moves,positions,seconds\napplegate,x,won,3,5,0.1\n", "line 2"),
        ("game,seed,status,moves,positions,seconds\napplegate,1,won,3\n", "expected 6 fields"),
        # impossible rows: a win with no winning line, a time without end, negative counts
        ("game,seed,status,moves,positions,seconds\napplegate,0,won,80,5,0.1\n"
         "applegate,1,won,,5,0.1\n", "line 3: a won row has the length of its winning line"),
        ("game,seed,status,moves,positions,seconds\napplegate,1,won,0,5,0.1\n",
         "line 2: a won row has the length of its winning line"),
        ("game,seed,status,moves,positions,seconds\napplegate,1,unwinnable,80,5,0.1\n",
         "line 2: only a won row has a winning line"),
        ("game,seed,status,moves,positions,seconds\napplegate,1,won,80,5,inf\n",
         "line 2: seconds must be a time from 0 on"),
        ("game,seed,status,moves,positions,seconds\napplegate,1,unknown,,5,nan\n",
         "line 2: seconds must be a time from 0 on"),
        ("game,seed,status,moves,positions,seconds\napplegate,1,unknown,,5,-1\n",
         "line 2: seconds must be a time from 0 on"),
        ("game,seed,status,moves,positions,seconds\napplegate,1,unknown,,-5,0.1\n",
         "line 2: positions must be a count from 0 on"),
        ("game,seed,status,moves,positions,seconds\napplegate,1,won,-80,5,0.1\n",
         "line 2: a won row has the length of its winning line"),
        ("game,seed,status,moves,positions,seconds\napplegate,1,won,80,5,0.1\n"
         "applegate,2,won,80,5,0.1\napplegate,1,unwinnable,,9,0.1\n",
         "contradicts itself: seed 1 is won on line 2 and unwinnable on line 4"),
    ],
)  # fmt: skip
def test_a_file_that_is_not_this_surveys_is_refused(
    tmp_path: Path, content: str, message: str
) -> None:
    out = tmp_path / "survey.csv"
    out.write_text(content)
    with pytest.raises(ValueError, match=message):
        sw.survey("applegate", range(2), out=out, **BUDGET)
    assert out.read_text() == content


# ----------------------------------------------------------------- results


def test_wilson_intervals_match_values_worked_by_hand() -> None:
    # 8 of 10: centre (0.8 + z^2/20) / (1 + z^2/10) = 0.7167, half-width 0.2266 (z^2 = 3.8415)
    low, high = wilson_interval(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4) and high == pytest.approx(0.9433, abs=1e-4)
    # none of 10: from 0 up to z^2 / (n + z^2) = 3.8415 / 13.8415
    assert wilson_interval(0, 10) == pytest.approx((0.0, 0.2775), abs=1e-4)
    # 820 of 1000: centre 0.82192 / 1.00384 = 0.81878, half-width 0.02380
    assert wilson_interval(820, 1000) == pytest.approx((0.7950, 0.8426), abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_the_summary_gives_each_verdicts_share_with_its_interval(tmp_path: Path) -> None:
    rows = [
        Row(1, "won", 120, 40, 0.1),
        Row(2, "won", 99, 30, 0.1),
        Row(3, "unknown", None, 9, 2.0),
        Row(4, "unwinnable", None, 80, 0.5),
    ]
    survey = Survey("klondike draw=1 scoring=standard", rows, positions=100)
    assert survey.summary == {"won": Share(2, 4), "unwinnable": Share(1, 4), "unknown": Share(1, 4)}
    assert str(survey.summary["won"]) == "2/4 = 50.0% (95% CI 15.0-85.0%)"
    assert survey.timed_out == [3]
    survey.to_csv(tmp_path / "rows.csv")
    assert (tmp_path / "rows.csv").read_text().splitlines()[1:3] == [
        "klondike draw=1 scoring=standard,1,won,120,40,0.1000",
        "klondike draw=1 scoring=standard,2,won,99,30,0.1000",
    ]
    frame = survey.to_pandas()
    assert list(frame.columns) == ["seed", "status", "moves", "positions", "seconds"]
    assert frame["moves"].isna().tolist() == [False, False, True, True]


def test_any_registered_game_is_surveyed_with_its_options() -> None:
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        result = sw.survey("spider", [3, 5], executor=pool, suits=1, **BUDGET)
    assert result.game == "spider suits=1"
    assert [row.status for row in result] == ["won", "won"]


def test_a_game_that_is_not_registered_is_refused_by_the_registered_names() -> None:
    with pytest.raises(ValueError, match="'klondike', 'applegate' or 'spider'"):
        sw.survey("chess", [1], **BUDGET)


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        ({"game": "chess"}, "game must be"),
        ({"time_limit": 0}, "time_limit"),
        ({"time_limit": float("inf")}, "time_limit"),
        ({"seeds": [1, -2]}, "a seed is an integer"),
        ({"draw": 2}, "draw must be 1 or 3"),
        ({"positions": 0}, "positions"),
    ],
)
def test_bad_arguments_are_refused_with_a_reason(arguments: dict, message: str) -> None:
    call = {"game": "klondike", "seeds": [1], **BUDGET, **arguments}
    with pytest.raises(ValueError, match=message):
        sw.survey(call.pop("game"), call.pop("seeds"), **call)


# ----------------------------------------------------------------- the survey's processes


def _children(pid: int) -> set[int]:
    """The processes whose parent is ``pid``, from /proc."""
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit() and _parent_and_state(int(entry.name))[0] == pid:
            found.add(int(entry.name))
    return found


def _parent_and_state(pid: int) -> tuple[int | None, str]:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None, "gone"
    state, parent = stat[stat.rindex(")") + 2 :].split()[:2]
    return int(parent), state


def _wait_until(condition, seconds: float) -> bool:
    """Poll ``condition`` until it holds or ``seconds`` pass (a generous bound, not a timing)."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.1)
    return True


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads processes from /proc")
@pytest.mark.parametrize("kill", [signal.SIGKILL, signal.SIGTERM, signal.SIGINT])
def test_a_survey_killed_mid_way_leaves_no_worker_running(kill: signal.Signals) -> None:
    survey = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import solitaire_widget as sw\n"
            "sw.survey('klondike', range(10**6), time_limit=60, positions=10**6, draw=3,\n"
            "          progress=False)\n",
        ]
    )
    workers: set[int] = set()

    def alive() -> set[int]:
        return {pid for pid in workers if _parent_and_state(pid)[1] not in ("gone", "Z")}

    try:
        assert _wait_until(lambda: _children(survey.pid), 120), "the survey started no worker"
        time.sleep(1)  # the workers are solving their first deals
        workers = _children(survey.pid)
        survey.send_signal(kill)
        survey.wait(60)
        assert _wait_until(lambda: not alive(), 60), f"workers still running: {alive()}"
    finally:
        survey.kill()
        survey.wait()
        for pid in alive():  # what a failure left behind
            os.kill(pid, signal.SIGKILL)


def test_a_survey_without_a_positions_budget_runs_on_the_process_pool() -> None:
    """The first survey of docs/surveys.md (issue 20: every worker raised TypeError without
    positions=)."""
    result = sw.survey("klondike", range(3), time_limit=0.5, draw=3, progress=False)
    assert [row.seed for row in result] == [0, 1, 2]
    assert all(row.status in ("won", "unwinnable", "unknown") for row in result)


def test_a_seed_written_twice_with_the_same_verdict_is_read_once(tmp_path: Path) -> None:
    out = tmp_path / "survey.csv"
    line = "applegate,1,won,3,5,0.1\n"
    out.write_text("game,seed,status,moves,positions,seconds\n" + line + line)
    result = sw.survey("applegate", [1], out=out, **BUDGET)
    assert [(row.seed, row.status) for row in result] == [(1, "won")]
