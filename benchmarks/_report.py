"""hub_bench's report: per-server summaries, ratios from the same run, the issue's goals."""

from __future__ import annotations

import os
import platform
import statistics
from importlib.metadata import version
from pathlib import Path
from typing import Any

__all__ = ["machine_info", "print_table", "summarize", "verdicts"]

GOAL_RATIO = {"24k": 2.0, "500k": 5.0}
GO_P99_GOAL_MS = 50.0
EDIT_SCALING_GOAL = 3.0
REDIS_CPU_GOAL = 1.5


def machine_info() -> dict[str, Any]:
    cpu = "unknown"
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            cpu = line.split(":", 1)[1].strip()
            break
    mem_kib = int(Path("/proc/meminfo").read_text().split()[1])
    pkgs: dict[str, str | None] = {}
    for p in ("uvicorn", "uvloop", "httptools", "orjson", "pydantic", "redis"):
        try:
            pkgs[p] = version(p)
        except Exception:
            pkgs[p] = None
    return {
        "cpu": cpu,
        "cores": os.cpu_count(),
        "memory_gib": round(mem_kib / 2**20, 1),
        "kernel": platform.release(),
        "python": platform.python_version(),
        "packages": pkgs,
    }


def _median(values: list[float]) -> float:
    return round(statistics.median(values), 3) if values else float("nan")


