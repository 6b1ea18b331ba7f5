// The kernel behind a live board can go away under it: restarted (from this page, from another
// tab, by a crash), shut down, or swapped for another one. The Python board it talked to is gone
// with it, and a board that still looked alive would drop every click. So the board watches its
// kernel connection (the status every kernel reports, and the connection's end) and stops the
// moment the kernel goes, saying what brings the game back: the store kept every move, so the
// cell run again, or sw.resume(), plays on from where it stopped.

import { inRunningNotebook } from "./notebook.js";

// A kernel reports "restarting" when the restart is asked from this page, and a new kernel
// process "starting" on the same connection when it is asked elsewhere (the server's API, another
// tab); "autorestarting" after a crash; "dead" when it could not come back or was shut down.
const RESTARTED = new Set(["restarting", "autorestarting", "starting"]);
const STOPPED = new Set(["dead"]);

/** What the note says, for the way the kernel went and where the board is shown. */
export function goneNote(how, root) {
  // Outside a notebook (an app page) there is no cell to run: the page itself starts over.
  if (!inRunningNotebook(root)) return "The kernel stopped: reload the page to play again.";
  const onward = "run this cell again, or sw.resume() in a new cell, to go on.";
  return how === "restarted" ? `The kernel restarted: ${onward}` : `The kernel stopped: start it again, then ${onward}`;
}

/**
 * Calls gone("restarted" | "stopped") once, when the kernel the board was made in goes away.
 * Returns the function that stops watching.
 */
export function watchKernel(model, gone) {
  const kernel = model.widget_manager?.kernel;
  if (!kernel?.statusChanged?.connect) return () => {};
  let told = false;
  const tell = (how) => {
    if (told) return;
    told = true;
    gone(how);
  };
  const onStatus = (_, status) => {
    if (RESTARTED.has(status)) tell("restarted");
    else if (STOPPED.has(status)) tell("stopped");
  };
  const onDisposed = () => tell("stopped");
  // A restart asked elsewhere (the server's API, another tab) may come and go between two
  // status messages this page sees: the new kernel's "starting" can be sent before the server
  // relays the new kernel's messages. The old kernel's answer to the shutdown, which it
  // broadcasts before it goes, says so first.
  const onIopub = (_, msg) => {
    if (msg?.header?.msg_type === "shutdown_reply") tell(msg.content?.restart ? "restarted" : "stopped");
  };
  kernel.statusChanged.connect(onStatus);
  kernel.iopubMessage?.connect(onIopub);
  kernel.disposed?.connect(onDisposed);
  return () => {
    kernel.statusChanged.disconnect(onStatus);
    kernel.iopubMessage?.disconnect(onIopub);
    kernel.disposed?.disconnect(onDisposed);
  };
}
