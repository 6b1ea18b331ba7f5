"""A learner does an exercise of learn_klondike.ipynb by clicking on its board in JupyterLab."""

from __future__ import annotations

from playwright.sync_api import Locator, expect

from .harness import REPO, KernelError, LabPage

LEARN_KLONDIKE = REPO / "notebooks" / "learn_klondike.ipynb"

# Runs notebook cells the way a learner does: every cell above one, or that one alone, found by its
# cell id. Lab's own commands do the running; the cell's outputs come back as JSON. Each cell's
# element gets a data-cell-id so the test can find a cell's board.
_RUN_CELLS = """
async ([path, id, command, ms]) => {
  const e2e = window.__e2e;
  const app = window.jupyterapp;
  const panel = e2e.panel(path);
  const notebook = panel.content;
  for (const cell of notebook.widgets) cell.node.dataset.cellId = cell.model.id;
  const index = notebook.widgets.findIndex((cell) => cell.model.id === id);
  if (index < 0) throw new Error(`no cell with id ${id} in ${path}`);
  app.shell.activateById(panel.id);
  notebook.activeCellIndex = index;
  await e2e.within(app.commands.execute(command), ms, `${command} at ${id}`);
  await e2e.poll(() => e2e.kernel(path)?.status === "idle", ms, `the kernel of ${path} to be idle`);
  const errors = e2e.errors(path);
  if (errors.length) return { errors, outputs: [] };
  return { errors, outputs: notebook.widgets[index].model.outputs.toJSON() };
}
"""


def run_cells(lab: LabPage, cell_id: str, command: str) -> list[dict]:
    """Runs notebook:run-all-above or notebook:run-cell at the cell with that id."""
    answer = lab.page.evaluate(_RUN_CELLS, [lab.path, cell_id, command, int(lab.timeout * 1000)])
    if answer["errors"]:
        raise KernelError("\n\n".join(answer["errors"]))
    return answer["outputs"]


def cell(lab: LabPage, cell_id: str) -> Locator:
    return lab.page.locator(f'.jp-Cell[data-cell-id="{cell_id}"]')


def test_the_queen_exercise_done_by_clicks_is_checked_right(lab: LabPage) -> None:
    lab.open(lab.copy(LEARN_KLONDIKE))
    run_cells(lab, "turn_up-check", "notebook:run-all-above")
    board = cell(lab, "turn_up-exercise").locator(".solitaire-widget")
    queen = board.locator('[data-pile="t2"] [data-card="QD"]')
    expect(board.locator('[data-pile="t2"] [aria-label="face-down card"]')).to_have_count(2)

    queen.click()
    board.locator('[data-pile="t1"] [data-card="KS"]').click()

    expect(board.locator('[data-pile="t1"] [data-card="QD"]')).to_be_visible()
    expect(board.locator('[data-pile="t2"] [data-card="2H"]')).to_be_visible()
    expect(board.locator('[data-pile="t2"] [aria-label="face-down card"]')).to_have_count(1)
    assert lab.evaluate("[str(move) for move in turn_up_exercise.game.history]") == ["t2-t1"]

    (verdict,) = run_cells(lab, "turn_up-check", "notebook:run-cell")
    assert verdict["data"]["text/markdown"].startswith("✅ Right! The red Queen goes on")
    expect(cell(lab, "turn_up-check")).to_contain_text("Right!")
    assert lab.evaluate("turn_up_exercise.game.moves") == 1
