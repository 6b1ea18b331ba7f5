// Everything around the piles: the buttons (the `controls` Python asks for), the variant's name
// and badges, score, moves, clock and status, the message line, the progress strip while the
// kernel is busy, the won/lost banner, the question before a game in progress is given up, and
// the note an inactive board shows (a snapshot page, a kernel gone).

import { createClock, duration } from "./clock.js";
import { createConfirm } from "./board_confirm.js";
import { make } from "./dom.js";
import { createMenu } from "./menu.js";
import { createReview } from "./review.js";
import { createStats } from "./stats.js";
import { CONTROLS, readBusy, readControls, readMessage, readScore } from "./state.js";

const BUTTON_NAMES = {
  new_game: "New game",
  restart: "Restart",
  undo: "Undo",
  redo: "Redo",
  hint: "Hint",
  finish: "Finish",
  review: "Review",
  stats: "Stats",
  options: "Options",
};
// The controls that open something of their own rather than send their name as a request.
const OPENERS = ["review", "stats", "options"];
// The controls that end the game in progress, and so ask first (confirm.js).
const ASKS = ["new_game", "restart"];
const STATUS_TEXT = { playing: "Playing", won: "Won", lost: "Lost" };
const SNAPSHOT_NOTE = "A snapshot: open the notebook to play.";
// Work the kernel finishes sooner than this shows no strip at all, rather than a flash.
const BUSY_SHOWS_AFTER_MS = 300;

/** "1 move", "87 moves". */
function counted(n, thing) {
  return `${n} ${thing}${n === 1 ? "" : "s"}`;
}

/** A win's figures as the banner says them: "1:23 · 87 moves · 640 points". */
function winFigures(win) {
  const parts = win.seconds === null ? [] : [duration(win.seconds * 1000)];
  parts.push(counted(win.moves, "move"));
  if (win.score !== null) parts.push(counted(win.score, "point"));
  return parts.join(" · ");
}

/** Changes a text only when it differs, so a redraw touches only what changed. */
function setText(node, text) {
  if (node.textContent !== text) node.textContent = text;
}

function stat(label) {
  const node = make("span", "sw-stat");
  const value = make("b");
  node.append(make("span", "sw-stat-label", label), value);
  return [node, value];
}

/**
 * Builds the bar and the strips. `panels` is where boxes that open from the bar live (the Stats
 * panel, review mode's panel); a control that opens one adds a button here and a box there.
 */
