"""`python -m solitaire_widget.export`: one HTML file that needs nothing but itself, and clear
refusals for anything that is not a notebook it can run."""

from __future__ import annotations

import base64
import json
import os
import re
import stat
from html.parser import HTMLParser
from pathlib import Path

import nbformat
import pytest

from e2e.harness import write_notebook
from solitaire_widget.export import ExportError, export_page, main

STATE_TYPE = "application/vnd.jupyter.widget-state+json"
VIEW_TYPE = "application/vnd.jupyter.widget-view+json"
# A 1x1 PNG.
PNG_DOT = (
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJ"
    "RU5ErkJggg=="
)
# Attributes through which a browser loads something (an <a href> is only a link to follow).
LOADING = {"src", "href", "data", "poster", "srcset", "action", "background"}


class Loads(HTMLParser):
    """Every address the page would load from, and its inline scripts' types."""

    def __init__(self) -> None:
        super().__init__()
        self.addresses: list[str] = []
        self.script_types: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if name in LOADING and value and not (tag == "a" and name == "href"):
                self.addresses.append(value)
        if tag == "script":
            self.script_types.append(dict(attrs).get("type") or "text/javascript")


def saved_state(html: str) -> dict:
    (state,) = re.findall(rf'<script type="{re.escape(STATE_TYPE)}">(.*?)</script>', html, re.S)
    return json.loads(state)["state"]


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("export")
    notebook = write_notebook(
        folder / "boards.ipynb",
        [
            "import solitaire_widget as sw",
            "k = sw.Klondike(seed=12345)\nk.draw()\nk",
            "sw.Applegate(seed=678)",
            "print('done')",
        ],
    )
    return export_page(notebook, folder / "out" / "page.html", timeout=120)


def test_the_page_is_one_file_that_loads_nothing_from_anywhere(exported: Path) -> None:
    assert sorted(path.name for path in exported.parent.iterdir()) == ["page.html"]
    parser = Loads()
    parser.feed(exported.read_text())
    assert [address for address in parser.addresses if not address.startswith(("data:", "#"))] == []
    assert parser.script_types.count("module") == 1  # the inlined widget host


def test_the_page_holds_every_board_with_its_module_and_no_seed(exported: Path) -> None:
    html = exported.read_text()
    assert html.count(f'<script type="{VIEW_TYPE}">') == 2
    boards = [m["state"] for m in saved_state(html).values() if m["model_name"] == "AnyModel"]
    assert {board["_anywidget_id"].rsplit(".", 1)[1] for board in boards} == {"Board"}
    assert sorted(board["_board"]["kind"] for board in boards) == ["applegate", "klondike"]
    for board in boards:
        assert board["seed"] == ""
        assert "render" in board["_esm"]
    traits = json.dumps([{k: v for k, v in b.items() if k not in ("_esm", "_css")} for b in boards])
    # A widget reference is random hex (IPY_MODEL_678bca...), so it is taken out before looking.
    traits = re.sub(r"IPY_MODEL_[0-9a-f]+", "IPY_MODEL", traits)
    assert not re.search(r"\b(12345|678)\b", traits)
    assert "done" in html  # the notebook ran: a printed output is in the page


