"""Desktop apps that need no network (the office suite) run in an empty network namespace."""

from __future__ import annotations

import asyncio
import os
import socket
from pathlib import Path

import pytest

from cuagym.envs._desktop import HostLauncher

pytestmark = [
    pytest.mark.gui,
    pytest.mark.skipif(os.geteuid() != 0, reason="changing uid and namespaces needs root"),
]

PROBE = """
import socket, sys
try:
    socket.create_connection(("127.0.0.1", int(sys.argv[1])), timeout=3).close()
    print("CONNECTED")
except OSError as exc:
    print("REFUSED", type(exc).__name__)
"""


async def probe(launcher: HostLauncher, port: int, network: bool, log: Path) -> str:
    proc = await launcher.spawn(
        ["/usr/bin/python3", "-c", PROBE, str(port)], {"PATH": "/usr/bin:/bin"},
        as_user=True, log=log, network=network,
    )  # fmt: skip
    await asyncio.wait_for(proc.process.wait(), timeout=20)
    return log.read_text()


async def test_office_apps_cannot_reach_host_services(tmp_path: Path) -> None:
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen()
    port = server.getsockname()[1]
    os.chmod(tmp_path, 0o777)
    launcher = HostLauncher(uid=1000, gid=1000)
    try:
        assert "CONNECTED" in await probe(launcher, port, True, tmp_path / "with.log")
        assert "REFUSED" in await probe(launcher, port, False, tmp_path / "without.log")
    finally:
        server.close()
