"""Who is visiting the Voilà app: a random 128-bit token that the visitor's browser makes once
and keeps in the page's storage (``localStorage``), so that on a server many people play on,
each visitor sees, counts and resumes only their own games.

The token tells one browser's games from another's and nothing more: it names no person and no
game. A browser that blocks the page's storage keeps no token; its visitor gets no statistics
and nothing to resume (``store.NO_VISITOR``), and is told so.
"""

from __future__ import annotations

from typing import Any

import anywidget
import traitlets

from .store_rows import TOKEN

# The page's half: read the kept token, or make one and keep it; send it, or say the storage is
# blocked (reading or writing localStorage throws, or it keeps nothing). It shows nothing.
_ESM = """
const KEY = "solitaire_widget.visitor";
const TOKEN = /^[0-9a-f]{32}$/;

function keptToken() {
  const storage = window.localStorage;
  let token = storage.getItem(KEY);
  if (!TOKEN.test(token ?? "")) {
    const bytes = crypto.getRandomValues(new Uint8Array(16));
    token = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
    storage.setItem(KEY, token);
    if (storage.getItem(KEY) !== token) throw new Error("the storage keeps nothing");
  }
  return token;
}

export default {
  render({ model, el }) {
    el.hidden = true;
    let said;
    try {
      said = { token: keptToken() };
    } catch {
      said = { blocked: true };
    }
    model.send(said);
  },
};
"""


class Visitor(anywidget.AnyWidget):
    """The app's visitor: ``token`` once their page has sent it (None until then), or
    ``blocked`` when their browser keeps no token. Each view of the widget sends what its page
    found; the first well-formed token stays, and nothing else from the page is taken."""

    _esm = _ESM
    token = traitlets.Unicode(None, allow_none=True, read_only=True)
    blocked = traitlets.Bool(False, read_only=True)

    def __init__(self) -> None:
        super().__init__()
        self.on_msg(self._on_page)

    def _on_page(self, _widget: object, content: Any, _buffers: object) -> None:
        if self.token is not None or not isinstance(content, dict):
            return
        token = content.get("token") if len(content) == 1 else None
        if isinstance(token, str) and TOKEN.fullmatch(token):
            self.set_trait("token", token)
        elif len(content) == 1 and content.get("blocked") is True:
            self.set_trait("blocked", True)
