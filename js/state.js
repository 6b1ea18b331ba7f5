// The state every part of the board shares, and the reading of the traits Python sends.
// Traits are checked here once, so the drawing code never trusts a shape it was sent: a board
// from an older kernel, or a hostile one, draws what is valid and ignores the rest.

import { isCard } from "./cards.js";

/** The traits whose change answers a request from the page (see queue.js). */
export const ANSWERS = [
  "_board",
  "_message",
  "_hint",
  "smart_click",
  "four_colour",
  "show_marks",
  "auto_move",
  "coach",
  "_stats",
  "_review",
];

/** The traits whose changes redraw the board: the answers, and what follows the game or the
 * kernel by itself. */
export const TRAITS = [...ANSWERS, "status", "score", "moves", "seed", "_clock", "_busy", "controls"];

/** The bar's controls in the order the bar shows them (PROTOCOL.md). */
export const CONTROLS = ["new_game", "restart", "undo", "redo", "hint", "finish", "review", "stats", "options"];

const KINDS = ["klondike", "applegate"];
const VERDICTS = ["won", "unwinnable", "unknown"];
const PILE = /^[a-z]{1,8}[0-9]{0,2}$/;
// An action's steps beyond this many are not drawn one by one (a whole game is 52 cards home).
const MOST_STEPS = 200;
const BESTS = ["time", "score"];

/**
 * The page's own state, shared by the modules: the board last drawn, the group the player holds,
 * a pointer pressed or dragging, and the pile elements. `live` is false in a page with no kernel
 * (an nbconvert export, any static snapshot), where nothing can be asked of Python.
 */
export function createState(model) {
  return {
    model,
    live: Boolean(model.widget_manager?.kernel),
    kind: null,
    board: null, // the live game's board (`_board`): requests carry its version
    review: null, // the reviewed position while review mode is open (`_review`)
    shown: null, // the board drawn: the live one, or the reviewed position
    legal: new Set(),
    picked: null, // {pile, n, card}: the group lifted by a click or a key
    press: null, // a pointer held down on a card, not yet a drag
    drag: null, // {pile, n, card, ghost, grabX, grabY, dropped}
    piles: new Map(), // pile id -> element
    alive: true,
  };
}

function cards(list) {
  return Array.isArray(list) ? list.filter(isCard) : [];
}

function count(value) {
  return Number.isInteger(value) && value > 0 ? value : 0;
}

const isPile = (id) => typeof id === "string" && PILE.test(id);
const shortText = (value, most) => (typeof value === "string" && value.length <= most ? value : "");

/** `piles`: what the page shows about a pile besides its cards, by pile id: a label, and
 * whether a foundation is complete. */
function pileNotes(notes) {
  const found = new Map();
  if (!notes || typeof notes !== "object" || Array.isArray(notes)) return found;
  for (const [id, note] of Object.entries(notes)) {
    if (!isPile(id) || !note || typeof note !== "object") continue;
    found.set(id, { label: shortText(note.label, 40), complete: note.complete === true });
  }
  return found;
}

/** `steps`: the moves of the action that led to this board from version `after`, each with the
 * cards it moved and the card it turned face-up; null when any of them is not a step. */
function readSteps(steps) {
  if (!steps || !Number.isInteger(steps.after) || !Array.isArray(steps.moves)) return null;
  if (steps.moves.length < 2 || steps.moves.length > MOST_STEPS) return null;
  const moves = [];
  for (const m of steps.moves) {
    const cardList = Array.isArray(m?.cards) && m.cards.length >= 1 && m.cards.length <= 52 && m.cards.every(isCard);
    const turned = m?.turned === null || isCard(m?.turned);
    if (!isPile(m?.from) || !isPile(m?.to) || !cardList || !turned) return null;
    moves.push({ from: m.from, to: m.to, cards: [...m.cards], turned: m.turned });
  }
  return { after: steps.after, moves };
}

/** `win`: the figures of the win on show ({seconds or null, moves, score or null, bests}). */
function readWin(win) {
  if (!win || !Number.isInteger(win.moves) || win.moves < 0) return null;
  return {
    seconds: Number.isInteger(win.seconds) && win.seconds >= 0 ? win.seconds : null,
    moves: win.moves,
    score: Number.isInteger(win.score) ? win.score : null,
    bests: Array.isArray(win.bests) ? BESTS.filter((best) => win.bests.includes(best)) : [],
  };
}

/** The `_board` trait with every pile made safe to draw, or null when there is nothing to draw. */
export function readBoard(model) {
  return boardFrom(model.get("_board"));
}

/** A board view (the `_board` trait, or a reviewed position's) made safe to draw, or null. */
function boardFrom(b) {
  if (!b || !KINDS.includes(b.kind) || !Array.isArray(b.tableau)) return null;
  const tableau = Array.from({ length: 7 }, (_, i) => ({
    down: count(b.tableau[i]?.down),
    up: cards(b.tableau[i]?.up),
  }));
  const foundations = Array.from({ length: 4 }, (_, i) => cards(b.foundations?.[i]));
  return {
    kind: b.kind,
    version: b.version,
    draw: b.options?.draw === 3 ? 3 : 1,
    scoring: ["standard", "vegas"].includes(b.options?.scoring) ? b.options.scoring : null,
    tableau,
    foundations,
    stock: count(b.stock),
    waste: cards(b.waste),
    reserve: count(b.reserve),
    reserveTop: isCard(b.reserve_top) ? b.reserve_top : null,
    legal: new Set(Array.isArray(b.legal) ? b.legal.filter((m) => typeof m === "string") : []),
    canUndo: b.can_undo === true,
    canRedo: b.can_redo === true,
    canFinish: b.can_finish === true,
    label: typeof b.label === "string" ? b.label : "",
    badges: Array.isArray(b.badges) ? b.badges.filter((x) => typeof x === "string") : [],
    notes: pileNotes(b.piles),
    steps: readSteps(b.steps),
    win: readWin(b.win),
  };
}

