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

const KIND = /^[a-z][a-z0-9_]{0,31}$/;
// The most columns, foundations and top-row places a board draws (a game declares its own).
const MOST_PILES = 16;
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
    layout: null, // where the piles go (readLayout), as built into the rows
    columns: 7,
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
const numbered = (letter) => (id) => isPile(id) && id[0] === letter && /^[a-z][1-9][0-9]?$/.test(id);
const TALON = ["stock", "waste", "reserve"];

/** `layout`: where each pile goes, as Python laid out the game (view.layout): the top row (pile
 * ids, null for a gap), the tableau's columns, what the stock does, how many waste cards fan
 * out, the rank an empty foundation or column shows, and each pile's name in the game's words.
 * Null when it is not a layout the page can draw. */
function readLayout(l) {
  if (!l || !Array.isArray(l.top) || !Array.isArray(l.tableau)) return null;
  const top = l.top.slice(0, MOST_PILES).map((id) => (TALON.includes(id) || numbered("f")(id) || numbered("c")(id) ? id : null));
  const tableau = l.tableau.slice(0, MOST_PILES).filter(numbered("t"));
  if (!tableau.length) return null;
  const words = new Map();
  if (l.words && typeof l.words === "object") {
    for (const [id, text] of Object.entries(l.words)) if (isPile(id) && shortText(text, 40)) words.set(id, text);
  }
  const mark = (text) => (typeof text === "string" && /^[A2-9TJQK]?$/.test(text) ? text : "");
  return {
    top,
    tableau,
    foundations: top.filter(numbered("f")).length,
    stock: ["draw", "deal"].includes(l.stock) ? l.stock : null,
    fan: Number.isInteger(l.fan) && l.fan >= 1 && l.fan <= 5 ? l.fan : 1,
    marks: { f: mark(l.marks?.f), t: mark(l.marks?.t) },
    words,
    key: JSON.stringify([top, tableau, l.marks?.f, l.marks?.t]),
  };
}
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
  if (!b || typeof b.kind !== "string" || !KIND.test(b.kind) || !Array.isArray(b.tableau)) return null;
  const layout = readLayout(b.layout);
  if (!layout) return null;
  const tableau = layout.tableau.map((_, i) => ({
    down: count(b.tableau[i]?.down),
    up: cards(b.tableau[i]?.up),
  }));
  const foundations = Array.from({ length: layout.foundations }, (_, i) => cards(b.foundations?.[i]));
  const options = b.options && typeof b.options === "object" && !Array.isArray(b.options) ? b.options : {};
  return {
    kind: b.kind,
    version: b.version,
    layout,
    draw: layout.fan,
    options,
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

/** `_next_game`: the player's saved choices for the menu's next new game ({winnable, and every
 * game's options by name}), or null when none is saved (or an older kernel sends none): the menu
 * then follows the board. Each option's value is checked against the menu's games (readGames). */
export function readNextGame(model) {
  const n = model.get("_next_game");
  if (!n || typeof n !== "object" || typeof n.winnable !== "boolean") return null;
  return n;
}

/** `_games`: the games the Options menu offers (game_list.py): each with its name, title,
 * whether it has proven-winnable deals, its options (name, title, values with their words,
 * whether each value is a variant of its own) and its variants (label and options). */
export function readGames(model) {
  const games = model.get("_games");
  if (!Array.isArray(games)) return [];
  const found = [];
  for (const g of games.slice(0, 32)) {
    if (!g || typeof g.name !== "string" || !KIND.test(g.name) || !Array.isArray(g.variants)) continue;
    const options = (Array.isArray(g.options) ? g.options : [])
      .filter((o) => typeof o?.name === "string" && Array.isArray(o.values) && Array.isArray(o.words))
      .map((o) => ({
        name: o.name,
        title: shortText(o.title, 60),
        values: o.values,
        words: o.words.map((w) => shortText(w, 60)),
        default: o.default,
        variant: o.variant === true,
      }));
    const variants = g.variants
      .filter((v) => typeof v?.label === "string" && v.options && typeof v.options === "object")
      .map((v) => ({ label: shortText(v.label, 60), options: v.options, winnable: v.winnable === true }));
    found.push({ name: g.name, title: shortText(g.title, 60), daily: g.daily === true, options, variants });
  }
  return found;
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

/** "Tableau 3", "Foundation 1", "Stock"; a pile the game names in its own words by those
 * ("the reserve": "Reserve"). */
export function pileName(id, words) {
  const own = words?.get(id);
  if (own) return own.replace(/^the /, "").replace(/^./, (c) => c.toUpperCase());
  if (id[0] === "t") return `Tableau ${id.slice(1)}`;
  if (id[0] === "f") return `Foundation ${id.slice(1)}`;
  return id[0].toUpperCase() + id.slice(1);
}
