"""impress's SKILL.md: six sections, and its three templates really work in a sandbox."""

from __future__ import annotations

import re

import pytest

from cuagym.core import parse_reward_output
from cuagym.domains import load_domain
from tests.families.writer.office_checks import run_templates, scan_ok, templates

domain = load_domain("impress")


def test_skill_has_the_six_sections_and_three_templates() -> None:
    assert re.findall(r"^## (\d)\. ", domain.skill, re.M) == ["1", "2", "3", "4", "5", "6"]
    assert set(templates(domain.skill)) == {"initial_setup.py", "golden_patch.py", "reward.py"}
    assert "DISPLAY" in domain.skill and "Popen" in domain.skill  # the GUI start helper
    assert scan_ok(templates(domain.skill)["reward.py"])


@pytest.mark.slow
async def test_templates_score_zero_then_one() -> None:
    before, after = await run_templates(domain.skill)
    init, gold = parse_reward_output(before), parse_reward_output(after)
    assert init.ok and init.reward == 0.0, before
    assert gold.ok and gold.reward == 1.0, after
