// Cards going home one after another. A player's move and the cards auto-move sends home after
// it, or a whole Finish, arrive from Python in one update that already holds the final position
// (requests made meanwhile carry its version). With it come the action's steps (`_board.steps`):
// the cards each move took from which pile to which, and the card it turned face-up. The page
// plays them back on the board as it was drawn: the first step at once, as any move is drawn,
// then one step every 80-110 ms, each card gliding from where it lay. Nothing here knows a rule:
// a step only takes its named cards off one pile and puts them on another, and a board the steps
// do not lead to exactly (an older kernel, a view that missed an update) is drawn at once.
//
// Any action of the player's (a click, a key, a button) first completes the playback, so it acts
// on the board Python holds; so does a new update, or opening a review.

import { cardContents } from "./draw.js";

// The time between two cards, and what a long playback may take in all: a Finish of 40 cards
// lasts about 3.4 s (39 steps 80 ms apart, and the last glide).
const STEP_MS = 110;
const FASTEST_STEP_MS = 80;
const WHOLE_MS = 3000;

function copyBoard(b) {
  return {
    ...b,
    tableau: b.tableau.map((pile) => ({ down: pile.down, up: [...pile.up] })),
    foundations: b.foundations.map((pile) => [...pile]),
    waste: [...b.waste],
    notes: new Map(b.notes),
  };
}

function same(cards, expected) {
  return cards.length === expected.length && cards.every((card, k) => card === expected[k]);
}

/** The board after one step, or null when the step does not fit the board. */
function afterStep(board, step) {
  const b = copyBoard(board);
  const n = step.cards.length;
  const taken = (list) => (same(list.slice(-n), step.cards) ? (list.splice(-n), true) : false);
  const { from, to } = step;
  if (from[0] === "t") {
    const pile = b.tableau[Number(from.slice(1)) - 1];
    if (!pile || !taken(pile.up)) return null;
    if (step.turned) {
      if (pile.up.length || !pile.down) return null;
      pile.down -= 1;
      pile.up.push(step.turned);
    }
  } else if (from[0] === "f") {
    if (!taken(b.foundations[Number(from.slice(1)) - 1] ?? [])) return null;
  } else if (from === "waste") {
    if (!taken(b.waste)) return null;
  } else if (from === "stock") {
    if (b.stock < n) return null;
    b.stock -= n;
  } else if (from === "reserve") {
    if (n !== 1 || b.reserve < 1 || b.reserveTop !== step.cards[0]) return null;
    b.reserve -= 1;
    b.reserveTop = step.turned;
  } else {
    return null;
  }
  if (to[0] === "t" && b.tableau[Number(to.slice(1)) - 1]) b.tableau[Number(to.slice(1)) - 1].up.push(...step.cards);
  else if (to[0] === "f" && b.foundations[Number(to.slice(1)) - 1]) b.foundations[Number(to.slice(1)) - 1].push(...step.cards);
  else if (to === "waste") b.waste.push(...step.cards);
  else return null;
  return b;
}

/**
 * The boards to draw one after another from `shown` (drawn now) to `final`, the last one being
 * `final` itself; null when the steps do not lead from the one to the other. A pile takes its
 * final label and mark once its cards are its final ones.
 */
export function playback(shown, final) {
  const steps = final.steps;
  if (!shown || !steps || steps.after !== shown.version || shown.kind !== final.kind) return null;
  const finalCards = cardContents(final);
  const boards = [];
  let b = { ...shown, notes: new Map(shown.notes) };
  for (const step of steps.moves) {
    b = afterStep(b, step);
    if (!b) return null;
    const cards = cardContents(b);
    for (const id of [step.from, step.to]) {
      if (cards.get(id) === finalCards.get(id)) {
        if (final.notes.has(id)) b.notes.set(id, final.notes.get(id));
        else b.notes.delete(id);
      }
    }
    boards.push({ ...final, ...b, version: final.version, legal: final.legal, steps: null });
  }
  const cards = cardContents(b);
  if ([...finalCards].some(([id, text]) => cards.get(id) !== text)) return null;
  boards[boards.length - 1] = final;
  return boards;
}

/**
 * Plays boards back one after another. `draw(board)` draws a board (gliding its cards) and
 * `done()` is called when the last one is drawn, however the playback ends.
 */
export function createPlayback(draw, done) {
  let boards = [];
  let next = 0;
  let timer = 0;
  let gap = STEP_MS;

  function finish() {
    if (!timer) return;
    clearTimeout(timer);
    timer = 0;
    const last = boards[boards.length - 1];
    boards = [];
    draw(last, false);
    done();
  }

  function tick() {
    timer = 0;
    // A hidden page runs timers once a second at best: there the cards go home at once.
    if (document.hidden) {
      timer = -1;
      finish();
      return;
    }
    draw(boards[next], true);
    next += 1;
    if (next < boards.length) {
      timer = setTimeout(tick, gap);
    } else {
      boards = [];
      done();
    }
  }

  return {
    /** Whether boards are still waiting to be drawn. */
    get running() {
      return timer !== 0;
    },
    /** The version of the board the playback ends on. */
    get version() {
      return boards[boards.length - 1]?.version;
    },
    /** Draws the boards after the first (which the caller has just drawn) one after another. */
    start(list) {
      boards = list;
      gap = Math.max(FASTEST_STEP_MS, Math.min(STEP_MS, WHOLE_MS / (list.length - 1)));
      next = 1;
      timer = setTimeout(tick, gap);
    },
    /** Draws the last board at once. */
    finish,
  };
}
