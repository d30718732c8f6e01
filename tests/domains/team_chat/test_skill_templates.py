"""SKILL.md's script templates really work: setup scores 0, setup + golden patch scores 1.

The templates are the first thing a task Generator copies, so they run here exactly as written,
as subprocesses against a live hub, with the environment variables of the reward contract.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from cuagym.domains import load_domain

# The environment image ships `requests`; the dev venv may not. A tiny stand-in on httpx keeps
# the templates byte-for-byte as documented.
REQUESTS_SHIM = textwrap.dedent(
    """
    import httpx

    class _Response:
        def __init__(self, r):
            self._r, self.status_code, self.text = r, r.status_code, r.text
        def json(self):
            return self._r.json()
        def raise_for_status(self):
            self._r.raise_for_status()

    def get(url, params=None, headers=None, timeout=None):
        return _Response(httpx.get(url, params=params, headers=headers, timeout=timeout))

    def post(url, params=None, headers=None, json=None, timeout=None):
        return _Response(httpx.post(url, params=params, headers=headers, json=json,
                                    timeout=timeout))
    """
)


def templates() -> dict[str, str]:
    skill = load_domain("team-chat").skill
    blocks = re.findall(r"```python\n(# (\w+\.py)\n.*?)```", skill, re.S)
    return {name: code for code, name in blocks}


def test_skill_has_the_six_sections_and_three_templates() -> None:
    skill = load_domain("team-chat").skill
    headings = re.findall(r"^## (\d)\. ", skill, re.M)
    assert headings == ["1", "2", "3", "4", "5", "6"]
    assert set(templates()) == {"initial_setup.py", "golden_patch.py", "reward.py"}


@pytest.fixture
def shim(tmp_path: Path) -> Path:
    folder = tmp_path / "shim"
    folder.mkdir()
    (folder / "requests.py").write_text(REQUESTS_SHIM)
    return folder


def runner(tmp_path: Path, shim: Path, hub: str, token: str) -> Any:
    codes = templates()
    env = {
        **os.environ,
        "PYTHONPATH": str(shim),
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
def run(live_hub: Any, tmp_path: Path, shim: Path) -> Any:
    return runner(tmp_path, shim, live_hub.url, live_hub.token)


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


def test_reward_template_scores_zero_when_the_hub_is_unreachable(
    tmp_path: Path, shim: Path
) -> None:
    run = runner(tmp_path, shim, "http://127.0.0.1:9", "nope")
    result = run("reward.py")
    assert result.returncode == 0
    assert result.stdout.strip().splitlines()[-1] == "REWARD: 0.0"


def test_reward_template_passes_the_scanner() -> None:
    scan = pytest.importorskip("cuagym.synth")
    report = scan.scan_source(templates()["reward.py"], "reward.py")
    assert not report.violations, report.violations
