"""SKILL.md's script templates really work: setup scores 0, setup + golden patch scores 1.

The templates are the first thing a task Generator copies, so they run here exactly as written,
as subprocesses against a live hub, with the environment variables of the reward contract.
"""

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

domain = load_domain("mail")


def templates() -> dict[str, str]:
    blocks = re.findall(r"```python\n(# (\w+\.py)\n.*?)```", domain.skill, re.S)
    return {name: code for code, name in blocks}


def test_skill_has_the_six_sections_and_three_templates() -> None:
    headings = re.findall(r"^## (\d)\. ", domain.skill, re.M)
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


def test_templates_score_zero_then_one(live_hub: Any, tmp_path: Path) -> None:
    run = runner(tmp_path, live_hub.url, live_hub.token)
    setup = run("initial_setup.py")
    assert setup.returncode == 0, setup.stderr
    before = run("reward.py")
    assert before.returncode == 0, before.stderr
    parsed = parse_reward_output(before.stdout)
    assert parsed.ok and parsed.reward == 0.0, before.stdout
    # Only the 0-point guards pass on the untouched state; they must not be enough to score.
    passed = [c for c in parsed.checks if c.passed]
    assert [c.name for c in passed] == ["one_message", "nothing_else_changed"]
    assert all(c.points == 0 for c in passed)

    gold = run("golden_patch.py")
    assert gold.returncode == 0, gold.stderr
    after = run("reward.py")
    parsed = parse_reward_output(after.stdout)
    assert parsed.ok and parsed.reward == 1.0, after.stdout
    assert after.stdout.strip().splitlines()[-1] == "REWARD: 1.0"


def test_reward_template_scores_zero_when_the_hub_is_unreachable(tmp_path: Path) -> None:
    result = runner(tmp_path, "http://127.0.0.1:9", "nope")("reward.py")
    assert result.returncode == 0
    assert result.stdout.strip().splitlines()[-1] == "REWARD: 0.0"


def test_reward_template_passes_the_scanner() -> None:
    report = scan_source(templates()["reward.py"], "reward.py")
    assert not report.violations, report.violations


@pytest.mark.parametrize("name", ["initial_setup.py", "golden_patch.py", "reward.py"])
def test_templates_use_only_the_standard_library_and_requests(name: str) -> None:
    imports = set(re.findall(r"^(?:from|import) (\w+)", templates()[name], re.M))
    assert imports <= {"json", "os", "sys", "pathlib", "datetime", "fnmatch", "requests"}
