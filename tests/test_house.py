"""The rooms of the package keep their doors: the rules load without the solver or Jupyter.

A script, a gym environment or a test that only plays the rules should not pay for the solver's
tables nor need ipywidgets installed; and a rule module that reached the widget would let the
widget's ideas leak into the rules.
"""

from __future__ import annotations

import ast
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import solitaire_widget

SOURCE = Path(solitaire_widget.__file__).resolve().parent.parent

NOT_FOR_THE_RULES = (
    "solitaire_widget.solver",
    "solitaire_widget.widget",
    "ipywidgets",
    "anywidget",
    "traitlets",
    "comm",
    "IPython",
)


def modules_loaded_by(statement: str) -> list[str]:
    """The modules a fresh interpreter holds after running ``statement``."""
    code = f"import json, sys\n{statement}\nprint(json.dumps(sorted(sys.modules)))"
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([str(SOURCE), os.environ.get("PYTHONPATH", "")]),
    }
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120
    )
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def outside_the_rules(modules: list[str]) -> list[str]:
    return [
        name
        for name in modules
        if any(name == room or name.startswith(room + ".") for room in NOT_FOR_THE_RULES)
    ]


@pytest.mark.parametrize(
    "module", ["solitaire_widget.engine", "solitaire_widget.moves", "solitaire_widget.cards"]
)
def test_the_rules_load_without_the_solver_or_jupyter(module):
    assert outside_the_rules(modules_loaded_by(f"import {module}")) == []


def test_a_game_plays_without_the_solver_or_jupyter():
    statement = (
        "from solitaire_widget.games import KlondikeGame\n"
        "game = KlondikeGame(seed=42)\n"
        "game.draw()\n"
        "game.undo()\n"
    )
    assert outside_the_rules(modules_loaded_by(statement)) == []


def test_the_public_names_still_come_from_the_package():
    modules = modules_loaded_by("from solitaire_widget import Klondike, solve")
    assert "solitaire_widget.widget" in modules
    assert "solitaire_widget.solver" in modules
    assert set(solitaire_widget.__all__) <= set(dir(solitaire_widget))
    for name in solitaire_widget.__all__:
        # ``games`` is the registry's module, which is also the function ``sw.games()``.
        assert getattr(solitaire_widget, name).__name__.rpartition(".")[2] == name


def test_the_modules_are_reached_through_the_package():
    statement = (
        "import solitaire_widget as sw\n"
        "assert sw.solver.Adviser and sw.surveys.wilson_interval and sw.store.open_store\n"
    )
    assert "solitaire_widget.solver" in modules_loaded_by(statement)


def test_an_unknown_name_is_an_attribute_error():
    with pytest.raises(AttributeError, match="no attribute 'Spider'"):
        solitaire_widget.Spider  # noqa: B018


RENAMES = {"replace", "rename", "renames", "fsync"}
# A rename that writes nothing: the game store moves a damaged file out of the way.
MOVES_ASIDE = {"store.py"}


def file_replacements(module: Path) -> list[str]:
    """Each ``os.replace``, ``os.rename`` or ``os.fsync`` in a module, and each ``.rename(``."""
    found = []
    for node in ast.walk(ast.parse(module.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            name, owner = node.func.attr, node.func.value
            on_os = isinstance(owner, ast.Name) and owner.id == "os" and name in RENAMES
            if on_os or name == "rename":
                found.append(f"{module.name}:{node.lineno} {name}")
    return found


def test_every_file_is_replaced_by_the_one_atomic_writer():
    package = SOURCE / "solitaire_widget"
    elsewhere = [
        found
        for module in sorted(package.rglob("*.py"))
        if module != package / "engine" / "saving.py" and module.name not in MOVES_ASIDE
        for found in file_replacements(module)
    ]
    assert elsewhere == [], "write through engine.saving.write_atomically"


# traitlets' and ipywidgets' own bookkeeping: private, and free to change in any release.
PRIVATE_OF_TRAITLETS = {
    "_trait_values",
    "_trait_notifiers",
    "_trait_validators",
    "_trait_default_generators",
    "_cross_validation_lock",
    "_holding_sync",
    "_states_to_send",
    "_property_lock",
    "_display_callbacks",
}


def test_the_board_reaches_into_no_private_attribute_of_traitlets_or_ipywidgets() -> None:
    """The board keeps its game through traitlets' and ipywidgets' public API (``set_trait``,
    ``observe``, ``hold_sync``, ``send_state``), never their private attributes."""
    package = Path(solitaire_widget.__file__).parent
    found = []
    for path in sorted(package.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Attribute) and node.attr in PRIVATE_OF_TRAITLETS:
                found.append(f"{path.relative_to(package)}:{node.lineno} {node.attr}")
    assert found == []
