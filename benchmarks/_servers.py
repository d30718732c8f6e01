"""The servers a benchmark run measures: our hub (one or several workers, memory or Redis store)
and the reference hub, started here or reached at a URL; plus the checks run before the load."""

from __future__ import annotations

import hashlib
import http.client
import json
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import _peer
import orjson
from _procs import cpu_seconds, listening_pid, memory_mib, reset_peak, tree_pids
from _states import MARKER, Workload

__all__ = ["RedisProcess", "Server", "smoke_check", "start_ours", "start_peer"]

REPO = Path(__file__).resolve().parent.parent


def free_port(host: str) -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


@dataclass
class Server:
    """One server under test, by name (``ours``, ``reference``, ``redis x2``, ...)."""

    name: str
    host: str
    port: int
    base: str  # state-API path prefix: "/team-chat" (ours), "" (reference)
    token: str = ""
    proc: subprocess.Popen[bytes] | None = None  # None: not started by this script
    pid: int | None = None  # the process to measure (supervisor of any workers)
    extra_pids: list[int] = field(default_factory=list)  # counted too (redis-server)
    on_stop: list[Any] = field(default_factory=list)

    def request(self, method: str, path: str, body: Any = None, raw: bytes | None = None) -> Any:
        """One blocking request outside the measured load: (status, parsed body)."""
        conn = http.client.HTTPConnection(self.host, self.port, timeout=60)
        try:
            data = raw if raw is not None else (orjson.dumps(body) if body is not None else None)
            headers = {"Authorization": f"Bearer {self.token}"} if self.token else {}
            if data is not None:
                headers["Content-Type"] = "application/json"
            conn.request(method, path, body=data, headers=headers)
            resp = conn.getresponse()
            payload = resp.read()
            try:
                return resp.status, orjson.loads(payload or b"null")
            except orjson.JSONDecodeError:
                return resp.status, payload[:200]
        finally:
            conn.close()

    def pids(self) -> list[int]:
        own = tree_pids(self.pid) if self.pid is not None else []
        return own + self.extra_pids

    def cpu_seconds(self, with_extra: bool = True) -> float:
        pids = self.pids() if with_extra else tree_pids(self.pid) if self.pid else []
        return cpu_seconds(pids)

    def rss_mib(self) -> float:
        """Resident memory of the server's processes (not of redis-server)."""
        pids = tree_pids(self.pid) if self.pid is not None else []
        return sum(memory_mib(p).get("VmRSS", 0.0) for p in pids)

    def peak_mib(self) -> float:
        return memory_mib(self.pid).get("VmHWM", float("nan")) if self.pid else float("nan")

    def reset_peak(self) -> None:
        if self.pid is not None:
            reset_peak(self.pid)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        for action in self.on_stop:
            action()


def _wait_ready(server: Server, what: str, path: str, ok: Any) -> None:
    assert server.proc is not None

    def check() -> bool:
        status, body = server.request("GET", path)
        return bool(status == 200 and ok(body))

    try:
        _peer.wait_http(check, server.proc, what)
    except SystemExit:
        server.stop()
        raise


class RedisProcess:
    """A throw-away redis-server (no persistence) for ``--store redis``, reached through a
    Unix socket as a hub next to its Redis would (TCP costs each round trip more)."""

    def __init__(self, host: str, unix: bool = True) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            raise SystemExit("--store redis needs redis-server (apt-get install redis-server)")
        self.folder = tempfile.mkdtemp(prefix="hub-bench-redis-")
        self.port = free_port(host)
        sock = Path(self.folder) / "redis.sock"
        self.url = f"unix://{sock}" if unix else f"redis://{host}:{self.port}/0"
        cmd = [binary, "--port", str(self.port), "--bind", host, "--dir", self.folder]
        cmd += ["--unixsocket", str(sock), "--unixsocketperm", "700"]
        cmd += ["--save", "", "--appendonly", "no", "--daemonize", "no", "--loglevel", "warning"]
        self.proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            if sock.exists():
                with socket.socket() as s:
                    if s.connect_ex((host, self.port)) == 0:
                        return
            time.sleep(0.05)
        raise SystemExit("redis-server did not start")

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            self.proc.wait(timeout=10)
        shutil.rmtree(self.folder, ignore_errors=True)


