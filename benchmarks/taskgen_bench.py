"""Benchmark of task generation (``cuagym taskgen``), plus coverage and diversity figures.

Phases (each in its own process, so its time and peak memory are its own):

* ``generate`` — plan and generate 2,000 procedural tasks over every installed domain with the
  mix constraints and all three dedup checks (MiniLM loaded in the run); goal < 60 s.
* ``dedup-full`` / ``dedup-cosine`` / ``dedup-ngram`` — 32,000 instructions drawn from the
  families (round-robin over families, seeds 0, 1, ...), deduplicated in batches of 1,024 with
  all three checks / the MiniLM cosine check alone (every instruction embedded) / the 4-gram
  check alone; goal < 5 min and < 4 GB for the full check.
* ``plan`` — a 30,000-task plan over the llm backend's offers (every leaf × cell), no drafts.
* ``families`` — coverage per domain, and per family over 300 seeds: distinct instructions,
  distinct sentence frames (slot templates), lint failures, glitches, honorific mismatches.

    .venv/bin/python benchmarks/taskgen_bench.py --json [--phases generate,dedup-full,...]
"""

from __future__ import annotations

import argparse
import asyncio
import datetime as dt
import json
import os
import platform
import random
import resource
import subprocess
import sys
import time
from collections import Counter
from typing import Any

from cuagym.domains import load_domains
from cuagym.taskgen import TaskgenOptions, build_catalog, coverage, family_diversity, run_taskgen
from cuagym.taskgen._constraints import MixConstraints, mix_stats
from cuagym.taskgen._dedup_models import DedupConfig, DedupItem
from cuagym.taskgen._offers import llm_offers
from cuagym.taskgen._planner import MixPlanner
from cuagym.taskgen._template import slot_template

PHASES = ("generate", "dedup-full", "dedup-cosine", "dedup-ngram", "plan", "families")
GOALS = {"generate": 60.0, "dedup-full": 300.0}
MEMORY_GOAL_MB = 4096


def peak_mb() -> float:
    return round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1)


def phase_generate(n: int) -> dict[str, Any]:
    start, cpu = time.perf_counter(), time.process_time()
    result = asyncio.run(run_taskgen(TaskgenOptions(domains="all", n=n, seed=0)))
    wall, cpu = time.perf_counter() - start, time.process_time() - cpu
    r = result.report
    return {
        "requested": n, "tasks": r.stats.tasks, "wall_s": round(wall, 2),
        "cpu_s": round(cpu, 2),  # every thread of this process (MiniLM runs one per core)
        "generation_wall_s": r.wall_s, "drafts": r.drafts, "embedded": r.embedded,
        "rejected": r.rejected, "retired_generators": len(r.retired), "trimmed": r.trimmed,
        "by_pass": r.by_pass, "json_line": r.json_line(),
        "checks": [c.model_dump() for c in r.checks], "leaves_covered": r.leaves_covered,
        "app_load": r.stats.app_load, "peak_rss_mb": peak_mb(),
    }  # fmt: skip


def family_instructions(total: int) -> list[DedupItem]:
    families = [f for dom in load_domains().values() for f in dom.families]
    items: list[DedupItem] = []
    seed = 0
    while len(items) < total:
        for family in families:
            task = family.sample(seed)
            params = task.params
            items.append(DedupItem(task.instruction, tuple(task.apps),
                                   slot_template(task.instruction, params)))  # fmt: skip
            if len(items) == total:
                break
        seed += 1
    return items


def phase_dedup(which: str, total: int) -> dict[str, Any]:
    from cuagym.taskgen._dedup import Deduper
    from cuagym.taskgen._embed import MiniLMEmbedder

    start = time.perf_counter()
    items = family_instructions(total)
    made = time.perf_counter() - start
    config = {
        "dedup-full": DedupConfig(),
        "dedup-cosine": DedupConfig(overlap=None, per_template=None),
        "dedup-ngram": DedupConfig(cosine=None, per_template=None),
    }[which]
    embedder = MiniLMEmbedder() if config.cosine is not None else None
    t_load = 0.0
    if embedder is not None:
        t0 = time.perf_counter()
        embedder.embed(["warm up"])
        t_load = time.perf_counter() - t0
    dedup = Deduper(config, embedder)
    rules: Counter[str] = Counter()
    t0 = time.perf_counter()
    for k in range(0, len(items), 1024):
        for v in dedup.check_batch(items[k : k + 1024]):
            rules[v.rule or "accepted"] += 1
    check = time.perf_counter() - t0
    return {
        "instructions": len(items), "distinct_texts": len({i.text for i in items}),
        "make_s": round(made, 2), "model_load_s": round(t_load, 2), "check_s": round(check, 2),
        "wall_s": round(made + t_load + check, 2), "embedded": dedup.embedded,
        "outcome": dict(rules), "peak_rss_mb": peak_mb(),
    }  # fmt: skip


