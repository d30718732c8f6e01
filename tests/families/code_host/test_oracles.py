"""code-host's GUI oracles: every family has one, and they solve tasks through Chromium (three
families here; every family and seed in benchmarks/oracle_bench.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from cuagym.core import Policy
from cuagym.domains import TaskFamily, load_domain
from tests.families.oracle_harness import assert_solved, needs_gui, oracle_episodes

domain = load_domain("code-host")


@pytest.mark.parametrize("family", domain.families, ids=lambda f: f.id)
def test_every_family_has_a_gui_oracle(family: TaskFamily) -> None:
    task = family.sample(0)
    oracle = family.oracle(task)
    assert isinstance(oracle, Policy), family
    assert oracle.name == "oracle" and oracle.coordinate_space == "pixels"


@pytest.mark.gui
@pytest.mark.slow
@needs_gui
def test_oracles_solve_their_tasks_in_chromium(tmp_path: Path) -> None:
    """Three families that together use most of the forge: the repository cards and tab row,
    a pull request's sidebar dialog, the merge box with its confirmation, the release form."""
    tasks = [
        domain.family("request-reviewers").sample(0),
        domain.family("merge-ready-pull").sample(1),
        domain.family("release-notes-from-merged").sample(2),
    ]
    for episode in oracle_episodes(tasks, tmp_path):
        assert_solved(episode)
