// The marks on the board: the group the player holds, the piles that would take it, the hinted
// move. Each mark differs from the others by shape as well as colour (CSS), so they read with
// colour blindness too: solid outline for the held group, dashed for the piles that take it,
// a dotted outline with a pulsing arrow for the hint, a double ring for keyboard focus.
// In review mode: the move played from the position a long-dashed outline with a hollow arrow
// over its pile, and at the turning point the better move marked as a hint.

import { cardLabel } from "./cards.js";
import { moveText, parseMove } from "./moves.js";
import { flag, pileName, readHint } from "./state.js";

/** The elements of the group of n cards on top of a pile (n counted from the top). */
export function groupCards(state, pileId, n) {
  const node = state.piles.get(pileId);
  if (!node) return [];
  return [...node.querySelectorAll(".sw-up[data-n]")].filter((c) => Number(c.dataset.n) <= n);
}

/** Where a card is now: {pile, n} for the group from it to the top of its pile, or null. A
 * game may hold copies of a card (Spider), so the pile and the place the card was seen at
 * (pileId, n) are looked at first, then the pile, then every pile. */
export function findGroup(state, card, pileId = null, n = null) {
  const named = `.sw-up[data-card="${card}"]`;
  const home = pileId === null ? null : state.piles.get(pileId);
  const node =
    (n === null ? null : home?.querySelector(`${named}[data-n="${n}"]`)) ??
    home?.querySelector(`${named}[data-n]`) ??
    [...state.piles.values()].map((pile) => pile.querySelector(`${named}[data-n]`)).find(Boolean);
  if (!node) return null;
  return { pile: node.closest("[data-pile]").dataset.pile, n: Number(node.dataset.n), card };
}

/** The cards a move lifts and the pile it goes to ("stock" for a draw or a recycle). */
function moveMarks(state, text) {
  const move = parseMove(text);
  if (move) return { cards: groupCards(state, move.src, move.n), pile: move.dst };
  return { cards: [], pile: text === "draw" || text === "recycle" ? "stock" : null };
}

function markMove(state, text, cardClass, pileClass) {
  const { cards, pile } = moveMarks(state, text);
  for (const c of cards) c.classList.add(cardClass);
  state.piles.get(pile)?.classList.add(pileClass);
}

export function applyMarks(state) {
  const { root, model } = state;
  for (const c of root.querySelectorAll(".sw-picked, .sw-lifted, .sw-hinted, .sw-played")) {
    c.classList.remove("sw-picked", "sw-lifted", "sw-hinted", "sw-played");
  }
  // Only where a mark is: classList.remove writes the attribute even when nothing goes, and every
  // such write is a change to the page (style work, and observers woken for nothing).
  for (const node of state.piles.values()) {
    if (node.matches(".sw-target, .sw-hint-target, .sw-played-target")) {
      node.classList.remove("sw-target", "sw-hint-target", "sw-played-target");
    }
  }
  if (state.review) {
    if (state.review.played) markMove(state, state.review.played.move, "sw-played", "sw-played-target");
    if (state.review.better) markMove(state, state.review.better.move, "sw-hinted", "sw-hint-target");
    return;
  }
  const group = state.drag || state.picked;
  if (group) {
    for (const c of groupCards(state, group.pile, group.n)) c.classList.add(state.drag ? "sw-lifted" : "sw-picked");
  }
  const marks = flag(model, "show_marks", true);
  const hinted = readHint(model, state.board);
  if (hinted) markMove(state, hinted, "sw-hinted", "sw-hint-target");
  for (const [id, node] of state.piles) {
    const takes = Boolean(group && marks && state.legal.has(moveText(group.pile, id, group.n)));
    node.classList.toggle("sw-target", takes);
  }
}

/** Holds a group (or nothing) and says so to a screen reader, with the piles that take it. */
export function setPicked(state, group) {
  state.picked = group;
  applyMarks(state);
  if (!group) return;
  const first = groupCards(state, group.pile, group.n)[0];
  const name = first ? cardLabel(first.dataset.card) : "";
  const more = group.n > 1 ? ` and ${group.n - 1} more` : "";
  const targets = [...state.piles.values()].filter((p) => p.classList.contains("sw-target")).map((p) => pileName(p.dataset.pile, state.shown?.layout.words));
  state.spoken.textContent = `Picked up ${name}${more}.${targets.length ? ` It fits on ${targets.join(", ")}.` : ""}`;
}
