"""The file manager and the terminal: opened on a folder of the jail's home, seen as /home/user,
with no network (what an agent types there reaches no host service)."""

from __future__ import annotations

import asyncio
import shutil
import socket

import pytest

from cuagym.envs import LocalEnvironment, StateQuery

pytestmark = [
    pytest.mark.gui,
    pytest.mark.skipif(
        not all(shutil.which(t) for t in ("Xvfb", "xdotool", "pcmanfm", "xterm")),
        reason="needs xvfb, xdotool, pcmanfm and xterm (make test installs them)",
    ),
]

SETUP = """
import os
os.makedirs("/home/user/Downloads/old", exist_ok=True)
for name in ("a.txt", "b.csv"):
    open(f"/home/user/Downloads/{name}", "w").write(name)
"""


async def _file(env: LocalEnvironment, name: str, timeout: float = 20.0) -> str:
    query = StateQuery(paths=(name,), parse=False, hub=False)
    for _ in range(int(timeout / 0.2)):
        state = await env.read_state(query)
        found = [f for f in state.files if f.path == name and f.text is not None]
        if found and found[0].text:
            return found[0].text
        await asyncio.sleep(0.2)
    raise AssertionError(f"{name} never appeared")


async def test_file_manager_and_terminal_on_a_folder_of_the_home() -> None:
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(1)
    listener.setblocking(False)
    port = listener.getsockname()[1]
    env = LocalEnvironment(gui=True)
    await env.start()
    try:
        assert (await env.run_script(SETUP, "initial_setup")).exit_code == 0
        await env.open_app("files", "/home/user/Downloads")
        assert await env.window_title() == "Downloads"
        await env.open_app("terminal", "/home/user/Downloads")
        probe = f"import socket; socket.create_connection(('127.0.0.1', {port}), 2)"
        await env.act(
            {"action": "type", "text": f'pwd > pwd.txt; python3 -c "{probe}" 2> net.txt; '
             "ls > ls.txt\n"}
        )  # fmt: skip
        assert (
            await _file(env, "Downloads/ls.txt") == "a.txt\nb.csv\nls.txt\nnet.txt\nold\npwd.txt\n"
        )
        assert await _file(env, "Downloads/pwd.txt") == "/home/user/Downloads\n"
        # The jail's own network namespace: only its loopback, where nothing listens.
        net = await _file(env, "Downloads/net.txt")
        assert "Connection refused" in net or "unreachable" in net, net
        with pytest.raises(BlockingIOError):
            listener.accept()  # nothing from the environment came through
        with pytest.raises(ValueError, match="under /home/user"):
            await env.open_app("files", "/etc")
    finally:
        await env.close()
        listener.close()
