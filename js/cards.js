// Drawing the cards. Suits are SVG paths, so the board looks the same whatever fonts the browser
// has; ranks are text, so they stay crisp at every size.
//
// A card is read from a strip: a tableau fan shows only its top strip, a draw-3 waste its left
// strip. So the index (rank with its suit mark beside it) sits in the top strip, and the suit again
// under the rank in the left strip. The suit marks are drawn to differ by outline, not only by
// colour: clubs have three round lobes and a flared stem, spades one pointed lobe; diamonds are
// narrow with straight sides, hearts wide and round. The four-colour deck (CSS) adds colour.

const SVG = "http://www.w3.org/2000/svg";

const SUITS = {
  C: {
    name: "clubs",
    path:
      "M50 4a22 22 0 1 1 0 44a22 22 0 1 1 0-44ZM25 38a22 22 0 1 1 0 44a22 22 0 1 1 0-44Z" +
      "M75 38a22 22 0 1 1 0 44a22 22 0 1 1 0-44ZM50 40a16 16 0 1 1 0 32a16 16 0 1 1 0-32Z" +
      "M44 60C44 82 38 91 26 98H74C62 91 56 82 56 60Z",
  },
  D: { name: "diamonds", path: "M50 2L86 50L50 98L14 50Z" },
  H: {
    name: "hearts",
    path: "M50 94C20 70 3 52 3 31C3 14 16 4 29 4C40 4 46 11 50 19C54 11 60 4 71 4C84 4 97 14 97 31C97 52 80 70 50 94Z",
  },
  S: {
    name: "spades",
    path:
      "M50 2C58 20 96 38 96 62C96 77 85 85 73 85C64 85 58 80 55 75C56 86 61 92 70 98H30C39 92 44 86 45 75" +
      "C42 80 36 85 27 85C15 85 4 77 4 62C4 38 42 20 50 2Z",
  },
};

const RANKS = {
  A: ["A", "Ace"], 2: ["2", "Two"], 3: ["3", "Three"], 4: ["4", "Four"], 5: ["5", "Five"],
  6: ["6", "Six"], 7: ["7", "Seven"], 8: ["8", "Eight"], 9: ["9", "Nine"], T: ["10", "Ten"],
  J: ["J", "Jack"], Q: ["Q", "Queen"], K: ["K", "King"],
};

/** True for a two-character card name the page can draw, such as "QS" or "TH". */
export function isCard(card) {
  return typeof card === "string" && card.length === 2 && card[0] in RANKS && card[1] in SUITS;
}

/** The spoken name of a card: "Queen of spades". */
export function cardLabel(card) {
  return `${RANKS[card[0]][1]} of ${SUITS[card[1]].name}`;
}

function suitMark(suit, cls) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 100 100");
  svg.setAttribute("class", cls);
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", SUITS[suit].path);
  svg.append(path);
  return svg;
}

function part(tag, cls, text) {
  const node = document.createElement(tag);
  node.className = cls;
  if (text) node.textContent = text;
  node.setAttribute("aria-hidden", "true");
  return node;
}

/** A face-up card: the index (rank and suit side by side) in its top strip, the suit again under
 * the rank for its left strip, a suit in the top right corner on cards wide enough for it, and a
 * large suit, or a framed letter for the court cards, in the middle. */
export function faceUpCard(card) {
  const [rank, suit] = card;
  const node = document.createElement("div");
  node.className = `sw-card sw-up sw-suit-${suit} ${suit === "H" || suit === "D" ? "sw-red" : "sw-black"}`;
  node.dataset.card = card;
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", cardLabel(card));
  const index = part("span", "sw-index");
  index.append(part("span", "sw-rank", RANKS[rank][0]), suitMark(suit, "sw-suit"));
  node.append(index, suitMark(suit, "sw-under"), suitMark(suit, "sw-corner"));
  if (rank === "J" || rank === "Q" || rank === "K") {
    const court = part("div", "sw-court");
    court.append(part("span", "sw-court-letter", rank));
    node.append(court);
  } else {
    node.append(suitMark(suit, rank === "A" ? "sw-pip sw-ace" : "sw-pip"));
  }
  return node;
}

/** A face-down card. It carries no name at all: the page never learns what it is. */
export function faceDownCard() {
  const node = document.createElement("div");
  node.className = "sw-card sw-down";
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", "face-down card");
  return node;
}
