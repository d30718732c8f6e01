"""What one state-API request costs inside the hub, without network or load generator.

Drives the hub's ASGI application in this process with hub_bench's workloads and requests
(``set`` of a body the hub has not seen (``--bodies``) -> ``set_current`` with a fresh edit ->
``/go`` -> ``/state``), and reports the CPU
time of each endpoint (per request, median). Run it under a profiler to see where the time goes:

    .venv/bin/python benchmarks/hub_profile.py --sizes 24k,500k
    .venv/bin/py-spy record -r 500 -f raw -o prof.txt -- \\
        .venv/bin/python benchmarks/hub_profile.py --sizes 500k --only set_current --seconds 10
    .venv/bin/python -m pyinstrument benchmarks/hub_profile.py --sizes 500k --only set_current
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import sys
import time
from collections.abc import MutableMapping
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _states import Workload, build_workload, load_app

from cuagym.hub import Hub, MemoryStore, RedisStore

ENDPOINTS = ("set", "set_current", "go", "state")


class _Call:
    """One ASGI request to the hub; the response body is collected and its status checked."""

    def __init__(self, hub: Hub, token: str) -> None:
        self.hub = hub
        self.auth = (b"authorization", f"Bearer {token}".encode())

    async def __call__(self, method: str, path: str, query: str, body: bytes = b"") -> bytes:
        scope = {
            "type": "http",
            "method": method,
            "path": path,
            "root_path": "",
            "query_string": query.encode(),
            "headers": [self.auth, (b"content-length", str(len(body)).encode())],
        }
        sent = False
        out: list[bytes] = []
        status = [0]

        async def receive() -> MutableMapping[str, Any]:
            nonlocal sent
            if sent:
                return {"type": "http.disconnect"}
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}

        async def send(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                status[0] = message["status"]
            else:
                out.append(message.get("body", b""))

        await self.hub(scope, receive, send)
        if status[0] != 200:
            raise SystemExit(
                f"{method} {path}?{query} answered {status[0]}: {b''.join(out)[:300]!r}"
            )
        return b"".join(out)


def _set_body(wl: Workload, bodies: str, cycle: int) -> bytes:
    """The set of this cycle, as hub_bench sends it for ``--bodies``."""
    if bodies == "new":
        return wl.new_set(f"n{cycle}")
    if bodies == "fresh":
        return wl.fresh_set(f"s{cycle}")
    return wl.set_body


async def measure(
    hub: Hub, wl: Workload, seconds: float, only: set[str], bodies: str = "fresh"
) -> dict[str, Any]:
    call = _Call(hub, hub.token)
    base = wl.base
    q = "sid=profile"
    costs: dict[str, list[float]] = {e: [] for e in ENDPOINTS}
    for warm in range(5):
        await call("POST", f"{base}/post", q, wl.set_body)
        await call("POST", f"{base}/post", q, wl.edit_prefix + f"w{warm}".encode() + wl.edit_suffix)
        await call("GET", f"{base}/go", q)
    deadline = time.monotonic() + seconds
    cycle = 0
    while time.monotonic() < deadline:
        cycle += 1
        for name in ENDPOINTS:
            if name == "set":
                args = ("POST", f"{base}/post", q, _set_body(wl, bodies, cycle))
            elif name == "set_current":
                args = (
                    "POST",
                    f"{base}/post",
                    q,
                    wl.edit_prefix + f"{cycle}".encode() + wl.edit_suffix,
                )
            elif name == "go":
                args = ("GET", f"{base}/go", q, b"")
            else:
                args = ("GET", f"{base}/state", q, b"")
            if only and name not in only and name != "set":
                continue
            t0 = time.thread_time()
            await call(*args)
            costs[name].append(time.thread_time() - t0)
    return {
        e: {"cpu_ms_median": round(1000 * statistics.median(v), 3), "requests": len(v)}
        for e, v in costs.items()
        if v
    }


async def _run(args: argparse.Namespace, wl: Workload, only: set[str]) -> dict[str, Any]:
    store = MemoryStore() if args.store == "memory" else RedisStore(args.store, prefix="profile")
    hub = Hub(apps=[load_app(args.app)], store=store)
    await store.start()
    try:
        return await measure(hub, wl, args.seconds, only, args.bodies)
    finally:
        await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--app", default="team-chat")
    parser.add_argument("--sizes", default="24k,500k")
    parser.add_argument("--seconds", type=float, default=3.0, help="per size")
    parser.add_argument("--only", default="", help="endpoints to measure besides set")
    parser.add_argument(
        "--bodies",
        default="fresh",
        choices=("fresh", "new", "repeated"),
        help="set bodies as hub_bench sends them (default: never repeating, one text changed)",
    )
    parser.add_argument("--store", default="memory", help="memory, or redis://host:port/db")
    args = parser.parse_args()
    app = load_app(args.app)
    only = {e for e in args.only.split(",") if e}
    out = {}
    for size in args.sizes.split(","):
        wl = build_workload(app, size)
        out[size] = asyncio.run(_run(args, wl, only))
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
