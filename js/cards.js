// Drawing the cards. Suits are SVG paths, so the board looks the same whatever fonts the
// browser has; ranks are text, so they stay crisp at every size.

const SVG = "http://www.w3.org/2000/svg";

const SUITS = {
  C: {
    name: "clubs",
    path:
      "M50 6a21 21 0 1 1 0 42a21 21 0 1 1 0-42ZM27 40a21 21 0 1 1 0 42a21 21 0 1 1 0-42Z" +
      "M73 40a21 21 0 1 1 0 42a21 21 0 1 1 0-42ZM50 44a14 14 0 1 1 0 28a14 14 0 1 1 0-28Z" +
      "M45 58C45 80 40 90 31 97H69C60 90 55 80 55 58Z",
  },
  D: { name: "diamonds", path: "M50 3Q66 27 88 50Q66 73 50 97Q34 73 12 50Q34 27 50 3Z" },
  H: {
    name: "hearts",
    path: "M50 92C22 70 5 52 5 32C5 15 17 5 30 5C40 5 46 11 50 19C54 11 60 5 70 5C83 5 95 15 95 32C95 52 78 70 50 92Z",
  },
  S: {
    name: "spades",
    path:
      "M50 3C60 21 95 38 95 61C95 76 84 84 72 84C63 84 57 79 54 74C55 85 60 92 69 97H31C40 92 45 85 46 74" +
      "C43 79 37 84 28 84C16 84 5 76 5 61C5 38 40 21 50 3Z",
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

function suitIcon(suit, cls) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", "0 0 100 100");
  svg.setAttribute("class", cls);
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", SUITS[suit].path);
  svg.append(path);
  return svg;
}

function span(cls, text) {
  const node = document.createElement("span");
  node.className = cls;
  node.textContent = text;
  node.setAttribute("aria-hidden", "true");
  return node;
}

/** A face-up card: rank and suit in the top corners and the suit again under the rank, so a card
 * reads from its top strip (a tableau fan) or its left strip (the draw-3 waste); a large suit in
 * the middle, and a framed letter for the court cards. */
export function faceUpCard(card) {
  const [rank, suit] = card;
  const node = document.createElement("div");
  node.className = `sw-card sw-up ${suit === "H" || suit === "D" ? "sw-red" : "sw-black"}`;
  node.dataset.card = card;
  node.setAttribute("role", "img");
  node.setAttribute("aria-label", cardLabel(card));
  node.append(span("sw-rank", RANKS[rank][0]), suitIcon(suit, "sw-corner"), suitIcon(suit, "sw-index"));
  if (rank === "J" || rank === "Q" || rank === "K") {
    const court = document.createElement("div");
    court.className = "sw-court";
    court.setAttribute("aria-hidden", "true");
    court.append(span("sw-court-letter", rank));
    node.append(court);
  } else {
    node.append(suitIcon(suit, rank === "A" ? "sw-pip sw-ace" : "sw-pip"));
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
