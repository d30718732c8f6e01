"""Every image family has a GUI oracle; two of them solve real tasks end to end in GIMP (a
crop through Canvas Size then a scale, and a grey JPEG at a typed quality). The full sweep is
``benchmarks/oracle_bench.py --domains image-editor``."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cuagym.core import Policy
from cuagym.domains import TaskFamily, load_domain
from tests.families.desktop_harness import oracle_episodes

domain = load_domain("image-editor")


@pytest.mark.parametrize("family", domain.families, ids=lambda f: f.id)
def test_every_family_has_an_oracle(family: TaskFamily) -> None:
    for seed in range(3):
        oracle = family.oracle(family.sample(seed))
        assert oracle is not None and isinstance(oracle, Policy), family.id
        assert oracle.name == "oracle"


@pytest.mark.gui
@pytest.mark.slow
@pytest.mark.skipif(
    not all(shutil.which(t) for t in ("Xvfb", "xdotool", "gimp")),
    reason="needs xvfb, xdotool and gimp (make test installs them)",
)
def test_oracles_solve_tasks_in_gimp(tmp_path: Path) -> None:
    tasks = [
        domain.family("banner-panel").sample(1),
        domain.family("desaturate-for-print").sample(2),
    ]
    for episode in oracle_episodes(tasks, tmp_path):
        record = episode.record
        assert record.reward == 1.0, (record.task_id, record.checks, record.error)
        assert record.status == "success" and record.ended_by == "terminate"
        assert all(r == "ok" for t in episode.turns for r in t.results)
