"""The load generator: client processes, each an asyncio loop of raw keep-alive HTTP/1.1 clients.

Why hand-written: a general HTTP client (httpx, aiohttp) spends more CPU per request than the hub
does, and on a small machine the generator shares the cores with the server. Here every request
is precomputed bytes (only the edited body is spliced per cycle) and a response costs one
``readuntil`` for the head, a scan for Content-Length and one ``readexactly`` for the body.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing as mp
import os
import time
from array import array
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

from _states import Workload

__all__ = ["ENDPOINTS", "ClientResult", "LoadSpec", "run_clients"]

#: one cycle of a client, in order (set_current is the edit of the state that set injected).
ENDPOINTS = ("set", "set_current", "go", "state")


@dataclass(frozen=True)
class LoadSpec:
    host: str
    port: int
    token: str
    workload: Workload
    sids: tuple[str, ...]  # one per client
    cycle: tuple[str, ...] = ENDPOINTS  # what each client repeats, in order
    cpus: frozenset[int] | None = None  # pin the client processes here (as taskset does)
    # set bodies: "fresh" (one text differs from a state seen before, like a near miss),
    # "new" (every text differs: nothing seen before), "repeated" (the same bytes each cycle)
    bodies: str = "fresh"


@dataclass
class ClientResult:
    """What one client process measured inside the measurement window."""

    latencies: dict[str, array[float]] = field(
        default_factory=lambda: {e: array("d") for e in ENDPOINTS}
    )
    errors: dict[str, int] = field(default_factory=lambda: dict.fromkeys(ENDPOINTS, 0))
    error_samples: list[str] = field(default_factory=list)
    cpu_s: float = 0.0  # this process's CPU time inside the window
    responses_bytes: int = 0


def _request(method: str, path: str, spec: LoadSpec, body: bytes = b"") -> bytes:
    head = (
        f"{method} {path} HTTP/1.1\r\nHost: {spec.host}:{spec.port}\r\n"
        f"Authorization: Bearer {spec.token}\r\n"
    )
    if method == "POST":
        head += f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
    return (head + "\r\n").encode() + body


class _Client:
    """One simulated reward/rollout client: its own sid and its own keep-alive connection."""

    def __init__(self, spec: LoadSpec, index: int) -> None:
        self.spec = spec
        self.index = index
        sid = spec.sids[index]
        base = spec.workload.base
        wl = spec.workload
        self.set_req = _request("POST", f"{base}/post?sid={sid}", spec, wl.set_body)
        self.go_req = _request("GET", f"{base}/go?sid={sid}", spec)
        self.state_req = _request("GET", f"{base}/state?sid={sid}", spec)
        # set_current: only the Content-Length line and the spliced counter vary per cycle.
        self.edit_head = (
            f"POST {base}/post?sid={sid} HTTP/1.1\r\nHost: {spec.host}:{spec.port}\r\n"
            f"Authorization: Bearer {spec.token}\r\nContent-Type: application/json\r\n"
        ).encode()
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None

    def set_request(self, cycle: int) -> bytes:
        """The set of this cycle: the same bytes each time, or a state the hub never saw."""
        if self.spec.bodies == "repeated":
            return self.set_req
        wl, tag = self.spec.workload, f"s{self.index}.{cycle}"
        body = wl.new_set(tag) if self.spec.bodies == "new" else wl.fresh_set(tag)
        return b"".join((self.edit_head, b"Content-Length: %d\r\n\r\n" % len(body), body))

    def edit_request(self, cycle: int) -> bytes:
        wl = self.spec.workload
        tag = f"{self.index}.{cycle}".encode()
        length = len(wl.edit_prefix) + len(tag) + len(wl.edit_suffix)
        return b"".join(
            (
                self.edit_head,
                b"Content-Length: %d\r\n\r\n" % length,
                wl.edit_prefix,
                tag,
                wl.edit_suffix,
            )
        )

    async def connect(self) -> None:
        self.reader, self.writer = await asyncio.open_connection(
            self.spec.host, self.spec.port, limit=1 << 20
        )

    async def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            with contextlib.suppress(Exception):
                await self.writer.wait_closed()
        self.reader = self.writer = None

    async def exchange(self, request: bytes) -> tuple[int, bytes]:
        """Send one request, read one response: (status, body)."""
        if self.writer is None:
            await self.connect()
        assert self.reader is not None and self.writer is not None
        self.writer.write(request)
        head = await self.reader.readuntil(b"\r\n\r\n")
        status = int(head[9:12])
        start = head.lower().find(b"content-length:")
        if start < 0:
            raise ConnectionError("response without Content-Length")
        end = head.index(b"\r\n", start)
        body = await self.reader.readexactly(int(head[start + 15 : end]))
        return status, body

    async def run(self, window: tuple[float, float, float], out: ClientResult) -> None:
        _, measure_from, stop_at = window
        lat, errors = out.latencies, out.errors
        cycle = 0
        while True:
            cycle += 1
            for endpoint in self.spec.cycle:
                if endpoint == "set":
                    request = self.set_request(cycle)
                elif endpoint == "set_current":
                    request = self.edit_request(cycle)
                elif endpoint == "go":
                    request = self.go_req
                else:
                    request = self.state_req
                t0 = time.monotonic()
                if t0 >= stop_at:
                    return
                problem = None
                try:
                    status, body = await self.exchange(request)
                    if status != 200:
                        problem = f"{endpoint}: HTTP {status} {body[:200]!r}"
                    out.responses_bytes += len(body)
                except (OSError, asyncio.IncompleteReadError, ConnectionError, ValueError) as exc:
                    problem = f"{endpoint}: {type(exc).__name__}: {exc}"
                    await self.close()  # reconnect on the next request
                t1 = time.monotonic()
                # A request counts where it completes: under saturation a request may wait for
                # longer than the warm-up, and dropping those would hide the server's real rate.
                if not measure_from <= t1 <= stop_at:
                    continue
                if problem is None:
                    lat[endpoint].append(t1 - t0)
                else:
                    errors[endpoint] += 1
                    if len(out.error_samples) < 5:
                        out.error_samples.append(problem)


async def _process_main(spec: LoadSpec, indexes: list[int], conn: Connection) -> ClientResult:
    clients = [_Client(spec, i) for i in indexes]
    await asyncio.gather(*(c.connect() for c in clients))
    conn.send("ready")
    window: tuple[float, float, float] = conn.recv()  # (start, measure_from, stop_at)
    out = ClientResult()

    async def cpu_meter() -> None:
        await asyncio.sleep(max(0.0, window[1] - time.monotonic()))
        begin = time.process_time()
        await asyncio.sleep(max(0.0, window[2] - time.monotonic()))
        out.cpu_s = time.process_time() - begin

    await asyncio.sleep(max(0.0, window[0] - time.monotonic()))
    await asyncio.gather(cpu_meter(), *(c.run(window, out) for c in clients))
    for c in clients:
        await c.close()
    return out


def _process_entry(spec: LoadSpec, indexes: list[int], conn: Connection) -> None:
    if spec.cpus is not None:
        os.sched_setaffinity(0, spec.cpus)
    try:
        import uvloop

        runner: Any = uvloop.run
    except ImportError:  # plain asyncio still works, at a higher client cost
        runner = asyncio.run
    try:
        conn.send(runner(_process_main(spec, indexes, conn)))
    except BaseException as exc:  # the parent must hear about it rather than hang
        conn.send(f"client process failed: {type(exc).__name__}: {exc}")
        raise
    finally:
        conn.close()


def run_clients(
    spec: LoadSpec,
    processes: int,
    warmup: float,
    duration: float,
    on_window: Any = None,
) -> list[ClientResult]:
    """Run every client for ``warmup + duration`` seconds; return each process's results.

    ``on_window(measure_from, stop_at)`` runs in this (parent) process while the clients work;
    the benchmark uses it to sample the server's CPU time at the window's edges.
    """
    ctx = mp.get_context("fork")  # the workload's bodies are inherited, not pickled
    n = len(spec.sids)
    processes = max(1, min(processes, n))
    pipes, procs = [], []
    for p in range(processes):
        parent, child = ctx.Pipe()
        proc = ctx.Process(
            target=_process_entry, args=(spec, list(range(p, n, processes)), child), daemon=True
        )
        proc.start()
        child.close()
        pipes.append(parent)
        procs.append(proc)
    try:
        for pipe in pipes:
            if (msg := pipe.recv()) != "ready":
                raise RuntimeError(str(msg))
        start = time.monotonic() + 0.05
        window = (start, start + warmup, start + warmup + duration)
        for pipe in pipes:
            pipe.send(window)
        if on_window is not None:
            on_window(window[1], window[2])
        results = []
        for pipe in pipes:
            got = pipe.recv()
            if not isinstance(got, ClientResult):
                raise RuntimeError(str(got))
            results.append(got)
        return results
    finally:
        for proc in procs:
            proc.join(timeout=10)
            if proc.is_alive():
                proc.kill()
