"""scripts/build_lite.py: the lock entries that let Pyodide preload the site's own wheels."""

from __future__ import annotations

import ast
import hashlib
import importlib.util
import json
import sys
import zipfile
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[1] / "scripts" / "build_lite.py"


@pytest.fixture(scope="module")
def build_lite():
    spec = importlib.util.spec_from_file_location("build_lite", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def make_wheel(folder: Path, requirements: list[str]) -> Path:
    wheel = folder / "demo_pkg-1.2-py3-none-any.whl"
    metadata = "Metadata-Version: 2.1\nName: demo-pkg\nVersion: 1.2\n" + "".join(
        f"Requires-Dist: {line}\n" for line in requirements
    )
    with zipfile.ZipFile(wheel, "w") as archive:
        archive.writestr("demo_pkg/__init__.py", "")
        archive.writestr("single.py", "")
        archive.writestr("demo_pkg-1.2.dist-info/METADATA", metadata)
        archive.writestr(
            "demo_pkg-1.2.dist-info/RECORD",
            "demo_pkg/__init__.py,,\nsingle.py,,\ndemo_pkg-1.2.dist-info/METADATA,,\n",
        )
    return wheel


def test_requirements_are_those_of_python_3_14_on_emscripten(build_lite, tmp_path: Path) -> None:
    wheel = make_wheel(
        tmp_path,
        [
            "traitlets>=5",
            'pexpect>4.3; sys_platform != "win32" and sys_platform != "emscripten"',
            'colorama; sys_platform == "win32"',
            'exceptiongroup; python_version < "3.11"',
            'pytest; extra == "test"',
            "Typing_Extensions",
        ],
    )
    assert build_lite.browser_requirements(wheel) == ["traitlets", "typing-extensions"]


def test_front_end_payloads_are_left_out_of_the_requirements(build_lite, tmp_path: Path) -> None:
    wheel = make_wheel(tmp_path, ["widgetsnbextension~=4.0.14", "jupyterlab_widgets~=3.0.15"])
    assert build_lite.browser_requirements(wheel) == []


def test_a_lock_entry_points_at_the_wheel_in_the_site_index_with_its_real_hash(
    build_lite, tmp_path: Path
) -> None:
    wheel = make_wheel(tmp_path, ["comm>=0.1.3", "ipython>=6.1.0"])
    entry = build_lite.lock_entry(wheel)
    assert entry["name"] == "demo-pkg" and entry["version"] == "1.2"
    assert entry["file_name"] == "../../pypi/demo_pkg-1.2-py3-none-any.whl"
    assert entry["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest()
    assert entry["depends"] == ["comm", "ipython"]
    assert entry["imports"] == ["demo_pkg", "single"]


# What the site's Python can import besides the standard library: this package and the pure-Python
# wheels the site ships (see scripts/build_lite.py).
IN_THE_BROWSER = {"solitaire_widget", "tqdm", "ipywidgets", "anywidget", "traitlets", "IPython"}


def unguarded_imports(source: str) -> set[str]:
    """The modules a cell imports outside a guard: a ``try`` whose handler catches a missing
    module, or an ``if`` on ``sys.platform`` (the browser's is "emscripten")."""
    code = "\n".join(
        line for line in source.splitlines() if not line.lstrip().startswith(("%", "!"))
    )
    found: set[str] = set()

    def visit(node: ast.AST) -> None:
        if isinstance(node, ast.Try) and any(
            handler.type is not None
            and ast.unparse(handler.type) in {"ModuleNotFoundError", "ImportError"}
            for handler in node.handlers
        ):
            return
        if isinstance(node, ast.If) and "sys.platform" in ast.unparse(node.test):
            return
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module)
        for child in ast.iter_child_nodes(node):
            visit(child)

    visit(ast.parse(code))
    return found


@pytest.mark.parametrize(
    "notebook", sorted((SCRIPT.parents[1] / "notebooks").glob("*.ipynb")), ids=lambda p: p.name
)
def test_a_notebook_in_the_site_imports_only_what_the_browser_has(build_lite, notebook: Path):
    """And a notebook left out of the site does need something the browser lacks."""
    cells = json.loads(notebook.read_text())["cells"]
    imported = set().union(
        *(
            unguarded_imports("".join(cell["source"]))
            for cell in cells
            if cell["cell_type"] == "code"
        )
    )
    missing = {
        name
        for name in imported
        if name.split(".")[0] not in sys.stdlib_module_names | IN_THE_BROWSER
        or name.startswith(("solitaire_widget.gym", "solitaire_widget.surveys"))
    }
    if notebook.name in build_lite.NOTEBOOKS_LEFT_OUT:
        assert missing, f"{notebook.name} needs nothing the browser lacks: ship it in the site"
    else:
        assert not missing, f"{notebook.name} imports {sorted(missing)}, which the site lacks"
