// Every action the player takes counts, in order. A click, a key or a drop becomes an action in
// this queue; an action runs when the requests before it have been answered, and it reads the
// board as it is then (a queued click is interpreted against the board its turn sees). An action
// that sends a request holds the queue until the kernel has handled it, so each request carries
// the version the previous answer produced instead of being refused as stale.
//
// The answer is the first trait update that can answer a request (`_board`, `_message`, `_hint`,
// a setting): Python sends one update per request, after any `_busy` notice. A request that
// changes nothing (a setting set to what it was) is answered by the kernel's idle status for its
// comm message (ipywidgets calls callbacks.iopub.status), which comes after the update; waiting
// for idle alone would add the kernel websocket's delay (Nagle's algorithm, tens of ms) to every
// quick click. While Python reports `_busy` the queue waits; a lost answer releases it after a
// while. A request that cannot even be sent (the kernel's connection to the board is closed)
// tells the board it has lost its kernel.

import { readBusy } from "./state.js";

const ANSWER_TIMEOUT_MS = 15000;

export function createQueue(state, refresh, lost) {
  const actions = [];
  let waiting = null; // the request in flight: {timer}
  let pumping = false;

  function release(request) {
    if (waiting !== request) return;
    clearTimeout(request.timer);
    waiting = null;
    request.answered?.();
    pump();
  }

  function armTimeout(request) {
    clearTimeout(request.timer);
    request.timer = setTimeout(() => {
      if (readBusy(state.model)) armTimeout(request);
      else release(request);
    }, ANSWER_TIMEOUT_MS);
  }

  /** Sends a request made on the board as it is now; the queue waits for its answer, then calls
   * answered (when given), once the answer is drawn or given up on. */
  function send(type, extra, answered) {
    if (!state.live || !state.board) return;
    const request = { timer: 0, answered };
    const status = (msg) => {
      if (msg?.content?.execution_state === "idle") setTimeout(() => release(request));
    };
    waiting = request;
    armTimeout(request);
    try {
      state.model.send({ type, version: state.board.version, ...extra }, { iopub: { status } });
    } catch {
      release(request);
      lost();
    }
  }

  function pump() {
    if (pumping) return;
    pumping = true;
    try {
      while (!waiting && actions.length && state.alive && !readBusy(state.model)) {
        refresh();
        actions.shift()();
      }
    } finally {
      pumping = false;
    }
  }

  return {
    send,
    /** Queues an action (a function run on its turn); runs it at once when nothing waits. */
    push(action) {
      if (!state.live) return;
      actions.push(action);
      pump();
    },
    /** Called when `_busy` clears: the queue goes on. */
    resume: pump,
    /** Called on a change of a trait that answers requests: the request in flight is answered
     * (once the change has been drawn: the release waits a microtask). */
    heard() {
      const request = waiting;
      if (request) queueMicrotask(() => release(request));
    },
    dispose() {
      if (waiting) clearTimeout(waiting.timer);
      actions.length = 0;
    },
  };
}
