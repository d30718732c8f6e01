"""Scripts reach the hub, and only the hub, through the in-jail forwarder."""

from __future__ import annotations

import json
import socket
from pathlib import Path

from cuagym.sandbox import HubLink, Sandbox
from tests.conftest import LiveHub

CLIENT = """
import json, os, socket, requests
hub, sid, token = os.environ["CUAGYM_HUB"], os.environ["CUAGYM_SID"], os.environ["CUAGYM_HUB_TOKEN"]
auth = {"Authorization": f"Bearer {token}"}
out = {"hub": hub, "sid_file": open("/home/user/.cuagym/sid").read().strip(), "sid": sid}
out["healthz"] = requests.get(f"{hub}/healthz", timeout=5).json()
state = requests.get(f"{hub}/team-chat/state", params={"sid": sid}, headers=auth, timeout=5)
out["state_status"] = state.status_code
out["custom"] = state.json()["has_custom_state"]
out["parallel"] = [requests.get(f"{hub}/healthz", timeout=5).status_code for _ in range(5)]
try:
    socket.create_connection(("127.0.0.1", OTHER_PORT), timeout=2)
    out["other"] = "connected"
except OSError as exc:
    out["other"] = type(exc).__name__
print(json.dumps(out))
"""


async def test_scripts_reach_the_hub_and_nothing_else(live_hub: LiveHub, state_root: Path) -> None:
    other = socket.socket()
    other.bind(("127.0.0.1", 0))
    other.listen(1)
    link = HubLink(url=live_hub.url, token=live_hub.token, apps=("team-chat",))
    try:
        async with Sandbox(state_root=state_root, hub=link) as box:
            code = CLIENT.replace("OTHER_PORT", str(other.getsockname()[1]))
            result = await box.run_python(code, timeout=30)
            assert result.exit_code == 0, result.stderr
            out = json.loads(result.stdout)
            port = live_hub.url.rsplit(":", 1)[1]
            assert out["hub"] == f"http://127.0.0.1:{port}"
            assert out["sid"] == out["sid_file"] == box.sid
            assert "team-chat" in out["healthz"]["apps"]
            assert out["state_status"] == 200 and out["custom"] is False
            assert out["parallel"] == [200] * 5
            assert out["other"] == "ConnectionRefusedError"
            # The sid file is part of the initial state: a restore keeps it.
            await box.run_python("import os; os.remove('/home/user/.cuagym/sid')")
            await box.restore()
            assert (box.home / ".cuagym" / "sid").read_text().strip() == box.sid
    finally:
        other.close()


async def test_hub_down_is_a_connection_error_not_a_hang(state_root: Path) -> None:
    free = socket.socket()
    free.bind(("127.0.0.1", 0))
    port = free.getsockname()[1]
    free.close()  # nothing listens there now
    link = HubLink(url=f"http://127.0.0.1:{port}", token="t")
    async with Sandbox(state_root=state_root, hub=link) as box:
        result = await box.run_python(
            "import os, requests\n"
            "try:\n"
            "    requests.get(os.environ['CUAGYM_HUB'] + '/healthz', timeout=5)\n"
            "except requests.ConnectionError:\n"
            "    print('refused')",
            timeout=30,
        )
    assert result.stdout.strip() == "refused", result.stderr
