// The notebook around the board, read from the page as JupyterLab draws it. A notebook that runs
// its cells (JupyterLab, Notebook 7, JupyterLite) marks its element with `data-jp-code-runner`,
// the mark its own Shift+Enter looks for; Voilà's page draws the same cells but runs none.

const CODE_RUNNER = "[data-jp-code-runner]";

/** Whether the board is shown in a notebook whose cells the player can run. */
export function inRunningNotebook(root) {
  return Boolean(root.closest(CODE_RUNNER));
}

/** Gives the focus to the notebook cell after the one whose output holds the board, which
 * makes it the notebook's active cell; false when there is none (no notebook that runs cells
 * around the board, or the board's cell is the last). */
export function focusNextCell(root) {
  let cell = root.closest(`${CODE_RUNNER} .jp-Cell`)?.nextElementSibling;
  while (cell && !cell.classList.contains("jp-Cell")) cell = cell.nextElementSibling;
  cell?.focus({ preventScroll: true });
  return Boolean(cell?.contains(root.ownerDocument.activeElement));
}
