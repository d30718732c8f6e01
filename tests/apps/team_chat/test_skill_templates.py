"""SKILL.md's script templates really work: setup scores 0, setup + golden patch scores 1.

The templates are the first thing a task Generator copies, so they run here exactly as written,
as subprocesses against a live hub, with the environment variables of the reward contract and
the real ``requests`` library the environment image ships.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cuagym.domains import load_domain
from cuagym.synth._scan import scan_source

domain = load_domain("team-chat")


def templates() -> dict[str, str]:
    skill = domain.skill
    blocks = re.findall(r"```python\n(# (\w+\.py)\n.*?)```", skill, re.S)
    return {name: code for code, name in blocks}


def test_skill_has_the_six_sections_and_three_templates() -> None:
    skill = domain.skill
    headings = re.findall(r"^## (\d)\. ", skill, re.M)
    assert headings == ["1", "2", "3", "4", "5", "6"]
    assert set(templates()) == {"initial_setup.py", "golden_patch.py", "reward.py"}


def runner(tmp_path: Path, hub: str, token: str) -> Any:
    codes = templates()
    env = {
        **os.environ,
        "CUAGYM_HUB": hub,
        "CUAGYM_SID": "skill-templates",
        "CUAGYM_HUB_TOKEN": token,
    }

    def run(name: str) -> subprocess.CompletedProcess[str]:
        path = tmp_path / name
        path.write_text(codes[name])
        return subprocess.run(
            [sys.executable, str(path)], env=env, capture_output=True, text=True, timeout=60
        )

    return run


@pytest.fixture
def run(chat_hub: Any, tmp_path: Path) -> Any:
    return runner(tmp_path, chat_hub.url, chat_hub.token)


def test_templates_score_zero_then_one(run: Any) -> None:
    from cuagym.core import parse_reward_output

    setup = run("initial_setup.py")
    assert setup.returncode == 0, setup.stderr
    before = run("reward.py")
    assert before.returncode == 0, before.stderr
    parsed = parse_reward_output(before.stdout)
    assert parsed.ok and parsed.reward == 0.0, before.stdout
    # The no-collateral check passes on the untouched state; it must not be enough to score.
    assert [c.name for c in parsed.checks if c.passed] == ["no_collateral"]

    gold = run("golden_patch.py")
    assert gold.returncode == 0, gold.stderr
    after = run("reward.py")
    parsed = parse_reward_output(after.stdout)
    assert parsed.ok and parsed.reward == 1.0, after.stdout
    assert after.stdout.strip().splitlines()[-1] == "REWARD: 1.0"


def test_reward_template_scores_zero_when_the_hub_is_unreachable(tmp_path: Path) -> None:
    run = runner(tmp_path, "http://127.0.0.1:9", "nope")
    result = run("reward.py")
    assert result.returncode == 0
    assert result.stdout.strip().splitlines()[-1] == "REWARD: 0.0"


def test_reward_template_passes_the_scanner() -> None:
    report = scan_source(templates()["reward.py"], "reward.py")
    assert not report.violations, report.violations
