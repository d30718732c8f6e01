"""Runs task families' GUI oracles end to end: bundles made by the synth engine (procedural
backend, consensus included), then oracle rollouts in real GUI environments through the library,
exactly as ``cuagym rollout BUNDLE... --policy oracle`` runs them.
"""

from __future__ import annotations

import asyncio
import json
import shutil
from pathlib import Path

import pytest

from cuagym.agent import PolicyConfig, RolloutBatch, run_rollouts
from cuagym.core import Episode, TaskConfig
from cuagym.domains import load_domains
from cuagym.synth import BatchOptions, load_tasks_file, make_backend, run_batch

#: What an end-to-end oracle test needs on the machine (``make test`` installs it).
needs_gui = pytest.mark.skipif(
    not all(shutil.which(t) for t in ("Xvfb", "xdotool", "chromium", "bwrap")),
    reason="needs Xvfb, xdotool, chromium and bubblewrap",
)


def synthesize(tasks: list[TaskConfig], workdir: Path) -> list[Path]:
    """Verified bundles of ``tasks`` (every one must be accepted)."""
    listed = workdir / "tasks.json"
    listed.write_text(json.dumps([t.model_dump(mode="json") for t in tasks]))
    specs = load_tasks_file(listed, load_domains(), need_family=True)
    out = workdir / "corpus"
    options = BatchOptions(out=out, workers=2)
    summary, outcomes = asyncio.run(run_batch(specs, make_backend("procedural"), options))
    assert summary.accepted == len(tasks), [o.detail for o in outcomes if o.status != "accepted"]
    return sorted((out / "final").iterdir())


def oracle_episodes(tasks: list[TaskConfig], workdir: Path, workers: int = 2) -> list[Episode]:
    """One oracle episode of each task, in task order."""
    bundles = synthesize(tasks, workdir)
    batch = RolloutBatch(out=workdir / "run", workers=workers)
    summary = asyncio.run(run_rollouts(bundles, PolicyConfig(policy="oracle"), batch))
    assert summary.not_run == 0, summary.failures
    return [Episode.load(workdir / "run" / t.task_id / "0") for t in tasks]


def assert_solved(episode: Episode) -> None:
    """Full reward, claimed by the oracle itself, every action carried out."""
    rec = episode.record
    failed = [f"{c.name}: {c.detail}" for c in rec.checks if not c.passed]
    assert rec.reward == 1.0 and rec.status == "success", (rec.task_id, failed, rec.error)
    assert rec.policy == "oracle" and rec.ended_by == "terminate"
    assert rec.terminate_status == "success"
    assert all(r == "ok" for t in episode.turns for r in t.results), rec.task_id
