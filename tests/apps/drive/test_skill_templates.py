"""SKILL.md's script templates really work: setup scores 0, setup + golden patch scores 1."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cuagym.core import parse_reward_output
from cuagym.domains import load_domain
from cuagym.synth._scan import scan_source
from tests.conftest import LiveHub

domain = load_domain("drive")


def templates() -> dict[str, str]:
    blocks = re.findall(r"```python\n(# (\w+\.py)\n.*?)```", domain.skill, re.S)
    return {name: code for code, name in blocks}


def test_skill_has_the_six_sections_and_three_templates() -> None:
    assert re.findall(r"^## (\d)\. ", domain.skill, re.M) == ["1", "2", "3", "4", "5", "6"]
    assert set(templates()) == {"initial_setup.py", "golden_patch.py", "reward.py"}
    assert scan_source(templates()["reward.py"], "reward.py").ok


def runner(tmp_path: Path, hub: str, token: str) -> Any:
    env = {
        **os.environ,
        "CUAGYM_HUB": hub,
        "CUAGYM_SID": "skill-templates",
        "CUAGYM_HUB_TOKEN": token,
    }

    def run(name: str) -> subprocess.CompletedProcess[str]:
        path = tmp_path / name
        path.write_text(templates()[name])
        return subprocess.run(
            [sys.executable, str(path)], env=env, capture_output=True, text=True, timeout=60
        )

    return run


def test_templates_score_zero_then_one(drive_hub: LiveHub, tmp_path: Path) -> None:
    run = runner(tmp_path, drive_hub.url, drive_hub.token)
    setup = run("initial_setup.py")
    assert setup.returncode == 0, setup.stderr
    before = parse_reward_output(run("reward.py").stdout)
    assert before.ok and before.reward == 0.0
    # Only the 0-point guards pass on the untouched state; they must not be enough to score.
    passed = [c for c in before.checks if c.passed]
    assert [c.name for c in passed] == ["file_found", "nothing_else_changed"]
    assert all(c.points == 0 for c in passed)
    gold = run("golden_patch.py")
    assert gold.returncode == 0, gold.stderr
    after = run("reward.py")
    assert parse_reward_output(after.stdout).reward == 1.0, after.stdout
    assert after.stdout.strip().splitlines()[-1] == "REWARD: 1.0"


def test_reward_template_scores_zero_when_the_hub_is_unreachable(tmp_path: Path) -> None:
    result = runner(tmp_path, "http://127.0.0.1:9", "nope")("reward.py")
    assert result.returncode == 0
    assert result.stdout.strip().splitlines()[-1] == "REWARD: 0.0"


@pytest.mark.parametrize("name", ["initial_setup.py", "golden_patch.py", "reward.py"])
def test_templates_are_valid_python(name: str) -> None:
    compile(templates()[name], name, "exec")
