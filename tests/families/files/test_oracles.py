"""Every files family has a GUI oracle; two of them solve real tasks end to end, one in the
file manager (renames through F2), one through a terminal opened from it (files sorted into
folders by extension). The full sweep is ``benchmarks/oracle_bench.py``."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cuagym.core import Policy
from cuagym.domains import TaskFamily, load_domain
from tests.families.desktop_harness import oracle_episodes

domain = load_domain("files")

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
    not all(shutil.which(t) for t in ("Xvfb", "xdotool", "pcmanfm", "xterm")),
    reason="needs xvfb, xdotool, pcmanfm and xterm (make test installs them)",
)
def test_oracles_solve_tasks_in_the_file_manager(tmp_path: Path) -> None:
    tasks = [domain.family("fix-extensions").sample(3), domain.family("organize-by-type").sample(4)]
    for episode in oracle_episodes(tasks, tmp_path):
        record = episode.record
        assert record.reward == 1.0, (record.task_id, record.checks, record.error)
        assert record.status == "success" and record.ended_by == "terminate"
        assert all(r == "ok" for t in episode.turns for r in t.results)


#: families added in wave 3: each one's oracle solves a task end to end in a real sandbox
NEW_FAMILIES = (
    "rename-from-sheet",
    "collect-by-search",
    "set-permissions",
    "file-by-sheet",
    "extract-by-sheet",
    "copy-hidden-files",
)


@pytest.mark.gui
@pytest.mark.slow
@pytest.mark.skipif(
    not all(shutil.which(t) for t in ("Xvfb", "xdotool", "pcmanfm", "xterm", "soffice")),
    reason="needs xvfb, xdotool, pcmanfm, xterm and LibreOffice (make test installs them)",
)
def test_new_family_oracles_solve_tasks(tmp_path: Path) -> None:
    tasks = [domain.family(f).sample(0) for f in NEW_FAMILIES]
    for episode in oracle_episodes(tasks, tmp_path):
        record = episode.record
        assert record.reward == 1.0, (record.task_id, record.checks, record.error)
        assert record.status == "success" and record.ended_by == "terminate"
