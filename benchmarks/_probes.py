"""Sequential probes: what one request of each kind costs the server, and what large rejected
requests leave in its memory. One client, one keep-alive connection, nothing else in flight, so
the server's CPU time (``schedstat``, nanoseconds) between two requests is that request's cost."""

from __future__ import annotations

import socket
import statistics
import time
from typing import Any

from _servers import Server
from _states import Workload

__all__ = ["endpoint_costs", "rejected_uploads"]


class _Conn:
    """A raw keep-alive HTTP/1.1 connection (the load generator's way, without asyncio)."""

    def __init__(self, server: Server) -> None:
        self.server = server
        self.sock = socket.create_connection((server.host, server.port), timeout=60)
        self.buf = b""
        auth = f"Authorization: Bearer {server.token}\r\n" if server.token else ""
        self.head = f"Host: {server.host}:{server.port}\r\n{auth}"

    def send(self, method: str, path: str, body: bytes = b"") -> tuple[int, int]:
        extra = f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n" if body else ""
        self.sock.sendall(f"{method} {path} HTTP/1.1\r\n{self.head}{extra}\r\n".encode() + body)
        while b"\r\n\r\n" not in self.buf:
            self.buf += self._recv()
        head, _, self.buf = self.buf.partition(b"\r\n\r\n")
        head += b"\r\n"
        status = int(head[9:12])
        start = head.lower().find(b"content-length:")
        length = int(head[start + 15 : head.index(b"\r\n", start)]) if start >= 0 else 0
        while len(self.buf) < length:
            self.buf += self._recv()
        self.buf = self.buf[length:]
        return status, length

    def _recv(self) -> bytes:
        chunk = self.sock.recv(1 << 20)
        if not chunk:
            raise ConnectionError("the server closed the connection")
        return chunk

    def close(self) -> None:
        self.sock.close()


def endpoint_costs(server: Server, wl: Workload, seconds: float, sid: str) -> dict[str, Any]:
    """Server CPU ms per request of each endpoint, cycling set -> set_current -> go -> state.

    Every ``set`` and ``set_current`` carries a state the hub has never seen (no cache can
    answer it), as in the load; ``set_repeated`` is the same ``set`` body every cycle (what a
    cache of seen bodies serves) and ``set_new`` a state none of whose texts was seen before,
    measured beside it.
    """
    conn = _Conn(server)
    base = server.base
    costs: dict[str, list[float]] = {
        "set": [], "set_current": [], "go": [], "state": [], "set_repeated": [], "set_new": []
    }  # fmt: skip
    sizes: dict[str, int] = {}
    cycle = 0
    try:
        for warm in range(10):  # first requests build caches; not measured
            conn.send("POST", f"{base}/post?sid={sid}", wl.set_body)
            conn.send("POST", f"{base}/post?sid={sid}", _edit(wl, f"w.{warm}"))
            conn.send("GET", f"{base}/go?sid={sid}")
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            cycle += 1
            for name, method, path, body in (
                # a state none of whose texts the session (or anyone) had; then the seen body
                # again, so that the fresh set that follows is one text away from the session's
                # current state, as a near miss loaded after its gold state is
                ("set_new", "POST", f"{base}/post?sid={sid}", wl.new_set(f"n.{cycle}")),
                ("set_repeated", "POST", f"{base}/post?sid={sid}", wl.set_body),
                ("set", "POST", f"{base}/post?sid={sid}", wl.fresh_set(f"s.{cycle}")),
                ("set_current", "POST", f"{base}/post?sid={sid}", _edit(wl, f"p.{cycle}")),
                ("go", "GET", f"{base}/go?sid={sid}", b""),
                ("state", "GET", f"{base}/state?sid={sid}", b""),
            ):
                before = server.cpu_seconds()
                status, size = conn.send(method, path, body)
                costs[name].append(server.cpu_seconds() - before)
                if status != 200:
                    raise SystemExit(f"{server.name} {name} answered {status} in the probe")
                sizes[name] = size
        conn.send("POST", f"{base}/post?sid={sid}", b'{"action":"reset"}')
    finally:
        conn.close()
    return {
        name: {
            "cpu_ms_median": round(1000 * statistics.median(v), 3),
            "cpu_ms_mean": round(1000 * statistics.fmean(v), 3),
            "requests": len(v),
            "response_bytes": sizes.get(name),
        }
        for name, v in costs.items()
    }


