// Asking before a game in progress is given up. New game and Restart end the game on the board,
// and a game left unfinished counts as a loss in the player's statistics, so a click must not
// throw a game away by accident: while the game has moves and is neither won nor lost, the board
// asks first, inline under the bar (a dialog over the notebook would be out of place in an
// output cell). Escape, or "Keep playing", keeps the game; calls from Python never ask.

import { make } from "./dom.js";

const QUESTIONS = {
  new_game: ["Start a new game? This one counts as a loss.", "New game"],
  restart: ["Restart this deal? This attempt counts as a loss.", "Restart"],
};

let confirms = 0;

export function createConfirm(state) {
  const node = make("div", "sw-confirm");
  node.hidden = true;
  node.setAttribute("role", "group");
  const question = make("span", "sw-confirm-text");
  question.id = `sw-confirm-${(confirms += 1)}`;
  node.setAttribute("aria-labelledby", question.id);
  const yes = make("button", "sw-button sw-confirm-yes");
  const no = make("button", "sw-button sw-confirm-no", "Keep playing");
  yes.type = "button";
  no.type = "button";
  node.append(question, yes, no);
  let pending = null; // {go, from}: what "yes" does, and the element to give the focus back to

  /** A game the player would lose by leaving it: moves made (or undone), neither won nor lost. */
  function inProgress() {
    const b = state.board;
    return Boolean(b) && state.model.get("status") === "playing" && (b.canUndo || b.canRedo);
  }

  function close(refocus) {
    if (!pending) return;
    const { from } = pending;
    pending = null;
    node.hidden = true;
    if (!refocus) return;
    if (from?.isConnected && !from.disabled && !from.closest("[hidden]")) from.focus();
    else state.root.focus();
  }

  yes.addEventListener("click", () => {
    const { go } = pending ?? {};
    close(true);
    go?.();
  });
  no.addEventListener("click", () => close(true));

  return {
    node,
    /** Runs go at once when no game would be lost, else asks first ("new_game" or "restart"). */
    ask(kind, go) {
      if (!inProgress()) {
        go();
        return;
      }
      const [text, action] = QUESTIONS[kind];
      question.textContent = text;
      yes.textContent = action;
      pending = { go, from: state.root.ownerDocument.activeElement };
      node.hidden = false;
      // The safe answer has the focus: a key pressed twice keeps the game.
      no.focus();
    },
    /** Escape keeps playing; true when there was a question to close. */
    escape() {
      if (!pending) return false;
      close(true);
      return true;
    },
    /** After a redraw: a game that ended meanwhile (won, lost, dealt from Python) is no
     * longer at stake, and a board that stopped can no longer deal. */
    refresh() {
      if (pending && (!inProgress() || !state.live)) close(node.contains(state.root.ownerDocument.activeElement));
    },
  };
}
