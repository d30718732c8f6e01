"""Benchmark of ``cuagym stats`` on a corpus and a rollout run of the issue's size.

Generates (see ``_stats_data``) 32,000 tuples and 10,000 episodes of realistic size, then runs
the real command as a subprocess, each variant ``--repeat`` times (the median is reported):

* ``json``: ``cuagym stats CORPUS --episodes RUN --json`` — reads every tuple's two files and
  every episode (validated by ``Episode.load``) and prints the figures; goal < 60 s on 2 cores;
* ``html``: the same with ``--html report.html`` (plots, 12 embedded trajectories);
* ``corpus``: ``cuagym stats CORPUS --json`` alone.

The figures printed are checked against what was generated (tuples, steps with calls).

    .venv/bin/python benchmarks/stats_bench.py [--json] [--tuples 32000] [--episodes 10000]
        [--dir DIR] [--repeat 3]

``--dir`` keeps the generated data there and reuses it on the next run (the generation is not
timed). Exits 1 if a figure is wrong or the goal is missed.
"""

from __future__ import annotations

import argparse
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
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _stats_data import write_corpus, write_run

GOAL_S = 60.0
CLI = [sys.executable, "-m", "cuagym.cli"]


def _generate(root: Path, tuples: int, episodes: int) -> tuple[Path, Path, float]:
    stamp = root / "stamp.json"
    want = {"tuples": tuples, "episodes": episodes, "version": 1}
    if stamp.is_file() and json.loads(stamp.read_text()) == want:
        return root / "corpus" / "final", root / "run", 0.0
    shutil.rmtree(root / "corpus", ignore_errors=True)
    shutil.rmtree(root / "run", ignore_errors=True)
    started = time.perf_counter()
    corpus = write_corpus(root / "corpus", tuples)
    run = write_run(root, episodes, tasks=tuples)
    stamp.write_text(json.dumps(want))
    return corpus, run, time.perf_counter() - started


def _run(args: list[str]) -> tuple[float, str, float]:
    """Wall seconds, stdout, and the child's own peak RSS in MB (from wait4)."""
    with tempfile.TemporaryFile("w+") as out, tempfile.TemporaryFile("w+") as err:
        started = time.perf_counter()
        child = subprocess.Popen([*CLI, *args], stdout=out, stderr=err, text=True)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - started
        child.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        if child.returncode != 0:
            sys.exit(f"cuagym {' '.join(args)} failed ({child.returncode}):\n{err.read()[-3000:]}")
        return wall, out.read(), usage.ru_maxrss / 1024


def _steps_with_calls(run: Path) -> int:
    n = 0
    for path in run.glob("*/*/turns.jsonl"):
        n += sum(1 for line in path.read_text().splitlines() if '"calls": [{' in line)
    return n


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tuples", type=int, default=32_000)
    parser.add_argument("--episodes", type=int, default=10_000)
    parser.add_argument("--dir", type=Path, default=None)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()

    tmp = None if args.dir else tempfile.TemporaryDirectory(prefix="cuagym-stats-bench-")
    root = args.dir or Path(tmp.name)  # type: ignore[union-attr]
    root.mkdir(parents=True, exist_ok=True)
    corpus, run, gen_s = _generate(root, args.tuples, args.episodes)
    report = root / "report.html"

    variants = {
        "json": ["stats", str(corpus), "--episodes", str(run), "--json"],
        "html": ["stats", str(corpus), "--episodes", str(run), "--json", "--html", str(report)],
        "corpus": ["stats", str(corpus), "--json"],
    }
    timings: dict[str, list[float]] = {k: [] for k in variants}
    peaks: dict[str, float] = {}
    figures: dict[str, Any] = {}
    for _ in range(args.repeat):
        for name, cmd in variants.items():
            wall, out, peak = _run(cmd)
            timings[name].append(wall)
            peaks[name] = max(peaks.get(name, 0.0), peak)
            figures[name] = json.loads(out.strip().splitlines()[-1])

    steps = _steps_with_calls(run)
    problems = []
    got = figures["json"]
    if got["tuples"] != args.tuples or figures["corpus"]["tuples"] != args.tuples:
        problems.append(f"tuples {got['tuples']} != {args.tuples}")
    counted = sum(v for k, v in got["calls_per_step"].items() if k != "mean")
    if counted != steps:
        problems.append(f"steps with calls {counted} != {steps} generated")
    if got["episodes"] != args.episodes:
        problems.append(f"episodes {got['episodes']} != {args.episodes}")
    median = {k: round(statistics.median(v), 2) for k, v in timings.items()}
    if median["json"] >= GOAL_S or median["html"] >= GOAL_S:
        problems.append(f"goal missed: {median} (goal < {GOAL_S} s)")

    result = {
        "tuples": args.tuples,
        "episodes": args.episodes,
        "steps": got["steps"],
        "steps_with_calls": steps,
        "generate_s": round(gen_s, 1),
        "median_s": median,
        "runs_s": {k: [round(x, 2) for x in v] for k, v in timings.items()},
        "peak_rss_mb": {k: round(v) for k, v in peaks.items()},
        "html_bytes": report.stat().st_size,
        "mean_calls_per_step": got["calls_per_step"]["mean"],
        "goal_s": GOAL_S,
        "ok": not problems,
        "date": dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%MZ"),
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, {platform.python_version()}",
        "load_avg": [round(x, 2) for x in os.getloadavg()],
    }
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key:>20}: {value}")
    if tmp is not None:
        tmp.cleanup()
    for problem in problems:
        print(f"FAIL: {problem}", file=sys.stderr)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
