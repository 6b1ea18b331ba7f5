"""A notebook as one HTML file whose boards show with no network and no kernel.

    python -m solitaire_widget.export notebooks/play.ipynb [-o play.html]

The notebook is run first, in a fresh kernel from its own folder (as ``jupyter nbconvert
--execute`` does), so the page always has every board's state, as the notebook deals it; the
state a notebook saved earlier is not used. The page inlines everything it needs: nbconvert's
JupyterLab styles, the widget state with each board's module, and a small widget host
(``static/export-host.js``) in place of the require.js and CDN scripts of nbconvert's own pages.
Boards in the page hold no seed, so a page can share a deal without its seed. The kernel runs
with ``SOLITAIRE_WIDGET_AUTOSAVE=0``: an export plays no game of the player's, so it records
nothing in the game store and saves no preference (it still reads them, as any kernel does).

Needs the ``export`` extra (nbconvert, nbclient, ipykernel).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

try:
    import nbformat
    from jinja2 import DictLoader, pass_context
    from jupyter_client.kernelspec import NoSuchKernel
    from nbclient import NotebookClient
    from nbclient.exceptions import CellExecutionError, CellTimeoutError
    from nbconvert import HTMLExporter
    from nbconvert.filters.markdown_mistune import IPythonRenderer, MarkdownWithMath
    from nbformat.reader import NotJSONError
except ModuleNotFoundError as missing:
    raise ModuleNotFoundError(
        f"solitaire_widget.export needs {missing.name}: pip install 'solitaire_widget[export]'"
    ) from missing

from .engine.saving import write_atomically
from .store import AUTOSAVE_VARIABLE

_PACKAGE = Path(__file__).parent
_HOST = _PACKAGE / "static" / "export-host.js"
# JupyterLab's page (nbconvert's "lab" template) with nothing loaded from elsewhere: no require.js,
# MathJax, Mermaid or CDN widget manager; the widget host is inlined instead.
_TEMPLATE = """\
{%- extends 'index.html.j2' -%}

{%- block html_head_js_requirejs -%}
{%- endblock html_head_js_requirejs -%}

{% block jupyter_widgets %}
{% endblock jupyter_widgets %}

{%- block html_head_js_mathjax -%}
{%- endblock html_head_js_mathjax -%}

{%- block html_head_js_mermaidjs -%}
{%- endblock html_head_js_mermaidjs -%}

{% block footer_js %}
<script type="module">
{{ resources.widget_host }}
</script>
{% endblock footer_js %}
"""
_STATE_TYPE = "application/vnd.jupyter.widget-state+json"
_BOARD_IDS = ("solitaire_widget.",)


class _InlineHtmlKept(IPythonRenderer):
    """nbconvert's renderer, except that a piece of inline HTML with no image in it is left
    alone. With ``embed_images`` nbconvert parses every piece of inline HTML on its own to find
    images to embed, and a lone opening tag comes back closed: ``<kbd>Tab</kbd>`` became
    ``<kbd></kbd>Tab``, and every key a notebook names lost its frame."""

    def _html_embed_images(self, html: str) -> str:
        return super()._html_embed_images(html) if "<img" in html.lower() else html


class _SnapshotExporter(HTMLExporter):
    """JupyterLab's HTML export with local images embedded and inline HTML kept whole."""

    @pass_context
    def markdown2html(self, context: Any, source: str) -> str:
        cell = context.get("cell", {})
        renderer = _InlineHtmlKept(
            escape=False,
            attachments=cell.get("attachments", {}),
            embed_images=self.embed_images,
            path=context.get("resources", {}).get("metadata", {}).get("path", ""),
            anchor_link_text=self.anchor_link_text,
            exclude_anchor_links=self.exclude_anchor_links,
            **self.lexer_options,
        )
        return MarkdownWithMath(renderer=renderer).render(source)


class ExportError(Exception):
    """The notebook cannot be made into a page; the message says why, in a user's words."""


def export_page(
    notebook: str | os.PathLike[str],
    output: str | os.PathLike[str] | None = None,
    *,
    timeout: int = 600,
    theme: str = "light",
) -> Path:
    """Runs ``notebook`` and writes it as one self-contained HTML file (next to it by default).

    ``timeout`` bounds each cell, in seconds; ``theme`` is JupyterLab's "light" or "dark".
    Returns the path written; the write is atomic, and the page gets the mode any new file gets
    (the umask's), so a web server running as another user can serve it.
    """
    source = Path(notebook)
    target = page_path(source, output)
    page = read_notebook(source)
    run_notebook(page, source, timeout)
    hide_seeds(page)
    write_page(target, page_html(page, source.stem, theme, source.parent))
    return target


