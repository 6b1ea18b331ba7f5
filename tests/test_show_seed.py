"""``show_seed=False`` keeps the seed from the page (issue 10).

The seed and the moves rebuild the stock and every face-down card, so a board others will see (a
Voilà app, an exported page) must not send it: the page's traits, the messages to the page and
the widget state saved into an exported page hold no seed, while ``g.seed`` still answers in
Python.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import nbformat
import pytest
from ipywidgets.embed import dependency_state, embed_data, embed_minimal_html
from nbclient import NotebookClient

import solitaire_widget as sw

SEED = 8_123_456_789_012_345  # digits that appear nowhere else
OTHER_SEED = 7_987_654_321_098_765
NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
CODE_TRAITS = {"_esm", "_css"}


def page_text(board: Any) -> str:
    """Everything the page is sent when it opens, as JSON text."""
    state = board.get_state()
    return json.dumps({name: value for name, value in state.items() if name not in CODE_TRAITS})


class Page:
    """Records every message the board sends to the page."""

    def __init__(self, board: Any) -> None:
        self.sent: list[str] = [page_text(board)]
        board.comm.send = lambda data=None, metadata=None, buffers=None: self.sent.append(
            json.dumps(data)
        )


BOARDS = {
    "Klondike": lambda **options: sw.Klondike(seed=SEED, draw=3, **options),
    "Applegate": lambda **options: sw.Applegate(seed=SEED, **options),
    "a loaded Klondike": lambda **options: sw.load(sw.Klondike(seed=SEED).state(), **options),
}


@pytest.mark.parametrize("name", BOARDS)
def test_a_board_made_with_show_seed_off_never_sends_its_seed(name):
    board = BOARDS[name](show_seed=False)
    page = Page(board)
    assert board.seed == SEED  # Python still knows it
    for _ in range(3):
        board.move(board.legal_moves()[0])
    board.new_game(OTHER_SEED)
    board.restart()
    board.undo() if board.history else None
    assert board.seed == OTHER_SEED
    for text in page.sent:
        assert str(SEED) not in text and str(OTHER_SEED) not in text
    assert board.get_state()["seed"] == ""
    assert str(OTHER_SEED) not in repr(board) + str(board)
    assert "seed hidden" in str(board)


@pytest.mark.parametrize("name", BOARDS)
def test_by_default_the_page_is_sent_the_seed_as_text(name):
    board = BOARDS[name]()
    assert board.get_state()["seed"] == str(SEED)
    assert f"seed {SEED}" in str(board)


def test_from_deal_takes_show_seed_too():
    deck = [rank + suit for suit in "CDHS" for rank in "A23456789TJQK"]
    assert not sw.Klondike.from_deal(deck, show_seed=False).show_seed
    assert not sw.Applegate.from_deal(deck, show_seed=False).show_seed


def test_turning_show_seed_on_or_off_sends_the_seed_or_takes_it_back():
    board = sw.Klondike(seed=SEED, show_seed=False)
    page = Page(board)
    board.show_seed = True
    assert str(SEED) in page.sent[-1]
    board.show_seed = False
    assert json.loads(page.sent[-1])["state"]["seed"] == ""


def test_the_page_cannot_turn_show_seed_on():
    board = sw.Klondike(seed=SEED, show_seed=False)
    page = Page(board)
    board.set_state({"show_seed": True})
    assert board.show_seed is False
    assert all(str(SEED) not in text for text in page.sent)


def test_the_embedded_widget_state_holds_no_seed(tmp_path):
    hidden = sw.Klondike(seed=SEED, show_seed=False)
    shown = sw.Klondike(seed=OTHER_SEED)
    # only these two boards' state (by default ipywidgets embeds every widget alive)
    boards = dependency_state([hidden, shown])
    state = json.dumps(embed_data(views=[hidden, shown], state=boards)["manager_state"])
    assert str(SEED) not in state and str(OTHER_SEED) in state
    embed_minimal_html(tmp_path / "page.html", views=[hidden, shown], state=boards, title="b")
    html = (tmp_path / "page.html").read_text()
    assert str(SEED) not in html and str(OTHER_SEED) in html


def test_a_notebook_run_by_nbclient_saves_no_hidden_seed_in_its_widget_state(tmp_path):
    """What ``jupyter nbconvert --execute`` puts in an exported page: the widget state the
    kernel sent, stored in the notebook's metadata, and the cells' outputs."""
    notebook = nbformat.v4.new_notebook(
        cells=[
            nbformat.v4.new_code_cell(
                "import solitaire_widget as sw\n"
                f"hidden = sw.Klondike(seed={SEED}, show_seed=False)\n"
                "hidden.move(hidden.legal_moves()[0])\n"
                "hidden"
            ),
            nbformat.v4.new_code_cell(f"sw.Applegate(seed={OTHER_SEED})"),
        ]
    )
    client = NotebookClient(notebook, timeout=60, kernel_name="python3", store_widget_state=True)
    with pytest.MonkeyPatch.context() as patch:
        for variable in ("IPYTHONDIR", "JUPYTER_RUNTIME_DIR"):
            (tmp_path / variable).mkdir()
            patch.setenv(variable, str(tmp_path / variable))
        client.execute(cwd=str(tmp_path))
    widgets = json.dumps(notebook.metadata["widgets"])
    outputs = json.dumps([cell.outputs for cell in notebook.cells])
    assert str(OTHER_SEED) in widgets  # the check can fail: a shown seed is found
    assert str(SEED) not in widgets and str(SEED) not in outputs


def board_calls(name: str) -> list[str]:
    """Every board a notebook makes (``sw.Klondike(...)``, ``sw.Applegate(...)``,
    ``sw.load(...)``), as its call's text, also inside the notebooks it writes; not the calls
    a cell expects to be refused."""
    notebook = nbformat.read(NOTEBOOKS / f"{name}.ipynb", as_version=4)
    source = "\n".join(
        cell.source
        for cell in notebook.cells
        if cell.cell_type == "code" and "except ValueError" not in cell.source
    )
    return re.findall(r"sw\.(?:Klondike|Applegate|load)\((?:[^()]|\([^()]*\))*\)", source)


@pytest.mark.parametrize("name", ["play", "share"])
def test_the_voila_and_shared_page_notebooks_keep_every_seed_from_the_page(name):
    """play.ipynb is the notebook share.ipynb serves with Voilà; share.ipynb makes the page it
    exports. Their boards are for others to see."""
    calls = board_calls(name)
    assert calls
    for call in calls:
        assert "show_seed=False" in call, call
