"""The issue tracker's GUI oracles: every family has one, and they solve tasks in Chromium."""

from __future__ import annotations

from pathlib import Path

import pytest

from cuagym.core import Policy
from cuagym.domains import TaskFamily, load_domain
from tests.families.oracle_harness import assert_solved, needs_gui, oracle_episodes

domain = load_domain("issue-tracker")


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
    """Two families that together use most of the UI: the create dialog's drop-downs and
    fields, the quick search, the query mode and the issue page's inline edits."""
    tasks = [
        domain.family("create-issue").sample(1),
        domain.family("triage-bugs").sample(0),
    ]
    for episode in oracle_episodes(tasks, tmp_path):
        assert_solved(episode)


@pytest.mark.gui
@pytest.mark.slow
@needs_gui
def test_the_people_oracle_weighs_loads_and_hands_work_over(tmp_path: Path) -> None:
    """The people directory's counts, a profile's groups, and the issue page's assignee."""
    tasks = [domain.family("hand-over-work").sample(seed) for seed in (0, 1)]
    for episode in oracle_episodes(tasks, tmp_path):
        assert_solved(episode)


@pytest.mark.gui
@pytest.mark.slow
@needs_gui
def test_the_cleanup_oracle_carries_the_comment_and_deletes_the_copy(tmp_path: Path) -> None:
    """A comment read on one issue and posted on another; the issue menu's delete, confirmed."""
    tasks = [domain.family("merge-duplicate").sample(seed) for seed in (0, 1)]
    for episode in oracle_episodes(tasks, tmp_path):
        assert_solved(episode)
