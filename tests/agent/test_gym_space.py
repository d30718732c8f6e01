"""The Gymnasium action space of cuagym/Task-v0: the computer_use dicts the README steps with."""

from __future__ import annotations

import ast
import re
import warnings
from pathlib import Path
from typing import Any

import pytest

gymnasium = pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_space_limit  # noqa: E402
from gymnasium.utils.passive_env_checker import check_action_space  # noqa: E402

from cuagym.agent._gym_space import ComputerUseSpace  # noqa: E402
from cuagym.core._action import ACTION_NAMES, parse_action  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
BUNDLE = ROOT / "tests" / "synth" / "bundles" / "final" / "files-csv-dedupe"


def _readme_actions() -> list[Any]:
    """Every ``env.step(...)`` argument in the README, as written there."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    found = [ast.literal_eval(m) for m in re.findall(r"env\.step\((\{.*?\})\)", readme)]
    assert found, "the README no longer steps the Gymnasium environment with a dict"
    return found


def test_the_readme_action_is_in_the_environments_action_space() -> None:
    from cuagym.agent.gym import TaskEnv

    env = TaskEnv(BUNDLE)  # nothing starts before reset()
    try:
        assert isinstance(env.action_space, gymnasium.spaces.Space)
        for action in _readme_actions():
            assert env.action_space.contains(action), action
            assert action in env.action_space
    finally:
        env.close()


def test_samples_are_valid_actions_of_every_kind_and_seeded() -> None:
    space = ComputerUseSpace((1280, 800))
    space.seed(7)
    drawn = [space.sample() for _ in range(600)]
    assert {a["action"] for a in drawn} == set(ACTION_NAMES)
    for action in drawn:
        assert space.contains(action), action
        parse_action(action)
        if "coordinate" in action:
            x, y = action["coordinate"]
            assert 0 <= x < 1280 and 0 <= y < 800
        if action["action"] == "wait":
            assert action["time"] <= 1.0
    space.seed(7)
    assert [space.sample() for _ in range(600)] == drawn


@pytest.mark.parametrize(
    ("action", "inside"),
    [
        ({"action": "left_click", "coordinate": [1279, 799]}, True),
        ({"action": "left_click"}, True),  # at the pointer
        ({"name": "computer_use", "arguments": {"action": "type", "text": "hi"}}, True),
        ({"action": "left_click", "coordinate": [1280, 10]}, False),  # off the screen
        ({"action": "left_click_drag", "start_coordinate": [-1, 0], "coordinate": [5, 5]}, False),
        ({"action": "key", "keys": ["ctrl", "nosuchkey"]}, False),
        ({"action": "key", "keys": []}, False),
        ({"action": "wait", "time": 61}, False),
        ({"action": "fly"}, False),
        ({"action": "type", "text": "hi", "extra": 1}, False),
        ({"name": "other_tool", "arguments": {"action": "screenshot"}}, False),
        ('{"action": "screenshot"}', False),  # text is not a dict
        (None, False),
    ],
)
def test_contains_validates_with_the_action_model(action: Any, inside: bool) -> None:
    assert ComputerUseSpace((1280, 800)).contains(action) is inside


def test_norm1000_coordinates_span_the_grid() -> None:
    space = ComputerUseSpace((1280, 800), "norm1000")
    assert space.contains({"action": "mouse_move", "coordinate": [1000, 1000]})
    assert not space.contains({"action": "mouse_move", "coordinate": [1001, 0]})
    space.seed(0)
    assert all(space.contains(space.sample()) for _ in range(200))


def test_gymnasiums_space_checks_pass_without_warnings() -> None:
    space = ComputerUseSpace((640, 480))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        check_action_space(space)
        check_space_limit(space, "action")
    assert not caught
    assert space == ComputerUseSpace((640, 480)) and space != ComputerUseSpace((640, 481))
    samples = [space.sample() for _ in range(5)]
    assert space.from_jsonable(space.to_jsonable(samples)) == samples
    with pytest.raises(ValueError, match="coordinate space"):
        ComputerUseSpace((640, 480), "inches")  # type: ignore[arg-type]
