"""In a real kernel the page hears that the board is busy while the slow work runs, not after it.

A comm handler's trait changes go out on the kernel's IOPub channel at once; this test checks it
end to end: a Jupyter client stands in for the page, asks a board for a winnable new game whose
search (replaced by a two-second sleep) is timed inside the kernel, and notes when each message
arrives.
"""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from jupyter_client.manager import start_new_kernel

SETUP = """
import time
import solitaire_widget as sw
import solitaire_widget.solver as solver

search = {}

def slow_search(kind, seed=None, options=None):
    search["start"] = time.time()
    time.sleep(2)
    search["end"] = time.time()
    return 35

solver.first_winnable_seed = slow_search
board = sw.Klondike(seed=3)
"""


def run(client: Any, code: str) -> list[dict[str, Any]]:
    """Executes code; returns the IOPub messages it caused, up to the kernel's idle."""
    parent = client.execute(code)
    messages = []
    while True:
        message = client.get_iopub_msg(timeout=60)
        if message["parent_header"].get("msg_id") != parent:
            continue
        messages.append(message)
        if message["msg_type"] == "status" and message["content"]["execution_state"] == "idle":
            return messages


@pytest.fixture(scope="module")
def kernel() -> Any:
    manager, client = start_new_kernel(kernel_name="python3")
    yield client
    client.stop_channels()
    manager.shutdown_kernel(now=True)


def test_the_busy_strip_reaches_the_page_while_the_search_runs(kernel):
    setup = run(kernel, SETUP)
    opened = [m for m in setup if m["msg_type"] == "comm_open"]
    board_comm = next(m for m in opened if "_board" in m["content"]["data"]["state"])
    comm_id = board_comm["content"]["comm_id"]
    sent = [m["content"]["data"].get("state", {}) for m in setup if m["msg_type"] == "comm_msg"]
    version = [state["_board"]["version"] for state in sent if "_board" in state][-1]

    request = {"game": "applegate", "winnable": True}
    content = {"type": "new_game", "version": version, "options": request}
    message = kernel.session.msg(
        "comm_msg",
        {"comm_id": comm_id, "data": {"method": "custom", "content": content}},
    )
    kernel.shell_channel.send(message)
    arrivals = []
    while True:
        reply = kernel.get_iopub_msg(timeout=60)
        if reply["parent_header"].get("msg_id") != message["header"]["msg_id"]:
            continue
        if reply["msg_type"] == "comm_msg":
            arrivals.append((time.time(), reply["content"]["data"]["state"]))
        if reply["msg_type"] == "status" and reply["content"]["execution_state"] == "idle":
            break

    printed = run(kernel, "import json; print(json.dumps(search))")
    search = json.loads(next(m for m in printed if m["msg_type"] == "stream")["content"]["text"])
    busy = [at for at, state in arrivals if (state.get("_busy") or {}).get("text")]
    dealt = [at for at, state in arrivals if "_board" in state]
    cleared = [at for at, state in arrivals if state.get("_busy") == {}]
    assert len(busy) == 1 and len(dealt) == 1 and len(cleared) == 1
    assert busy[0] < search["end"] <= dealt[0] <= cleared[0]
