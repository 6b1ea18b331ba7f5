"""Every code example a user can read runs as a test (issue 20), so none can rot.

- README.md, docs/*.md and docs/games/*.md: every ```pycon block is a doctest; every ```python
  block runs, the blocks of a document in order in one namespace (as a reader runs them in a
  notebook), in a folder of its own. An example that would take long says how to make it quick
  in an HTML comment just above it, ``<!-- quick: range(1000) -> range(3); time_limit=10 ->
  time_limit=1 -->``: each replacement must match, so the marks cannot rot either. Every other
  block names a language that is not Python (```bash, ```yaml, ```text, ```json).
- Docstrings: every ``>>>`` example in the package runs as a doctest, and an indented block of
  Python in a docstring that is not written as a doctest fails, so an example is never left out.
"""

from __future__ import annotations

import ast
import doctest
import importlib
import inspect
import pkgutil
import re
import textwrap
from dataclasses import dataclass
from pathlib import Path

import pytest

import solitaire_widget

ROOT = Path(__file__).resolve().parents[1]
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
RUN = {"python", "pycon"}
NOT_PYTHON = {"bash", "yaml", "text", "json"}
_FENCE = re.compile(r"^```(\S*)\s*$")
_QUICK = re.compile(r"^<!--\s*quick:(.*?)-->\s*$")


def _name(document: Path) -> str:
    """The document as the repository names it: docs/games/klondike.md, not klondike.md."""
    return document.relative_to(ROOT).as_posix()


@dataclass
class Block:
    document: Path
    line: int  # of the opening fence
    language: str
    code: str
    quick: list[tuple[str, str]]  # replacements that make it quick

    def __str__(self) -> str:
        return f"{_name(self.document)}, line {self.line}"

    def quick_code(self) -> str:
        code = self.code
        for old, new in self.quick:
            assert old in code, f"{self}: the quick mark's {old!r} is not in the example"
            code = code.replace(old, new)
        return code


def blocks(document: Path) -> list[Block]:
    """The fenced blocks of a Markdown document, each with the quick mark just above it."""
    found: list[Block] = []
    lines = document.read_text(encoding="utf-8").splitlines()
    number = 0
    while number < len(lines):
        fence = _FENCE.match(lines[number])
        if fence is None:
            number += 1
            continue
        end = next(i for i in range(number + 1, len(lines)) if lines[i].startswith("```"))
        above = _QUICK.match(lines[number - 1]) if number else None
        quick = []
        if above is not None:
            for part in above[1].split(";"):
                old, new = part.split("->")
                quick.append((old.strip(), new.strip()))
        code = "\n".join(lines[number + 1 : end]) + "\n"
        found.append(Block(document, number + 1, fence[1], code, quick))
        number = end + 1
    return found


@pytest.fixture
def reader_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder of the reader's own, and plots drawn off screen."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MPLBACKEND", "Agg")
    return tmp_path


@pytest.mark.parametrize("document", DOCUMENTS, ids=_name)
def test_every_block_is_python_that_runs_or_names_another_language(document: Path) -> None:
    for block in blocks(document):
        assert block.language in RUN | NOT_PYTHON, (
            f"{block}: a block names its language (```python, ```pycon, ```bash, ```text ...)"
        )
        if block.language == "python":
            ast.parse(block.code, filename=str(block))
        if block.quick:
            assert block.language == "python", f"{block}: only a python block has a quick mark"
            block.quick_code()


@pytest.mark.parametrize("document", DOCUMENTS, ids=_name)
def test_the_pycon_examples_print_what_they_say(document: Path, reader_folder: Path) -> None:
    if not any(block.language == "pycon" for block in blocks(document)):
        pytest.skip("no pycon example")
    result = doctest.testfile(
        str(document), module_relative=False, optionflags=doctest.ELLIPSIS, verbose=False
    )
    assert result.attempted > 0
    assert result.failed == 0


@pytest.mark.parametrize("document", DOCUMENTS, ids=_name)
def test_the_python_examples_run_in_order(document: Path, reader_folder: Path) -> None:
    namespace: dict = {"__name__": "__main__"}
    ran = 0
    for block in blocks(document):
        if block.language != "python":
            continue
        code = compile(block.quick_code(), str(block), "exec")
        try:
            exec(code, namespace)
        except Exception as error:
            raise AssertionError(f"{block} raised {type(error).__name__}: {error}") from error
        ran += 1
    if ran == 0:
        pytest.skip("no python example")


def _modules() -> list[str]:
    names = [solitaire_widget.__name__]
    for module in pkgutil.walk_packages(solitaire_widget.__path__, "solitaire_widget."):
        names.append(module.name)
    return names


def _docstrings(module: object) -> list[tuple[str, str]]:
    """(where, docstring) of the module and of every class and function written in its file."""
    path = Path(inspect.getfile(module))
    tree = ast.parse(path.read_text(encoding="utf-8"))
    kinds = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)
    return [
        (f"{module.__name__}, line {getattr(node, 'lineno', 1)}", ast.get_docstring(node) or "")
        for node in ast.walk(tree)
        if isinstance(node, kinds)
    ]


MODULES = _modules()


@pytest.mark.parametrize("name", MODULES)
def test_the_docstring_examples_run(name: str, reader_folder: Path) -> None:
    module = importlib.import_module(name)
    finder = doctest.DocTestFinder(exclude_empty=True)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for test in finder.find(module, name, globs={}):
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0, f"{name}: {result.failed} docstring examples failed"


@pytest.mark.parametrize("name", MODULES)
def test_a_docstring_shows_python_only_as_a_doctest(name: str) -> None:
    """An indented block of Python in a docstring would never run: write it with ``>>>``."""
    module = importlib.import_module(name)
    for where, doc in _docstrings(module):
        for block in re.findall(r"(?:^(?: {4}|\t).*\n?)+", doc, re.M):
            code = textwrap.dedent(block)
            if code.lstrip().startswith((">>>", "...")):
                continue
            try:
                ast.parse(code)
            except SyntaxError:
                continue  # prose or a shell command, indented
            raise AssertionError(f"{where}: an example not written as a doctest:\n{block}")


def test_the_package_has_docstring_examples_and_the_readme_has_both_kinds() -> None:
    kinds = {block.language for block in blocks(ROOT / "README.md")}
    assert {"python", "pycon"} <= kinds
    finder = doctest.DocTestFinder(exclude_empty=True)
    examples = sum(
        len(test.examples)
        for name in MODULES
        for test in finder.find(importlib.import_module(name), name, globs={})
    )
    assert examples > 0
