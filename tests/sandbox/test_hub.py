"""Scripts reach the hub, and only the hub, through the in-jail forwarder."""

from __future__ import annotations

import json
import secrets
import socket
import tempfile
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
with requests.Session() as session:  # a pooled client: the relay answers one request a connection
    out["pooled"] = [
        session.post(f"{hub}/team-chat/post", json={"action": "reset"}, timeout=5).status_code
        for _ in range(5)
    ]
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
            assert out["parallel"] == out["pooled"] == [200] * 5
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


ATTACK = """
import json, os, requests
hub = os.environ["CUAGYM_HUB"]
auth = {"Authorization": "Bearer " + os.environ["CUAGYM_HUB_TOKEN"]}
out = {"token_var": os.environ["CUAGYM_HUB_TOKEN"]}
def ask(method, path, **kw):
    r = requests.request(method, hub + path, headers=auth, timeout=10, **kw)
    try:
        body = r.json()
    except ValueError:
        body = None
    return [r.status_code, body]
out["other_go"] = ask("GET", "/team-chat/go", params={"sid": "OTHER"})
reset = {"action": "reset"}
out["other_post"] = ask("POST", "/team-chat/post", params={"sid": "OTHER"}, json=reset)
out["own_reset"] = ask("POST", "/team-chat/post", json={"action": "reset"})
out["ui"] = ask("GET", "/team-chat/", params={"sid": "OTHER"})
out["cookie"] = ask("GET", "/team-chat/go", cookies={"cuagym_sid": "OTHER"})
# Every process's environment and argv this jail can see, and every file outside /usr.
needle = ("HALF1" + "HALF2").encode()  # split: the script's own file must not hold it
found = []
for pid in [p for p in os.listdir("/proc") if p.isdigit()] + ["self"]:
    for name in ("environ", "cmdline"):
        try:
            data = open(f"/proc/{pid}/{name}", "rb").read()
        except OSError:
            continue
        if needle in data:
            found.append(f"/proc/{pid}/{name}")
for top in ("/home", "/tmp", "/opt", "/etc", "/run", "/dev/shm", "/var"):
    for folder, _dirs, files in os.walk(top):
        for name in files:
            path = os.path.join(folder, name)
            try:
                with open(path, "rb") as fh:
                    if needle in fh.read(1 << 20):
                        found.append(path)
            except OSError:
                pass
out["found"] = found
print(json.dumps(out))
"""


async def test_a_script_reaches_its_own_session_only_and_sees_no_token(
    state_root: Path, tmp_path: Path
) -> None:
    """Environments A and B under one hub: A's script cannot name B's session, and no token is
    in any process environment, argv or file A can see."""
    from cuagym.hub import Hub, discover_web_apps
    from tests.conftest import serve_in_thread

    secret = secrets.token_hex(16)
    hub = Hub(apps=discover_web_apps(), token=secret)
    url, stop = serve_in_thread(hub.asgi())
    root_b = Path(tempfile.mkdtemp(prefix="cuagym-test-root-b-"))
    root_b.chmod(0o755)
    try:
        link = HubLink(url=url, token=secret, apps=("team-chat",))
        async with (
            Sandbox(state_root=state_root, hub=link) as a,
            Sandbox(state_root=root_b, hub=link) as b,
        ):
            written = await b.run_python(SET_NAME, timeout=30)
            assert written.exit_code == 0, written.stderr
            attack = ATTACK.replace("OTHER", b.sid or "")
            attack = attack.replace("HALF1", secret[:16]).replace("HALF2", secret[16:])
            result = await a.run_python(attack, timeout=60)
            assert result.exit_code == 0, result.stderr
            out = json.loads(result.stdout)
            assert out["token_var"] == "relayed"
            for key in ("other_go", "other_post", "ui", "cookie"):
                status, body = out[key]
                assert status == 403 and body["success"] is False, (key, body)
            assert out["own_reset"][0] == 200 and out["own_reset"][1]["sid"] == a.sid
            assert out["found"] == []
            # Only the scripts' uid and group may connect to the relay (was 0666).
            sock = Path(f"/proc/{a.supervisor_pid}/root{state_root}/hub.sock").stat()
            assert (sock.st_mode & 0o777, sock.st_uid, sock.st_gid) == (0o660, a.uid, a.gid)
            # B's session kept what B wrote: A's reset above touched A's only.
            still = await b.run_python(READ_NAME, timeout=30)
            assert still.stdout.strip() == "B-workspace", still.stderr
    finally:
        stop()
        root_b.rmdir()


SET_NAME = """
import os, requests
hub, auth = os.environ["CUAGYM_HUB"], {"Authorization": "Bearer ignored"}
patch = {"action": "merge", "state": {"workspace": {"name": "B-workspace"}}}
requests.post(hub + "/team-chat/post", json=patch, headers=auth, timeout=10).raise_for_status()
"""

READ_NAME = """
import os, requests
hub = os.environ["CUAGYM_HUB"]
r = requests.get(hub + "/team-chat/go", timeout=10)
print(r.json()["current_state"]["workspace"]["name"])
"""
