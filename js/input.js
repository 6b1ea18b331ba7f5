// The pointer: click, drag and drop, double-click. Each becomes an action in the queue; only
// the drag itself (the cards following the pointer) happens at once.

import { make } from "./dom.js";
import { applyMarks, groupCards } from "./marks.js";

const DRAG_THRESHOLD = 6;

export function createPointer(state, actions) {
  const { root } = state;
  let suppressClick = false;

  function pileAt(x, y) {
    const hit = root.ownerDocument.elementFromPoint(x, y)?.closest("[data-pile]");
    if (hit && root.contains(hit)) return hit.dataset.pile;
    // Below the last card of a column still counts as that column.
    for (const [id, node] of state.piles) {
      const r = node.getBoundingClientRect();
      if (id[0] === "t" && x >= r.left && x <= r.right && y >= r.top) return id;
    }
    return null;
  }

  function onPointerDown(e) {
    suppressClick = false;
    if (e.button !== 0 || !state.board || state.drag || !state.live || state.review) return;
    const card = e.target.closest(".sw-up[data-n]");
    const pile = card?.closest("[data-pile]");
    if (!pile) return;
    state.press = { id: e.pointerId, x: e.clientX, y: e.clientY, pile: pile.dataset.pile, n: Number(card.dataset.n), card: card.dataset.card };
  }

  function startDrag(e) {
    const press = state.press;
    const group = groupCards(state, press.pile, press.n);
    if (!group.length) return false;
    const base = root.getBoundingClientRect();
    const first = group[0].getBoundingClientRect();
    const ghost = make("div", "sw-ghost");
    for (const c of group) {
      const r = c.getBoundingClientRect();
      const copy = c.cloneNode(true);
      copy.classList.remove("sw-picked", "sw-hinted", "sw-flying");
      Object.assign(copy.style, { left: `${r.left - first.left}px`, top: `${r.top - first.top}px`, transform: "" });
      ghost.append(copy);
    }
    root.append(ghost);
    state.drag = { pile: press.pile, n: press.n, card: press.card, ghost, grabX: press.x - first.left, grabY: press.y - first.top, dropped: false };
    ghost.style.transform = `translate(${first.left - base.left}px, ${first.top - base.top}px)`;
    root.setPointerCapture?.(e.pointerId);
    state.picked = null;
    applyMarks(state);
    return true;
  }

  function onPointerMove(e) {
    const press = state.press;
    if (!press || e.pointerId !== press.id) return;
    if (!state.drag) {
      if (Math.hypot(e.clientX - press.x, e.clientY - press.y) < DRAG_THRESHOLD) return;
      if (!startDrag(e)) {
        state.press = null;
        return;
      }
    }
    const drag = state.drag;
    const base = root.getBoundingClientRect();
    drag.ghost.style.transform = `translate(${e.clientX - base.left - drag.grabX}px, ${e.clientY - base.top - drag.grabY}px)`;
    const over = pileAt(e.clientX, e.clientY);
    for (const [id, node] of state.piles) node.classList.toggle("sw-over", id === over && id !== drag.pile);
  }

  function onPointerUp(e) {
    const press = state.press;
    if (!press || e.pointerId !== press.id) return;
    state.press = null;
    const drag = state.drag;
    if (!drag) return;
    // The click that ends a drag is not a pick; forget that once the click had its chance.
    suppressClick = true;
    setTimeout(() => {
      suppressClick = false;
    });
    for (const node of state.piles.values()) node.classList.remove("sw-over");
    // The ghost stays where it was dropped until the move is answered; then the cards glide
    // from it to wherever Python put them.
    drag.dropped = true;
    actions.drop(drag.card, e.type === "pointerup" ? pileAt(e.clientX, e.clientY) : null);
  }

  function onClick(e) {
    if (suppressClick) {
      suppressClick = false;
      return;
    }
    if (!state.board || state.review || !e.target.closest(".sw-table")) return;
    const pile = e.target.closest("[data-pile]");
    if (!pile) {
      if (state.picked) actions.putBack();
      return;
    }
    const id = pile.dataset.pile;
    // Every click on the stock draws, however fast they come (ten clicks, ten draws).
    if (id === "stock") {
      actions.request("draw");
      return;
    }
    // The second click of a double-click belongs to the double-click.
    if (e.detail > 1) return;
    const card = e.target.closest(".sw-up[data-n]");
    actions.click(id, card?.dataset.card ?? null, true, card ? Number(card.dataset.n) : null);
  }

  function onDoubleClick(e) {
    const card = e.target.closest(".sw-up[data-n]");
    if (card && state.board && !state.review) actions.doubleClick(card.dataset.card);
  }

  return [
    ["pointerdown", onPointerDown],
    ["pointermove", onPointerMove],
    ["pointerup", onPointerUp],
    ["pointercancel", onPointerUp],
    ["click", onClick],
    ["dblclick", onDoubleClick],
  ];
}
