"""Every calc family has a GUI oracle; two of them solve real tasks end to end through
LibreOffice (the full sweep, every family x 3 seeds, is ``benchmarks/oracle_bench.py``).

The end-to-end pair: frozen panes (a LibreOffice save of panes needs a window, so only a GUI
save proves the reward reads it) and a highlight rule (menus, three nested dialogs, a cell
style LibreOffice writes as a differential format).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cuagym.core import Policy
from cuagym.domains import TaskFamily, load_domain
from tests.families.desktop_harness import oracle_episodes

domain = load_domain("calc")

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
    not all(shutil.which(t) for t in ("Xvfb", "soffice", "xdotool")),
    reason="needs xvfb, xdotool and LibreOffice (make test installs them)",
)
def test_oracles_solve_tasks_through_libreoffice(tmp_path: Path) -> None:
    tasks = [domain.family("freeze-panes").sample(3), domain.family("highlight-cells").sample(4)]
    for episode in oracle_episodes(tasks, tmp_path):
        record = episode.record
        assert record.reward == 1.0, (record.task_id, record.checks, record.error)
        assert record.status == "success" and record.ended_by == "terminate"
        assert all(r == "ok" for t in episode.turns for r in t.results)


#: families added in wave 3: each one's oracle solves a task end to end in a real sandbox
NEW_FAMILIES = (
    "summary-sheet",
    "folder-inventory",
    "display-names",
    "rename-sheets",
    "week-series",
    "delete-cancelled-rows",
)


@pytest.mark.gui
@pytest.mark.slow
@pytest.mark.skipif(
    not all(shutil.which(t) for t in ("Xvfb", "soffice", "xdotool")),
    reason="needs xvfb, xdotool and LibreOffice (make test installs them)",
)
def test_new_family_oracles_solve_tasks_through_libreoffice(tmp_path: Path) -> None:
    tasks = [domain.family(f).sample(0) for f in NEW_FAMILIES]
    for episode in oracle_episodes(tasks, tmp_path):
        record = episode.record
        assert record.reward == 1.0, (record.task_id, record.checks, record.error)
        assert record.status == "success" and record.ended_by == "terminate"
