// The board in the page. Python is the judge: the page draws the traits it is sent, turns clicks,
// drags and keys into requests (model.send), and never decides whether a move is legal. What it
// knows of the rules is the list of legal moves Python sends, used to mark piles and to choose
// among them for a smart click.
//
// The modules, one concern each, share one state object (state.js):
//   draw.js, layout.js, cards.js   the piles, their sizes and the card faces
//   marks.js                       held group, legal targets, hint
//   animate.js                     cards gliding to their new places
//   queue.js, actions.js           every click, drop and key counts, in order
//   input.js, keys.js              pointer and keyboard
//   bar.js, menu.js, clock.js      buttons, options menu, clock, message, progress, banner
//   confirm.js                     the question before a game in progress is given up
//   kernel.js, notebook.js         the board stops when its kernel goes; the notebook around it

import { createActions } from "./actions.js";
import { glide, notePositions } from "./animate.js";
import { createBar } from "./bar.js";
import { buildPiles, changedPiles, fillPiles, measure } from "./draw.js";
import { make } from "./dom.js";
import { createPointer } from "./input.js";
import { goneNote, watchKernel } from "./kernel.js";
import { createKeys } from "./keys.js";
import { applyMarks, findGroup } from "./marks.js";
import { createQueue } from "./queue.js";
import { ANSWERS, createState, flag, readBoard, readReview, TRAITS } from "./state.js";
import "./widget.css";

// What the notebook around the board takes from the window's height (JupyterLab's menus, tabs,
// toolbar and status bar), so a tall pile's board still fits on the screen with them.
const NOTEBOOK_CHROME = 150;

function render({ model, el }) {
  const state = createState(model);
  const root = make("div", "solitaire-widget");
  // The root takes focus when the felt is clicked, so keys pressed then stay on the board too.
  root.tabIndex = -1;
  const top = make("div", "sw-row sw-top");
  const tableau = make("div", "sw-row sw-tableau");
  const table = make("div", "sw-table");
  const spoken = make("div", "sw-spoken");
  spoken.setAttribute("aria-live", "polite");
  Object.assign(state, { root, table, tableauRow: tableau, spoken });

  const queue = createQueue(state, () => scheduled && update(), () => stop("stopped"));
  const actions = createActions(state, queue, () => settleDrag());
  const bar = createBar(state, actions);
  const { nodes } = bar;
  table.append(top, tableau, nodes.banner);
  // The piles come first, so Tab reaches them before the buttons; CSS shows the bar above them.
  root.append(table, nodes.bar, nodes.confirm, nodes.panels, nodes.snapshot, nodes.busy, nodes.line, spoken);
  root.classList.toggle("sw-inactive", !state.live);
  el.append(root);

  let scheduled = false;
  let shownVersion = null;
  const motion = window.matchMedia?.("(prefers-reduced-motion: reduce)");
  const animate = () => !motion?.matches;

  /** Lets go of a dragged group: the ghost goes and the cards glide back from where it was. */
  function settleDrag() {
    const drag = state.drag;
    if (!drag) return;
    const before = animate() ? notePositions(state, [drag.pile]) : null;
    drag.ghost.remove();
    state.drag = null;
    applyMarks(state);
    if (before) glide(state, before, [drag.pile]);
  }

  function update() {
    scheduled = false;
    if (!state.alive) return;
    const live = readBoard(model);
    if (!live) return;
    // In review mode the piles show the reviewed position; the live game waits, untouched.
    const review = readReview(model);
    const b = review ? review.board : live;
    const newVersion = b.version !== shownVersion;
    if (b.kind !== state.kind) {
      buildPiles(state, b.kind, top, tableau);
      root.dataset.kind = b.kind;
    }
    state.board = live;
    state.review = review;
    state.shown = b;
    state.legal = b.legal;
    root.classList.toggle("sw-reviewing", Boolean(review));
    const changed = changedPiles(state, b);
    const before = shownVersion !== null && animate() && changed.length ? notePositions(state, changed) : null;
    if (changed.length) fillPiles(state, b, changed);
    if (state.drag && review) settleDrag();
    if (state.drag) {
      // A dropped group's ghost goes once its move is answered; a group still held follows
      // its card to wherever the new board has it, or is let go when the card is gone.
      const still = findGroup(state, state.drag.card);
      if (state.drag.dropped && newVersion) {
        state.drag.ghost.remove();
        state.drag = null;
      } else if (!still) settleDrag();
      else Object.assign(state.drag, { pile: still.pile, n: still.n });
    }
    if (newVersion || review) {
      state.press = null;
      state.picked = null;
    }
    shownVersion = b.version;
    root.classList.toggle("sw-four", flag(model, "four_colour", false));
    bar.update(live, review);
    applyMarks(state);
    if (before) glide(state, before, changed);
  }

  /** The kernel has gone: the board turns inactive for good and says what brings it back. */
  function stop(how) {
    if (!state.live || !state.alive) return;
    state.live = false;
    queue.dispose();
    settleDrag();
    state.press = null;
    state.picked = null;
    root.classList.add("sw-inactive");
    bar.stop(goneNote(how, root));
    update();
  }

  /** A message from Python: the app's game picker asks for a new game as the board's own
   * New game would, with the question first when a game is in progress. A null inside a message
   * may arrive missing (JupyterLite's kernel drops it), so a missing scoring is no scoring. */
  function onMessage(message) {
    if (message?.type !== "ask_new_game" || typeof message.options !== "object" || !message.options) return;
    const { game, draw, scoring = null, winnable } = message.options;
    const options = { game, draw, scoring, winnable };
    bar.confirm.ask("new_game", () => actions.request("new_game", { options }));
  }

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => scheduled && update());
  }

  function onBusy() {
    schedule();
    queue.resume();
  }

  function resize() {
    // What is not the tableau: the bar, the strips and the message line above and below it.
    const around = nodes.bar.offsetHeight + nodes.line.offsetHeight + NOTEBOOK_CHROME;
    state.around = around;
    measure(state, root, root.clientWidth, window.innerHeight);
  }

  const onKey = createKeys(state, actions, settleDrag, bar);
  const keyEvents = ["keydown", "keyup", "keypress"];
  for (const type of keyEvents) window.addEventListener(type, onKey, true);
  const listeners = createPointer(state, actions);
  for (const [type, fn] of listeners) root.addEventListener(type, fn);
  for (const name of TRAITS) model.on(`change:${name}`, name === "_busy" ? onBusy : schedule);
  model.on("change:_clock", bar.clock.read);
  for (const name of ANSWERS) model.on(`change:${name}`, queue.heard);
  model.on("msg:custom", onMessage);
  const unwatch = state.live ? watchKernel(model, stop) : () => {};
  const sizes = new ResizeObserver(resize);
  sizes.observe(root);
  window.addEventListener("resize", resize);
  update();
  resize();
  bar.clock.read();

  return () => {
    state.alive = false;
    queue.dispose();
    bar.dispose();
    unwatch();
    model.off("msg:custom", onMessage);
    sizes.disconnect();
    window.removeEventListener("resize", resize);
    for (const type of keyEvents) window.removeEventListener(type, onKey, true);
    for (const [type, fn] of listeners) root.removeEventListener(type, fn);
    for (const name of TRAITS) model.off(`change:${name}`, name === "_busy" ? onBusy : schedule);
    model.off("change:_clock", bar.clock.read);
    for (const name of ANSWERS) model.off(`change:${name}`, queue.heard);
    root.remove();
  };
}

export default { render };
