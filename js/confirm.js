// The question asked before a game in progress is given up ("Start a new game? This one counts
// as a loss.", New game or Keep playing), inline under the controls that asked it. One shape for
// every control that deals anew: the Voilà app's game picker, and the board's own New game,
// Restart and Options menu. Styled in controls.css. Escape, or "Keep playing", keeps the game.

import { make } from "./dom.js";

export const QUESTION = "Start a new game? This one counts as a loss.";

// The question is named by its words through an id. The board and the app's picker are bundled
// apart, each with its own count, and share a page in the Voilà app: a tag drawn per bundle
// keeps their ids apart, so each question keeps its own name.
const TAG = Math.random().toString(36).slice(2, 8);
let asked = 0;

/**
 * The question's element (hidden until asked) and how to ask it: `ask(onYes, from, words)` shows
 * it with the focus on the safe answer, and calls `onYes` once the player says yes; the focus goes
 * back to `from` (the control that asked) when it closes, or else to the nearest focusable
 * ancestor. `words` are the question and its yes ("New game" unless said, as Restart says). `close(refocus)` takes the
 * question away unanswered (the game ended meanwhile); `isOpen()` says whether it is shown.
 */
export function confirmation() {
  const el = make("div", "sw-confirm");
  el.hidden = true;
  el.setAttribute("role", "group");
  const question = make("span", "sw-confirm-text");
  question.id = `sw-confirm-question-${TAG}-${(asked += 1)}`;
  el.setAttribute("aria-labelledby", question.id);
  const yes = make("button", "sw-button sw-confirm-yes");
  const no = make("button", "sw-button sw-confirm-no", "Keep playing");
  yes.type = "button";
  no.type = "button";
  el.append(question, yes, no);

  let pending = null; // {onYes, from}: what a "New game" does, and the control to refocus

  function onKey(e) {
    // The board stops the keys it handles itself (Escape puts back a picked-up card).
    if (e.key !== "Escape" || e.defaultPrevented) return;
    e.preventDefault();
    close(true);
  }

  function ask(onYes, from, [text, action] = [QUESTION, "New game"]) {
    question.textContent = text;
    yes.textContent = action;
    pending = { onYes, from: from ?? el.ownerDocument.activeElement };
    el.hidden = false;
    el.ownerDocument.addEventListener("keydown", onKey);
    // The safe answer has the focus: a key pressed twice keeps the game.
    no.focus();
  }

  function close(refocus) {
    if (!pending) return null;
    const { onYes, from } = pending;
    pending = null;
    el.hidden = true;
    el.ownerDocument.removeEventListener("keydown", onKey);
    if (!refocus) return onYes;
    if (from?.isConnected && !from.disabled && !from.closest("[hidden]")) from.focus();
    else el.parentElement?.closest("[tabindex]")?.focus();
    return onYes;
  }

  yes.addEventListener("click", () => close(true)?.());
  no.addEventListener("click", () => close(true));

  return { el, ask, close, isOpen: () => pending !== null };
}
