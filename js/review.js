// Review mode's panel. The piles show a position of the reviewed game (widget.js draws `_review`
// in place of the live board, read-only); this panel says where in the game it is, whether that
// position could still be won, the move played from it and, at the turning point, the better move,
// and steps through the game with buttons, the arrow keys, Home and End. The timeline shows every
// position's verdict by colour and by pattern (won solid, lost striped, not decided hollow), so it
// reads with colour blindness too; the turning point is a diamond on the line after it.

import { make } from "./dom.js";

const VERDICTS = {
  won: ["✓", "can still be won"],
  unwinnable: ["✗", "cannot be won"],
  unknown: ["?", "not decided"],
};
const FIRST = () => 0;
const PREVIOUS = (r) => r.index - 1;
const NEXT = (r) => r.index + 1;
const LAST = (r) => r.last;
const TURNING = (r) => r.turning ?? r.index;
const STEPS = [
  ["First", FIRST],
  ["Previous", PREVIOUS],
  ["Next", NEXT],
  ["Last", LAST],
  ["Turning point", TURNING],
];
const KEYS = { ArrowLeft: PREVIOUS, ArrowRight: NEXT, Home: FIRST, End: LAST };

function capitalised(text) {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function verdictMark(verdict) {
  const node = make("span", `sw-verdict sw-verdict-${verdict}`, VERDICTS[verdict][0]);
  node.setAttribute("aria-hidden", "true");
  return node;
}

function legend() {
  const node = make("div", "sw-legend");
  for (const verdict of Object.keys(VERDICTS)) {
    const item = make("span", "sw-legend-item");
    item.append(make("span", `sw-swatch sw-run-${verdict}`), VERDICTS[verdict][1]);
    node.append(item);
  }
  const turn = make("span", "sw-legend-item");
  turn.append(make("span", "sw-swatch sw-swatch-turn", "◆"), "turning point");
  node.append(turn);
  return node;
}

export function createReview(state, actions, button) {
  const panel = make("section", "sw-panel sw-review-panel");
  panel.setAttribute("aria-label", "Review of the game");
  panel.hidden = true;
  const summary = make("p", "sw-review-summary");
  const timeline = make("div", "sw-timeline");
  timeline.tabIndex = 0;
  timeline.setAttribute("role", "slider");
  timeline.setAttribute("aria-label", "Position in the game");
  timeline.setAttribute("aria-valuemin", "0");
  const runs = make("div", "sw-timeline-runs");
  const turn = make("span", "sw-timeline-turn", "◆");
  const cursor = make("span", "sw-timeline-cursor");
  timeline.append(runs, turn, cursor);
  const where = make("p", "sw-review-where");
  const played = make("p", "sw-review-played");
  const better = make("p", "sw-review-better");
  const nav = make("div", "sw-review-nav");
  const steps = STEPS.map(([text, to]) => {
    const node = make("button", "sw-button", text);
    node.type = "button";
    // aria-disabled, not disabled: a button pressed to the end keeps the focus (and the keys).
    node.addEventListener("click", () => node.getAttribute("aria-disabled") !== "true" && actions.reviewGo(to));
    nav.append(node);
    return [node, to];
  });
  const leave = make("button", "sw-button sw-review-leave", "Leave review");
  leave.type = "button";
  leave.addEventListener("click", () => actions.read("review_leave"));
  nav.append(leave);
  panel.append(make("h2", "sw-panel-title", "Review"), summary, timeline, legend(), where, played, better, nav);

  let shownRuns = "";
  let wanted = false; // this view asked for the review: the timeline takes the focus when it opens

  timeline.addEventListener("click", (e) => {
    const review = state.review;
    const box = runs.getBoundingClientRect();
    if (!review || !box.width) return;
    const index = Math.floor(((e.clientX - box.left) / box.width) * (review.last + 1));
    actions.reviewGo(() => index);
  });

  /** Places an element over positions first..last of a timeline of `count` positions. */
  function span(node, first, last, count) {
    node.style.left = `${(first / count) * 100}%`;
    node.style.width = `${((last - first + 1) / count) * 100}%`;
  }

  function drawRuns(review) {
    const key = JSON.stringify([review.runs, review.last]);
    if (key === shownRuns) return;
    shownRuns = key;
    runs.replaceChildren(
      ...review.runs.map((run) => {
        const node = make("span", `sw-run sw-run-${run.verdict}`);
        span(node, run.first, run.last, review.last + 1);
        return node;
      }),
    );
  }

  function sentence(node, mark, text) {
    const glyph = make("span", "sw-review-mark", mark);
    glyph.setAttribute("aria-hidden", "true");
    node.replaceChildren(...(mark ? [glyph] : []), text);
    node.hidden = !text;
  }

  function show(review) {
    const count = review.last + 1;
    summary.textContent = review.summary;
    drawRuns(review);
    turn.hidden = review.turning === null;
    if (review.turning !== null) turn.style.left = `${((review.turning + 1) / count) * 100}%`;
    span(cursor, review.index, review.index, count);
    const position = review.index === 0 ? `Start of the game (${review.last} moves)` : `After move ${review.index} of ${review.last}`;
    // The last position of a won game is won, the game over: not merely "can still be won".
    const text = `${position}: ${review.finished ? "won, every card is home" : VERDICTS[review.verdict][1]}.`;
    where.replaceChildren(verdictMark(review.verdict), text);
    timeline.setAttribute("aria-valuemax", String(review.last));
    timeline.setAttribute("aria-valuenow", String(review.index));
    timeline.setAttribute("aria-valuetext", text);
    const atTurn = review.index === review.turning;
    if (review.played) {
      const number = review.index + 1;
      const lead = atTurn ? `Move ${number}, played here, lost the game` : `Move ${number}, played here`;
      sentence(played, "▽", `${lead}: ${review.played.words}.`);
    } else {
      const end = review.finished ? "The game was won here." : "The game stood here when it was reviewed.";
      sentence(played, "", review.index === review.last ? end : "");
    }
    sentence(better, "▼", review.better ? `Better: ${review.better.words}. It keeps the game winnable.` : "");
    for (const [node, to] of steps) {
      const target = Math.min(review.last, Math.max(0, to(review)));
      node.setAttribute("aria-disabled", String(target === review.index));
      node.disabled = !state.live; // a snapshot's review is a picture: nothing to press
    }
    leave.disabled = !state.live;
  }

  return {
    node: panel,
    /** Asks Python to review the game (the page waits, with the busy strip, until it has). */
    open() {
      wanted = true;
      actions.request("review");
    },
    update(review) {
      const was = !panel.hidden;
      panel.hidden = !review;
      button.setAttribute("aria-pressed", String(Boolean(review)));
      if (review) {
        show(review);
        if (wanted) timeline.focus();
        wanted = false;
      } else if (was) {
        // The panel's focus would fall to the notebook: it goes back to the Review button.
        const active = state.root.ownerDocument.activeElement;
        if (!active || active === state.root.ownerDocument.body || panel.contains(active)) {
          (button.hidden ? state.root : button).focus();
        }
      }
    },
    /** Review mode's keys: arrows, Home and End step; true when the key meant something. */
    onKey(e) {
      const to = KEYS[e.key];
      if (!to || e.ctrlKey || e.metaKey || e.altKey || e.shiftKey) return false;
      actions.reviewGo(to);
      return true;
    },
    /** Escape in review mode leaves it. */
    escape() {
      if (!state.review) return false;
      actions.read("review_leave");
      return true;
    },
  };
}
