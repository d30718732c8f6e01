"""Benchmark of the local environment (sandbox): start, snapshot/restore, script runs.

Goals (the issue): restore of a /home/user over a 50 MB base, median < 10 ms; a script run
(python + openpyxl import + a small xlsx) < 300 ms end to end. The run is broken down so a miss
can be placed: the jail alone (/bin/true), + Python start, + the openpyxl import, + the work;
and the same script outside the jail (same uid, same Python) gives the jail's own overhead.

    .venv/bin/python benchmarks/env_bench.py            # table
    .venv/bin/python benchmarks/env_bench.py --json     # one JSON document on stdout
    .venv/bin/python benchmarks/env_bench.py --repeat 50 --base-mb 50

Needs root, bubblewrap and the env image (python -m cuagym.sandbox.image build).
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from cuagym.envs import LocalEnvironment, StateQuery
from cuagym.sandbox import Sandbox, image_python

XLSX_SCRIPT = """
import openpyxl
wb = openpyxl.Workbook()
ws = wb.active
for r in range(1, 11):
    for c in range(1, 11):
        ws.cell(row=r, column=c, value=r * c)
wb.save("/tmp/small.xlsx")
total = sum(c.value for row in openpyxl.load_workbook("/tmp/small.xlsx").active.iter_rows()
            for c in row)
print(total)
"""
RESTORE_GOAL_MS = 10.0
RUN_GOAL_MS = 300.0


def make_base(root: Path, megabytes: int, uid: int) -> Path:
    """A home of ``megabytes`` MB: 1 MB binaries, a few office-ish folders of small files."""
    base = root / "base"
    for sub in ("Documents", "Downloads", "Pictures", ".config/app"):
        (base / sub).mkdir(parents=True, exist_ok=True)
    for i in range(megabytes):
        (base / "Downloads" / f"blob-{i:03d}.bin").write_bytes(os.urandom(1 << 20))
    for i in range(200):
        (base / "Documents" / f"note-{i:03d}.txt").write_text(f"note {i}\n" * 20)
    (base / ".config" / "app" / "settings.json").write_text('{"theme": "dark"}')
    for dirpath, dirnames, filenames in os.walk(base):
        for name in (*dirnames, *filenames):
            os.lchown(Path(dirpath, name), uid, uid)
    os.chown(base, uid, uid)
    return base


def stats_ms(samples: list[float]) -> dict[str, float]:
    ms = sorted(s * 1000 for s in samples)
    p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
    return {
        "median_ms": round(statistics.median(ms), 2),
        "p95_ms": round(p95, 2),
        "min_ms": round(ms[0], 2),
        "n": len(ms),
    }


async def timed(n: int, fn: Callable[[], Awaitable[Any]], warmup: int = 2) -> list[float]:
    for _ in range(warmup):
        await fn()
    out = []
    for _ in range(n):
        start = time.perf_counter()
        await fn()
        out.append(time.perf_counter() - start)
    return out


async def bench(repeat: int, base_mb: int) -> dict[str, Any]:
    tmp = Path(tempfile.mkdtemp(prefix="cuagym-bench-"))
    tmp.chmod(0o755)
    results: dict[str, Any] = {}
    try:
        base = make_base(tmp, base_mb, 1000)

        async def start_close() -> None:
            async with Sandbox(base=base):
                pass

        results["start_close"] = stats_ms(await timed(max(5, repeat // 4), start_close, 1))

        async with Sandbox(base=base) as box:
            edit = (
                "open('Downloads/blob-000.bin', 'r+b').write(b'edited')\n"  # copy-up of 1 MB
                "open('Documents/new.txt', 'w').write('new')\n"
                "import os; os.remove('Documents/note-001.txt')"
            )
            snap = await box.snapshot("before")
            restores, snapshots = [], []
            for _ in range(repeat):
                await box.run(["/usr/bin/python3", "-c", edit], timeout=30)
                start = time.perf_counter()
                await box.restore(snap)
                restores.append(time.perf_counter() - start)
            for i in range(repeat):
                await box.run(["/bin/sh", "-c", f"echo {i} > Documents/s.txt"], timeout=30)
                start = time.perf_counter()
                await box.snapshot(f"s{i}")
                snapshots.append(time.perf_counter() - start)
            results["restore_50mb_base" if base_mb == 50 else f"restore_{base_mb}mb_base"] = {
                **stats_ms(restores),
                "goal_median_ms": RESTORE_GOAL_MS,
            }
            results["snapshot"] = stats_ms(snapshots)

            steps: dict[str, Callable[[], Awaitable[Any]]] = {
                "jail_only_bin_true": lambda: box.run(["/bin/true"], timeout=30),
                "python_start": lambda: box.run([box.python, "-c", "pass"], timeout=30),
                "python_import_openpyxl": lambda: box.run(
                    [box.python, "-c", "import openpyxl"], timeout=30
                ),
                "xlsx_script_run_python": lambda: box.run_python(XLSX_SCRIPT, timeout=30),
            }
            breakdown = {name: stats_ms(await timed(repeat, fn)) for name, fn in steps.items()}
            check = await box.run_python(XLSX_SCRIPT, timeout=30)
            assert check.stdout.strip() == "3025", check
            results["script_run"] = {
                **breakdown["xlsx_script_run_python"],
                "goal_median_ms": RUN_GOAL_MS,
                "supervisor_duration_ms": round(check.duration_s * 1000, 2),
            }
            results["script_breakdown"] = breakdown

        results["outside_jail_same_script"] = stats_ms(outside_jail(repeat))

        async with LocalEnvironment(base=base) as env:
            queries = {
                "read_state_tree_hash": StateQuery(parse=False, hub=False),
                "read_state_tree_only": StateQuery(parse=False, hub=False, hash=False),
            }
            for name, query in queries.items():
                results[name] = stats_ms(
                    await timed(max(3, repeat // 5), lambda q=query: env.read_state(q), 1)
                )
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return results


def outside_jail(repeat: int) -> list[float]:
    """The same xlsx script as uid 1000 with the image's Python, no jail: the floor."""
    python = str(image_python() / "bin" / "python3")
    work = Path(tempfile.mkdtemp(prefix="cuagym-bench-out-"))
    work.chmod(0o777)
    script = work / "s.py"
    script.write_text(XLSX_SCRIPT.replace("/tmp/small.xlsx", str(work / "small.xlsx")))
    argv = ["setpriv", "--reuid=1000", "--regid=1000", "--clear-groups", python, str(script)]
    out = []
    try:
        for i in range(repeat + 2):
            start = time.perf_counter()
            subprocess.run(argv, check=True, capture_output=True, env={}, cwd=work)
            if i >= 2:
                out.append(time.perf_counter() - start)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return out


