"""Benchmark of ``cuagym appgen audit`` on the installed web apps (DESIGN.md §12).

Per app: routes visited, controls probed, dead controls, errors, and the wall seconds of the
whole audit (state API, route visits, probes, browser isolation) with ``--workers`` pages at
once in one Chromium; with ``--runs N`` the median of N runs (and each run's findings must be
identical: the audit is deterministic). Goal: an app of ~15 routes in minutes on 2 cores.

    .venv/bin/python benchmarks/appgen_audit.py --json [--apps mail,crm] [--runs 1] [--workers 2]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import statistics
import sys
import time
from typing import Any

from cuagym.appgen import AuditRecord, audit_record
from cuagym.apps import load_apps

GOAL_S = 300.0


def bench_app(app_id: str, runs: int, workers: int) -> dict[str, Any]:
    spec = load_apps()[app_id]
    seconds, records = [], []
    for _ in range(runs):
        start = time.monotonic()
        records.append(asyncio.run(audit_record(spec, workers=workers))[0])
        seconds.append(time.monotonic() - start)
    record: AuditRecord = records[0]
    first = record.report
    reports = [r.report for r in records]
    return {
        "app": app_id,
        "routes": first.routes,
        "controls": first.controls,
        "dead": len(first.dead),
        "errors": len(first.errors),
        "ok": first.ok,
        # screens no link reached, and controls of the shared layout not probed again
        "unvisited": record.unvisited,
        "shared": sum(len(r.shared) for r in record.routes),
        "seconds": round(statistics.median(seconds), 1),
        "runs": runs,
        # one run proves nothing about determinism: null then
        "deterministic": all(r == first for r in reports) if runs > 1 else None,
        "within_goal": statistics.median(seconds) <= GOAL_S,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--apps", default="", help="comma-separated app ids (default: all web)")
    parser.add_argument("--runs", type=int, default=1)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()
    web = [a for a, s in load_apps().items() if s.kind == "web"]
    apps = [a for a in args.apps.split(",") if a] or web
    rows = []
    for app_id in apps:
        rows.append(bench_app(app_id, args.runs, args.workers))
        if not args.json:
            print(json.dumps(rows[-1]), file=sys.stderr)
    result = {
        "benchmark": "appgen_audit",
        "workers": args.workers,
        "cpus": os.cpu_count(),
        "python": platform.python_version(),
        "goal_s": GOAL_S,
        "apps": rows,
    }
    print(json.dumps(result, indent=None if args.json else 1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