def test_markdown_keeps_its_keys_and_embeds_its_own_images(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``<kbd>Tab</kbd>`` stays a key (nbconvert's image embedding emptied it), and an image
    next to the notebook is embedded whatever folder the export is run from."""
    folder = tmp_path / "lesson"
    folder.mkdir()
    (folder / "dot.png").write_bytes(base64.b64decode(PNG_DOT))
    page = nbformat.v4.new_notebook()
    page.cells.append(
        nbformat.v4.new_markdown_cell(
            "Press <kbd>Tab</kbd>, then <kbd>Shift</kbd>+<kbd>Enter</kbd>. ![a dot](dot.png)"
        )
    )
    nbformat.write(page, folder / "keys.ipynb")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    html = export_page(folder / "keys.ipynb", timeout=60).read_text()
    assert "Press <kbd>Tab</kbd>, then <kbd>Shift</kbd>+<kbd>Enter</kbd>." in html
    assert "<kbd></kbd>" not in html
    assert f'src="data:image/png;base64,{PNG_DOT}"' in html


def test_the_command_names_the_page_it_wrote(tmp_path: Path, capsys) -> None:
    notebook = write_notebook(tmp_path / "tiny.ipynb", ["1 + 1"])
    assert main([str(notebook)]) == 0
    assert (tmp_path / "tiny.html").is_file()
    assert f"wrote {tmp_path / 'tiny.html'}" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("content", "complaint"),
    [
        (None, "no such notebook"),
        ("not json {", "is not a Jupyter notebook: it is not JSON text"),
        ('{"cells": 3}', "its JSON does not have a notebook's shape"),
        ("[1, 2]", "its JSON does not have a notebook's shape"),
        (
            '{"nbformat": 4, "nbformat_minor": 5, "metadata": {}, "cells": [{"cell_type": 1}]}',
            "is not a valid Jupyter notebook: ",
        ),
    ],
)
def test_a_missing_or_broken_notebook_is_refused_with_a_clear_message(
    tmp_path: Path, capsys, content: str | None, complaint: str
) -> None:
    notebook = tmp_path / "game.ipynb"
    if content is not None:
        notebook.write_text(content)
    assert main([str(notebook), "-o", str(tmp_path / "page.html")]) == 2
    error = capsys.readouterr().err
    assert error.startswith(f"error: {notebook}") and complaint in error
    assert not (tmp_path / "page.html").exists()


@pytest.mark.parametrize("folder", ["some_dir/", "existing"])
def test_a_folder_as_the_page_is_refused_with_a_message_before_the_notebook_runs(
    tmp_path: Path, capsys, folder: str
) -> None:
    notebook = write_notebook(tmp_path / "play.ipynb", ["raise SystemExit('it ran')"])
    (tmp_path / "existing").mkdir()
    output = f"{tmp_path}/{folder}"
    assert main([str(notebook), "-o", output]) == 2
    error = capsys.readouterr().err
    assert error == (
        f"error: {output} is a folder: name the page to write, such as "
        f"{Path(output) / 'play.html'}\n"
    )
    assert sorted(path.name for path in tmp_path.iterdir()) == ["existing", "play.ipynb"]


def test_a_page_that_cannot_be_written_is_refused_with_a_message(tmp_path: Path, capsys) -> None:
    notebook = write_notebook(tmp_path / "play.ipynb", ["1 + 1"])
    (tmp_path / "a_file").write_text("")
    assert main([str(notebook), "-o", str(tmp_path / "a_file" / "page.html")]) == 2
    assert capsys.readouterr().err.startswith(f"error: cannot write {tmp_path / 'a_file'}")


def test_the_page_gets_the_mode_a_new_file_gets_so_a_web_server_can_read_it(
    tmp_path: Path,
) -> None:
    notebook = write_notebook(tmp_path / "play.ipynb", ["1 + 1"])
    before = os.umask(0o002)
    try:
        page = export_page(notebook, timeout=120)
    finally:
        os.umask(before)
    assert stat.S_IMODE(page.stat().st_mode) == 0o664
    assert sorted(path.name for path in tmp_path.iterdir()) == ["play.html", "play.ipynb"]


def test_a_folder_is_not_a_notebook(tmp_path: Path) -> None:
    with pytest.raises(ExportError, match="is not a file"):
        export_page(tmp_path)


def test_a_failing_cell_stops_the_export_and_leaves_no_page(tmp_path: Path) -> None:
    notebook = write_notebook(tmp_path / "broken.ipynb", ["1 / 0"])
    with pytest.raises(ExportError, match="a cell failed while the notebook ran") as refusal:
        export_page(notebook, timeout=60)
    assert "ZeroDivisionError" in str(refusal.value)
    assert sorted(path.name for path in tmp_path.iterdir()) == ["broken.ipynb"]


def test_a_cell_that_runs_too_long_stops_the_export(tmp_path: Path) -> None:
    notebook = write_notebook(tmp_path / "slow.ipynb", ["import time\ntime.sleep(30)"])
    with pytest.raises(ExportError, match="a cell ran longer than 1 s"):
        export_page(notebook, timeout=1)
    assert not (tmp_path / "slow.html").exists()


def test_a_notebook_for_a_kernel_that_is_not_installed_is_refused(tmp_path: Path) -> None:
    notebook = write_notebook(tmp_path / "other.ipynb", ["1"])
    page = json.loads(notebook.read_text())
    page["metadata"]["kernelspec"]["name"] = "no-such-kernel"
    notebook.write_text(json.dumps(page))
    with pytest.raises(ExportError, match="the kernel 'no-such-kernel', which is not here"):
        export_page(notebook)


# What the page sends when the player ticks "Four-colour deck" in the Options menu.
_TICK_FOUR_COLOUR = """\
request = {"type": "set", "version": k._board["version"], "name": "four_colour", "value": True}
k.comm.handle_msg({"content": {"data": {"method": "custom", "content": request}}, "buffers": []})
k.four_colour"""


def test_an_export_records_no_game_and_saves_no_preference(
    tmp_path: Path, store_home: Path
) -> None:
    """Issue 21: the exporter's own run of a notebook was recorded as the player's games. Its
    kernel plays moves and changes a setting as a player would, and the store's folder stays
    empty: no game, no preference."""
    notebook = write_notebook(
        tmp_path / "played.ipynb",
        [
            "import solitaire_widget as sw",
            "k = sw.Klondike(seed=12345)\nk.draw()\nk.draw()\nk",
            _TICK_FOUR_COLOUR,
        ],
    )
    page = export_page(notebook, tmp_path / "played.html", timeout=120).read_text()
    assert "four_colour&quot;: true" in page or '"four_colour": true' in page  # it ran
    assert sorted(path.name for path in store_home.iterdir()) == []
