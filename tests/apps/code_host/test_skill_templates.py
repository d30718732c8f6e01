"""SKILL.md's script templates really work: setup scores 0, setup + golden patch scores 1."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cuagym.apps.code_host import app
from cuagym.core import parse_reward_output
from cuagym.synth._scan import scan_source
from tests.conftest import LiveHub

SKILL = app.skill_file.read_text() if app.skill_file else ""


def templates() -> dict[str, str]:
    blocks = re.findall(r"```python\n(# (\w+\.py)\n.*?)```", SKILL, re.S)
    return {name: code for code, name in blocks}


def test_skill_has_the_six_sections_and_three_templates() -> None:
    assert re.findall(r"^## (\d)\. ", SKILL, re.M) == ["1", "2", "3", "4", "5", "6"]
    assert set(templates()) == {"initial_setup.py", "golden_patch.py", "reward.py"}
    assert scan_source(templates()["reward.py"], "reward.py").ok


def runner(tmp_path: Path, hub: str, token: str) -> Any:
    env = {**os.environ, "CUAGYM_HUB": hub, "CUAGYM_SID": "skill-templates",
           "CUAGYM_HUB_TOKEN": token}  # fmt: skip

    def run(name: str) -> subprocess.CompletedProcess[str]:
        path = tmp_path / name
        path.write_text(templates()[name])
        return subprocess.run(
            [sys.executable, str(path)], env=env, capture_output=True, text=True, timeout=60
        )

    return run


@pytest.mark.slow
def test_templates_score_zero_then_one(forge_hub: LiveHub, tmp_path: Path) -> None:
    run = runner(tmp_path, forge_hub.url, forge_hub.token)
    setup = run("initial_setup.py")
    assert setup.returncode == 0, setup.stderr
    before = parse_reward_output(run("reward.py").stdout)
    assert before.ok and before.reward == 0.0
    gold = run("golden_patch.py")
    assert gold.returncode == 0, gold.stderr
    after = run("reward.py")
    assert parse_reward_output(after.stdout).reward == 1.0, after.stdout


def test_reward_template_scores_zero_when_the_hub_is_unreachable(tmp_path: Path) -> None:
    result = runner(tmp_path, "http://127.0.0.1:9", "nope")("reward.py")
    assert result.returncode == 0
    assert result.stdout.strip().splitlines()[-1] == "REWARD: 0.0"
