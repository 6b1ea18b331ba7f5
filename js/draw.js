// Drawing the piles Python sent. Only the piles whose cards changed are rebuilt, and positions
// come from layout.js as plain numbers, so a redraw after a move touches two or three piles and
// reads no layout.

import { cardLabel, faceDownCard, faceUpCard } from "./cards.js";
import { make } from "./dom.js";
import { boardMetrics, pileFan } from "./layout.js";
import { pileName } from "./state.js";

function makePile(state, id, layout) {
  const kind = id[0] === "t" || id[0] === "f" ? `${id[0]}pile` : id;
  const node = make("div", `sw-pile sw-${kind}`);
  node.dataset.pile = id;
  // The rank an empty pile shows: the only card it takes (Klondike's Ace, a King), if any.
  const mark = layout.marks[id[0]];
  if (mark) node.dataset.mark = mark;
  if (id[0] === "f") node.style.setProperty("--sw-order", String(Number(id.slice(1)) - 1));
  node.tabIndex = 0;
  node.setAttribute("role", "group");
  state.piles.set(id, node);
  return node;
}

/** Builds the empty piles of a layout (readLayout) into the top row and the tableau row; the
 * rows are as many columns wide as the wider of them. */
export function buildPiles(state, layout, top, tableau) {
  state.layout = layout;
  state.columns = Math.max(layout.top.length, layout.tableau.length);
  state.piles.clear();
  state.drawn = new Map();
  top.replaceChildren(...layout.top.map((id) => (id ? makePile(state, id, layout) : make("div", "sw-gap"))));
  tableau.replaceChildren(...layout.tableau.map((id) => makePile(state, id, layout)));
}

function pickable(node, n) {
  node.dataset.n = String(n);
  return node;
}

/** A card drawn only so that it shows when the card above it is lifted; not announced. */
function beneath(node) {
  node.setAttribute("aria-hidden", "true");
  node.classList.add("sw-beneath");
  return node;
}

function badge(n) {
  const node = make("span", "sw-count", String(n));
  node.setAttribute("aria-hidden", "true");
  return node;
}

/** What each pile shows, as one string per pile: a pile is redrawn only when its string changes.
 * A pile's cards come first, then its label and mark (see cardsOf). */
function pileContents(b) {
  const shown = cardContents(b);
  for (const [id, text] of shown) {
    const note = b.notes.get(id);
    if (note) shown.set(id, `${text}#${note.label}|${note.complete}`);
  }
  return shown;
}

/** The cards each pile shows, as one string per pile. */
export function cardContents(b) {
  const shown = new Map();
  b.tableau.forEach((p, i) => shown.set(`t${i + 1}`, `${p.down}|${p.up.join(" ")}`));
  b.foundations.forEach((f, i) => shown.set(`f${i + 1}`, f.slice(-2).join(" ")));
  const talon = b.layout.top;
  if (talon.includes("stock")) shown.set("stock", `${b.stock}|${b.waste.length > 0}`);
  if (talon.includes("waste")) shown.set("waste", `${b.draw}|${b.waste.slice(-(b.draw + 1)).join(" ")}|${b.waste.length}`);
  if (talon.includes("reserve")) shown.set("reserve", `${b.reserve}|${b.reserveTop}`);
  return shown;
}

/** The ids of the piles whose cards differ from what is drawn. */
export function changedPiles(state, b) {
  const changed = [];
  for (const [id, text] of pileContents(b)) if (state.drawn.get(id) !== text) changed.push(id);
  return changed;
}

function fillTableau(state, id, pile, name) {
  const node = state.piles.get(id);
  const children = [];
  for (let i = 0; i < pile.down; i += 1) children.push(faceDownCard());
  pile.up.forEach((c, j) => children.push(pickable(faceUpCard(c), pile.up.length - j)));
  node.replaceChildren(...children);
  node.classList.toggle("sw-empty", children.length === 0);
  const parts = [pile.down ? `${pile.down} face-down` : "", ...pile.up.map(cardLabel)].filter(Boolean);
  node.setAttribute("aria-label", `${name}: ${parts.join(", ") || "empty"}`);
  placeTableau(state, id, pile);
}

/** Positions a tableau pile's cards for the current sizes (after a move, or a resize). */
function placeTableau(state, id, pile) {
  const m = state.metrics;
  const node = state.piles.get(id);
  if (!m || !node) return;
  const fan = pileFan(pile.down, pile.up.length, m);
  let top = 0;
  node.querySelectorAll(":scope > .sw-card").forEach((card, k) => {
    card.style.top = `${top}px`;
    top += k < pile.down ? fan.downStrip : fan.upStrip;
  });
  node.style.height = `${fan.height}px`;
  if (fan.font < m.font) node.style.setProperty("--sw-font", `${fan.font}px`);
  else node.style.removeProperty("--sw-font");
}

/** A foundation or the waste: the top cards, and one more beneath them that shows while the top
 * card is dragged away. In the draw-3 waste the top three fan out sideways. */
