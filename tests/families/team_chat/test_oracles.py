"""team-chat's GUI oracles: every family has one, and they solve tasks through Chromium."""

from __future__ import annotations

from pathlib import Path

import pytest

from cuagym.core import Policy
from cuagym.domains import TaskFamily, load_domain
from tests.families.oracle_harness import assert_solved, needs_gui, oracle_episodes

domain = load_domain("team-chat")


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
    """Two families that together use most of the UI: the message actions (pin), the
    composer, a channel's menu and dialogs (archive), and the add-people checkboxes."""
    tasks = [
        domain.family("wrap-up-channel").sample(1),
        domain.family("create-private-channel").sample(2),
    ]
    for episode in oracle_episodes(tasks, tmp_path):
        assert_solved(episode)


@pytest.mark.gui
@pytest.mark.slow
@needs_gui
def test_the_search_oracle_finds_the_buried_message_and_pins_it(tmp_path: Path) -> None:
    """The workspace search (from:@handle and words), a hit followed to its channel."""
    tasks = [domain.family("pin-found-message").sample(seed) for seed in (0, 1, 2)]
    for episode in oracle_episodes(tasks, tmp_path):
        assert_solved(episode)


@pytest.mark.gui
@pytest.mark.slow
@needs_gui
def test_the_navigation_oracle_reads_every_unread_conversation_and_answers(
    tmp_path: Path,
) -> None:
    """The sidebar's unread badges, cleared one visit at a time, and a DM answered."""
    tasks = [domain.family("catch-up-unread").sample(seed) for seed in (0, 1)]
    for episode in oracle_episodes(tasks, tmp_path):
        assert_solved(episode)


@pytest.mark.gui
@pytest.mark.slow
@needs_gui
def test_the_directory_oracle_finds_people_by_title_and_messages_them(tmp_path: Path) -> None:
    """The people directory's titles, the new-message page's picks, a group conversation."""
    tasks = [domain.family("group-dm-by-role").sample(seed) for seed in (0, 1)]
    for episode in oracle_episodes(tasks, tmp_path):
        assert_solved(episode)
