// The Options menu: a small popup menu (WAI-ARIA menu pattern) to start a new game of any game
// Python lists (`_games`: each variant is a New game item), with the games' other options (such
// as a scoring) and "winnable deals only", and to switch the board's settings. It sends the
// requests of PROTOCOL.md; what it shows as checked always comes from Python's traits. Python
// keeps what the player chooses here for the boards that come after (preferences.py).

import { make } from "./dom.js";
import { flag, readGames, readNextGame } from "./state.js";

const capital = (text) => text.replace(/^./, (c) => c.toUpperCase());
const SETTINGS = [
  ["smart_click", "Smart click", true],
  ["auto_move", "Auto-move safe cards", true],
  ["four_colour", "Four-colour deck", false],
  ["show_marks", "Teaching marks", true],
  ["coach", "Coach", false],
];

let menus = 0;

export function createMenu(state, actions, button, confirm) {
  const menu = make("div", "sw-menu");
  menu.id = `sw-menu-${(menus += 1)}`;
  menu.setAttribute("role", "menu");
  menu.setAttribute("aria-label", "Options");
  menu.hidden = true;
  button.setAttribute("aria-haspopup", "menu");
  button.setAttribute("aria-expanded", "false");
  button.setAttribute("aria-controls", menu.id);
  const games = readGames(state.model);
  // The options chosen beside the variants (a value each), with their items.
  const choices = games.flatMap((game) => game.options.filter((option) => !option.variant));
  const choice = { options: {}, winnable: false, touched: false };

  function item(role, text, activate) {
    const node = make("button", "sw-menu-item", text);
    node.type = "button";
    node.tabIndex = -1;
    node.setAttribute("role", role);
    node.addEventListener("click", activate);
    return node;
  }

  function heading(text) {
    const node = make("div", "sw-menu-heading", text);
    node.setAttribute("role", "presentation");
    return node;
  }

  function separator() {
    const node = make("div", "sw-menu-separator");
    node.setAttribute("role", "separator");
    return node;
  }

  const gameItems = games.flatMap((game) =>
    game.variants.map((variant) =>
      item("menuitem", `New game: ${variant.label}`, () => {
        close(true);
        // Only a variant with proven-winnable deals can be asked for one (Spider 1 suit, not 4).
        const options = { game: game.name, winnable: choice.winnable && variant.winnable };
        for (const option of game.options) {
          const chosen = !option.variant && option.name in choice.options;
          options[option.name] = chosen ? choice.options[option.name] : variant.options[option.name];
        }
        confirm.ask("new_game", () => actions.request("new_game", { options }));
      }),
    ),
  );
  const choiceItems = choices.flatMap((option) =>
    option.values.map((value, i) => {
      const node = item("menuitemradio", capital(option.words[i]), () => {
        choice.options[option.name] = value;
        choice.touched = true;
        refresh();
      });
      return { node, option, value };
    }),
  );
  const winnableItem = item("menuitemcheckbox", "Winnable deals only", () => {
    choice.winnable = !choice.winnable;
    choice.touched = true;
    refresh();
  });
  const settingItems = SETTINGS.map(([name, text, fallback]) =>
    item("menuitemcheckbox", text, () => actions.request("set", { name, value: !flag(state.model, name, fallback) })),
  );
  // The choices for the next new game come first, above the New game items they change, so
  // they are read (and set) before a game is chosen.
  menu.append(
    heading("For the next new game"),
    ...choiceItems.map(({ node }) => node),
    winnableItem,
    heading("New game"),
    ...gameItems,
    separator(),
    heading("This board"),
    ...settingItems,
  );

  function items() {
    return [...menu.querySelectorAll(".sw-menu-item")];
  }

  /** Shows what is checked: the settings from Python; the new-game choices the player saved
   * (a new game dealt from a menu before, in any session), else the board's own. */
  function refresh() {
    const b = state.board;
    const saved = readNextGame(state.model);
    if (!choice.touched) {
      for (const option of choices) {
        const from = saved && option.values.includes(saved[option.name]) ? saved : b?.options;
        if (from && option.values.includes(from[option.name])) choice.options[option.name] = from[option.name];
        else if (!(option.name in choice.options)) choice.options[option.name] = option.default;
      }
      if (saved) choice.winnable = saved.winnable;
      else if (b) choice.winnable = b.badges.includes("Winnable deal");
    }
    for (const { node, option, value } of choiceItems) {
      node.setAttribute("aria-checked", String(choice.options[option.name] === value));
    }
    winnableItem.setAttribute("aria-checked", String(choice.winnable));
    settingItems.forEach((node, i) => {
      const [name, , fallback] = SETTINGS[i];
      node.setAttribute("aria-checked", String(flag(state.model, name, fallback)));
    });
  }

  function onOutside(e) {
    if (!menu.contains(e.target) && e.target !== button) close(false);
  }

  function open() {
    refresh();
    menu.hidden = false;
    // Under its button, kept inside the bar (a narrow board pushes it left).
    const room = menu.parentElement.clientWidth - menu.offsetWidth;
    menu.style.top = `${button.offsetTop + button.offsetHeight + 4}px`;
    menu.style.left = `${Math.max(0, Math.min(button.offsetLeft, room))}px`;
    button.setAttribute("aria-expanded", "true");
    state.root.ownerDocument.addEventListener("pointerdown", onOutside, true);
    items()[0].focus();
  }

  function close(refocus) {
    if (menu.hidden) return;
    menu.hidden = true;
    button.setAttribute("aria-expanded", "false");
    state.root.ownerDocument.removeEventListener("pointerdown", onOutside, true);
    if (refocus) button.focus();
  }

  function onKeyDown(e) {
    const all = items();
    const at = all.indexOf(e.target);
    const go = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: all.length - 1 }[e.key];
    if (go !== undefined) {
      all[(go + all.length) % all.length].focus();
    } else if (e.key === "Escape") {
      close(true);
    } else if (e.key === "Tab") {
      close(false);
      return;
    } else {
      return;
    }
    e.preventDefault();
  }

  button.addEventListener("click", () => (menu.hidden ? open() : close(true)));

  return {
    node: menu,
    refresh,
    /** The menu's keys (the board's key listener hands them over: see keys.js). */
    onKeyDown,
    dispose() {
      close(false);
    },
  };
}