def machine() -> dict[str, Any]:
    return {
        "python": platform.python_version(),
        "kernel": platform.release(),
        "cpus": os.cpu_count(),
        "loadavg": [round(x, 2) for x in os.getloadavg()],
        "bwrap": subprocess.run(
            ["bwrap", "--version"], capture_output=True, text=True
        ).stdout.strip(),
        "when": dt.datetime.now(dt.UTC).isoformat(timespec="seconds"),
    }


def print_table(doc: dict[str, Any]) -> None:
    res = doc["results"]
    print(f"machine: {doc['machine']}")
    rows = [(k, v) for k, v in res.items() if k != "script_breakdown"]
    rows += [(f"  run: {k}", v) for k, v in res["script_breakdown"].items()]
    print(f"{'measure':<40} {'median ms':>10} {'p95 ms':>9} {'min ms':>8} {'n':>4}  goal")
    for name, v in rows:
        goal = f"< {v['goal_median_ms']:g} ms" if "goal_median_ms" in v else ""
        print(
            f"{name:<40} {v['median_ms']:>10.2f} {v['p95_ms']:>9.2f} {v['min_ms']:>8.2f} "
            f"{v['n']:>4}  {goal}"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument("--repeat", type=int, default=30, help="samples per measure")
    parser.add_argument("--base-mb", type=int, default=50, help="size of the home's base")
    args = parser.parse_args()
    if os.geteuid() != 0:
        print("env_bench needs root (the sandbox mounts overlayfs)", file=sys.stderr)
        return 2
    before = machine()
    results = asyncio.run(bench(args.repeat, args.base_mb))
    doc = {
        "benchmark": "env",
        "machine": before,
        "loadavg_after": [round(x, 2) for x in os.getloadavg()],
        "results": results,
    }
    if args.json:
        print(json.dumps(doc, indent=2))
    else:
        print_table(doc)
    return 0


if __name__ == "__main__":
    sys.exit(main())
