"""Every media family has a GUI oracle; three of them solve real tasks end to end in VLC: a
playlist built file by file and saved (by-tag order, the duplicate left out), a tag edit
written back through Media Information, and a snapshot at a time of a paused clip. The full
sweep is ``benchmarks/oracle_bench.py --domains media``."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cuagym.core import Policy
from cuagym.domains import TaskFamily, load_domain
from tests.families.desktop_harness import oracle_episodes

domain = load_domain("media")

FAMILIES = domain.families


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.id)
def test_every_family_has_an_oracle(family: TaskFamily) -> None:
    for seed in range(3):
        oracle = family.oracle(family.sample(seed))
        assert oracle is not None and isinstance(oracle, Policy), family.id
        assert oracle.name == "oracle"


@pytest.mark.gui
@pytest.mark.slow
@pytest.mark.skipif(
    not all(shutil.which(t) for t in ("Xvfb", "xdotool", "vlc")),
    reason="needs xvfb, xdotool and vlc (make test installs them)",
)
def test_oracles_solve_tasks_in_the_media_player(tmp_path: Path) -> None:
    tasks = [
        domain.family("album-by-tag-order").sample(0),
        domain.family("retag-track").sample(1),
        domain.family("clip-snapshot").sample(2),
    ]
    for episode in oracle_episodes(tasks, tmp_path):
        record = episode.record
        assert record.reward == 1.0, (record.task_id, record.checks, record.error)
        assert record.status == "success" and record.ended_by == "terminate"
        assert all(r == "ok" for t in episode.turns for r in t.results)