def start_ours(
    name: str,
    app_spec: str,
    app_id: str,
    host: str,
    *,
    serve_all: bool = False,
    workers: int = 1,
    store: str = "memory",
    cpus: str | None = None,
    env: dict[str, str] | None = None,
) -> Server:
    port, token = free_port(host), secrets.token_urlsafe(16)
    if ":" in app_spec:  # a test app file: the launcher that mirrors the CLI's settings
        cmd = [sys.executable, str(REPO / "benchmarks" / "_serve.py"), app_spec]
    else:  # an installed app: the real CLI
        cli = shutil.which("cuagym", path=str(Path(sys.executable).parent)) or "cuagym"
        cmd = [cli, "hub", "serve"] if serve_all else [cli, "hub", "serve", "--apps", app_spec]
        cmd += ["--workers", str(workers), "--store", store]
    cmd += ["--host", host, "--port", str(port), "--token", token]
    if cpus:
        cmd = ["taskset", "-c", cpus, *cmd]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env)
    server = Server(name, host, port, f"/{app_id}", token, proc, proc.pid)
    _wait_ready(server, name, "/healthz", lambda b: app_id in b["apps"])
    if workers > 1:  # every worker answers before the load starts
        deadline = time.monotonic() + 60
        while len(tree_pids(proc.pid)) < workers + 1 and time.monotonic() < deadline:
            time.sleep(0.1)
    return server


def start_peer(source: str, host: str, cpus: str | None = None) -> Server:
    """The reference hub: a checkout to build and start, or the URL of a running one."""
    if source.startswith(("http://", "https://")):
        url = urlsplit(source)
        port = url.port or 80
        server = Server("reference", url.hostname or host, port, url.path.rstrip("/"))
        server.pid = listening_pid(port)  # None (no CPU figures) if it is not on this machine
        return server
    folder = _peer.prepare(Path(source), log=sys.stderr)
    _peer.clean_state_files(folder)
    port = free_port(host)
    cmd = _peer.start_command(folder, host, port)
    if cpus:
        cmd = ["taskset", "-c", cpus, *cmd]
    proc = subprocess.Popen(
        cmd,
        cwd=folder,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        env=_peer.env_for_node(),
    )
    server = Server("reference", host, port, "", "", proc, proc.pid)
    server.on_stop.append(lambda: _peer.clean_state_files(folder))
    _wait_ready(server, "the reference hub", "/state?sid=bench-probe", lambda b: "sid" in b)
    return server


def peer_default_state(server: Server) -> dict[str, Any]:
    """The reference's own default state: its ``/go`` on a session never written."""
    status, go = server.request("GET", f"{server.base}/go?sid=bench-default-probe")
    if status != 200 or not isinstance(go, dict):
        raise SystemExit(f"the reference hub's /go answered {status}")
    return dict(go["initial_state"])


def smoke_check(server: Server, wl: Workload, ours: bool) -> None:
    """One cycle checked before the load: the edit arrives and /go reports it."""
    base, sid = server.base, "bench-smoke"
    status, answer = server.request("POST", f"{base}/post?sid={sid}", raw=wl.set_body)
    assert status == 200 and answer["success"], answer
    edited = wl.edit_prefix + b"smoke.1" + wl.edit_suffix
    status, answer = server.request("POST", f"{base}/post?sid={sid}", raw=edited)
    assert status == 200, answer
    status, go = server.request("GET", f"{base}/go?sid={sid}")
    assert status == 200, go
    assert "smoke.1" in json.dumps(go["current_state"]), "the edit did not arrive"
    assert MARKER not in json.dumps(go["current_state"])
    if ours:  # our contract: state_id and a one-entry diff
        canonical = json.dumps(
            go["current_state"], sort_keys=True, separators=(",", ":"), ensure_ascii=False
        ).encode()
        assert hashlib.sha256(canonical).hexdigest() == answer["state_id"], "state_id mismatch"
        changed = [p for p, e in go["state_diff"].items() if "smoke.1" in json.dumps(e["new"])]
        assert len(changed) == 1 and len(go["state_diff"]) == 1, go["state_diff"].keys()
    server.request("POST", f"{base}/post?sid={sid}", {"action": "reset"})


def server_memory(server: Server) -> dict[str, float]:
    return {"rss_mib": round(server.rss_mib(), 1), "peak_mib": round(server.peak_mib(), 1)}