function fillStack(state, id, list, shown, label, complete = false) {
  const node = state.piles.get(id);
  const visible = list.slice(-(shown + 1));
  const fanned = Math.min(shown, list.length);
  const first = visible.length - fanned;
  node.replaceChildren(
    ...visible.map((c, k) => {
      const card = faceUpCard(c);
      const x = Math.max(0, k - first);
      card.style.left = `calc(${x} * var(--sw-fan))`;
      if (k < first) return beneath(card);
      return k === visible.length - 1 ? pickable(card, 1) : card;
    }),
  );
  node.classList.toggle("sw-empty", list.length === 0);
  node.classList.toggle("sw-stacked", list.length > 1);
  const top = list.length ? cardLabel(list[list.length - 1]) : "empty";
  node.setAttribute("aria-label", `${label}: ${top}${complete ? ", complete" : ""}`);
  node.classList.toggle("sw-complete", complete);
  if (complete) {
    const mark = make("span", "sw-complete-mark", "✓");
    mark.setAttribute("aria-hidden", "true");
    node.append(mark);
  }
}

function fillStock(state, b, name) {
  const node = state.piles.get("stock");
  const n = b.stock;
  node.replaceChildren(...(n ? [faceDownCard(), badge(n)] : [make("span", "sw-recycle", b.waste.length ? "↻" : "")]));
  node.classList.toggle("sw-empty", n === 0);
  // A stock deals onto every column, or draws to the waste (and recycles it when empty).
  const click = b.layout.stock === "deal" ? "click to deal a card onto every column" : "click to draw";
  node.setAttribute(
    "aria-label",
    n ? `${name}: ${n} cards, ${click}` : b.waste.length ? `${name}: empty, click to recycle the waste` : `${name}: empty`,
  );
}

function fillReserve(state, b, name) {
  const node = state.piles.get("reserve");
  const n = b.reserve;
  const children = [];
  if (n > 1) children.push(faceDownCard());
  if (b.reserveTop) children.push(pickable(faceUpCard(b.reserveTop), 1));
  if (n) children.push(badge(n));
  node.replaceChildren(...children);
  node.classList.toggle("sw-empty", n === 0);
  node.setAttribute(
    "aria-label",
    n ? `${name}: ${n} cards, top ${b.reserveTop ? cardLabel(b.reserveTop) : "hidden"}` : `${name}: empty`,
  );
}

/** A pile's label, under it: the page shows whatever name Python gives a pile. */
function labelPile(node, label) {
  if (!label) return;
  const caption = make("span", "sw-pile-label", label);
  caption.setAttribute("aria-hidden", "true"); // the pile's own name says it
  node.append(caption);
}

/** Gives a row room under its piles for their labels, when one has a label. */
function roomForLabels(state) {
  for (const row of [state.topRow, state.tableauRow]) {
    const labelled = Boolean(row?.querySelector(".sw-pile-label"));
    if (row && row.classList.contains("sw-labelled") !== labelled) row.classList.toggle("sw-labelled", labelled);
  }
}

/** Redraws the given piles of board b (ids from changedPiles). */
export function fillPiles(state, b, ids) {
  const shown = pileContents(b);
  for (const id of ids) {
    const note = b.notes.get(id);
    const name = note?.label || pileName(id, b.layout.words);
    if (id[0] === "t") fillTableau(state, id, b.tableau[Number(id.slice(1)) - 1], name);
    else if (id[0] === "f") fillStack(state, id, b.foundations[Number(id.slice(1)) - 1], 1, name, note?.complete);
    else if (id === "waste") fillStack(state, id, b.waste, b.draw, name);
    else if (id === "stock") fillStock(state, b, name);
    else if (id === "reserve") fillReserve(state, b, name);
    labelPile(state.piles.get(id), note?.label);
    state.drawn.set(id, shown.get(id));
  }
  roomForLabels(state);
  fitTableau(state);
}

/**
 * Sizes the board for its width and the window's height: card sizes go into CSS variables and
 * every tableau pile is placed again. Returns true when the sizes changed.
 */
export function measure(state, root, width, viewHeight) {
  const m = boardMetrics(width, viewHeight, state.around ?? 0, state.columns ?? 7);
  const old = state.metrics;
  if (old && Object.keys(m).every((key) => key === "width" || m[key] === old[key])) return false;
  state.metrics = m;
  const vars = {
    "--sw-w": m.w,
    "--sw-h": m.h,
    "--sw-gap": m.gap,
    "--sw-font": m.font,
    "--sw-pad-top": m.padTop,
    "--sw-pad-left": m.padLeft,
    "--sw-fan": m.fan,
    "--sw-tableau": m.tableau,
  };
  for (const [name, value] of Object.entries(vars)) root.style.setProperty(name, `${value}px`);
  root.style.setProperty("--sw-columns", String(m.columns));
  root.classList.toggle("sw-compact", m.w < 58);
  root.classList.toggle("sw-stacked", m.stacked);
  if (state.shown) {
    state.shown.tableau.forEach((pile, i) => placeTableau(state, `t${i + 1}`, pile));
    fitTableau(state);
  }
  return true;
}

/** The tableau scrolls inside its bounded height only while some pile needs more. */
function fitTableau(state) {
  const m = state.metrics;
  if (!m || !state.shown) return;
  const tallest = Math.max(...state.shown.tableau.map((pile) => pileFan(pile.down, pile.up.length, m).height));
  state.tableauRow.classList.toggle("sw-scroll", tallest > m.tableau);
}
