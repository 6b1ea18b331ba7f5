// Cards glide from where they were to where they are (FLIP): the page notes where the cards of
// the piles about to change are, redraws, then starts each moved card from its old place.
// A gliding card lets the pointer through (CSS: pointer-events none on .sw-flying), so a click
// during a glide lands on what is under it, not on the card passing over.

const FLIGHT_MS = 400; // longer than the glide; a card still marked flying then is let go

/** Where the cards of these piles (and of a drag ghost) are now, by card name. */
export function notePositions(state, pileIds) {
  const found = new Map();
  for (const id of pileIds) {
    for (const c of state.piles.get(id)?.querySelectorAll("[data-card]:not(.sw-beneath)") ?? []) {
      found.set(c.dataset.card, c.getBoundingClientRect());
    }
  }
  // The drag ghost comes last, so a dropped card starts from where it was let go.
  for (const c of state.drag?.ghost.querySelectorAll("[data-card]") ?? []) found.set(c.dataset.card, c.getBoundingClientRect());
  return found;
}

/** Starts the glide of every card of these piles that was somewhere else before. */
export function glide(state, before, pileIds) {
  const stock = state.piles.get("stock")?.getBoundingClientRect();
  const moving = [];
  for (const id of pileIds) {
    for (const c of state.piles.get(id)?.querySelectorAll("[data-card]:not(.sw-beneath)") ?? []) {
      let from = before.get(c.dataset.card);
      if (!from && stock && id === "waste") from = stock;
      if (!from) continue;
      const to = c.getBoundingClientRect();
      const dx = from.left - to.left;
      const dy = from.top - to.top;
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
      moving.push([c, dx, dy]);
    }
  }
  if (!moving.length) return;
  for (const [c, dx, dy] of moving) {
    c.style.transition = "none";
    c.style.transform = `translate(${dx}px, ${dy}px)`;
    c.classList.add("sw-flying");
  }
  void state.table.offsetWidth; // the start positions take effect before the transition
  for (const [c] of moving) {
    c.style.transition = "";
    c.style.transform = "";
    const land = () => c.classList.remove("sw-flying");
    c.addEventListener("transitionend", land, { once: true });
    setTimeout(land, FLIGHT_MS);
  }
}
