// The board in the page. Python is the judge: this module draws the state it is sent, turns
// clicks, drags and keys into requests (model.send), and never decides whether a move is legal.
// What it knows of the rules is the list of legal moves Python sends, used only to mark piles.

import { cardLabel, faceDownCard, faceUpCard, isCard } from "./cards.js";
import "./widget.css";

const TRAITS = ["_board", "status", "score", "moves", "seed", "_message", "_hint", "_clock", "show_marks"];
const BUTTONS = [
  ["new_game", "New game"],
  ["undo", "Undo"],
  ["redo", "Redo"],
  ["hint", "Hint"],
  ["finish", "Finish"],
];
const TOP_ROW = {
  klondike: ["stock", "waste", null, "f1", "f2", "f3", "f4"],
  applegate: ["reserve", null, null, "f1", "f2", "f3", "f4"],
};
const STATUS_TEXT = { playing: "Playing", won: "Won", lost: "Lost" };
const MOVE_RE = /^([a-z]+[0-9]?)-([a-z]+[0-9]?)(?::([0-9]+))?$/;
const DRAG_THRESHOLD = 6;
const ANSWER_TIMEOUT = 2500;

function make(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined) node.textContent = text;
  return node;
}

function moveText(src, dst, n) {
  return `${src}-${dst}${n > 1 ? `:${n}` : ""}`;
}

function pileName(id) {
  if (id[0] === "t") return `Tableau ${id.slice(1)}`;
  if (id[0] === "f") return `Foundation ${id.slice(1)}`;
  return id[0].toUpperCase() + id.slice(1);
}

