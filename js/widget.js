// The board in the page. Python is the judge: the page draws the traits it is sent, turns clicks,
// drags and keys into requests (model.send), and never decides whether a move is legal. What it
// knows of the rules is the list of legal moves Python sends, used to mark piles and to choose
// among them for a smart click.
//
// The modules, one concern each, share one state object (state.js):
//   draw.js, layout.js, cards.js   the piles, their sizes and the card faces
//   marks.js                       held group, legal targets, hint
//   animate.js                     cards gliding to their new places
//   steps.js                       an action's cards going home one after another
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
import { createPlayback, playback as playbackOf } from "./steps.js";
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
  Object.assign(state, { root, table, topRow: top, tableauRow: tableau, spoken });

  // Every action of the player's first completes a playback of cards going home (steps.js).
  const playback = createPlayback(drawBoard, () => schedule());
  const queue = createQueue(
    state,
    () => {
      playback.finish();
      if (scheduled) update();
    },
    () => stop("stopped"),
  );
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

  /** Draws a board's changed piles, its cards gliding from where they were (with `moving`). */
  function drawBoard(board, moving) {
    const changed = changedPiles(state, board);
    const before = moving && animate() && changed.length ? notePositions(state, changed) : null;
    if (changed.length) fillPiles(state, board, changed);
    state.shown = board;
    applyMarks(state);
    if (before) glide(state, before, changed);
  }

  function update() {
    scheduled = false;
    if (!state.alive) return;
    const live = readBoard(model);
    if (!live) return;
    // In review mode the piles show the reviewed position; the live game waits, untouched.
    const review = readReview(model);
    let b = review ? review.board : live;
    if (playback.running && (review || b.version !== playback.version)) playback.finish();
    // A playback under way draws the piles itself; a new action's steps start one.
    let boards = null;
    if (playback.running) b = state.shown;
    else if (!review && shownVersion !== null && animate()) {
      boards = playbackOf(state.shown, b);
      if (boards) b = boards[0];
    }
    const newVersion = b.version !== shownVersion;
    if (b.layout.key !== state.layout?.key) {
      buildPiles(state, b.layout, top, tableau);
      resize();
    }
    root.dataset.kind = b.kind;
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
      const still = findGroup(state, state.drag.card, state.drag.pile, state.drag.n);
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
    bar.update(live, review, playback.running || Boolean(boards));
    applyMarks(state);
    if (before) glide(state, before, changed);
    if (boards) playback.start(boards);
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
    // What is not the tableau: the bar, the strips and the message line above and below it, and
    // the room under the top row for its piles' labels.
    const labels = top.classList.contains("sw-labelled") ? parseFloat(getComputedStyle(top).paddingBottom) || 0 : 0;
    const around = nodes.bar.offsetHeight + nodes.line.offsetHeight + labels + NOTEBOOK_CHROME;
    state.around = around;
    measure(state, root, root.clientWidth, window.innerHeight);
  }

  const onKey = createKeys(state, actions, settleDrag, bar);
  const keyEvents = ["keydown", "keyup", "keypress"];
  for (const type of keyEvents) window.addEventListener(type, onKey, true);
  // A press anywhere on the board completes a playback, even one that asks for nothing. It then
  // acts on the board Python holds; a press on a card the playback has just moved on does
  // nothing else (its click is let go).
  let letGo = false;
  function pressDuringPlayback(e) {
    letGo = false;
    if (!playback.running) return;
    playback.finish();
    const press = state.press;
    const group = press && e.target.isConnected ? findGroup(state, press.card, press.pile, press.n) : null;
    if (group) Object.assign(state.press, { pile: group.pile, n: group.n });
    else state.press = null;
    letGo = !e.target.isConnected;
  }
  function clickAfterPlayback(e) {
    if (!letGo) return;
    letGo = false;
    e.stopPropagation();
  }
  const listeners = [...createPointer(state, actions), ["pointerdown", pressDuringPlayback]];
  for (const [type, fn] of listeners) root.addEventListener(type, fn);
  root.addEventListener("click", clickAfterPlayback, true);
  for (const name of TRAITS) model.on(`change:${name}`, name === "_busy" ? onBusy : schedule);
  model.on("change:_clock", bar.clock.read);
  for (const name of ANSWERS) model.on(`change:${name}`, queue.heard);
  const unwatch = state.live ? watchKernel(model, stop) : () => {};
  const sizes = new ResizeObserver(resize);
  sizes.observe(root);
  window.addEventListener("resize", resize);
  update();
  resize();
  bar.clock.read();

  return () => {
    state.alive = false;
    playback.finish();
    queue.dispose();
    bar.dispose();
    unwatch();
    sizes.disconnect();
    window.removeEventListener("resize", resize);
    for (const type of keyEvents) window.removeEventListener(type, onKey, true);
    for (const [type, fn] of listeners) root.removeEventListener(type, fn);
    root.removeEventListener("click", clickAfterPlayback, true);
    for (const name of TRAITS) model.off(`change:${name}`, name === "_busy" ? onBusy : schedule);
    model.off("change:_clock", bar.clock.read);
    for (const name of ANSWERS) model.off(`change:${name}`, queue.heard);
    root.remove();
  };
}

export default { render };
