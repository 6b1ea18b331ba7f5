// Shows the widgets of a notebook exported as a page, with no kernel behind them.
// It speaks only anywidget's protocol: each widget's module (its `_esm` source, saved in the
// widget state) renders a view of a model holding the saved traits. Nothing is sent anywhere, and
// `model.widget_manager.kernel` is absent, which is how a widget knows it is a snapshot.

const STATE_TYPE = "application/vnd.jupyter.widget-state+json";
const VIEW_TYPE = "application/vnd.jupyter.widget-view+json";

/** The part of anywidget's model API a render function uses, over the saved traits. */
class SnapshotModel {
  constructor(state, manager) {
    this.widget_manager = manager;
    this._state = { ...state };
    this._listeners = new Map();
  }

  get(name) {
    return this._state[name];
  }

  /** A view may change its own model (nothing goes back to a kernel): listeners still hear it. */
  set(name, value) {
    this._state[name] = value;
    for (const callback of this._listeners.get(`change:${name}`) ?? []) callback();
  }

  on(event, callback) {
    for (const name of event.split(" ")) {
      if (!this._listeners.has(name)) this._listeners.set(name, new Set());
      this._listeners.get(name).add(callback);
    }
  }

  off(event, callback) {
    const names = event ? event.split(" ") : [...this._listeners.keys()];
    for (const name of names) {
      if (callback) this._listeners.get(name)?.delete(callback);
      else this._listeners.delete(name);
    }
  }

  save_changes() {}

  send() {}
}

/** Models by id from the saved widget state; each widget module imported once. */
class SnapshotManager {
  constructor(saved) {
    this._saved = saved;
    this._models = new Map();
    this._widgets = new Map();
    this._modules = new Map();
    this._styles = new Set();
  }

  async get_model(id) {
    const model = this.model(id);
    if (!model) throw new Error(`no saved widget ${id}`);
    return model;
  }

  model(id) {
    if (!this._models.has(id) && this._saved[id]) {
      this._models.set(id, new SnapshotModel(this._saved[id].state ?? {}, this));
    }
    return this._models.get(id) ?? null;
  }

  /** The widget definition for an anywidget model, initialized once per model. */
  widget(model) {
    if (!this._widgets.has(model)) this._widgets.set(model, this._define(model));
    return this._widgets.get(model);
  }

  async _define(model) {
    this._style(model.get("_css"));
    const source = model.get("_esm");
    if (!this._modules.has(source)) {
      const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
      this._modules.set(source, import(url));
    }
    const module = await this._modules.get(source);
    let widget = module.default ?? module;
    if (typeof widget === "function") widget = await widget();
    await widget.initialize?.({ model });
    return widget;
  }

  _style(css) {
    if (!css || this._styles.has(css)) return;
    this._styles.add(css);
    const style = document.createElement("style");
    style.textContent = css;
    document.head.append(style);
  }
}

async function show(script, manager) {
  const el = document.createElement("div");
  el.className = "widget-snapshot";
  script.after(el);
  const model = manager.model(JSON.parse(script.textContent).model_id);
  if (!model || model.get("_model_module") !== "anywidget" || typeof model.get("_esm") !== "string") {
    el.textContent = "(A widget that shows only in a running notebook.)";
    return;
  }
  try {
    const widget = await manager.widget(model);
    await widget.render?.({ model, el });
  } catch (error) {
    el.textContent = `This widget could not be shown: ${error}`;
    console.error(error);
  }
}

const saved = document.querySelector(`script[type="${STATE_TYPE}"]`);
const manager = new SnapshotManager(saved ? (JSON.parse(saved.textContent).state ?? {}) : {});
for (const script of document.querySelectorAll(`script[type="${VIEW_TYPE}"]`)) show(script, manager);