function clockText(ms) {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor(total / 60) % 60;
  const s = String(total % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

function cards(list) {
  return Array.isArray(list) ? list.filter(isCard) : [];
}

function count(value) {
  return Number.isInteger(value) && value > 0 ? value : 0;
}

function render({ model, el }) {
  const motion = window.matchMedia?.("(prefers-reduced-motion: reduce)");
  const root = make("div", "solitaire-widget");
  const buttons = {};
  const buttonRow = make("div", "sw-buttons");
  for (const [type, name] of BUTTONS) {
    const button = make("button", "sw-button", name);
    button.type = "button";
    button.dataset.request = type;
    buttons[type] = button;
    buttonRow.append(button);
  }
  const stat = (label) => {
    const node = make("span", "sw-stat");
    const value = make("b");
    node.append(make("span", "sw-stat-label", label), value);
    return [node, value];
  };
  const [scoreStat, scoreValue] = stat("Score");
  const [movesStat, movesValue] = stat("Moves");
  const [timeStat, timeValue] = stat("Time");
  const statusValue = make("span", "sw-status");
  const winnableBadge = make("span", "sw-winnable", "Winnable deal");
  winnableBadge.title = "The solver proved this deal can be won";
  const stats = make("div", "sw-stats");
  stats.append(scoreStat, movesStat, timeStat, winnableBadge, statusValue);
  const bar = make("div", "sw-bar");
  bar.append(buttonRow, stats);
  const line = make("div", "sw-line");
  line.setAttribute("role", "status");
  line.setAttribute("aria-live", "polite");
  const table = make("div", "sw-table");
  const top = make("div", "sw-row sw-top");
  const tableau = make("div", "sw-row sw-tableau");
  const banner = make("div", "sw-banner");
  table.append(top, tableau, banner);
  const spoken = make("div", "sw-spoken");
  spoken.setAttribute("aria-live", "polite");
  root.append(bar, table, line, spoken);
  el.append(root);

  const piles = new Map();
  let kind = null;
  let board = null;
  let legal = new Set();
  let shownVersion = null;
  let shownMessage = null;
  let shownStatus = null;
  let picked = null; // {pile, n}: the group lifted by a click or a key
  let press = null; // a pointer held down on a card, not yet a drag
  let drag = null; // {pile, n, ghost, grabX, grabY, sent}
  let suppressClick = false;
  let waiting = false;
  let queuedDraws = 0;
  let waitTimer = 0;
  let scheduled = false;
  let alive = true;

  const animate = () => !motion?.matches;

  function send(type, extra) {
    if (!board) return;
    try {
      model.send({ type, version: board.version, ...extra });
    } catch {
      // No kernel (a static HTML export): the board stays as it is.
    }
  }

  function expectAnswer() {
    waiting = true;
    clearTimeout(waitTimer);
    waitTimer = setTimeout(answered, ANSWER_TIMEOUT);
  }

  function answered() {
    clearTimeout(waitTimer);
    if (!waiting) return;
    waiting = false;
    if (drag?.sent) update(true);
    if (queuedDraws > 0) {
      queuedDraws -= 1;
      drawFromStock();
    }
  }

  /** Clicks on the stock come faster than answers; each waits for the last one's board so that
   * it carries the version it is meant for instead of being refused as stale. */
  function drawFromStock() {
    if (waiting) {
      queuedDraws = Math.min(queuedDraws + 1, 3);
      return;
    }
    setPicked(null);
    send("draw");
    expectAnswer();
  }

  function sendMove(group, dst) {
    setPicked(null);
    send("move", { move: moveText(group.pile, dst, group.n) });
    expectAnswer();
  }

  function request(type) {
    setPicked(null);
    send(type);
    expectAnswer();
  }

  // ---- building the piles ----

  function makePile(id) {
    const node = make("div", `sw-pile sw-${id[0] === "t" || id[0] === "f" ? id[0] + "pile" : id}`);
    node.dataset.pile = id;
    node.tabIndex = 0;
    node.setAttribute("role", "group");
    piles.set(id, node);
    return node;
  }

  function buildLayout(newKind) {
    kind = newKind;
    root.dataset.kind = kind;
    piles.clear();
    top.replaceChildren(...TOP_ROW[kind].map((id) => (id ? makePile(id) : make("div", "sw-gap"))));
    tableau.replaceChildren(...Array.from({ length: 7 }, (_, i) => makePile(`t${i + 1}`)));
  }

  function badge(n) {
    const node = make("span", "sw-count", String(n));
    node.setAttribute("aria-hidden", "true");
    return node;
  }

  function pickable(node, n) {
    node.dataset.n = String(n);
    return node;
  }

  function fillTableau(id, pile) {
    const node = piles.get(id);
    const down = count(pile?.down);
    const up = cards(pile?.up);
    const children = [];
    for (let i = 0; i < down; i += 1) {
      const card = faceDownCard();
      card.style.setProperty("--i", i);
      card.style.setProperty("--j", 0);
      children.push(card);
    }
    up.forEach((c, j) => {
      const card = pickable(faceUpCard(c), up.length - j);
      card.style.setProperty("--i", down);
      card.style.setProperty("--j", j);
      children.push(card);
    });
    node.replaceChildren(...children);
    node.style.setProperty("--d", down);
    node.style.setProperty("--u", up.length);
    // Long Applegate piles squeeze their fan so the board keeps a sensible height.
    node.style.setProperty("--squeeze", up.length > 12 ? (11 / (up.length - 1)).toFixed(3) : 1);
    node.classList.toggle("sw-empty", down + up.length === 0);
    const parts = [down ? `${down} face-down` : "", ...up.map(cardLabel)].filter(Boolean);
    node.setAttribute("aria-label", `${pileName(id)}: ${parts.join(", ") || "empty"}`);
  }

  function fillStack(id, list, shown, label) {
    const node = piles.get(id);
    const visible = list.slice(-shown);
    node.replaceChildren(
      ...visible.map((c, k) => {
        const card = faceUpCard(c);
        card.style.setProperty("--x", k);
        return k === visible.length - 1 ? pickable(card, 1) : card;
      }),
    );
    node.classList.toggle("sw-empty", list.length === 0);
    node.classList.toggle("sw-stacked", list.length > 1);
    node.setAttribute("aria-label", `${label}: ${list.length ? cardLabel(list[list.length - 1]) : "empty"}`);
  }

  function fillPiles(b) {
    (b.tableau || []).slice(0, 7).forEach((pile, i) => fillTableau(`t${i + 1}`, pile));
    (b.foundations || []).slice(0, 4).forEach((f, i) => fillStack(`f${i + 1}`, cards(f), 1, pileName(`f${i + 1}`)));
    if (kind === "klondike") {
      const stock = piles.get("stock");
      const n = count(b.stock);
      const waste = cards(b.waste);
      stock.replaceChildren(...(n ? [faceDownCard(), badge(n)] : [make("span", "sw-recycle", waste.length ? "↻" : "")]));
      stock.classList.toggle("sw-empty", n === 0);
      stock.setAttribute(
        "aria-label",
        n ? `Stock: ${n} cards, click to draw` : waste.length ? "Stock: empty, click to recycle the waste" : "Stock: empty",
      );
      fillStack("waste", waste, b.options?.draw === 3 ? 3 : 1, "Waste");
    } else {
      const reserve = piles.get("reserve");
      const n = count(b.reserve);
      const children = [];
      if (n > 1) children.push(faceDownCard());
      if (isCard(b.reserve_top)) children.push(pickable(faceUpCard(b.reserve_top), 1));
      if (n) children.push(badge(n));
      reserve.replaceChildren(...children);
      reserve.classList.toggle("sw-empty", n === 0);
      reserve.setAttribute(
        "aria-label",
        n ? `Reserve: ${n} cards, top ${isCard(b.reserve_top) ? cardLabel(b.reserve_top) : "hidden"}` : "Reserve: empty",
      );
    }
  }

  // ---- marks: the picked group, the piles that take it, the hint ----

  function groupCards(pileId, n) {
    const node = piles.get(pileId);
    if (!node) return [];
    return [...node.querySelectorAll(".sw-up[data-n]")].filter((c) => Number(c.dataset.n) <= n);
  }

  function applyMarks() {
    for (const c of root.querySelectorAll(".sw-picked, .sw-lifted, .sw-hinted")) {
      c.classList.remove("sw-picked", "sw-lifted", "sw-hinted");
    }
    const group = drag || picked;
    if (group) {
      for (const c of groupCards(group.pile, group.n)) c.classList.add(drag ? "sw-lifted" : "sw-picked");
    }
    const marks = model.get("show_marks") !== false;
    const hint = model.get("_hint");
    const hinted = hint && board && hint.version === board.version && typeof hint.move === "string" ? hint.move : "";
    const parsed = hinted.match(MOVE_RE);
    if (parsed) for (const c of groupCards(parsed[1], Number(parsed[3] || 1))) c.classList.add("sw-hinted");
    for (const [id, node] of piles) {
      const takes = Boolean(group && marks && legal.has(moveText(group.pile, id, group.n)));
      node.classList.toggle("sw-target", takes);
      node.classList.toggle(
        "sw-hint-target",
        Boolean(parsed ? parsed[2] === id : hinted === "draw" || hinted === "recycle" ? id === "stock" : false),
      );
    }
  }

  function setPicked(group) {
    picked = group;
    applyMarks();
    if (group) {
      const first = groupCards(group.pile, group.n)[0];
      const name = first ? cardLabel(first.dataset.card) : "";
      const more = group.n > 1 ? ` and ${group.n - 1} more` : "";
      const targets = [...piles.values()].filter((p) => p.classList.contains("sw-target")).map((p) => pileName(p.dataset.pile));
      spoken.textContent = `Picked up ${name}${more}.${targets.length ? ` It fits on ${targets.join(", ")}.` : ""}`;
    }
  }

  // ---- the bar, the message line, the banner ----

  function updateBar() {
    const score = model.get("score");
    scoreStat.hidden = score === null || score === undefined;
    scoreValue.textContent = String(score ?? "");
    movesValue.textContent = String(model.get("moves") ?? 0);
    const status = model.get("status");
    winnableBadge.hidden = !(board && board.winnable_deal);
    statusValue.textContent = STATUS_TEXT[status] || "";
    statusValue.dataset.status = status;
    root.classList.toggle("sw-lost", status === "lost");
    buttons.undo.disabled = !board?.can_undo;
    buttons.redo.disabled = !board?.can_redo;
    buttons.finish.disabled = !board?.can_finish;
    buttons.hint.disabled = status !== "playing";
    tick();
    if (status !== shownStatus) {
      banner.replaceChildren();
      if (status === "won") {
        banner.append(make("strong", "", "You won!"), make("span", "", `${model.get("moves")} moves`));
        for (let k = 0; k < 12; k += 1) {
          const spark = make("i", "sw-spark");
          spark.style.setProperty("--k", k);
          banner.append(spark);
        }
      } else if (status === "lost") {
        banner.append(make("strong", "", "No way forward"), make("span", "", "Undo, or start a new game."));
      }
      // A game that is already won when the view opens gets the banner without the fanfare.
      root.classList.toggle("sw-celebrate", status === "won" && shownStatus !== null);
      shownStatus = status;
    }
  }

  function tick() {
    const clock = model.get("_clock") || {};
    const started = typeof clock.started === "number" ? clock.started : null;
    const ended = typeof clock.ended === "number" ? clock.ended : null;
    const text = clockText(started === null ? 0 : (ended ?? Date.now()) - started);
    if (timeValue.textContent !== text) timeValue.textContent = text;
  }

  function updateMessage(message, fresh) {
    line.textContent = typeof message.text === "string" ? message.text : "";
    line.dataset.kind = ["error", "info", "win", "lost"].includes(message.kind) ? message.kind : "info";
    if (fresh && line.textContent) {
      line.classList.remove("sw-flash");
      void line.offsetWidth; // restart the flash when the same text comes twice
      line.classList.add("sw-flash");
    }
  }

  // ---- animation (FLIP: cards glide from where they were to where they are) ----

  function positions() {
    const found = new Map();
    // The drag ghost comes last in the DOM, so a dropped card starts from where it was let go.
    for (const c of root.querySelectorAll("[data-card]")) found.set(c.dataset.card, c.getBoundingClientRect());
    return found;
  }

  function glide(before) {
    const stock = piles.get("stock")?.getBoundingClientRect();
    const moving = [];
    for (const c of table.querySelectorAll(".sw-pile [data-card]")) {
      let from = before.get(c.dataset.card);
      if (!from && stock && c.parentElement.dataset.pile === "waste") from = stock;
      if (!from) continue;
      const to = c.getBoundingClientRect();
      const dx = from.left - to.left;
      const dy = from.top - to.top;
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
      c.style.transition = "none";
      c.style.transform = `translate(${dx}px, ${dy}px)`;
      c.classList.add("sw-flying");
      moving.push(c);
    }
    if (!moving.length) return;
    void table.offsetWidth;
    for (const c of moving) {
      c.style.transition = "";
      c.style.transform = "";
      c.addEventListener("transitionend", () => c.classList.remove("sw-flying"), { once: true });
    }
  }

  // ---- drawing what Python sent ----

  function update(settle = false) {
    scheduled = false;
    if (!alive) return;
    const b = model.get("_board");
    if (!b || !TOP_ROW[b.kind] || !Array.isArray(b.tableau)) return;
    const message = model.get("_message") || {};
    const newVersion = b.version !== shownVersion;
    const newMessage = message.id !== shownMessage;
    const before = shownVersion !== null && animate() && (newVersion || settle || drag?.sent) ? positions() : null;
    if (drag && (newVersion || drag.sent || settle)) {
      drag.ghost.remove();
      drag = null;
    }
    if (newVersion) {
      press = null;
      picked = null;
    }
    if (b.kind !== kind) buildLayout(b.kind);
    if (b !== board || newVersion) {
      board = b;
      legal = new Set(Array.isArray(b.legal) ? b.legal : []);
      fillPiles(b);
    }
    shownVersion = b.version;
    updateBar();
    updateMessage(message, newMessage && shownMessage !== null);
    shownMessage = message.id;
    applyMarks();
    if (before) glide(before);
    if (newVersion || newMessage) answered();
  }

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    queueMicrotask(() => update());
  }

  // ---- pointer: click, drag and drop, double-click ----

  function groupAt(target, pileId) {
    const card = target.closest(".sw-up[data-n]");
    if (card) return { pile: pileId, n: Number(card.dataset.n) };
    if (pileId[0] === "t" || pileId === "stock") return null;
    return groupCards(pileId, 1).length ? { pile: pileId, n: 1 } : null;
  }

  function pileAt(x, y) {
    const hit = root.ownerDocument.elementFromPoint(x, y)?.closest("[data-pile]");
    if (hit && root.contains(hit)) return hit.dataset.pile;
    // Below the last card of a column still counts as that column.
    for (const [id, node] of piles) {
      const r = node.getBoundingClientRect();
      if (id[0] === "t" && x >= r.left && x <= r.right && y >= r.top) return id;
    }
    return null;
  }

  function onPointerDown(e) {
    suppressClick = false;
    if (e.button !== 0 || !board || drag) return;
    const card = e.target.closest(".sw-up[data-n]");
    const pile = card?.closest("[data-pile]");
    if (!pile) return;
    press = { id: e.pointerId, x: e.clientX, y: e.clientY, pile: pile.dataset.pile, n: Number(card.dataset.n) };
  }

  function startDrag(e) {
    const group = groupCards(press.pile, press.n);
    if (!group.length) return false;
    const base = root.getBoundingClientRect();
    const first = group[0].getBoundingClientRect();
    const ghost = make("div", "sw-ghost");
    for (const c of group) {
      const r = c.getBoundingClientRect();
      const copy = c.cloneNode(true);
      copy.classList.remove("sw-picked", "sw-hinted");
      Object.assign(copy.style, {
        left: `${r.left - first.left}px`,
        top: `${r.top - first.top}px`,
        width: `${r.width}px`,
        height: `${r.height}px`,
      });
      ghost.append(copy);
    }
    root.append(ghost);
    drag = {
      pile: press.pile,
      n: press.n,
      ghost,
      grabX: press.x - first.left,
      grabY: press.y - first.top,
      sent: false,
    };
    ghost.style.transform = `translate(${first.left - base.left}px, ${first.top - base.top}px)`;
    root.setPointerCapture?.(e.pointerId);
    picked = null;
    applyMarks();
    return true;
  }

  function onPointerMove(e) {
    if (!press || e.pointerId !== press.id) return;
    if (!drag) {
      if (Math.hypot(e.clientX - press.x, e.clientY - press.y) < DRAG_THRESHOLD) return;
      if (!startDrag(e)) {
        press = null;
        return;
      }
    }
    const base = root.getBoundingClientRect();
    drag.ghost.style.transform = `translate(${e.clientX - base.left - drag.grabX}px, ${e.clientY - base.top - drag.grabY}px)`;
    const over = pileAt(e.clientX, e.clientY);
    for (const [id, node] of piles) node.classList.toggle("sw-over", id === over && id !== drag.pile);
  }

  function onPointerUp(e) {
    if (!press || e.pointerId !== press.id) return;
    press = null;
    if (!drag) return;
    // The click that ends a drag is not a pick; forget that once the click had its chance.
    suppressClick = true;
    setTimeout(() => {
      suppressClick = false;
    });
    for (const node of piles.values()) node.classList.remove("sw-over");
    const target = e.type === "pointerup" ? pileAt(e.clientX, e.clientY) : null;
    if (target && target !== drag.pile) {
      // The ghost stays where it was dropped until Python answers; then the cards glide from it.
      drag.sent = true;
      sendMove(drag, target);
    } else {
      update(true);
    }
  }

  function onClick(e) {
    if (suppressClick) {
      suppressClick = false;
      return;
    }
    const button = e.target.closest("button[data-request]");
    if (button) {
      request(button.dataset.request);
      return;
    }
    const pile = e.target.closest("[data-pile]");
    if (!pile || !board) {
      if (picked) setPicked(null);
      return;
    }
    const id = pile.dataset.pile;
    if (id === "stock") {
      drawFromStock();
      return;
    }
    const group = groupAt(e.target, id);
    if (picked && id !== picked.pile) sendMove(picked, id);
    else if (picked && (!group || group.n === picked.n)) setPicked(null);
    else setPicked(group);
  }

  function onDoubleClick(e) {
    const card = e.target.closest(".sw-up[data-n]");
    const id = card?.closest("[data-pile]")?.dataset.pile;
    if (!id || !board) return;
    if (kind === "applegate" && id[0] === "t") sendMove({ pile: id, n: 13 }, "f");
    else if (kind === "klondike" && (id[0] === "t" || id === "waste") && card.dataset.n === "1") sendMove({ pile: id, n: 1 }, "f");
  }

  // ---- keyboard ----

  function focusPile(id) {
    piles.get(id)?.focus();
  }

  function neighbour(id, key) {
    const order = [...piles.keys()];
    const row = id[0] === "t" ? tableau : top;
    const column = [...row.children].findIndex((n) => n.dataset.pile === id);
    if (key === "ArrowLeft" || key === "ArrowRight") {
      const i = order.indexOf(id) + (key === "ArrowLeft" ? -1 : 1);
      return order[(i + order.length) % order.length];
    }
    if (key === "ArrowDown" && row === top) return `t${column + 1}`;
    if (key === "ArrowUp" && row === tableau) {
      const ids = TOP_ROW[kind];
      for (let d = 0; d < 7; d += 1) {
        if (ids[column - d]) return ids[column - d];
        if (ids[column + d]) return ids[column + d];
      }
    }
    return null;
  }

  function onKeyDown(e) {
    if (e.ctrlKey || e.metaKey || e.altKey || e.key === "Tab" || (e.shiftKey && e.key === "Enter")) return;
    // While the board has focus, no key reaches the notebook: "d d" must not delete the cell.
    e.stopPropagation();
    const id = e.target.closest?.("[data-pile]")?.dataset.pile;
    if (e.key === "Escape") {
      e.preventDefault();
      if (drag && !drag.sent) update(true);
      press = null;
      setPicked(null);
      if (id) spoken.textContent = "Put back.";
      return;
    }
    if (!id || !board) return;
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      if (id === "stock") drawFromStock();
      else if (picked && picked.pile !== id) sendMove(picked, id);
      else if (picked) setPicked(null);
      else setPicked(groupCards(id, 1).length ? { pile: id, n: 1 } : null);
      return;
    }
    if (e.key.startsWith("Arrow")) {
      e.preventDefault();
      const vertical = e.key === "ArrowUp" || e.key === "ArrowDown";
      if (vertical && picked && picked.pile[0] === "t") {
        const size = groupCards(picked.pile, 52).length;
        const n = Math.min(size, Math.max(1, picked.n + (e.key === "ArrowUp" ? 1 : -1)));
        setPicked({ pile: picked.pile, n });
        return;
      }
      const next = neighbour(id, e.key);
      if (next) focusPile(next);
    }
  }

  // ---- wiring ----

  const listeners = [
    ["pointerdown", onPointerDown],
    ["pointermove", onPointerMove],
    ["pointerup", onPointerUp],
    ["pointercancel", onPointerUp],
    ["click", onClick],
    ["dblclick", onDoubleClick],
    ["keydown", onKeyDown],
  ];
  for (const [type, fn] of listeners) root.addEventListener(type, fn);
  for (const name of TRAITS) model.on(`change:${name}`, schedule);
  const clockTimer = setInterval(tick, 1000);
  update();

  return () => {
    alive = false;
    clearInterval(clockTimer);
    clearTimeout(waitTimer);
    for (const [type, fn] of listeners) root.removeEventListener(type, fn);
    for (const name of TRAITS) model.off(`change:${name}`, schedule);
    root.remove();
  };
}

export default { render };
