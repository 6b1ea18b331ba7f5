// The keyboard. While the board has focus it owns every key but Tab and Shift+Tab, Ctrl/Cmd+S
// (the notebook's save) and Shift+Enter (the notebook's "run this cell and go on").
// JupyterLab 4 takes its shortcuts from keydown events bubbling up to the document, but Notebook 7
// starts lumino's application without `bubblingKeydown`, so there lumino listens to the document
// in the capture phase, before any listener on the board could stop the key; other parts
// (completer, tooltip, drag handles) listen in the capture phase too. So the board listens on the
// window in the capture phase, the first listener of all: a key whose target is inside the board
// is handled here and goes no further. That keeps "a", "d d", "x", "m", Ctrl+Enter and the rest
// away from the notebook in JupyterLab, Notebook 7 and Voilà alike.
//
// Shift+Enter is the notebook's, but for the cell after the board's: a lesson says "make your
// move, then Shift+Enter", and the cell it means is the next one, never the board's own (running
// that again would deal a new board). The cell after the board's output is made the notebook's
// active cell, and the key goes on to the notebook, which runs it and moves on, as from any cell.
// Where no cell comes after the board's, or nothing runs cells (Voilà), the key does nothing.

import { focusNextCell } from "./notebook.js";

const MOD_Z = (e) => (e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === "z";
const MOD_S = (e) => (e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === "s";
const SHIFT_ENTER = (e) => e.key === "Enter" && e.shiftKey && !(e.ctrlKey || e.metaKey || e.altKey);

export function createKeys(state, actions, cancelDrag, bar) {
  function focusPile(id) {
    state.piles.get(id)?.focus();
  }

  function neighbour(id, key, topRow) {
    const order = [...state.piles.keys()];
    const inTop = id[0] !== "t";
    const column = inTop ? topRow.indexOf(id) : Number(id.slice(1)) - 1;
    if (key === "ArrowLeft" || key === "ArrowRight") {
      const i = order.indexOf(id) + (key === "ArrowLeft" ? -1 : 1);
      return order[(i + order.length) % order.length];
    }
    if (key === "ArrowDown" && inTop) return `t${column + 1}`;
    if (key === "ArrowUp" && !inTop) {
      for (let d = 0; d < topRow.length; d += 1) {
        if (topRow[column - d]) return topRow[column - d];
        if (topRow[column + d]) return topRow[column + d];
      }
    }
    return null;
  }

  /** The board's own keys; returns true when the key meant something here. */
  function handle(e, topRow) {
    if (MOD_Z(e)) {
      actions.request(e.shiftKey ? "redo" : "undo");
      return true;
    }
    if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === "y") {
      actions.request("redo");
      return true;
    }
    if (e.ctrlKey || e.metaKey || e.altKey) return false;
    const id = e.target.closest?.("[data-pile]")?.dataset.pile;
    if (e.key === "Escape") {
      cancelDrag();
      actions.putBack();
      if (id) state.spoken.textContent = "Put back.";
      return true;
    }
    if (!id || !state.board || !state.live) return false;
    if (e.key === "f" || e.key === "F") {
      actions.sendHome(id);
      return true;
    }
    if ((e.key === "Enter" || e.key === " ") && !e.shiftKey) {
      if (id === "stock") actions.request("draw");
      else actions.enter(id);
      return true;
    }
    if (e.key.startsWith("Arrow")) {
      const vertical = e.key === "ArrowUp" || e.key === "ArrowDown";
      if (vertical && state.picked?.pile[0] === "t" && state.picked.pile === id) {
        actions.grow(e.key === "ArrowUp" ? 1 : -1);
        return true;
      }
      const next = neighbour(id, e.key, topRow);
      if (next) focusPile(next);
      return true;
    }
    return false;
  }

  /** The window's capture-phase listener for keydown, keyup and keypress. */
  function onKey(e) {
    if (!(e.target instanceof Node) || !state.root.contains(e.target)) return;
    const inMenu = e.target.closest?.("[role='menu']");
    if (inMenu && e.type === "keydown") bar.menuKeys(e);
    if (e.key === "Tab" && !e.ctrlKey && !e.metaKey && !e.altKey) return;
    if (MOD_S(e)) return;
    if (SHIFT_ENTER(e) && e.type === "keydown" && !inMenu && focusNextCell(state.root)) return;
    e.stopPropagation();
    if (inMenu || e.type !== "keydown") return;
    const plain = !(e.ctrlKey || e.metaKey || e.altKey || e.shiftKey);
    // Escape keeps playing when the board asks, else closes the Stats panel, else leaves review
    // mode, else drops a held group.
    if (e.key === "Escape" && plain && bar.escape()) {
      e.preventDefault();
      return;
    }
    const onButton = e.target.closest?.("button");
    // In review mode the game waits: only the review's keys mean something (a button keeps
    // its Enter and Space).
    if (state.review) {
      if (bar.reviewKeys(e)) e.preventDefault();
      else if (!onButton && (e.key === "Enter" || e.key === " ")) e.preventDefault();
      return;
    }
    // A button keeps its Enter and Space (they are its click); undo, redo and Escape work from
    // anywhere on the board.
    if (onButton && !(e.ctrlKey || e.metaKey || e.key === "Escape")) return;
    if (handle(e, state.layout?.top ?? [])) e.preventDefault();
    // Enter and Space with a modifier would scroll or activate something; here they mean nothing.
    else if (!onButton && (e.key === "Enter" || e.key === " ")) e.preventDefault();
  }

  return onKey;
}
