"""Every code-editor family has a GUI oracle; three of them solve real tasks end to end in
Geany: Replace All in one file (the README's product name), line edits after go-to-line
(the off-by-one a failing test names), and edits across two files opened through the Open
dialog (a constant moved into the config module). The full sweep is
``benchmarks/oracle_bench.py --domains code-editor``."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cuagym.core import Policy
from cuagym.domains import TaskFamily, load_domain
from cuagym.families.code_editor._oracle import line_hunks
from tests.families.desktop_harness import oracle_episodes

domain = load_domain("code-editor")

FAMILIES = domain.families


@pytest.mark.parametrize("family", FAMILIES, ids=lambda f: f.id)
def test_every_family_has_an_oracle(family: TaskFamily) -> None:
    for seed in range(3):
        oracle = family.oracle(family.sample(seed))
        assert oracle is not None and isinstance(oracle, Policy), family.id
        assert oracle.name == "oracle"


def test_line_hunks_rebuild_the_target_when_applied_last_first() -> None:
    current = "a\nb\nc\nd\n"
    target = "a\nB\nc\nx\ny\nd\n"
    lines = current.split("\n")
    for a, b, new in line_hunks(current, target):
        lines[a:b] = new
    assert "\n".join(lines) == target
    assert line_hunks(target, target) == []


@pytest.mark.gui
@pytest.mark.slow
@pytest.mark.skipif(
    not all(shutil.which(t) for t in ("Xvfb", "xdotool", "geany")),
    reason="needs xvfb, xdotool and geany (make test installs them)",
)
def test_oracles_solve_tasks_in_the_editor(tmp_path: Path) -> None:
    tasks = [
        domain.family("replace-name-in-readme").sample(1),
        domain.family("fix-off-by-one").sample(0),
        domain.family("move-constant").sample(2),
    ]
    for episode in oracle_episodes(tasks, tmp_path):
        record = episode.record
        assert record.reward == 1.0, (record.task_id, record.checks, record.error)
        assert record.status == "success" and record.ended_by == "terminate"
        assert all(r == "ok" for t in episode.turns for r in t.results)
