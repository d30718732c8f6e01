"""The desktop x web families' GUI oracles, end to end: the synth engine makes verified bundles
(a workbook under /home/user and a hub session, consensus included), then oracle rollouts run
through the real start screen (Calc and Chromium in one display) and score 1.0."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cuagym.domains import load_domains
from tests.families.oracle_harness import assert_solved, needs_gui, oracle_episodes


@pytest.mark.gui
@pytest.mark.slow
@needs_gui
@pytest.mark.skipif(shutil.which("soffice") is None, reason="needs LibreOffice (soffice)")
def test_oracles_solve_desktop_web_tasks_through_the_screen(tmp_path: Path) -> None:
    domains = load_domains()
    tasks = [
        domains["team-chat"].family("report-workbook-figure").sample(0),
        domains["calc"].family("record-mailed-prices").sample(1),
    ]
    for episode in oracle_episodes(tasks, tmp_path):
        assert_solved(episode)
        # the start screen held both windows: the oracle worked in the one on top
        assert episode.record.steps >= 2
