"""Load benchmark of the hub's state API (DESIGN.md §3).

N concurrent clients (each its own sid) cycle ``set`` -> ``set_current`` (one edit) -> ``/go``
-> ``/state`` against a hub that this script starts as a subprocess, for a fixed time per
scenario, with a ~24 KiB and a ~500 KiB team-chat state. Reports requests/s and p50/p95/p99
latency per endpoint, errors, the server's CPU time per request, its RSS (peak and after the
sessions are reset) and the load generator's own CPU, so a reader can tell whether the
generator or the server was the bottleneck.

    .venv/bin/python benchmarks/hub_bench.py                 # table
    .venv/bin/python benchmarks/hub_bench.py --json          # one JSON document on stdout
    .venv/bin/python benchmarks/hub_bench.py --app tests/hub/notes_app.py:NotesApp --sizes 24k
"""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import http.client
import json
import os
import platform
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import time
from dataclasses import dataclass
from importlib.metadata import version
from pathlib import Path
from typing import Any

import orjson

sys.path.insert(0, str(Path(__file__).resolve().parent))

from _loadgen import ENDPOINTS, ClientResult, LoadSpec, run_clients
from _states import MARKER, Workload, build_workload, load_app

REPO = Path(__file__).resolve().parent.parent
CLK_TCK = os.sysconf("SC_CLK_TCK")
# The paper's reference hub (a Vite middleware, one pretty-printed JSON file per session) on
# this machine at 64 clients: requests/s (low, high) and server CPU ms per request.
REFERENCE_RPS: dict[str, tuple[float, float]] = {"24k": (1000.0, 1180.0), "500k": (84.0, 91.0)}
REFERENCE_CPU_MS: dict[str, float] = {"24k": 0.7, "500k": 11.0}
GOAL_RATIO = {"24k": 2.0, "500k": 5.0}
GO_P99_GOAL_MS = 50.0


