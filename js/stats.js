// The Stats panel: the figures of `sw.stats()` for this board's variant and every other one
// played. It asks Python (a `stats` request) when it opens and again when the game's status or
// variant changes while it is open, and draws the `_stats` trait. Eleven columns do not fit a
// narrow board, so this board's variant is a list of figures, each with its value, and the other
// variants a compact table that scrolls sideways, its first column kept in view.

import { make } from "./dom.js";
import { readStats } from "./state.js";

let panels = 0;

export function createStats(state, actions, button) {
  const panel = make("section", "sw-panel sw-stats-panel");
  panel.id = `sw-stats-${(panels += 1)}`;
  panel.setAttribute("aria-label", "Statistics");
  panel.hidden = true;
  panel.tabIndex = -1;
  button.setAttribute("aria-expanded", "false");
  button.setAttribute("aria-controls", panel.id);
  let asked = null; // the status and variant the figures were last asked for

  function figures(columns, cells) {
    const list = make("dl", "sw-figures");
    columns.forEach((column, i) => {
      if (i === 0) return;
      const pair = make("div", "sw-figure");
      pair.append(make("dt", "", column), make("dd", "", cells[i]));
      list.append(pair);
    });
    return list;
  }

  function table(columns, rows) {
    const box = make("div", "sw-stats-scroll");
    box.tabIndex = 0; // a box that scrolls is reachable by keyboard
    box.setAttribute("role", "region");
    box.setAttribute("aria-label", "Other variants");
    const grid = make("table", "sw-stats-table");
    const head = make("tr");
    head.append(...columns.map((column) => Object.assign(make("th", "", column), { scope: "col" })));
    const body = make("tbody");
    for (const row of rows) {
      const line = make("tr");
      line.append(Object.assign(make("th", "", row.cells[0]), { scope: "row" }), ...row.cells.slice(1).map((cell) => make("td", "", cell)));
      body.append(line);
    }
    const thead = make("thead");
    thead.append(head);
    grid.append(thead, body);
    box.append(grid);
    return box;
  }

  function draw() {
    const stats = readStats(state.model);
    const parts = [];
    if (!stats) {
      parts.push(make("p", "sw-panel-note", "Counting..."));
    } else {
      if (stats.notice) parts.push(make("p", "sw-panel-note sw-stats-notice", stats.notice));
      const own = stats.rows.find((row) => row.own);
      const others = stats.rows.filter((row) => !row.own);
      if (own) {
        parts.push(make("h3", "sw-panel-heading", own.cells[0]), figures(stats.columns, own.cells));
      }
      if (others.length) parts.push(make("h3", "sw-panel-heading", "Other variants"), table(stats.columns, others));
    }
    const focused = panel.contains(panel.ownerDocument.activeElement);
    panel.replaceChildren(make("h2", "sw-panel-title", "Statistics"), ...parts);
    if (focused) panel.focus();
  }

  function ask() {
    asked = `${state.model.get("status")}|${state.board?.label}`;
    actions.read("stats");
  }

  function open() {
    panel.hidden = false;
    button.setAttribute("aria-expanded", "true");
    draw();
    ask();
  }

  function close(refocus) {
    if (panel.hidden) return false;
    panel.hidden = true;
    button.setAttribute("aria-expanded", "false");
    if (refocus) button.focus();
    return true;
  }

  button.addEventListener("click", () => (panel.hidden ? open() : close(false)));
  state.model.on("change:_stats", draw);

  return {
    node: panel,
    /** Escape: closes the panel when it is open (true), else leaves the key to others. */
    escape: () => close(true),
    /** After each redraw: a game that was won, lost or switched is counted again. */
    refresh() {
      if (!panel.hidden && asked !== `${state.model.get("status")}|${state.board?.label}`) ask();
    },
    dispose() {
      state.model.off("change:_stats", draw);
    },
  };
}
