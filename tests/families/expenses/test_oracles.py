"""expenses' GUI oracles: every family has one, and they solve tasks through Chromium."""

from __future__ import annotations

from pathlib import Path

import pytest

from cuagym.core import Policy
from cuagym.domains import TaskFamily, load_domain
from tests.families.oracle_harness import assert_solved, needs_gui, oracle_episodes

domain = load_domain("expenses")


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
    """Three families that together use most of the UI: the header search, a report's line
    form and its submit (a text field read back, a page after a post), the card-charge queue
    (a row's drop-down and button), and the reimbursement form (checkboxes, a date field, a
    confirmation dialog)."""
    tasks = [
        domain.family("attach-receipt-submit").sample(1),
        domain.family("match-card-charge").sample(0),
        domain.family("pay-approved-batch").sample(2),
    ]
    for episode in oracle_episodes(tasks, tmp_path):
        assert_solved(episode)
