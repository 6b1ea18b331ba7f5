// The Voilà app's game picker (solitaire_widget/app.py): a row of buttons in the board's own look
// (controls.css), one for each game Python lists and one for the daily challenge, and the question
// asked before a game in progress is given up (confirm.js, the board's own shape). Python deals;
// the page only asks for a pick, and for a game in progress only once the player has said "New
// game". Escape, or "Keep playing", keeps the game.

import { confirmation } from "./confirm.js";
import { make } from "./dom.js";
import "./picker.css";

const DAILY = "Daily challenge";

function readGames(model) {
  const games = model.get("games");
  return Array.isArray(games) ? games.filter((name) => typeof name === "string") : [];
}

function render({ model, el }) {
  const root = make("div", "sw-app-picker");
  const row = make("div", "sw-picker-choices");
  const games = make("div", "sw-picker-games");
  games.setAttribute("role", "group");
  games.setAttribute("aria-label", "Game");
  const daily = choice(DAILY, "sw-picker-daily");
  row.append(games, daily);

  const confirm = confirmation();
  root.append(row, confirm.el);
  el.append(root);

  let shownGames = "";

  function choice(name, className) {
    const button = make("button", `sw-button ${className}`, name);
    button.type = "button";
    button.dataset.choice = name;
    button.addEventListener("click", () => choose(name, button));
    return button;
  }

  /** Whether a pick would change what the board plays (Python checks it again). */
  function changes(name) {
    const onDaily = model.get("daily") === true;
    return name === DAILY ? !onDaily : name !== model.get("value") || onDaily;
  }

  function choose(name, button) {
    if (!changes(name)) return;
    if (model.get("_at_stake") === true) ask(name, button);
    else model.send({ pick: name });
  }

  function ask(name, from) {
    confirm.ask(() => model.send({ pick: name, confirmed: true }), from);
  }

  function onMessage(message) {
    const name = message?.ask;
    if (typeof name === "string" && (name === DAILY || readGames(model).includes(name))) ask(name);
  }

  function update() {
    const names = readGames(model);
    if (names.join("\n") !== shownGames) {
      shownGames = names.join("\n");
      games.replaceChildren(...names.map((name) => choice(name, "sw-picker-game")));
    }
    const value = model.get("value");
    const onDaily = model.get("daily") === true;
    for (const button of games.children) {
      const name = button.dataset.choice;
      button.setAttribute("aria-pressed", String(name === value));
      button.title = name === value && !onDaily ? `Playing ${name}` : `A new winnable deal of ${name}`;
    }
    daily.setAttribute("aria-pressed", String(onDaily));
    daily.title = onDaily ? `Playing today's deal of ${value}` : `Today's deal of ${value}, the same for every player`;
    // A game that ended meanwhile (won, lost, dealt anew) is no longer at stake.
    if (confirm.isOpen() && model.get("_at_stake") !== true) {
      confirm.close(confirm.el.contains(root.ownerDocument.activeElement));
    }
  }

  const traits = ["games", "value", "daily", "_at_stake"];
  for (const name of traits) model.on(`change:${name}`, update);
  model.on("msg:custom", onMessage);
  update();
  return () => {
    for (const name of traits) model.off(`change:${name}`, update);
    model.off("msg:custom", onMessage);
    confirm.close(false);
  };
}

export default { render };
