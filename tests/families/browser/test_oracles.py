"""Two browser oracles solve real tasks end to end through the screen: one in the bookmark
manager (a new folder, bookmarks cut and pasted into it), one in chrome://settings (startup
pages). The full sweep is ``benchmarks/oracle_bench.py --domains browser``."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cuagym.domains import load_domain
from tests.families.desktop_harness import oracle_episodes

domain = load_domain("browser")


@pytest.mark.gui
@pytest.mark.slow
@pytest.mark.skipif(
    not all(shutil.which(t) for t in ("Xvfb", "xdotool", "chromium")),
    reason="needs xvfb, xdotool and chromium (make test installs them)",
)
def test_oracles_solve_tasks_in_the_browser(tmp_path: Path) -> None:
    tasks = [domain.family("file-reading-by-topic").sample(1),
             domain.family("set-startup-pages").sample(2)]  # fmt: skip
    for episode in oracle_episodes(tasks, tmp_path):
        record = episode.record
        assert record.reward == 1.0, (record.task_id, record.checks, record.error)
        assert record.status == "success" and record.ended_by == "terminate"
