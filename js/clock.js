// The clock. Python keeps the total (`_clock`: enabled, elapsed ms, running); a live page adds
// the time since it received that value while the clock runs. A page with no kernel shows the
// value frozen: a snapshot's clock does not count on from the export.

import { readClock } from "./state.js";

/** "1:23" or "1:02:03" for a time in ms (whole seconds, as the Time on the bar shows it). */
export function duration(ms) {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor(total / 60) % 60;
  const s = String(total % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

export function createClock(state, node, value) {
  let clock = readClock(state.model);
  let received = performance.now();
  let timer = 0;

  function show() {
    clearTimeout(timer);
    node.hidden = !clock.enabled;
    const ticking = clock.enabled && clock.running && state.live && state.alive;
    const ms = clock.elapsed + (ticking ? performance.now() - received : 0);
    const shown = duration(ms);
    if (value.textContent !== shown) value.textContent = shown;
    // Wake just after the next whole second, so the display never skips one.
    if (ticking) timer = setTimeout(show, 1005 - (ms % 1000));
  }

  return {
    /** Takes a new `_clock` value from Python (call on every change of the trait). */
    read() {
      clock = readClock(state.model);
      received = performance.now();
      show();
    },
    /** Stops the clock where it shows now, whatever the last total from Python said. */
    freeze() {
      const now = performance.now();
      if (clock.running) clock = { ...clock, elapsed: clock.elapsed + now - received, running: false };
      received = now;
      show();
    },
    stop() {
      clearTimeout(timer);
    },
  };
}
