// Installed into every JupyterLab page the harness opens (as window.__e2e). It reaches the app
// through window.jupyterapp, which the server exposes with --LabApp.expose_app_in_browser.
// Every wait has a deadline so that a stuck page fails the test with a message instead of hanging.
window.__e2e = {
  async poll(condition, ms, what) {
    const deadline = performance.now() + ms;
    for (;;) {
      const value = condition();
      if (value) return value;
      if (performance.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  },

  async within(promise, ms, what) {
    let timer;
    const timeout = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms waiting for ${what}`)), ms);
    });
    try {
      return await Promise.race([promise, timeout]);
    } finally {
      clearTimeout(timer);
    }
  },

  panel(path) {
    const app = window.jupyterapp;
    if (!app) return null;
    for (const widget of app.shell.widgets("main")) {
      if (widget.context && widget.context.path === path) return widget;
    }
    return null;
  },

  kernel(path) {
    return this.panel(path)?.sessionContext.session?.kernel ?? null;
  },

  async open(path, ms) {
    const app = await this.poll(() => window.jupyterapp, ms, "window.jupyterapp");
    await this.within(app.started, ms, "JupyterLab to start");
    await this.within(app.restored, ms, "JupyterLab to restore its layout");
    const panel = await this.poll(() => this.panel(path), ms, `the notebook ${path} to open`);
    await this.within(panel.context.ready, ms, `${path} to load`);
    await this.within(panel.sessionContext.ready, ms, `the kernel of ${path}`);
    await this.poll(() => this.kernel(path)?.status === "idle", ms, `the kernel of ${path} to be idle`);
    app.shell.activateById(panel.id);
  },

  errors(path) {
    const errors = [];
    for (const cell of this.panel(path).content.widgets) {
      if (cell.model.type !== "code") continue;
      for (const output of cell.model.outputs.toJSON()) {
        if (output.output_type === "error") errors.push(output.traceback.join("\n"));
      }
    }
    return errors;
  },

  async runAll(path, ms) {
    const app = window.jupyterapp;
    app.shell.activateById(this.panel(path).id);
    await this.within(app.commands.execute("notebook:run-all-cells"), ms, `the cells of ${path}`);
    await this.poll(() => this.kernel(path)?.status === "idle", ms, `the kernel of ${path} to be idle`);
    return this.errors(path);
  },

  // Runs code in the notebook's kernel without touching the notebook; widget updates it causes
  // still reach every view in the page, because comm messages are routed by the kernel connection.
  async execute(path, code, ms) {
    const future = this.kernel(path).requestExecute({ code, store_history: false });
    const text = [];
    let error = null;
    future.onIOPub = (message) => {
      const content = message.content;
      switch (message.header.msg_type) {
        case "stream":
          text.push(content.text);
          break;
        case "execute_result":
        case "display_data":
          if ("text/plain" in content.data) text.push(`${content.data["text/plain"]}\n`);
          break;
        case "error":
          error = content.traceback.join("\n");
          break;
      }
    };
    await this.within(future.done, ms, "the code to run in the kernel");
    return { text: text.join(""), error };
  },

  // Appends a code cell to the notebook and runs it there, so its output shows in the page.
  async runCell(path, code, ms) {
    const app = window.jupyterapp;
    const panel = this.panel(path);
    const notebook = panel.content;
    const index = notebook.model.cells.length;
    notebook.model.sharedModel.insertCell(index, { cell_type: "code", source: code });
    app.shell.activateById(panel.id);
    notebook.activeCellIndex = index;
    await this.within(app.commands.execute("notebook:run-cell"), ms, "the new cell to run");
    const text = [];
    let error = null;
    for (const output of notebook.widgets[index].model.outputs.toJSON()) {
      if (output.output_type === "stream") text.push(output.text);
      else if (output.output_type === "error") error = output.traceback.join("\n");
      else if (output.data && "text/plain" in output.data) text.push(`${output.data["text/plain"]}\n`);
    }
    return { text: text.join(""), error };
  },

  // Saves the notebook, outputs and widget views included, as Ctrl+S would.
  async save(path, ms) {
    const panel = this.panel(path);
    await this.within(panel.context.save(), ms, `${path} to be saved`);
  },

  async setTheme(theme, ms) {
    await this.within(
      window.jupyterapp.commands.execute("apputils:change-theme", { theme }),
      ms,
      `the theme ${theme}`,
    );
    // Lab covers the page with its splash screen while the theme's CSS loads.
    await this.poll(
      () => document.body.dataset.jpThemeName === theme && !document.getElementById("jupyterlab-splash"),
      ms,
      `the theme ${theme}`,
    );
  },
};