export function createBar(state, actions) {
  const { model } = state;
  const buttons = {};
  const buttonRow = make("div", "sw-buttons");
  const confirm = createConfirm(state);
  for (const type of CONTROLS) {
    const button = make("button", "sw-button", BUTTON_NAMES[type]);
    button.type = "button";
    button.dataset.control = type;
    if (ASKS.includes(type)) button.addEventListener("click", () => confirm.ask(type, () => actions.request(type)));
    else if (!OPENERS.includes(type)) button.addEventListener("click", () => actions.request(type));
    buttons[type] = button;
    buttonRow.append(button);
  }
  const menu = createMenu(state, actions, buttons.options, confirm);
  const statsPanel = createStats(state, actions, buttons.stats);
  const reviewPanel = createReview(state, actions, buttons.review);
  buttons.review.addEventListener("click", () => (state.review ? actions.read("review_leave") : reviewPanel.open()));
  const [scoreStat, scoreValue] = stat("Score");
  const [movesStat, movesValue] = stat("Moves");
  const [timeStat, timeValue] = stat("Time");
  const clock = createClock(state, timeStat, timeValue);
  const statusValue = make("span", "sw-status");
  const stats = make("div", "sw-stats");
  stats.append(scoreStat, movesStat, timeStat, statusValue);
  const label = make("span", "sw-label");
  const badges = make("span", "sw-badges");
  const title = make("div", "sw-title");
  title.append(label, badges);
  const bar = make("div", "sw-bar");
  bar.append(buttonRow, menu.node, title, stats);

  // The note of an inactive board: a snapshot's, or what to do when the kernel has gone.
  const snapshot = make("div", "sw-snapshot", SNAPSHOT_NOTE);
  snapshot.setAttribute("role", "status");
  snapshot.hidden = state.live;
  const busy = make("div", "sw-busy");
  busy.hidden = true;
  busy.setAttribute("role", "status");
  const busyText = make("span", "sw-busy-text");
  const busyTrack = make("span", "sw-busy-track");
  const busyFill = make("span", "sw-busy-fill");
  busyTrack.append(busyFill);
  busy.append(busyText, busyTrack);
  const line = make("div", "sw-line");
  line.setAttribute("role", "status");
  line.setAttribute("aria-live", "polite");
  const banner = make("div", "sw-banner");
  const panels = make("div", "sw-panels");
  panels.append(reviewPanel.node, statsPanel.node);
  let shownStatus = null;
  let shownMessage = null;
  let busyTimer = 0;
  let stopped = false; // the kernel went: the status says so from now on

  function updateButtons(b, status, controls) {
    for (const type of CONTROLS) buttons[type].hidden = !controls.has(type);
    // In review mode the live game waits: only the review itself and the statistics answer.
    const playing = !state.review;
    const enabled = {
      new_game: playing,
      restart: playing && b.canUndo,
      undo: playing && b.canUndo,
      redo: playing && b.canRedo,
      hint: playing && status === "playing",
      finish: playing && b.canFinish,
      review: true,
      stats: true,
      options: playing,
    };
    for (const type of CONTROLS) buttons[type].disabled = !state.live || !enabled[type];
  }

  /** The lost strip offers only what the player can still do on this board (PROTOCOL.md). */
  function lostAdvice(b, controls) {
    const ways = [];
    if (b.canUndo && controls.has("undo")) ways.push("undo some moves");
    if (b.canUndo && controls.has("restart")) ways.push("restart this deal");
    if (controls.has("new_game") || controls.has("options")) ways.push("start a new game");
    if (!ways.length) return "No move can make progress.";
    const last = ways.pop();
    const list = ways.length ? `${ways.join(", ")} or ${last}` : last;
    return `${list[0].toUpperCase()}${list.slice(1)}.`;
  }

  /** "Play again": a new game of the same kind (a winnable one on a board dealing those). */
  function playAgain() {
    const button = make("button", "sw-button sw-play-again", "Play again");
    button.type = "button";
    button.disabled = !state.live;
    button.addEventListener("click", () => actions.request("new_game"));
    return button;
  }

  /** The win: its figures sent by Python, the bests it beat, and Play again. */
  function winBanner(b, controls, justWon) {
    const win = b.win ?? { seconds: null, moves: model.get("moves") ?? 0, score: null, bests: [] };
    banner.append(make("strong", "", "You won!"), make("span", "sw-win-figures", winFigures(win)));
    if (win.bests.length) {
      const best = `New best ${win.bests.join(" and ")}!`;
      banner.append(make("span", "sw-win-best", best));
    }
    const again = controls.has("new_game") ? playAgain() : null;
    if (again) banner.append(again);
    for (let k = 0; k < 12; k += 1) {
      const spark = make("i", "sw-spark");
      spark.style.setProperty("--k", k);
      banner.append(spark);
    }
    // The player who has just won on the board (the focus is there, or went with the button it
    // pressed) can play again with Enter.
    const focus = state.root.ownerDocument.activeElement;
    const onBoard = state.root.contains(focus) || focus === state.root.ownerDocument.body;
    if (justWon && again && !again.disabled && onBoard) {
      again.focus({ preventScroll: true });
    }
  }

  function updateBanner(b, status, controls, settling) {
    // A won game's banner waits until its last card has landed.
    if (settling && status === "won" && shownStatus !== "won") return;
    const fresh = status !== shownStatus;
    if (status === "lost") {
      banner.replaceChildren(make("strong", "", "No way forward"), make("span", "", lostAdvice(b, controls)));
    } else if (fresh) {
      banner.replaceChildren();
      if (status === "won") winBanner(b, controls, shownStatus !== null);
    }
    if (fresh) {
      // A game already won when the view opens gets the banner without the fanfare.
      state.root.classList.toggle("sw-celebrate", status === "won" && shownStatus !== null);
      shownStatus = status;
    }
    state.root.classList.toggle("sw-lost", status === "lost");
  }

  /** The coach's warning: its own mark, the text, and an Undo that takes the move back. */
  function coachMessage(text, canUndo) {
    const mark = make("span", "sw-coach-mark", "Coach");
    const undo = make("button", "sw-button sw-coach-undo", "Undo");
    undo.type = "button";
    undo.disabled = !state.live || !canUndo || Boolean(state.review);
    undo.addEventListener("click", () => actions.request("undo"));
    return [mark, make("span", "sw-line-text", text), undo];
  }

  function updateMessage(b) {
    const message = readMessage(model);
    const fresh = message.id !== shownMessage && shownMessage !== null;
    const shown = `${message.id}|${message.kind}|${message.text}|${b.canUndo}|${Boolean(state.review)}|${state.live}`;
    if (line.dataset.shown !== shown) {
      line.dataset.shown = shown;
      const focused = line.contains(state.root.ownerDocument.activeElement);
      if (message.kind === "coach" && message.text) line.replaceChildren(...coachMessage(message.text, b.canUndo));
      else setText(line, message.text);
      // The coach's Undo, pressed, goes with its message: the focus stays on the board.
      if (focused) state.root.focus();
    }
    shownMessage = message.id;
    line.dataset.kind = message.kind;
    if (fresh && message.text) {
      line.classList.remove("sw-flash");
      void line.offsetWidth; // restart the flash when the same text comes twice
      line.classList.add("sw-flash");
    }
  }

  function updateBusy() {
    // A kernel gone while it worked never says it is done.
    const work = state.live ? readBusy(model) : null;
    state.root.classList.toggle("sw-working", Boolean(work));
    if (!work) {
      clearTimeout(busyTimer);
      busyTimer = 0;
      busy.hidden = true;
      return;
    }
    if (busy.hidden && !busyTimer) {
      busyTimer = setTimeout(() => {
        busy.hidden = !readBusy(model);
      }, BUSY_SHOWS_AFTER_MS);
    }
    busyText.textContent = work.text;
    busy.classList.toggle("sw-indeterminate", work.done === null);
    busyFill.style.width = work.done === null ? "" : `${Math.round(work.done * 100)}%`;
  }

  return {
    nodes: { bar, confirm: confirm.node, panels, busy, snapshot, line, banner },
    clock,
    confirm,
    menuKeys: menu.onKeyDown,
    /** Escape keeps playing when the board asks, else closes the Stats panel, else leaves
     * review mode; true when it did. */
    escape: () => confirm.escape() || statsPanel.escape() || reviewPanel.escape(),
    /** The board stops for good: the note says why and what to do, the clock stands still. */
    stop(note) {
      stopped = true;
      setText(statusValue, "Stopped");
      statusValue.dataset.status = "stopped";
      snapshot.textContent = note;
      snapshot.hidden = false;
      clock.freeze();
      menu.dispose();
    },
    reviewKeys: reviewPanel.onKey,
    /** Shows the live board `b`; `settling` while its cards are still going home. */
    update(b, review, settling = false) {
      const controls = readControls(model);
      const status = model.get("status");
      const score = readScore(model);
      scoreStat.hidden = score === null;
      setText(scoreValue, String(score ?? ""));
      setText(movesValue, String(model.get("moves") ?? 0));
      if (!stopped) {
        setText(statusValue, STATUS_TEXT[status] || "");
        statusValue.dataset.status = status;
      }
      setText(label, b.label);
      if (badges.dataset.shown !== b.badges.join("\n")) {
        badges.dataset.shown = b.badges.join("\n");
        badges.replaceChildren(...b.badges.map((text) => make("span", "sw-badge", text)));
      }
      updateButtons(b, status, controls);
      updateBanner(b, status, controls, settling);
      // The win is said once its last card has landed, with the banner.
      if (!settling || readMessage(model).kind !== "win") updateMessage(b);
      updateBusy();
      menu.refresh();
      confirm.refresh();
      reviewPanel.update(review);
      statsPanel.refresh();
    },
    dispose() {
      clearTimeout(busyTimer);
      clock.stop();
      menu.dispose();
      statsPanel.dispose();
    },
  };
}
