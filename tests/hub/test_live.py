"""The hub as a real server process: raw-socket abuse, several processes over one Redis."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.redis_server import RedisServer, free_port

ROOT = Path(__file__).resolve().parents[2]
AUTH = {"Authorization": "Bearer live-token"}
WORLD = {"owner": "grace", "notes": {"a": {"id": "a", "title": "Compiler"}}}


class HubProcess:
    def __init__(self, store: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tests.hub.serve_notes", str(self.port), store],
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                if httpx.get(self.url + "/healthz", timeout=0.5).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.05)
        self.stop()
        raise RuntimeError("hub process did not start")

    def stop(self, sig: int = signal.SIGTERM) -> None:
        if self.process.poll() is None:
            self.process.send_signal(sig)
            self.process.wait(timeout=10)

    def alive(self) -> bool:
        return self.process.poll() is None


def raw(port: int, *parts: bytes, pause: float = 0.0) -> bytes:
    """Send a request in the given pieces (one send each) and read the whole reply."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        for part in parts:
            s.sendall(part)
            if pause:
                time.sleep(pause)
        s.shutdown(socket.SHUT_WR)
        chunks = []
        while chunk := s.recv(65536):
            chunks.append(chunk)
    return b"".join(chunks)


@pytest.fixture
def hub_process() -> Iterator[HubProcess]:
    hub = HubProcess("memory")
    yield hub
    hub.stop()


def current(url: str, sid: str) -> Any:
    r = httpx.get(f"{url}/notes/go?sid={sid}", headers=AUTH)
    assert r.status_code == 200, r.text
    return r.json()["current_state"]


def test_invalid_percent_encoding_on_the_wire_is_a_400(hub_process: HubProcess) -> None:
    body = b'{"action":"reset"}'
    reply = raw(
        hub_process.port,
        b"POST /notes/post?sid=%E0 HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer live-token"
        b"\r\nContent-Length: " + str(len(body)).encode() + b"\r\nConnection: close\r\n\r\n" + body,
    )
    assert reply.startswith(b"HTTP/1.1 400"), reply[:200]
    assert hub_process.alive()
    assert httpx.get(hub_process.url + "/healthz").status_code == 200


def test_non_ascii_split_across_network_chunks_arrives_whole(hub_process: HubProcess) -> None:
    title = "Zürich – 東京 🚀 café"
    body = json.dumps(
        {"action": "set", "state": {"owner": "ü", "notes": {"a": {"id": "a", "title": title}}}},
        ensure_ascii=False,
    ).encode()
    cut = body.index("東".encode()) + 1  # in the middle of a multi-byte character
    head = (
        b"POST /notes/post?sid=utf HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer live-token\r\n"
        b"Content-Type: application/json\r\nContent-Length: "
        + str(len(body)).encode()
        + b"\r\nConnection: close\r\n\r\n"
    )
    reply = raw(hub_process.port, head, body[:cut], body[cut:], pause=0.05)
    assert reply.startswith(b"HTTP/1.1 200"), reply[:300]
    assert current(hub_process.url, "utf")["notes"]["a"]["title"] == title


def test_a_50mb_body_is_refused_without_echo_and_the_hub_keeps_serving(
    hub_process: HubProcess,
) -> None:
    httpx.post(
        f"{hub_process.url}/notes/post?sid=big",
        headers=AUTH,
        json={"action": "set", "state": WORLD},
    )
    size = 50 * 1024 * 1024
    head = (
        b"POST /notes/post?sid=big HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer live-token"
        b"\r\nContent-Length: " + str(size).encode() + b"\r\n\r\n"
    )
    with socket.create_connection(("127.0.0.1", hub_process.port), timeout=10) as s:
        s.sendall(head + b"{" * 65536)
        reply = s.recv(65536)
    assert reply.startswith(b"HTTP/1.1 413"), reply[:200]
    assert len(reply) < 4096
    assert current(hub_process.url, "big")["owner"] == "grace"


def test_traversal_sids_never_alias_a_session(hub_process: HubProcess) -> None:
    httpx.post(
        f"{hub_process.url}/notes/post?sid=x", headers=AUTH, json={"action": "set", "state": WORLD}
    )
    for sid in ("../x", "..%2Fx", "x%00", "./x", "x/"):
        r = httpx.get(f"{hub_process.url}/notes/go?sid={sid}", headers=AUTH)
        assert r.status_code == 400, (sid, r.text)
    assert current(hub_process.url, "x")["owner"] == "grace"


@pytest.mark.redis
def test_two_hub_processes_share_sessions_through_redis(tmp_path: Path) -> None:
    redis = RedisServer(tmp_path / "redis")
    redis.start()
    first, second = HubProcess(redis.url), HubProcess(redis.url)
    try:
        for i in range(20):
            httpx.post(
                f"{first.url}/notes/post?sid=s{i}",
                headers=AUTH,
                json={"action": "set", "state": {**WORLD, "owner": f"o{i}"}},
            )
            httpx.post(
                f"{second.url}/notes/post?sid=s{i}",
                headers=AUTH,
                json={"action": "merge", "state": {"notes": {"a": {"pinned": True}}}},
            )
        first.stop(signal.SIGKILL)  # killing one hub loses nothing
        for i in range(20):
            state = current(second.url, f"s{i}")
            assert state["owner"] == f"o{i}" and state["notes"]["a"]["pinned"] is True
        # Redis restarts; its append-only file keeps every session.
        redis.stop(kill=True)
        redis.start()
        third = HubProcess(redis.url)
        try:
            for i in range(20):
                assert current(third.url, f"s{i}")["owner"] == f"o{i}"
            diff = httpx.get(f"{third.url}/notes/go?sid=s3", headers=AUTH).json()["state_diff"]
            assert diff == {"notes.a.pinned": {"op": "changed", "old": False, "new": True}}
        finally:
            third.stop()
    finally:
        second.stop()
        first.stop()
        redis.stop()
