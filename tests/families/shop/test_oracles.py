"""shop's GUI oracles: every family has one, and they solve tasks through Chromium."""

from __future__ import annotations

from pathlib import Path

import pytest

from cuagym.core import Policy
from cuagym.domains import TaskFamily, load_domain
from tests.families.oracle_harness import assert_solved, needs_gui, oracle_episodes

domain = load_domain("shop")


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
    """Three families that together use most of the UI: the header search and an order's
    refund form (a number field, a drop-down, a checkbox), the returns queue with its
    confirmation dialog, and the inventory table's filters and per-row adjustment form."""
    tasks = [
        domain.family("partial-refund").sample(1),
        domain.family("resolve-return").sample(0),
        domain.family("restock-out-of-stock").sample(0),
    ]
    for episode in oracle_episodes(tasks, tmp_path):
        assert_solved(episode)
