"""mail's GUI oracles: every family has one, and they solve tasks through Chromium."""

from __future__ import annotations

from pathlib import Path

import pytest

from cuagym.core import Policy
from cuagym.domains import TaskFamily, load_domain
from tests.families.oracle_harness import assert_solved, needs_gui, oracle_episodes

domain = load_domain("mail")


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
    """Two families that together use most of the UI: a search, the list's select-all and
    label menu and bulk actions (inbox-triage), and the compose screen on a forward with its
    attachment, recipient suggestions and the text above the forwarded message."""
    tasks = [
        domain.family("inbox-triage").sample(1),
        domain.family("forward-attachment").sample(2),
    ]
    for episode in oracle_episodes(tasks, tmp_path):
        assert_solved(episode)


@pytest.mark.gui
@pytest.mark.slow
@needs_gui
def test_the_settings_oracle_solves_its_task_in_chromium(tmp_path: Path) -> None:
    """update-signature: a multi-line textarea (with a middle dot), a checkbox, Save."""
    (episode,) = oracle_episodes([domain.family("update-signature").sample(1)], tmp_path, 1)
    assert_solved(episode)


@pytest.mark.gui
@pytest.mark.slow
@needs_gui
def test_the_search_oracle_solves_its_task_in_chromium(tmp_path: Path) -> None:
    """label-attachments: a search with two operators, select all, the label menu."""
    (episode,) = oracle_episodes([domain.family("label-attachments").sample(1)], tmp_path, 1)
    assert_solved(episode)


@pytest.mark.gui
@pytest.mark.slow
@needs_gui
def test_the_contact_edit_oracle_solves_its_task_in_chromium(tmp_path: Path) -> None:
    """update-contact: the contacts list, the contact's form, four fields, Save changes."""
    (episode,) = oracle_episodes([domain.family("update-contact").sample(1)], tmp_path, 1)
    assert_solved(episode)


@pytest.mark.gui
@pytest.mark.slow
@needs_gui
def test_the_label_edit_oracle_solves_its_task_in_chromium(tmp_path: Path) -> None:
    """rename-label: the Labels screen, a row's Edit, its name and colour, Save."""
    (episode,) = oracle_episodes([domain.family("rename-label").sample(1)], tmp_path, 1)
    assert_solved(episode)