def summarize(results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per (server, size, bodies, clients): medians over the runs, every run's figure."""
    groups: dict[tuple[str, str, str, int], list[dict[str, Any]]] = {}
    for r in results:
        key = (r["server"], r["size"], r.get("bodies", "repeated"), r["clients"])
        groups.setdefault(key, []).append(r)
    rows = []
    for (server, size, bodies, clients), runs in groups.items():
        rows.append(
            {
                "server": server,
                "size": size,
                "bodies": bodies,
                "clients": clients,
                "rps_runs": [r["rps"] for r in runs],
                "rps": _median([r["rps"] for r in runs]),
                "cpu_ms_per_request": _median(
                    [r["server_cpu_ms_per_request"] or 0.0 for r in runs]
                ),
                "hub_cpu_ms_per_request": _median(
                    [r["hub_cpu_ms_per_request"] or 0.0 for r in runs]
                ),
                "go_p99_ms_runs": [r["endpoints"]["go"]["p99_ms"] for r in runs],
                "errors": sum(r["errors"] for r in runs),
                "rss_after_reset_mib": max(r["rss_after_reset_mib"] for r in runs),
                "client_cpu": _median([r["client_cpu_utilization"] for r in runs]),
                "other_cpu": _median([r["other_cpu_utilization"] for r in runs]),
            }
        )
    return rows


def _runs(
    doc: dict[str, Any], server: str, size: str, clients: int, bodies: str = ""
) -> list[dict[str, Any]]:
    """The runs of one scenario; ``bodies`` defaults to the run's first (the default) kind."""
    kind = bodies or (doc["parameters"].get("bodies") or ["repeated"])[0]
    return [
        r
        for r in doc["results"]
        if r["server"] == server
        and r["size"] == size
        and r["clients"] == clients
        and r.get("bodies", "repeated") == kind
    ]


def _paired_ratios(a: list[dict[str, Any]], b: list[dict[str, Any]], key: str) -> list[float]:
    """Run i of server a against run i of server b (they ran next to each other)."""
    return [round(x[key] / y[key], 2) for x, y in zip(a, b, strict=False) if y[key]]


def verdicts(doc: dict[str, Any], tolerance: float) -> dict[str, Any]:
    servers = doc["parameters"]["servers"]
    ours = servers[0]
    out: dict[str, Any] = {}
    if "reference" in servers:
        for size, goal in GOAL_RATIO.items():
            a, b = _runs(doc, ours, size, 64), _runs(doc, "reference", size, 64)
            if not a or not b:
                continue
            ratios = _paired_ratios(a, b, "rps")
            cpu = [
                round(x["server_cpu_ms_per_request"] / y["server_cpu_ms_per_request"], 2)
                for x, y in zip(a, b, strict=False)
                if y["server_cpu_ms_per_request"]
            ]
            out[f"throughput_{size}"] = {
                "ours_rps": [r["rps"] for r in a],
                "reference_rps": [r["rps"] for r in b],
                "ratio_runs": ratios,
                "cpu_per_request_ratio_runs": cpu,
                "goal_ratio": goal,
                "met": bool(ratios) and min(ratios) >= goal,
            }
    a = _runs(doc, ours, "24k", 64)
    if a:
        p99 = [r["endpoints"]["go"]["p99_ms"] for r in a]
        out["go_p99_24k"] = {"p99_ms_runs": p99, "goal_ms": GO_P99_GOAL_MS, "met": max(p99) < 50}
    probes = doc["probes"].get(ours, {})
    if "24k" in probes and "500k" in probes:
        small = probes["24k"]["set_current"]["cpu_ms_median"]
        large = probes["500k"]["set_current"]["cpu_ms_median"]
        out["edit_cost_scaling"] = {
            "set_current_cpu_ms_24k": small,
            "set_current_cpu_ms_500k": large,
            "ratio": round(large / small, 2) if small else None,
            "goal_ratio": EDIT_SCALING_GOAL,
            "met": bool(small) and large / small <= EDIT_SCALING_GOAL,
        }
    mine = [r for r in doc["results"] if r["server"] != "reference"]
    out["zero_errors"] = {
        "errors": sum(r["errors"] for r in mine),
        "met": all(r["errors"] == 0 for r in mine),
    }
    memory: dict[str, Any] = {}
    for name, mem in doc["memory"].items():
        start = mem["start_rss_mib"]
        after_reset = [r["rss_after_reset_mib"] for r in mine if r["server"] == name]
        rejected = [
            v["rss_mib"] for k, v in mem.items() if isinstance(v, dict) and k != "after_idle"
        ]
        worst = max([*after_reset, *rejected], default=start)
        memory[name] = {
            "start_mib": start,
            "worst_after_reset_mib": max(after_reset, default=None),
            "after_rejected_50mib_mib": rejected,
            "met": worst <= start + tolerance,
        }
    out["memory_returns"] = {
        "tolerance_mib": tolerance,
        "servers": memory,
        "met": all(m["met"] for m in memory.values()),
    }
    if "memory x1" in servers and "redis x1" in servers:
        rows = {}
        for size in doc["parameters"]["sizes"]:
            for key in ("server_cpu_ms_per_request", "hub_cpu_ms_per_request"):
                a, b = _runs(doc, "redis x1", size, 64), _runs(doc, "memory x1", size, 64)
                rows[f"{size}_{key}"] = _paired_ratios(a, b, key)
        ratios = [x for k, v in rows.items() if k.endswith("server_cpu_ms_per_request") for x in v]
        out["redis_cpu_per_request"] = {
            "ratio_runs": rows,
            "goal_ratio": REDIS_CPU_GOAL,
            "met": bool(ratios) and max(ratios) <= REDIS_CPU_GOAL,
        }
    return out


def print_table(doc: dict[str, Any]) -> None:
    if not doc:
        return
    m, p = doc["machine"], doc["parameters"]
    print(
        f"hub_bench  {doc['date']}  app={p['app']}  {m['cpu']} x{m['cores']}  python "
        f"{m['python']}  {p['duration_s']} s (+{p['warmup_s']} s) x {p['reps']} runs  "
        f"servers {p['servers']}  load average at the end {doc['load_average_end']}"
    )
    for name, wls in doc["workloads"].items():
        for w in wls:
            print(
                f"  {name} {w['label']}: {w['messages']} messages, sent {w['sent_bytes']} B, "
                f"stored {w['stored_bytes']} B"
            )
    print("\nsequential probe, server CPU ms per request (median):")
    for name, per in doc["probes"].items():
        for size, eps in per.items():
            line = "  ".join(f"{ep} {v['cpu_ms_median']}" for ep, v in eps.items())
            print(f"  {name:<10} {size:>5}  {line}")
    print(
        f"\n{'server':<10} {'size':>5} {'bodies':>8} {'cl':>3} {'req/s (runs)':<24} "
        f"{'cpu ms/req':>10} "
        f"{'go p99 ms (runs)':<20} {'err':>4} {'RSS reset':>9}"
    )
    for row in doc["summary"]:
        print(
            f"{row['server']:<10} {row['size']:>5} {row['bodies']:>8} {row['clients']:>3} "
            f"{row['rps_runs']!s:<24} {row['cpu_ms_per_request']:>10} "
            f"{row['go_p99_ms_runs']!s:<20} {row['errors']:>4} "
            f"{row['rss_after_reset_mib']:>9}"
        )
    print("\nmemory:", doc["memory"])
    print("\ngoals:")
    for goal, verdict in doc["verdicts"].items():
        shown = {k: x for k, x in verdict.items() if k != "met"}
        print(f"  {'MET ' if verdict['met'] else 'MISS'} {goal}: {shown}")
