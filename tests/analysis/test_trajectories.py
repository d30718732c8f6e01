"""Which episodes the report embeds, and what the section says without the viewer."""

from __future__ import annotations

from pathlib import Path

import pytest

from cuagym.analysis import _trajectories as trajectories
from cuagym.analysis import analyze
from cuagym.analysis._episodes import read_episodes
from cuagym.analysis._trajectories import pick_episodes
from tests.analysis.corpus import act, write_episode, write_tuple

CLICK = act("left_click", coordinate=[1, 1])


@pytest.fixture
def run(tmp_path: Path) -> Path:
    root = tmp_path / "run"
    for task in ("a", "b", "c"):  # successes: a/0 a/1 b/0 b/1 c/0 · failures: c/1 a/2 b/2
        for k in range(2):
            write_episode(root, task, k, [[CLICK]], reward=0.0 if (task, k) == ("c", 1) else 1.0)
        if task != "c":
            write_episode(root, task, 2, [[CLICK]], reward=0.5)
    return root


def test_pick_spreads_over_outcomes_then_tasks(run: Path) -> None:
    episodes = read_episodes(run)
    picked = pick_episodes(episodes, 4)
    # Each outcome's queue is in (k, task) order, every task's first rollout first:
    # success a/0 b/0 c/0 a/1 b/1 · failure c/1 a/2 b/2 · error none. Taking them in turn:
    # a/0, c/1, b/0, a/2; shown in task order.
    assert [(e.record.task_id, e.record.k) for e in picked] == [("a", 0), ("a", 2), ("b", 0),
                                                                 ("c", 1)]  # fmt: skip
    assert len(pick_episodes(episodes, 100)) == len(episodes) == 8
    assert pick_episodes(episodes, 0) == []


def test_without_the_viewer_every_episode_is_listed(
    run: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(trajectories, "_renderer", lambda: None)
    write_tuple(tmp_path / "final", "a", "Open it.")
    text = trajectories.trajectories_html(analyze(tmp_path / "final", run))
    assert "rollout viewer (cuagym view) is not part of this installation" in text
    assert text.count("<tr><td>") == 8 and "iframe" not in text


def test_an_episode_the_viewer_cannot_render_is_explained(
    run: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def failing_viewer(folder: Path, screens: object) -> str:
        raise ValueError(f"{folder}/screens/0000.png is missing")

    monkeypatch.setattr(trajectories, "_renderer", lambda: failing_viewer)
    write_tuple(tmp_path / "final", "a", "Open it.")
    text = trajectories.trajectories_html(analyze(tmp_path / "final", run), view=2)
    assert text.count("iframe class='trajectory'") == 2
    assert "This episode cannot be shown" in text and "0000.png is missing" in text
