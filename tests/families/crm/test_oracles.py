"""crm's GUI oracles: every family has one, and they solve tasks through Chromium."""

from __future__ import annotations

from pathlib import Path

import pytest

from cuagym.core import Policy
from cuagym.domains import TaskFamily, load_domain
from tests.families.oracle_harness import assert_solved, needs_gui, oracle_episodes

domain = load_domain("crm")


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
    """Two families that together use most of the UI: the global search, the conversion
    form's three steps (a radio, text fields, drop-downs, a date, the opportunity checkbox),
    and the record page's composer (a task with a due date and priority, then a note)."""
    tasks = [
        domain.family("convert-lead-new-account").sample(1),
        domain.family("schedule-follow-up").sample(2),
    ]
    for episode in oracle_episodes(tasks, tmp_path):
        assert_solved(episode)


@pytest.mark.gui
@pytest.mark.slow
@needs_gui
def test_the_lookup_oracle_solves_its_task_in_chromium(tmp_path: Path) -> None:
    """log-call-by-email: the global search by address, a lead told apart by its company, the
    composer's Log activity tab with a type and a date."""
    (episode,) = oracle_episodes([domain.family("log-call-by-email").sample(0)], tmp_path, 1)
    assert_solved(episode)


@pytest.mark.gui
@pytest.mark.slow
@needs_gui
def test_the_account_oracle_solves_its_task_in_chromium(tmp_path: Path) -> None:
    """create-account: the Accounts tab, the new-record form's text fields and drop-downs."""
    (episode,) = oracle_episodes([domain.family("create-account").sample(1)], tmp_path, 1)
    assert_solved(episode)
