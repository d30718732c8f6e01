"""The drive's GUI oracles: every family has one, and they solve tasks through Chromium."""

from __future__ import annotations

from pathlib import Path

import pytest

from cuagym.core import Policy
from cuagym.domains import TaskFamily, load_domain
from tests.families.oracle_harness import assert_solved, needs_gui, oracle_episodes

domain = load_domain("drive")


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
    """Two families that together use most of the UI: the global search, the file page's
    Share dialog (two drop-downs) and Move dialog (a scrolled folder list); a folder page's
    New dialog and details panel, several moves in a row."""
    tasks = [domain.family("share-from-mail").sample(0), domain.family("tidy-folder").sample(1)]
    for episode in oracle_episodes(tasks, tmp_path):
        assert_solved(episode)
