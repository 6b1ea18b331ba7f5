// Everything around the piles: the buttons (the `controls` Python asks for), the variant's name
// and badges, score, moves, clock and status, the message line, the progress strip while the
// kernel is busy, the won/lost banner, and the note a snapshot page shows.

import { createClock } from "./clock.js";
import { make } from "./dom.js";
import { createMenu } from "./menu.js";
import { CONTROLS, readBusy, readControls, readMessage } from "./state.js";

const BUTTON_NAMES = {
  new_game: "New game",
  restart: "Restart",
  undo: "Undo",
  redo: "Redo",
  hint: "Hint",
  finish: "Finish",
  options: "Options",
};
const STATUS_TEXT = { playing: "Playing", won: "Won", lost: "Lost" };
const SNAPSHOT_NOTE = "A snapshot: open the notebook to play.";
// Work the kernel finishes sooner than this shows no strip at all, rather than a flash.
const BUSY_SHOWS_AFTER_MS = 300;

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
 * Builds the bar and the strips. `panels` is where boxes that open from the bar live (later: the
 * Stats panel, the review of a game); a control that opens one adds a button here and a box there.
 */
export function createBar(state, actions) {
  const { model } = state;
  const buttons = {};
  const buttonRow = make("div", "sw-buttons");
  for (const type of CONTROLS) {
    const button = make("button", "sw-button", BUTTON_NAMES[type]);
    button.type = "button";
    button.dataset.control = type;
    if (type !== "options") button.addEventListener("click", () => actions.request(type));
    buttons[type] = button;
    buttonRow.append(button);
  }
  const menu = createMenu(state, actions, buttons.options);
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

  const snapshot = make("div", "sw-snapshot", SNAPSHOT_NOTE);
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
  let shownStatus = null;
  let shownMessage = null;
  let busyTimer = 0;

  function updateButtons(b, status, controls) {
    for (const type of CONTROLS) buttons[type].hidden = !controls.has(type);
    const enabled = {
      new_game: true,
      restart: b.canUndo,
      undo: b.canUndo,
      redo: b.canRedo,
      hint: status === "playing",
      finish: b.canFinish,
      options: true,
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

  function updateBanner(b, status, controls) {
    const fresh = status !== shownStatus;
    if (status === "lost") {
      banner.replaceChildren(make("strong", "", "No way forward"), make("span", "", lostAdvice(b, controls)));
    } else if (fresh) {
      banner.replaceChildren();
      if (status === "won") {
        banner.append(make("strong", "", "You won!"), make("span", "", `${model.get("moves")} moves`));
        for (let k = 0; k < 12; k += 1) {
          const spark = make("i", "sw-spark");
          spark.style.setProperty("--k", k);
          banner.append(spark);
        }
      }
    }
    if (fresh) {
      // A game already won when the view opens gets the banner without the fanfare.
      state.root.classList.toggle("sw-celebrate", status === "won" && shownStatus !== null);
      shownStatus = status;
    }
    state.root.classList.toggle("sw-lost", status === "lost");
  }

  function updateMessage() {
    const message = readMessage(model);
    const fresh = message.id !== shownMessage && shownMessage !== null;
    shownMessage = message.id;
    setText(line, message.text);
    line.dataset.kind = message.kind;
    if (fresh && message.text) {
      line.classList.remove("sw-flash");
      void line.offsetWidth; // restart the flash when the same text comes twice
      line.classList.add("sw-flash");
    }
  }

  function updateBusy() {
    const work = readBusy(model);
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
    nodes: { bar, panels, busy, snapshot, line, banner },
    clock,
    menuKeys: menu.onKeyDown,
    update(b) {
      const controls = readControls(model);
      const status = model.get("status");
      const score = model.get("score");
      scoreStat.hidden = score === null || score === undefined;
      setText(scoreValue, String(score ?? ""));
      setText(movesValue, String(model.get("moves") ?? 0));
      setText(statusValue, STATUS_TEXT[status] || "");
      statusValue.dataset.status = status;
      setText(label, b.label);
      if (badges.dataset.shown !== b.badges.join("\n")) {
        badges.dataset.shown = b.badges.join("\n");
        badges.replaceChildren(...b.badges.map((text) => make("span", "sw-badge", text)));
      }
      updateButtons(b, status, controls);
      updateBanner(b, status, controls);
      updateMessage();
      updateBusy();
      menu.refresh();
    },
    dispose() {
      clearTimeout(busyTimer);
      clock.stop();
      menu.dispose();
    },
  };
}