/** A Bool trait, or its default when an older kernel does not send it. */
export function flag(model, name, fallback) {
  const value = model.get(name);
  return typeof value === "boolean" ? value : fallback;
}

/** `_next_game`: the player's saved choices for the menu's next new game ({scoring, winnable}),
 * or null when none is saved (or an older kernel sends none): the menu then follows the board. */
export function readNextGame(model) {
  const n = model.get("_next_game");
  if (!n || typeof n.winnable !== "boolean" || !["standard", "vegas", null].includes(n.scoring)) return null;
  return { scoring: n.scoring, winnable: n.winnable };
}

/** The controls the bar shows; an older kernel without the trait gets them all. */
export function readControls(model) {
  const value = model.get("controls");
  if (!Array.isArray(value)) return new Set(CONTROLS);
  return new Set(value.filter((name) => CONTROLS.includes(name)));
}

/** `_clock`: {enabled, elapsed ms, running}; anything else is a disabled clock. */
export function readClock(model) {
  const c = model.get("_clock");
  const elapsed = Number.isFinite(c?.elapsed) && c.elapsed > 0 ? c.elapsed : 0;
  return { enabled: c?.enabled === true, elapsed, running: c?.running === true };
}

/** `_busy`: {} when the kernel is not busy, or {text, done} with done a fraction or null (no
 * measure of progress). Without a text there is nothing to show, and nothing the page waits for.
 * No trait is ever sent as null (Python's None does not survive JupyterLite's kernel): what has
 * no value comes empty, {} or "", and a null from an older kernel reads the same. */
export function readBusy(model) {
  const b = model.get("_busy");
  if (!b || typeof b.text !== "string" || !b.text) return null;
  const done = Number.isFinite(b.done) ? Math.min(1, Math.max(0, b.done)) : null;
  return { text: b.text, done };
}

/** A move the review names: {move (notation, for the marks), words}, or null. */
function namedMove(m) {
  return typeof m?.move === "string" && typeof m.words === "string" ? { move: m.move, words: m.words } : null;
}

/**
 * `_review`: {} (no review open), or the reviewed position on show: its index (0 is the deal) up to `last`,
 * its board, verdict, the move played from it, the better move at the turning point, and the
 * verdicts as runs of positions for the timeline. Its board's version is the page's own key.
 */
export function readReview(model) {
  const r = model.get("_review");
  if (!r || !Number.isInteger(r.last) || !Number.isInteger(r.index) || r.index < 0 || r.index > r.last) return null;
  const board = boardFrom(r.board);
  if (!board) return null;
  board.version = `review ${r.index}`;
  board.legal = new Set();
  const inRange = (k) => Number.isInteger(k) && k >= 0 && k <= r.last;
  const runs = Array.isArray(r.runs)
    ? r.runs.filter((run) => VERDICTS.includes(run?.verdict) && inRange(run.first) && inRange(run.last) && run.first <= run.last)
    : [];
  return {
    index: r.index,
    last: r.last,
    turning: inRange(r.turning_point) && r.turning_point < r.last ? r.turning_point : null,
    runs,
    summary: typeof r.summary === "string" ? r.summary : "",
    verdict: VERDICTS.includes(r.verdict) ? r.verdict : "unknown",
    finished: r.finished === true && r.index === r.last,
    board,
    played: namedMove(r.played),
    better: namedMove(r.better),
  };
}

/** `_stats`: {columns, rows: [{cells, this_board}], notice}, texts only; null before any. */
export function readStats(model) {
  const s = model.get("_stats");
  if (!s || !Array.isArray(s.columns) || !Array.isArray(s.rows)) return null;
  const texts = (list) => (Array.isArray(list) ? list.map((x) => (typeof x === "string" ? x : "")) : []);
  const columns = texts(s.columns);
  return {
    columns,
    rows: s.rows
      .filter((row) => Array.isArray(row?.cells) && row.cells.length === columns.length)
      .map((row) => ({ cells: texts(row.cells), own: row.this_board === true })),
    notice: typeof s.notice === "string" ? s.notice : "",
  };
}

/** `score`: a number, or null for a game without a score (sent as ""). */
export function readScore(model) {
  const score = model.get("score");
  return Number.isInteger(score) ? score : null;
}

export function readMessage(model) {
  const m = model.get("_message") || {};
  return {
    text: typeof m.text === "string" ? m.text : "",
    kind: ["error", "info", "win", "lost", "coach"].includes(m.kind) ? m.kind : "info",
    id: m.id,
  };
}

/** The hinted move's text when the hint belongs to the board on show, else "". */
export function readHint(model, board) {
  const hint = model.get("_hint");
  return hint && board && hint.version === board.version && typeof hint.move === "string" ? hint.move : "";
}

/** "Tableau 3", "Foundation 1", "Stock". */
export function pileName(id) {
  if (id[0] === "t") return `Tableau ${id.slice(1)}`;
  if (id[0] === "f") return `Foundation ${id.slice(1)}`;
  return id[0].toUpperCase() + id.slice(1);
}
