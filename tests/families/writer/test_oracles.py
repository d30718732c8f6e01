"""Every writer family has a GUI oracle; one solves a real task end to end through LibreOffice
Writer (the full sweep, every family x 3 seeds, is ``benchmarks/oracle_bench.py``).

The end-to-end case: apply-heading-styles (Find and Replace with regular expressions and Find
All, its check boxes read from the screen, Heading shortcuts, a save kept in Word format that
the reward reads back).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from cuagym.core import Policy
from cuagym.domains import TaskFamily, load_domain
from tests.families.oracle_harness import assert_solved, oracle_episodes

domain = load_domain("writer")


@pytest.mark.parametrize("family", domain.families, ids=lambda f: f.id)
def test_every_family_has_a_gui_oracle(family: TaskFamily) -> None:
    for seed in range(3):
        oracle = family.oracle(family.sample(seed))
        assert isinstance(oracle, Policy), family.id
        assert oracle.name == "oracle" and oracle.coordinate_space == "pixels"


@pytest.mark.gui
@pytest.mark.slow
@pytest.mark.skipif(
    not all(shutil.which(t) for t in ("Xvfb", "soffice", "xdotool", "bwrap")),
    reason="needs Xvfb, xdotool, bubblewrap and LibreOffice (make test installs them)",
)
def test_an_oracle_solves_its_task_in_writer(tmp_path: Path) -> None:
    (episode,) = oracle_episodes([domain.family("apply-heading-styles").sample(1)], tmp_path)
    assert_solved(episode)


@pytest.mark.gui
@pytest.mark.slow
@pytest.mark.skipif(
    not all(shutil.which(t) for t in ("Xvfb", "soffice", "xdotool", "bwrap")),
    reason="needs Xvfb, xdotool, bubblewrap and LibreOffice (make test installs them)",
)
def test_a_cross_app_oracle_solves_its_task(tmp_path: Path) -> None:
    """report-and-slide-total: several apps' windows at the start, the figures read from
    the source file, the result saved in Writer."""
    (episode,) = oracle_episodes([domain.family("report-and-slide-total").sample(1)], tmp_path)
    assert_solved(episode)