def phase_plan(n: int) -> dict[str, Any]:
    catalog = build_catalog(load_domains())
    t0 = time.perf_counter()
    offers = llm_offers(catalog, catalog.domains)
    built = time.perf_counter() - t0
    planner = MixPlanner(offers, n, rng=random.Random(0), constraints=MixConstraints())
    t0 = time.perf_counter()
    slots = []
    while (slot := planner.draw()) is not None:
        slots.append(slot)
    wall = time.perf_counter() - t0
    stats = mix_stats([(s.offer.cell, s.offer.apps) for s in slots])
    return {
        "tasks": len(slots), "offers": len(offers), "offers_s": round(built, 2),
        "plan_s": round(wall, 2), "hard_share": stats.hard_share,
        "cross_share": stats.cross_share, "max_category_share": stats.max_category_share,
        "max_app_share": stats.max_app_share, "cells": len({s.offer.cell for s in slots}),
        "peak_rss_mb": peak_mb(),
    }  # fmt: skip


def phase_families(seeds: int) -> dict[str, Any]:
    catalog = build_catalog(load_domains())
    cov = coverage(catalog)
    div = family_diversity(catalog, seeds=seeds)
    return {
        "seeds": seeds,
        "coverage": {d.domain: {"leaves": d.leaves, "covered": d.covered,
                                "subtrees_without_family": d.subtrees_without_family}
                     for d in cov.domains},
        "leaves": cov.leaves, "covered": cov.covered,
        "families": [f.model_dump() for f in div.families],
        "families_below_5_frames": div.below_min_frames, "single_frame": div.single_frame,
        "hard_families": div.hard_families, "cross_families": div.cross_families,
        "lint_failures": div.lint_failures, "glitchy_families": div.glitchy_families,
    }  # fmt: skip


def run_phase(name: str, args: argparse.Namespace) -> dict[str, Any]:
    if name == "generate":
        return phase_generate(args.n)
    if name.startswith("dedup"):
        return phase_dedup(name, args.instructions)
    if name == "plan":
        return phase_plan(args.plan)
    return phase_families(args.seeds)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--json", action="store_true", help="print one JSON document")
    parser.add_argument("--phases", default=",".join(PHASES))
    parser.add_argument("--n", type=int, default=2000, help="tasks of the generate phase")
    parser.add_argument("--instructions", type=int, default=32000)
    parser.add_argument("--plan", type=int, default=30000, help="tasks of the plan phase")
    parser.add_argument("--seeds", type=int, default=300, help="seeds per family (families)")
    parser.add_argument("--one", help=argparse.SUPPRESS)  # run one phase in this process
    args = parser.parse_args()
    if args.one:
        print(json.dumps(run_phase(args.one, args)))
        return
    load_before = os.getloadavg()
    results: dict[str, Any] = {}
    for name in [p.strip() for p in args.phases.split(",") if p.strip()]:
        if name not in PHASES:
            parser.error(f"unknown phase {name!r} (known: {', '.join(PHASES)})")
        argv = [sys.executable, __file__, "--one", name, "--n", str(args.n),
                "--instructions", str(args.instructions), "--plan", str(args.plan),
                "--seeds", str(args.seeds)]  # fmt: skip
        env = {**os.environ, "HF_HUB_OFFLINE": "1", "TOKENIZERS_PARALLELISM": "false"}
        done = subprocess.run(argv, capture_output=True, text=True, env=env, check=False)
        if done.returncode != 0:
            sys.stderr.write(done.stderr)
            raise SystemExit(f"phase {name} failed")
        out = json.loads(done.stdout.strip().splitlines()[-1])
        if name in GOALS:
            out["goal_s"] = GOALS[name]
            out["goal_met"] = out["wall_s"] < GOALS[name] and out["peak_rss_mb"] < MEMORY_GOAL_MB
        results[name] = out
        # each phase as it ends, so a long run that is stopped keeps what it measured
        print(f"phase {name}: {json.dumps(out)}", file=sys.stderr, flush=True)
    doc = {
        "date": dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "machine": {"cpus": os.cpu_count(), "python": platform.python_version(),
                    "loadavg_before": [round(x, 2) for x in load_before],
                    "loadavg_after": [round(x, 2) for x in os.getloadavg()]},
        "phases": results,
    }  # fmt: skip
    if args.json:
        print(json.dumps(doc, indent=2))


if __name__ == "__main__":
    main()
