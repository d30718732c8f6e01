"""travel's GUI oracles: every family has one, and they solve tasks through Chromium."""

from __future__ import annotations

from pathlib import Path

import pytest

from cuagym.core import Policy
from cuagym.domains import TaskFamily, load_domain
from tests.families.oracle_harness import assert_solved, needs_gui, oracle_episodes

domain = load_domain("travel")


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
    """Three families that together use most of the UI: the flight search form, the fare
    table, the booking form and the seat map, then the trip's submit dialog (plan-outbound);
    the approvals queue's per-card forms (decide-approvals); the change page with its
    confirmation dialog (rebook-earliest)."""
    tasks = [
        domain.family("plan-outbound").sample(1),
        domain.family("decide-approvals").sample(0),
        domain.family("rebook-earliest").sample(2),
    ]
    for episode in oracle_episodes(tasks, tmp_path):
        assert_solved(episode)
