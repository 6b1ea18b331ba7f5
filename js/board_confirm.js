// The board's own question before a game in progress is given up. New game and Restart end the
// game on the board, and a game left unfinished counts as a loss in the player's statistics, so
// a click must not throw a game away by accident: while the game has moves and is neither won
// nor lost, the board asks first, inline under the bar, in the shape every control that deals
// anew shares (confirm.js). Escape, or "Keep playing", keeps the game; calls from Python never
// ask.

import { confirmation, QUESTION } from "./confirm.js";

const WORDS = {
  new_game: [QUESTION, "New game"],
  restart: ["Restart this deal? This attempt counts as a loss.", "Restart"],
};

export function createConfirm(state) {
  const question = confirmation();

  /** A game the player would lose by leaving it: moves made (or undone), neither won nor lost. */
  function inProgress() {
    const b = state.board;
    return Boolean(b) && state.model.get("status") === "playing" && (b.canUndo || b.canRedo);
  }

  return {
    node: question.el,
    /** Runs go at once when no game would be lost, else asks first ("new_game" or "restart"). */
    ask(kind, go) {
      if (inProgress()) question.ask(go, null, WORDS[kind]);
      else go();
    },
    /** Escape keeps playing; true when there was a question to close. */
    escape() {
      if (!question.isOpen()) return false;
      question.close(true);
      return true;
    },
    /** After a redraw: a game that ended meanwhile (won, lost, dealt from Python) is no
     * longer at stake, and a board that stopped can no longer deal. */
    refresh() {
      if (question.isOpen() && (!inProgress() || !state.live)) {
        question.close(question.el.contains(state.root.ownerDocument.activeElement));
      }
    },
  };
}
