// The board's sizes, from the width it is given and the height of the window, in CSS px.
//
// Cards are sized in CSS px, not in fractions of the screen: at 150% browser zoom the window is
// narrower in CSS px, and a board sized by fractions would shrink its cards to cancel the zoom.
// Here cards keep their size while seven columns fit, and shrink only down to the width where the
// rank text is still 11 px. Long piles compress their fans (face-down strips first, then face-up
// strips down to the readable strip: the index of each card fully shown), so the tableau keeps
// a bounded height; when even the readable strips do not fit, the tableau scrolls inside it.
// A squeezed pile draws its index smaller, down to 11 px, so that its strips can be thinner.
// Cards narrower than a side-by-side index at 11 px (ten columns in a phone-wide output) stack
// the index, the suit under the rank, and their strips are tall enough for both.

const MIN_RANK_PX = 11;
// The narrowest card whose index ("10" and a suit side by side) fits at 11 px: seven of them fit
// the 230 px JupyterLab leaves an output in a 600 px window with its side bar open.
const MIN_CARD = 28;
const MAX_CARD = 96;
// The narrowest card any board draws: a rank and a suit side by side, the index overlapping.
const MIN_NARROW_CARD = 18;
const RATIO = 1.4;

function clamp(low, value, high) {
  return Math.min(high, Math.max(low, value));
}

const LINE = 1.15; // the index's line height, in ems

const SUIT_LINE = 0.8; // the suit mark's height, in ems

/** The strip that shows a whole index of `font` px: its line box (and the suit's under it when
 * the index is stacked) and a pixel to spare. */
function stripFor(font, padTop, stacked = false) {
  return padTop + Math.ceil(font * LINE) + 1 + (stacked ? Math.ceil(font * SUIT_LINE) + 1 : 0);
}

/**
 * Card and strip sizes for a board `width` px wide in a window `viewHeight` px high.
 * `around` is the height of the bar and the message line (the top row is counted here), plus
 * what the notebook around the board takes.
 */
export function boardMetrics(width, viewHeight, around, columns = 7) {
  const gap = Math.round(clamp(3, width * 0.016, 12));
  // More columns than seven (Spider's ten) may shrink the cards below the seven-column least,
  // so that every column still fits the width.
  const least = columns > 7 ? Math.min(MIN_CARD, Math.floor((width - (columns + 1) * gap) / columns)) : MIN_CARD;
  const w = Math.floor(clamp(Math.max(MIN_NARROW_CARD, least), (width - (columns + 1) * gap) / columns, MAX_CARD));
  const h = Math.round(w * RATIO);
  // Small cards get a larger index for their width, so a zoomed-in board whose cards had to
  // shrink to fit still shows bigger ranks on the screen than at 100%.
  const font = Math.round(clamp(MIN_RANK_PX, 6 + w * 0.15, 20) * 2) / 2;
  const padTop = Math.max(1, Math.round(w * 0.035));
  const padLeft = Math.max(2, Math.round(w * 0.06));
  const stacked = w < MIN_CARD;
  const upMin = stripFor(MIN_RANK_PX, padTop, stacked);
  const upStrip = Math.max(stripFor(font, padTop, stacked) + 2, Math.round(w * 0.3));
  const downStrip = Math.max(4, Math.round(w * 0.12));
  const downMin = Math.max(3, Math.round(w * 0.05));
  // The draw-3 waste fans sideways: each card shows its left strip (rank over suit).
  const fan = Math.min((w + gap) / 2, Math.max(Math.round(w * 0.26), padLeft + Math.ceil(font * 1.35)));
  // The tableau may use what the window leaves below the rest of the board, but never less than
  // a pile of three card heights (a narrow or short window still deserves a playable board).
  const tableau = Math.round(Math.max(3 * h, viewHeight - around - h - 3 * gap));
  return { width, columns, gap, w, h, font, padTop, padLeft, stacked, upMin, upStrip, downStrip, downMin, fan, tableau };
}

/**
 * The strips of one tableau pile of `down` face-down and `up` face-up cards: face-down strips
 * shrink first, then face-up ones, never below the readable strip of an 11 px index. Returns the
 * strips, the index size the face-up strip has room for, and the pile's height; a height above
 * m.tableau means the tableau must scroll.
 */
export function pileFan(down, up, m) {
  const room = m.tableau - m.h;
  const gaps = Math.max(up - 1, 0);
  let downStrip = m.downStrip;
  let upStrip = m.upStrip;
  if (down * downStrip + gaps * upStrip > room) {
    downStrip = down ? Math.max(m.downMin, (room - gaps * upStrip) / down) : downStrip;
    if (down * downStrip + gaps * upStrip > room && gaps) {
      upStrip = Math.max(m.upMin, (room - down * downStrip) / gaps);
    }
  }
  downStrip = Math.floor(downStrip * 2) / 2;
  upStrip = Math.floor(upStrip * 2) / 2;
  const lines = m.stacked ? LINE + SUIT_LINE : LINE;
  const roomy = Math.floor(((upStrip - m.padTop - (m.stacked ? 2 : 1)) / lines) * 2) / 2;
  const font = Math.max(MIN_RANK_PX, Math.min(m.font, roomy));
  return { downStrip, upStrip, font, height: m.h + down * downStrip + gaps * upStrip };
}
