"""The floor for click-to-redraw latency: the smallest widget whose clicks go through the kernel.

anywidget's own counter example updates its model in the page, so a click never waits for Python.
The solitaire board asks Python and redraws what Python answers, so the fair baseline does the same:
a click sends a request, the kernel increments `value`, and the page redraws on the synced change.
The module is imported by the latency benchmark and the harness tests, and needs no JS build.
"""

from __future__ import annotations

from typing import Any

import anywidget
import traitlets


class Counter(anywidget.AnyWidget):
    """A button showing `count is N`; each click asks the kernel to add one."""

    _esm = """
    function render({ model, el }) {
      const button = document.createElement("button");
      button.className = "counter-button";
      const show = () => { button.textContent = `count is ${model.get("value")}`; };
      const ask = () => model.send({ request: "increment" });
      show();
      button.addEventListener("click", ask);
      model.on("change:value", show);
      el.append(button);
      return () => {
        button.removeEventListener("click", ask);
        model.off("change:value", show);
      };
    }
    export default { render };
    """

    value = traitlets.Int(0).tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.on_msg(self._answer)

    def _answer(self, _widget: Counter, content: Any, _buffers: list[bytes]) -> None:
        if isinstance(content, dict) and content.get("request") == "increment":
            self.value += 1
