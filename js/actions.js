// What the player's clicks, drops and keys mean, worked out on their turn in the queue against
// the board as it is then. Pointer and keyboard both come here, so a key and a click that mean
// the same thing do the same thing.

import { findGroup, groupCards, setPicked } from "./marks.js";
import { bestDestination, destinations, moveText, runHome } from "./moves.js";
import { flag } from "./state.js";

export function createActions(state, queue, settleDrag) {
  function sendMove(group, dst, answered) {
    setPicked(state, null);
    queue.send("move", { move: moveText(group.pile, dst, group.n) }, answered);
  }

  /** A move the page chose (smart click, double-click): one to a foundation is written "f", as a
   * player would, and Python picks the foundation. */
  function sendChosen(group, dst) {
    sendMove(group, dst[0] === "f" ? "f" : dst);
  }

  /** The group a click on pileId means: from the clicked card (the n-th from the top) up, or
   * the top card of a stack. */
  function groupAt(pileId, card, n = null) {
    if (card) {
      const group = findGroup(state, card, pileId, n);
      if (group && group.pile === pileId) return group;
    }
    if (pileId[0] === "t" || pileId === "stock") return null;
    const top = groupCards(state, pileId, 1)[0];
    return top ? { pile: pileId, n: 1, card: top.dataset.card } : null;
  }

  /** A click (or Enter) on a pile, on one of its face-up cards or beside them. With smart click
   * on, a group with exactly one legal place goes there at once, and a card of a finished run
   * that has none sends the run home (never from a foundation, where a card going back costs
   * points); otherwise the click picks it up. */
  function click(pileId, card, smart = true, n = null) {
    const picked = state.picked;
    if (picked && pileId !== picked.pile) {
      sendMove(picked, pileId);
      return;
    }
    const group = groupAt(pileId, card, n);
    if (picked) {
      setPicked(state, group && group.n !== picked.n ? group : null);
      return;
    }
    if (!group) return;
    if (smart && flag(state.model, "smart_click", true) && group.pile[0] !== "f") {
      const dsts = destinations(state.legal, group);
      const home = dsts.length ? null : runHome(state.legal, group);
      if (dsts.length === 1 || home) {
        sendChosen(home ?? group, home ? "f" : dsts[0]);
        return;
      }
    }
    setPicked(state, group);
  }

  /** Enter or Space on a pile: a click on its top card, never a smart one (the keyboard player
   * picks up, moves the focus and puts down). */
  function enter(pileId) {
    click(pileId, groupCards(state, pileId, 1)[0]?.dataset.card ?? null, false, 1);
  }

  /** A double-click: the group its first click picked up goes to its best place, home first
   * (with the whole finished run it is part of, in Applegate). When the first click already sent
   * it (smart click) or put something down, there is nothing left to do. With no legal place, the
   * move to a foundation is asked anyway, so Python says why not. */
  function doubleClick(card) {
    const group = state.picked?.card === card ? state.picked : null;
    if (!group || group.pile[0] === "f") return;
    const home = runHome(state.legal, group);
    if (home) sendChosen(home, "f");
    else sendChosen(group, bestDestination(destinations(state.legal, group), state.board) ?? "f");
  }

  /** A dropped group: the move is asked for, and its ghost stays where it was let go until the
   * answer. A move made takes the ghost away with the new board (widget.js); a refused one
   * changes no board, so once it is answered the cards glide back from the ghost. */
  function drop(card, target) {
    const group = findGroup(state, card, state.drag?.pile ?? null, state.drag?.n ?? null);
    if (!group || !target || group.pile === target) {
      settleDrag();
      return;
    }
    sendMove(group, target, settleDrag);
  }

  /** F: the held group, or else the focused pile's top card, to a foundation, in one key (a
   * finished run goes home whole, in Applegate). With no foundation that takes it, the move is
   * asked anyway, so Python says why not. */
  function sendHome(pileId) {
    const group = state.picked ?? groupAt(pileId, groupCards(state, pileId, 1)[0]?.dataset.card ?? null, 1);
    if (!group || group.pile[0] === "f") return;
    sendChosen(runHome(state.legal, group) ?? group, "f");
  }

  /** Arrow Up/Down on a held tableau group: one card more or fewer, from the top down. */
  function grow(delta) {
    const picked = state.picked;
    if (!picked || picked.pile[0] !== "t") return;
    const group = groupCards(state, picked.pile, 52);
    const n = Math.min(group.length, Math.max(1, picked.n + delta));
    const bottom = group.find((c) => Number(c.dataset.n) === n);
    setPicked(state, { pile: picked.pile, n, card: bottom?.dataset.card ?? picked.card });
  }

  const later = (fn) => (...args) => queue.push(() => fn(...args));
  // A card action whose turn comes in review mode (a click made just before it opened) lets go.
  const play = (fn) =>
    later((...args) => {
      if (!state.review) fn(...args);
      else settleDrag();
    });

  /** A step through the review, worked out on its turn from the position then on show, so
   * that every key press counts however fast they come. */
  function reviewGo(where) {
    const review = state.review;
    if (!review) return;
    const index = Math.min(review.last, Math.max(0, where(review)));
    if (index !== review.index) queue.send("review_step", { index });
  }

  return {
    click: play(click),
    enter: play(enter),
    doubleClick: play(doubleClick),
    drop: play(drop),
    sendHome: play(sendHome),
    grow: play(grow),
    putBack: later(() => setPicked(state, null)),
    reviewGo: later(reviewGo),
    /** A request that only reads (the statistics, leaving a review): the held group stays. */
    read: later((type, extra) => queue.send(type, extra)),
    /** A request with no card in it (draw, undo, new game, a setting): sent on its turn. */
    request: later((type, extra) => {
      setPicked(state, null);
      queue.send(type, extra);
    }),
  };
}