# -- the server under test -------------------------------------------------------------------
@dataclass
class Server:
    proc: subprocess.Popen[bytes]
    host: str
    port: int
    token: str
    app_id: str

    def request(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        """One blocking request outside the measured load (setup, checks, resets)."""
        conn = http.client.HTTPConnection(self.host, self.port, timeout=30)
        try:
            data = orjson.dumps(body) if body is not None else None
            headers = {"Authorization": f"Bearer {self.token}"}
            if data is not None:
                headers["Content-Type"] = "application/json"
            conn.request(method, path, body=data, headers=headers)
            resp = conn.getresponse()
            return resp.status, orjson.loads(resp.read() or b"null")
        finally:
            conn.close()

    def cpu_seconds(self) -> float:
        fields = Path(f"/proc/{self.proc.pid}/stat").read_text().rpartition(")")[2].split()
        return (int(fields[11]) + int(fields[12])) / CLK_TCK  # utime + stime

    def memory_mib(self) -> dict[str, float]:
        out = {}
        for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
            key, _, value = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                out[key] = int(value.split()[0]) / 1024
        return out

    def reset_peak(self) -> bool:
        """Restart VmHWM from the current RSS (Linux >= 4.0), so each scenario has its peak."""
        try:
            Path(f"/proc/{self.proc.pid}/clear_refs").write_text("5")
            return True
        except OSError:
            return False

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def _start_profiler(server: Server, out: str) -> subprocess.Popen[bytes]:
    spy = shutil.which("py-spy", path=str(Path(sys.executable).parent)) or "py-spy"
    return subprocess.Popen(
        [
            spy,
            "record",
            "--pid",
            str(server.proc.pid),
            "--rate",
            "200",
            "--format",
            "raw",
            "--nonblocking",
            "--output",
            out,
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


def _machine_busy_seconds() -> float:
    """CPU seconds all cores spent busy since boot (``/proc/stat``: all but idle and iowait)."""
    ticks = [int(x) for x in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:8]]
    return (sum(ticks) - ticks[3] - ticks[4]) / CLK_TCK


def _free_port(host: str) -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        return int(s.getsockname()[1])


def start_server(app_spec: str, app_id: str, host: str, serve_all: bool = False) -> Server:
    port, token = _free_port(host), secrets.token_urlsafe(16)
    if ":" in app_spec:  # a test app file: the launcher that mirrors the CLI's settings
        cmd = [sys.executable, str(REPO / "benchmarks" / "_serve.py"), app_spec]
    else:  # an installed app: the real CLI
        cli = shutil.which("cuagym", path=str(Path(sys.executable).parent)) or "cuagym"
        # --serve-all: every installed web app in the hub process, load on one of them.
        cmd = [cli, "hub", "serve"] if serve_all else [cli, "hub", "serve", "--apps", app_spec]
    cmd += ["--host", host, "--port", str(port), "--token", token]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    server = Server(proc, host, port, token, app_id)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            err = proc.stderr.read().decode(errors="replace") if proc.stderr else ""
            raise SystemExit(f"the hub exited with {proc.returncode}:\n{err}")
        try:
            status, body = server.request("GET", "/healthz")
            if status == 200 and app_id in body["apps"]:
                return server
        except OSError:
            pass
        time.sleep(0.1)
    server.stop()
    raise SystemExit("the hub did not answer /healthz within 60 s")


def smoke_check(server: Server, wl: Workload) -> None:
    """One cycle checked in full before the load: the edit arrives and /go reports it."""
    base, sid = f"/{wl.app_id}", "bench-smoke"
    status, answer = server.request("POST", f"{base}/post?sid={sid}", orjson.loads(wl.set_body))
    assert status == 200 and answer["success"], answer
    edited = orjson.loads(wl.edit_prefix + b"smoke.1" + wl.edit_suffix)
    status, answer = server.request("POST", f"{base}/post?sid={sid}", edited)
    assert status == 200, answer
    status, go = server.request("GET", f"{base}/go?sid={sid}")
    assert status == 200, go
    canonical = json.dumps(
        go["current_state"], sort_keys=True, separators=(",", ":"), ensure_ascii=False
    ).encode()
    assert hashlib.sha256(canonical).hexdigest() == answer["state_id"], "state_id mismatch"
    changed = [p for p, e in go["state_diff"].items() if "smoke.1" in json.dumps(e["new"])]
    assert len(changed) == 1 and len(go["state_diff"]) == 1, go["state_diff"].keys()
    assert MARKER not in json.dumps(go["current_state"])
    server.request("POST", f"{base}/post?sid={sid}", {"action": "reset"})


# -- one scenario ----------------------------------------------------------------------------
def _pct(sorted_values: list[float], q: float) -> float:
    if not sorted_values:
        return float("nan")
    rank = min(len(sorted_values) - 1, max(0, round(q / 100 * len(sorted_values) + 0.5) - 1))
    return sorted_values[rank] * 1000


def run_scenario(
    server: Server, wl: Workload, clients: int, args: argparse.Namespace, baseline_rss: float
) -> dict[str, Any]:
    sids = tuple(f"bench-{wl.label}-{clients}-{i}" for i in range(clients))
    spec = LoadSpec(server.host, server.port, server.token, wl, sids)
    cpu: dict[str, float] = {}

    def on_window(measure_from: float, stop_at: float) -> None:
        time.sleep(max(0.0, measure_from - time.monotonic()))
        cpu["begin"], cpu["machine_begin"] = server.cpu_seconds(), _machine_busy_seconds()
        time.sleep(max(0.0, stop_at - time.monotonic()))
        cpu["end"], cpu["machine_end"] = server.cpu_seconds(), _machine_busy_seconds()

    server.reset_peak()
    results: list[ClientResult] = run_clients(
        spec, args.procs, args.warmup, args.duration, on_window
    )
    after = server.memory_mib()
    reset_errors = 0
    for sid in sids:  # every rollout ends with reset: the hub must give the memory back
        status, _ = server.request("POST", f"/{wl.app_id}/post?sid={sid}", {"action": "reset"})
        reset_errors += status != 200
    time.sleep(0.5)
    after_reset = server.memory_mib()["VmRSS"]

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
    client_cpu = sum(r.cpu_s for r in results)
    # Whatever else ran on the machine meanwhile (the cores are shared): busy - ours.
    other_cpu = max(0.0, cpu["machine_end"] - cpu["machine_begin"] - server_cpu - client_cpu)
    return {
        "size": wl.label,
        "clients": clients,
        "rps": round(total / args.duration, 1),
        "requests": total,
        "errors": errors + reset_errors,
        "error_samples": [s for r in results for s in r.error_samples][:5],
        "endpoints": endpoints,
        "server_cpu_s": round(server_cpu, 2),
        "server_cpu_ms_per_request": round(1000 * server_cpu / total, 3) if total else None,
        "server_cpu_utilization": round(server_cpu / args.duration, 2),
        "client_cpu_s": round(client_cpu, 2),
        "client_cpu_utilization": round(client_cpu / args.duration, 2),
        "other_cpu_utilization": round(other_cpu / args.duration, 2),
        "rss_peak_mib": round(after.get("VmHWM", float("nan")), 1),
        "rss_after_mib": round(after["VmRSS"], 1),
        "rss_after_reset_mib": round(after_reset, 1),
        "rss_returned": after_reset <= baseline_rss + args.mem_tolerance,
    }


# -- report ----------------------------------------------------------------------------------
def machine_info() -> dict[str, Any]:
    cpu = "unknown"
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            cpu = line.split(":", 1)[1].strip()
            break
    mem_kib = int(Path("/proc/meminfo").read_text().split()[1])
    pkgs = {p: _version(p) for p in ("uvicorn", "uvloop", "httptools", "orjson", "pydantic")}
    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "memory_gib": round(mem_kib / 2**20, 1),
        "kernel": platform.release(),
        "python": platform.python_version(),
        "packages": pkgs,
    }


def _version(pkg: str) -> str | None:
    try:
        return version(pkg)
    except Exception:
        return None


def verdicts(
    app_id: str, results: list[dict[str, Any]], baseline: float, tolerance: float
) -> dict[str, Any]:
    """The issue's goals, judged on the 64-client scenarios (team-chat only)."""
    out: dict[str, Any] = {}
    for r in results:
        if r["clients"] != 64 or r["size"] not in REFERENCE_RPS or app_id != "team-chat":
            continue
        low, high = REFERENCE_RPS[r["size"]]
        goal = GOAL_RATIO[r["size"]] * high
        out[f"throughput_{r['size']}"] = {
            "rps": r["rps"],
            "vs_reference": f"{r['rps'] / high:.1f}x-{r['rps'] / low:.1f}x",
            "goal_rps": goal,
            "met": r["rps"] >= goal,
            "cpu_ms_per_request": r["server_cpu_ms_per_request"],
            "reference_cpu_ms": REFERENCE_CPU_MS[r["size"]],
        }
        if r["size"] == "24k":
            p99 = r["endpoints"]["go"]["p99_ms"]
            out["go_p99_24k"] = {
                "p99_ms": p99,
                "goal_ms": GO_P99_GOAL_MS,
                "met": p99 < GO_P99_GOAL_MS,
            }
    out["zero_errors"] = {
        "errors": sum(r["errors"] for r in results),
        "met": all(r["errors"] == 0 for r in results),
    }
    worst = max((r["rss_after_reset_mib"] for r in results), default=baseline)
    out["memory_returns"] = {
        "baseline_mib": round(baseline, 1),
        "worst_after_reset_mib": worst,
        "tolerance_mib": tolerance,
        "met": all(r["rss_returned"] for r in results),
    }
    return out


def print_table(doc: dict[str, Any]) -> None:
    m, p = doc["machine"], doc["parameters"]
    print(
        f"hub_bench  {doc['date']}  app={p['app']}  {m['cpu']} x{m['cores']}  "
        f"python {m['python']}  duration {p['duration_s']} s (+{p['warmup_s']} s warm-up)  "
        f"client processes {p['client_processes']}"
    )
    for wl in doc["workloads"]:
        print(
            f"  state {wl['label']}: {wl['messages']} messages, sent {wl['sent_bytes']} B, "
            f"stored {wl['stored_bytes']} B"
        )
    print(f"  server RSS at start: {doc['baseline_rss_mib']} MiB")
    head = (
        f"{'size':>5} {'cl':>3} {'endpoint':<12} {'req/s':>8} {'p50 ms':>8} {'p95 ms':>8} "
        f"{'p99 ms':>8} {'err':>4}"
    )
    print()
    print(head + "   server/clients")
    for r in doc["results"]:
        print("-" * len(head))
        for i, ep in enumerate([*ENDPOINTS, "all"]):
            e = r["endpoints"].get(ep, {"rps": r["rps"], "errors": r["errors"]})
            lat = "".join(f" {e.get(k, ''):>8}" for k in ("p50_ms", "p95_ms", "p99_ms"))
            extra = [
                f"cpu {r['server_cpu_ms_per_request']} ms/req ({r['server_cpu_utilization']} core)",
                f"clients' cpu {r['client_cpu_utilization']} core, "
                f"other processes {r['other_cpu_utilization']} core",
                f"RSS peak {r['rss_peak_mib']} MiB, after {r['rss_after_mib']}",
                f"after reset {r['rss_after_reset_mib']} MiB"
                f" ({'returned' if r['rss_returned'] else 'NOT returned'})",
                "",
            ][i]
            print(
                f"{r['size']:>5} {r['clients']:>3} {ep:<12} {e['rps']:>8}{lat} "
                f"{e['errors']:>4}   {extra}"
            )
        for sample in r["error_samples"]:
            print(f"      error: {sample}")
    if doc["verdicts"]:
        print("\ngoals (64 clients, vs the reference hub's best figure):")
        for name, v in doc["verdicts"].items():
            shown = {k: x for k, x in v.items() if k != "met"}
            print(f"  {'MET ' if v['met'] else 'MISS'} {name}: {shown}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--app",
        default="team-chat",
        help="installed app id, or path/to/file.py:WebAppClass (test app)",
    )
    parser.add_argument(
        "--serve-all",
        action="store_true",
        help="serve every installed web app (the load still goes to --app)",
    )
    parser.add_argument("--clients", default="1,16,64", help="comma-separated client counts")
    parser.add_argument("--sizes", default="24k,500k", help="comma-separated state sizes")
    parser.add_argument("--duration", type=float, default=10.0, help="measured seconds/scenario")
    parser.add_argument("--warmup", type=float, default=2.0, help="unmeasured seconds first")
    parser.add_argument("--procs", type=int, default=2, help="client processes")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument(
        "--mem-tolerance",
        type=float,
        default=32.0,
        help="MiB above the start RSS that still counts as 'returned'",
    )
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument(
        "--profile",
        metavar="FILE",
        help="sample the server with py-spy during the scenarios (collapsed "
        "stacks to FILE; costs the server a little CPU)",
    )
    args = parser.parse_args()
    clients = [int(c) for c in args.clients.split(",") if c]
    sizes = [s for s in args.sizes.split(",") if s]

    app = load_app(args.app)
    workloads = [build_workload(app, s) for s in sizes]  # validated: exits loudly if invalid
    server = start_server(args.app, app.app_id, args.host, args.serve_all)
    spy: subprocess.Popen[bytes] | None = None
    try:
        baseline = server.memory_mib()["VmRSS"]
        if args.profile:
            spy = _start_profiler(server, args.profile)
        results = []
        for wl in workloads:
            smoke_check(server, wl)
            for n in clients:
                if not args.json:
                    print(f"running {wl.label} x {n} clients ...", file=sys.stderr)
                results.append(run_scenario(server, wl, n, args, baseline))
    finally:
        if spy is not None:
            spy.send_signal(signal.SIGINT)  # py-spy writes its file on SIGINT
            spy.wait(timeout=30)
        server.stop()
    doc = {
        "benchmark": "hub_bench",
        "date": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
        "command": " ".join([Path(sys.executable).name, *sys.argv]),
        "machine": machine_info(),
        "parameters": {
            "app": app.app_id,
            "serve_all": args.serve_all,
            "clients": clients,
            "sizes": sizes,
            "duration_s": args.duration,
            "warmup_s": args.warmup,
            "client_processes": args.procs,
            "cycle": list(ENDPOINTS),
            "mem_tolerance_mib": args.mem_tolerance,
        },
        "workloads": [
            {
                "label": w.label,
                "messages": w.messages,
                "sent_bytes": w.sent_bytes,
                "stored_bytes": w.stored_bytes,
            }
            for w in workloads
        ],
        "baseline_rss_mib": round(baseline, 1),
        "results": results,
        "verdicts": verdicts(app.app_id, results, baseline, args.mem_tolerance),
    }
    if args.json:
        print(json.dumps(doc, indent=2))
    else:
        print_table(doc)


if __name__ == "__main__":
    main()
