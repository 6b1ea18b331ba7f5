// Move notation as the page writes and reads it (SPEC section 2), and the page's one choice about
// moves: where a smart click or a double-click sends a card. Legality stays Python's: the page only
// picks among the legal moves Python sent in `_board.legal`.

const MOVE = /^([a-z]+(?:[1-9][0-9]?)?)-([a-z]+(?:[1-9][0-9]?)?)(?::([0-9]+))?$/;

/** "t2-t5:3" from its parts (a single card carries no count). */
export function moveText(src, dst, n) {
  return `${src}-${dst}${n > 1 ? `:${n}` : ""}`;
}

/** {src, dst, n} from a move's text, or null when it is no move (draw, recycle, junk). */
export function parseMove(text) {
  const found = typeof text === "string" ? text.match(MOVE) : null;
  return found ? { src: found[1], dst: found[2], n: Number(found[3] || 1) } : null;
}

/** The piles a group may legally go to, in the order Python listed them. */
export function destinations(legal, group) {
  const found = [];
  for (const text of legal) {
    const move = parseMove(text);
    if (move && move.src === group.pile && move.n === group.n && !found.includes(move.dst)) found.push(move.dst);
  }
  return found;
}

/** A legal move home of the group that holds this one: in Applegate a finished run goes home
 * from a click on any of its cards. {pile, n} of the group to send, or null. */
export function runHome(legal, group) {
  for (const text of legal) {
    const move = parseMove(text);
    if (move && move.src === group.pile && move.dst[0] === "f" && move.n >= group.n) return { pile: move.src, n: move.n };
  }
  return null;
}

/** Where a double-click sends a group: a foundation first, then a tableau pile that has cards,
 * then an empty one (an empty column is worth keeping for a King). */
export function bestDestination(dsts, board) {
  const empty = (id) => {
    const pile = board.tableau[Number(id.slice(1)) - 1];
    return !pile || (pile.down === 0 && pile.up.length === 0);
  };
  return (
    dsts.find((id) => id[0] === "f") ??
    dsts.find((id) => id[0] === "t" && !empty(id)) ??
    dsts.find((id) => id[0] === "t") ??
    null
  );
}
