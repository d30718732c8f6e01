"""Every pdf family has a GUI oracle; three of them solve real tasks end to end in Xournal++:
notes beside invoice rows (the Text tool), highlights over lines (the Highlighter), and pages
chosen and ordered by a workbook open in Calc beside it (the Export dialog's range). The full
sweep is ``benchmarks/oracle_bench.py --domains pdf``."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cuagym.core import Policy
from cuagym.domains import TaskFamily, load_domain
from tests.families.desktop_harness import oracle_episodes

domain = load_domain("pdf")

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
    not all(shutil.which(t) for t in ("Xvfb", "xdotool", "xournalpp", "soffice")),
    reason="needs xvfb, xdotool, xournalpp and LibreOffice (make test installs them)",
)
def test_oracles_solve_tasks_in_xournalpp(tmp_path: Path) -> None:
    tasks = [
        domain.family("flag-invoice-lines").sample(1),
        domain.family("highlight-lines").sample(2),
        domain.family("pages-from-sheet").sample(1),
    ]
    for episode in oracle_episodes(tasks, tmp_path):
        record = episode.record
        assert record.reward == 1.0, (record.task_id, record.checks, record.error)
        assert record.status == "success" and record.ended_by == "terminate"
        assert all(r == "ok" for t in episode.turns for r in t.results)