def _edit(wl: Workload, tag: str) -> bytes:
    return wl.edit_prefix + tag.encode() + wl.edit_suffix


def _stream(server: Server, head: bytes, chunks: int, chunk: bytes) -> int:
    """Send ``head`` then up to ``chunks`` chunks (the server may answer early); the status."""
    with socket.create_connection((server.host, server.port), timeout=60) as sock:
        sock.sendall(head)
        try:
            for _ in range(chunks):
                sock.sendall(chunk)
        except (BrokenPipeError, ConnectionResetError):
            pass  # it answered and closed before the body was complete: fine
        reply = b""
        try:
            while b"\r\n" not in reply:
                data = sock.recv(65536)
                if not data:
                    break
                reply += data
        except ConnectionResetError:
            pass
    return int(reply[9:12]) if reply.startswith(b"HTTP/1.1 ") else 0


def rejected_uploads(server: Server, sid: str, settle: float, mib: int = 50) -> dict[str, Any]:
    """Three ways to send ``mib`` MiB that the hub refuses with a 413; RSS after each."""
    auth = f"Authorization: Bearer {server.token}\r\nHost: x\r\n"
    chunk = b"x" * (1 << 20)
    out: dict[str, Any] = {}
    # 1. a /post whose Content-Length says 50 MiB: refused from the head
    head = (
        f"POST {server.base}/post?sid={sid} HTTP/1.1\r\n{auth}Content-Type: application/json\r\n"
        f"Content-Length: {mib << 20}\r\n\r\n"
    ).encode()
    out["post_declared"] = {"status": _stream(server, head, mib, chunk)}
    time.sleep(settle)  # as after the resets: the hub gives memory back once it is idle
    out["post_declared"]["rss_mib"] = round(server.rss_mib(), 1)
    # 2. the same body chunked: read up to the limit, then refused
    head = (
        f"POST {server.base}/post?sid={sid} HTTP/1.1\r\n{auth}Content-Type: application/json\r\n"
        "Transfer-Encoding: chunked\r\n\r\n"
    ).encode()
    framed = b"%x\r\n" % len(chunk) + chunk + b"\r\n"
    out["post_chunked"] = {"status": _stream(server, head, mib, framed)}
    time.sleep(settle)  # as after the resets: the hub gives memory back once it is idle
    out["post_chunked"]["rss_mib"] = round(server.rss_mib(), 1)
    # 3. a multipart upload of one 50 MiB file (over the per-file limit)
    boundary = "benchboundary"
    part = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.bin"\r\n'
        "Content-Type: application/octet-stream\r\n\r\n"
    ).encode()
    tail = f"\r\n--{boundary}--\r\n".encode()
    total = len(part) + (mib << 20) + len(tail)
    head = (
        f"POST {server.base}/upload?sid={sid} HTTP/1.1\r\n{auth}"
        f"Content-Type: multipart/form-data; boundary={boundary}\r\nContent-Length: {total}\r\n\r\n"
    ).encode()
    with socket.create_connection((server.host, server.port), timeout=120) as sock:
        sock.sendall(head + part)
        status = 0
        try:
            for _ in range(mib):
                sock.sendall(chunk)
            sock.sendall(tail)
            reply = sock.recv(65536)
            status = int(reply[9:12]) if reply.startswith(b"HTTP/1.1 ") else 0
        except (BrokenPipeError, ConnectionResetError):
            status = -1
    out["upload"] = {"status": status}
    time.sleep(settle)  # as after the resets: the hub gives memory back once it is idle
    out["upload"]["rss_mib"] = round(server.rss_mib(), 1)
    return out