def page_path(source: Path, output: str | os.PathLike[str] | None) -> Path:
    """Where the page goes: ``output``, or the notebook's name with ``.html`` next to it. A
    folder is refused before the notebook runs, naming a page to write instead."""
    if output is None:
        return source.with_suffix(".html")
    written = os.fspath(output)
    target = Path(written)
    if written.endswith(("/", os.sep)) or target.is_dir():
        example = target / source.with_suffix(".html").name
        raise ExportError(f"{written} is a folder: name the page to write, such as {example}")
    return target


def write_page(target: Path, html: str) -> None:
    """Write the page atomically, making its folder if needed; a failure is an ``ExportError``
    saying why."""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(target, html)
    except OSError as error:
        raise ExportError(f"cannot write {target}: {error.strerror or error}") from None


def read_notebook(path: Path) -> Any:
    """The notebook at ``path``, refused with a message when it is missing or not a notebook."""
    if not path.exists():
        raise ExportError(f"{path}: no such notebook")
    if not path.is_file():
        raise ExportError(f"{path} is not a file")
    try:
        page = nbformat.read(path, as_version=4)
        nbformat.validate(page)
    except (NotJSONError, UnicodeDecodeError):
        raise ExportError(f"{path} is not a Jupyter notebook: it is not JSON text") from None
    except nbformat.ValidationError as error:
        raise ExportError(f"{path} is not a valid Jupyter notebook: {error.message}") from None
    except (AttributeError, KeyError, TypeError):
        raise ExportError(
            f"{path} is not a Jupyter notebook: its JSON does not have a notebook's shape"
        ) from None
    return page


def run_notebook(page: Any, path: Path, timeout: int) -> None:
    """Runs every cell in a fresh kernel from the notebook's folder, keeping the widget state;
    the kernel writes nothing to the game store (see the module's docstring)."""
    kernel = page.metadata.get("kernelspec", {}).get("name", "python3")
    client = NotebookClient(
        page,
        timeout=timeout,
        kernel_name=kernel,
        resources={"metadata": {"path": str(path.resolve().parent)}},
        store_widget_state=True,
    )
    try:
        client.execute(env={**os.environ, AUTOSAVE_VARIABLE: "0"})
    except NoSuchKernel:
        raise ExportError(f"{path} asks for the kernel {kernel!r}, which is not here") from None
    except CellTimeoutError:
        raise ExportError(f"{path}: a cell ran longer than {timeout} s") from None
    except CellExecutionError as error:
        raise ExportError(f"{path}: a cell failed while the notebook ran:\n{error}") from None


def hide_seeds(page: Any) -> None:
    """Blanks the seed of every board in the saved widget state: a page shows a deal, not the
    number that deals it again. It is blanked as a board with ``show_seed=False`` sends it."""
    saved = page.metadata.get("widgets", {}).get(_STATE_TYPE, {}).get("state", {})
    for model in saved.values():
        state = model.get("state", {})
        if str(state.get("_anywidget_id", "")).startswith(_BOARD_IDS) and "seed" in state:
            state["seed"] = ""


def page_html(page: Any, title: str, theme: str = "light", folder: Path | None = None) -> str:
    """The executed notebook as HTML, with the widget host inlined and the images its markdown
    shows from ``folder`` (the notebook's own) embedded."""
    if not _HOST.is_file():
        raise ExportError(f"{_HOST} is missing: reinstall solitaire_widget (pip install .)")
    exporter = _SnapshotExporter(
        template_name="lab",
        template_file="solitaire_snapshot.html.j2",
        extra_loaders=[DictLoader({"solitaire_snapshot.html.j2": _TEMPLATE})],
        embed_images=True,
        theme=theme,
    )
    # An inline script ends at the first "</script", wherever it is; "<\/" means the same in JS.
    host = _HOST.read_text().replace("</script", "<\\/script")
    html, _ = exporter.from_notebook_node(
        page,
        resources={
            "widget_host": host,
            "metadata": {"name": title, "path": str(folder or Path.cwd())},
        },
    )
    return html


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m solitaire_widget.export",
        description="Run a notebook and write it as one HTML file whose boards show offline.",
    )
    parser.add_argument("notebook", type=Path, help="the .ipynb file to run and export")
    # Text, not a Path: a Path drops the "/" that says the name is a folder's.
    parser.add_argument("-o", "--output", help="the page to write (default: NAME.html)")
    parser.add_argument(
        "--timeout", type=int, default=600, help="seconds each cell may run (default 600)"
    )
    parser.add_argument(
        "--theme", choices=["light", "dark"], default="light", help="JupyterLab's light or dark"
    )
    args = parser.parse_args(argv)
    try:
        written = export_page(args.notebook, args.output, timeout=args.timeout, theme=args.theme)
    except ExportError as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    print(f"wrote {written} ({written.stat().st_size // 1024} KB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
