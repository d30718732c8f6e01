"""``gymnasium.make("cuagym/Task-v0", bundle=...)``: the rollout loop behind Gymnasium's API."""

from __future__ import annotations

import shutil
import warnings
from pathlib import Path

import pytest

gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

import cuagym.agent.gym  # noqa: E402,F401  (registers cuagym/Task-v0)

pytestmark = [
    pytest.mark.gui,
    pytest.mark.slow,
    pytest.mark.skipif(
        not (shutil.which("Xvfb") and shutil.which("pcmanfm") and shutil.which("xdotool")),
        reason="needs xvfb, xdotool and pcmanfm (make test installs them)",
    ),
]

BUNDLE = Path(__file__).resolve().parents[1] / "synth" / "bundles" / "final" / "files-csv-dedupe"


def test_check_env_passes_and_an_episode_ends_with_the_bundles_reward() -> None:
    env = gymnasium.make("cuagym/Task-v0", bundle=str(BUNDLE), max_steps=4)
    assert env.spec is not None and env.spec.nondeterministic is True
    try:
        # check_env steps with action_space.sample(): real computer_use actions, no warning.
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            check_env(env.unwrapped, skip_render_check=False)
        assert not [str(w.message) for w in caught]
        assert env.action_space.contains({"action": "key", "keys": ["ctrl", "s"]})
        obs, info = env.reset(seed=3)
        assert obs["screenshot"].shape == (800, 1280, 3) and info["t"] == 0
        assert obs["instruction"] == env.unwrapped.bundle.task.instruction
        obs, reward, terminated, truncated, info = env.step("no tool call at all")
        assert (reward, terminated, truncated) == (0.0, False, False)
        assert info["feedback"].startswith("No tool call found")
        obs, reward, terminated, truncated, info = env.step(
            {"action": "left_click", "coordinate": [640, 400]}
        )
        assert info["results"] == ["ok"] and info["feedback"] is None
        obs, reward, terminated, truncated, info = env.step(
            {"action": "terminate", "status": "failure"}
        )
        assert terminated and not truncated and reward == 0.0
        episode = info["episode"]
        assert episode["steps"] == 3 and episode["format_errors"] == 1
        assert episode["status"] == "failure" and episode["checks"]
        assert env.render().shape == (800, 1280, 3)
        # The step budget truncates.
        env.reset()
        for _ in range(3):
            assert env.step({"action": "wait", "time": 0})[2:4] == (False, False)
        _, _, terminated, truncated, info = env.step({"action": "screenshot"})
        assert truncated and not terminated and info["episode"]["ended_by"] == "max_steps"
    finally:
        env.close()
        env.close()
