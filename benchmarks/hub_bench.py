"""Load benchmark of the hub's state API (DESIGN.md §3), side by side with the reference hub.

N concurrent clients (each its own sid) cycle ``set`` -> ``set_current`` (one edit) -> ``/go``
-> ``/state`` for a fixed time per scenario, with a ~24 KiB and a ~500 KiB team-chat state.
By default every ``set`` body is one the hub has never seen: ``fresh`` (a counter in one message's
text: one change away from a state seen before, as near misses are) and ``new`` (a counter in
every text: nothing of it seen before); the case where every cycle sends the same ``set`` bytes
(``repeated``: what a cache of seen bodies serves) is run beside them.
With ``--peer`` the paper's reference hub (CUA-Gym-Hub's ``slack_mock``) runs the same load, with
its states built in its own schema at the same canonical sizes, and every scenario alternates
between the servers (ours, reference, ours, reference): each ratio comes from one run.

Reported per server: requests/s and p50/p95/p99 latency per endpoint, errors, the server's CPU
time per request, the load generator's CPU, its RSS; per endpoint, what one request costs the
server when nothing else runs (sequential probe); and for our hub, RSS after the sessions are
reset and after 50 MiB requests it must refuse.

    .venv/bin/python benchmarks/hub_bench.py --json
    .venv/bin/python benchmarks/hub_bench.py --peer /work/ref/CUA-Gym-Hub --json
    .venv/bin/python benchmarks/hub_bench.py --peer http://127.0.0.1:4173 --serve-all
    .venv/bin/python benchmarks/hub_bench.py --workers 2 --store redis --client-cpus 1
    .venv/bin/python benchmarks/hub_bench.py --app tests/hub/notes_app.py:NotesApp --sizes 24k
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import _peer
from _loadgen import ENDPOINTS, ClientResult, LoadSpec, run_clients
from _probes import endpoint_costs, rejected_uploads
from _procs import machine_busy_seconds
from _report import machine_info, print_table, summarize, verdicts
from _servers import (
    RedisProcess,
    Server,
    peer_default_state,
    smoke_check,
    start_ours,
    start_peer,
)
from _states import Workload, build_workload, load_app


def _pct(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return float("nan")
    rank = min(len(sorted_values) - 1, max(0, round(q / 100 * len(sorted_values) + 0.5) - 1))
    return sorted_values[rank] * 1000


def _load_average() -> list[float]:
    return [round(x, 2) for x in os.getloadavg()]


def run_scenario(
    server: Server,
    wl: Workload,
    clients: int,
    rep: int,
    args: argparse.Namespace,
    bodies: str = "fresh",
) -> dict[str, Any]:
    tag = server.name.replace(" ", "")
    sids = tuple(f"bench-{tag}-{wl.label}-{bodies}-{clients}-{rep}-{i}" for i in range(clients))
    cpus = frozenset(int(c) for c in args.client_cpus.split(",")) if args.client_cpus else None
    spec = LoadSpec(server.host, server.port, server.token, wl, sids, cpus=cpus, bodies=bodies)
    cpu: dict[str, float] = {}

    def on_window(measure_from: float, stop_at: float) -> None:
        time.sleep(max(0.0, measure_from - time.monotonic()))
        cpu["begin"], cpu["begin_hub"] = server.cpu_seconds(), server.cpu_seconds(False)
        cpu["machine_begin"] = machine_busy_seconds()
        time.sleep(max(0.0, stop_at - time.monotonic()))
        cpu["end"], cpu["end_hub"] = server.cpu_seconds(), server.cpu_seconds(False)
        cpu["machine_end"] = machine_busy_seconds()

    load_before = _load_average()
    server.reset_peak()
    results: list[ClientResult] = run_clients(
        spec, args.procs, args.warmup, args.duration, on_window
    )
    rss_after = server.rss_mib()
    peak = server.peak_mib()
    reset_errors = 0
    for sid in sids:  # every rollout ends with reset: the hub must give the memory back
        status, _ = server.request("POST", f"{wl.base}/post?sid={sid}", {"action": "reset"})
        reset_errors += status != 200
    rss_right_after_reset = server.rss_mib()  # freed, not yet given back to the OS
    time.sleep(args.settle)
    rss_after_reset = server.rss_mib()

    endpoints: dict[str, Any] = {}
    total = errors = 0
    for ep in ENDPOINTS:
        lat = sorted(x for r in results for x in r.latencies[ep])
        errs = sum(r.errors[ep] for r in results)
        total += len(lat)
        errors += errs
        endpoints[ep] = {
            "requests": len(lat),
            "rps": round(len(lat) / args.duration, 1),
            "p50_ms": round(_pct(lat, 50), 2),
            "p95_ms": round(_pct(lat, 95), 2),
            "p99_ms": round(_pct(lat, 99), 2),
            "max_ms": round(max(lat) * 1000, 2) if lat else None,
            "errors": errs,
        }
    server_cpu = cpu["end"] - cpu["begin"]
    hub_cpu = cpu["end_hub"] - cpu["begin_hub"]
    client_cpu = sum(r.cpu_s for r in results)
    other_cpu = max(0.0, cpu["machine_end"] - cpu["machine_begin"] - server_cpu - client_cpu)
    return {
        "server": server.name,
        "size": wl.label,
        "bodies": bodies,
        "clients": clients,
        "rep": rep,
        "rps": round(total / args.duration, 1),
        "requests": total,
        "errors": errors + reset_errors,
        "error_samples": [s for r in results for s in r.error_samples][:5],
        "endpoints": endpoints,
        "server_cpu_s": round(server_cpu, 3),
        "server_cpu_ms_per_request": round(1000 * server_cpu / total, 3) if total else None,
        "hub_cpu_ms_per_request": round(1000 * hub_cpu / total, 3) if total else None,
        "server_cpu_utilization": round(server_cpu / args.duration, 2),
        "client_cpu_utilization": round(client_cpu / args.duration, 2),
        "other_cpu_utilization": round(other_cpu / args.duration, 2),
        "load_average_before": load_before,
        "rss_peak_mib": round(peak, 1),
        "rss_after_mib": round(rss_after, 1),
        "rss_right_after_reset_mib": round(rss_right_after_reset, 1),
        "rss_after_reset_mib": round(rss_after_reset, 1),
    }


def _start_profiler(server: Server, out: str) -> subprocess.Popen[bytes]:
    spy = shutil.which("py-spy", path=str(Path(sys.executable).parent)) or "py-spy"
    cmd = [spy, "record", "--pid", str(server.pid), "--rate", "200", "--format", "raw"]
    cmd += ["--nonblocking", "--subprocesses", "--output", out]
    return subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _targets(args: argparse.Namespace, app_id: str) -> tuple[list[Server], list[Any]]:
    """The servers of this run, in the order each scenario visits them."""
    cleanup: list[Any] = []
    ours: list[Server] = []
    env = dict(os.environ)
    env.update(kv.split("=", 1) for kv in args.server_env)
    common = {"serve_all": args.serve_all, "cpus": args.server_cpus, "env": env}
    if args.workers > 1 or args.store != "memory":
        url = args.store
        if args.store in ("redis", "redis-tcp"):
            redis = RedisProcess(args.host, unix=args.store == "redis")
            cleanup.append(redis.stop)
            url = redis.url
        ours.append(start_ours("memory x1", args.app, app_id, args.host, **common))
        for workers in sorted({1, args.workers}):
            server = start_ours(
                f"redis x{workers}",
                args.app,
                app_id,
                args.host,
                workers=workers,
                store=url,
                **common,
            )
            if args.store in ("redis", "redis-tcp"):
                server.extra_pids.append(redis.proc.pid)
            ours.append(server)
    else:
        ours.append(start_ours("ours", args.app, app_id, args.host, **common))
    if args.peer:
        ours.append(start_peer(args.peer, args.host, cpus=args.server_cpus))
    return ours, cleanup


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--app", default="team-chat", help="app id, or file.py:WebAppClass")
    parser.add_argument(
        "--serve-all", action="store_true", help="serve every installed web app (load on --app)"
    )
    parser.add_argument(
        "--peer",
        metavar="PATH_OR_URL",
        help="the reference hub: a CUA-Gym-Hub checkout (built with npm ci + vite build when "
        "needed, then started) or the URL of a running slack_mock",
    )
    parser.add_argument("--clients", default="1,16,64", help="comma-separated client counts")
    parser.add_argument("--sizes", default="24k,500k", help="comma-separated state sizes")
    parser.add_argument(
        "--bodies",
        default="fresh,new,repeated",
        help="set bodies: fresh (one text differs from a seen state), new (every text differs), "
        "repeated (the same bytes every cycle); comma-separated, each a scenario of its own",
    )
    parser.add_argument("--duration", type=float, default=8.0, help="measured seconds/scenario")
    parser.add_argument("--warmup", type=float, default=2.0, help="unmeasured seconds first")
    parser.add_argument(
        "--reps",
        type=int,
        default=0,
        help="runs per server and scenario (default: 2 with --peer or several servers, else 1)",
    )
    parser.add_argument("--probe-seconds", type=float, default=3.0, help="per endpoint probe")
    parser.add_argument("--procs", type=int, default=2, help="client processes")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--workers", type=int, default=1, help="hub worker processes")
    parser.add_argument(
        "--store",
        default="memory",
        help="memory, redis (a redis-server started here, over a Unix socket), redis-tcp "
        "(the same over TCP) or a URL",
    )
    parser.add_argument("--server-cpus", help="taskset CPU list for the servers, e.g. 0")
    parser.add_argument(
        "--server-env",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="environment of our hub processes (e.g. PYTHONMALLOC=malloc); repeatable",
    )
    parser.add_argument(
        "--idle-wait",
        type=float,
        default=0.0,
        help="at the end, wait this long (the hub drops caches after 60 s idle) and read RSS",
    )
    parser.add_argument("--client-cpus", help="CPU list for the load generator, e.g. 1")
    parser.add_argument("--settle", type=float, default=1.0, help="seconds before RSS after reset")
    parser.add_argument("--mem-tolerance", type=float, default=32.0, help="MiB over start RSS")
    parser.add_argument("--no-load", action="store_true", help="probes only, no load scenarios")
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument("--profile", metavar="FILE", help="py-spy a server (raw stacks)")
    parser.add_argument("--profile-server", help="which server --profile samples (default: first)")
    args = parser.parse_args()
    clients = [int(c) for c in args.clients.split(",") if c]
    sizes = [s for s in args.sizes.split(",") if s]
    bodies = [b for b in args.bodies.split(",") if b]
    if not bodies or set(bodies) - {"fresh", "new", "repeated"}:
        parser.error(f"--bodies {args.bodies}: use fresh, new and/or repeated")
    log = sys.stderr

    app = load_app(args.app)
    workloads = {s: build_workload(app, s) for s in sizes}  # validated: exits if invalid
    servers, cleanup = _targets(args, app.app_id)
    reps = args.reps or (2 if len(servers) > 1 else 1)
    spy: subprocess.Popen[bytes] | None = None
    doc: dict[str, Any] = {}
    try:
        # Before anything was sent: what an idle hub holds.
        start_rss = {s.name: round(s.rss_mib(), 1) for s in servers}
        loads: dict[str, dict[str, Workload]] = {}
        for server in servers:
            if server.name == "reference":
                default = peer_default_state(server)
                loads[server.name] = {
                    s: _peer.peer_workload(default, w) for s, w in workloads.items()
                }
            else:
                loads[server.name] = workloads
            for wl in loads[server.name].values():
                smoke_check(server, wl, ours=server.name != "reference")
        if args.profile:
            target = [s for s in servers if s.name == (args.profile_server or servers[0].name)]
            spy = _start_profiler(target[0], args.profile)
        probes: dict[str, dict[str, Any]] = {s.name: {} for s in servers}
        for size in sizes:
            for server in servers:
                print(f"probe {server.name} {size} ...", file=log)
                probes[server.name][size] = endpoint_costs(
                    server, loads[server.name][size], args.probe_seconds, f"probe-{size}"
                )
        results = []
        if not args.no_load:
            for size in sizes:
                for body in bodies:
                    for n in clients:
                        for rep in range(reps):
                            for server in servers:
                                print(
                                    f"{server.name} {size} {body} x {n} clients "
                                    f"(run {rep + 1}) ...",
                                    file=log,
                                )
                                wl = loads[server.name][size]
                                results.append(run_scenario(server, wl, n, rep, args, body))
        memory = {
            s.name: {
                "start_rss_mib": start_rss[s.name],
                **rejected_uploads(s, "bench-big", args.settle),
            }
            for s in servers
            if s.name != "reference"
        }
        if args.idle_wait:  # caches of states no session holds go after a long idle time
            time.sleep(args.idle_wait)
            for s in servers:
                if s.name in memory:
                    memory[s.name]["after_idle"] = {
                        "seconds": args.idle_wait,
                        "rss_mib": round(s.rss_mib(), 1),
                    }
        doc = {
            "benchmark": "hub_bench",
            "date": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
            "command": " ".join([Path(sys.executable).name, *sys.argv]),
            "machine": machine_info(),
            "load_average_end": _load_average(),
            "parameters": {
                "app": app.app_id,
                "serve_all": args.serve_all,
                "servers": [s.name for s in servers],
                "clients": clients,
                "sizes": sizes,
                "bodies": bodies,
                "duration_s": args.duration,
                "warmup_s": args.warmup,
                "reps": reps,
                "client_processes": args.procs,
                "client_cpus": args.client_cpus,
                "server_cpus": args.server_cpus,
                "cycle": list(ENDPOINTS),
                "mem_tolerance_mib": args.mem_tolerance,
            },
            "workloads": {
                name: [
                    {
                        "label": w.label,
                        "messages": w.messages,
                        "sent_bytes": w.sent_bytes,
                        "stored_bytes": w.stored_bytes,
                    }
                    for w in per.values()
                ]
                for name, per in loads.items()
            },
            "start_rss_mib": start_rss,
            "probes": probes,
            "results": results,
            "summary": summarize(results),
            "memory": memory,
        }
        doc["verdicts"] = verdicts(doc, args.mem_tolerance)
    finally:
        if spy is not None:
            spy.send_signal(signal.SIGINT)  # py-spy writes its file on SIGINT
            spy.wait(timeout=60)
        for server in servers:
            server.stop()
        for action in cleanup:
            action()
    if args.json:
        print(json.dumps(doc, indent=2))
    else:
        print_table(doc)


if __name__ == "__main__":
    main()
