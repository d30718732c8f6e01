"""C7 catches lenient rewards that C1-C6 let through.

Each case is a real family's task (its own initial_setup.py and golden_patch.py) with a reward
written to be wrong in one classic way: a substring where equality is meant, only the target
checked, membership for equality, existence alone, a missing guard, "1.0 as soon as anything
changed". Each scores 1.0 on s_gold and 0.0 on s_init, has no forbidden pattern and is
deterministic, so C1-C6 all hold; C7's near misses must expose it. Real sandboxes and a hub.
"""

from __future__ import annotations

import asyncio
import os
from dataclasses import dataclass

import pytest

from cuagym.domains import load_domain
from cuagym.synth._consensus import ConsensusRunner

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(os.geteuid() != 0, reason="the sandbox needs root"),
]

_HUB_READ = """\
import json
import os
import urllib.request

req = urllib.request.Request(
    os.environ["CUAGYM_HUB"].rstrip("/") + "/{app}/go?sid=" + os.environ["CUAGYM_SID"],
    headers={{"Authorization": "Bearer " + os.environ.get("CUAGYM_HUB_TOKEN", "")}},
)
try:
    with urllib.request.urlopen(req, timeout=60) as resp:
        go = json.load(resp)
    state = go["current_state"]
except Exception as exc:
    print("CHECK readable 1 FAIL " + type(exc).__name__)
    print("REWARD: 0.0")
    raise SystemExit(0) from None
"""


def _finish(cond: str, name: str) -> str:
    return (
        f"ok = bool({cond})\n"
        f"print('CHECK {name} 1 ' + ('PASS' if ok else 'FAIL'))\n"
        "print('REWARD: ' + ('1.0' if ok else '0.0'))\n"
    )


TOPIC = "Office move on the 28th: pack your desks by Thursday"
LEAD = "state['leads']['lead-0020']"

LENIENT: dict[str, tuple[str, str, int, str]] = {
    # name: (domain, family, seed, reward.py)
    "substring-for-equality": (
        "team-chat",
        "set-channel-topic",
        0,
        _HUB_READ.format(app="team-chat")
        + _finish(
            f"{'Office move on the 28th'!r} in state['channels']['c-design']['topic']",
            "topic_mentions_move",
        ),
    ),
    "target-only": (
        "team-chat",
        "set-channel-topic",
        0,
        _HUB_READ.format(app="team-chat")
        + _finish(f"state['channels']['c-design']['topic'] == {TOPIC!r}", "topic_set"),
    ),
    "membership-for-equality": (
        "crm",
        "update-lead-status",
        0,
        _HUB_READ.format(app="crm")
        + _finish(
            f"{LEAD}['status'] in ('Qualified', 'Nurturing') and {LEAD}['rating'] == 'Cold'",
            "lead_updated",
        ),
    ),
    "anything-changed": (
        "crm",
        "update-lead-status",
        0,
        _HUB_READ.format(app="crm") + _finish("len(go['state_diff']) > 0", "state_changed"),
    ),
    "existence-only-cells": (
        "calc",
        "totals-row",
        0,
        "import openpyxl\n"
        "ws = openpyxl.load_workbook('/home/user/Documents/orion_freight_sales.xlsx')['Sales']\n"
        + _finish(
            "ws['A45'].value == 'Total' and ws['F45'].value is not None "
            "and ws['H45'].value is not None",
            "totals_present",
        ),
    ),
    "missing-guard-copy": (
        "files",
        "copy-newest-report",
        0,
        "import os\n"
        "os.chdir('/home/user')\n"
        "try:\n"
        "    with open('Public/Team/report_logistics.pdf', 'rb') as fh:\n"
        "        copied = fh.read()\n"
        "except OSError:\n"
        "    copied = b''\n"
        "with open('Reports/report_logistics.pdf', 'rb') as fh:\n"
        "    original = fh.read()\n" + _finish("copied == original", "newest_copied"),
    ),
}


@dataclass(frozen=True)
class Outcome:
    conditions: dict[str, bool | None]
    c7_detail: str


async def _check(domain: str, family_id: str, seed: int, reward: str) -> Outcome:
    family = load_domain(domain).family(family_id)
    task = family.sample(seed)
    scripts = family.generate(task)
    async with ConsensusRunner() as runner:
        report = await runner.check(task, scripts.initial_setup, scripts.golden_patch, reward)
    return Outcome({c: o.ok for c, o in report.conditions.items()}, report.conditions["C7"].detail)


@pytest.mark.parametrize("name", sorted(LENIENT))
def test_c7_rejects_a_lenient_reward_that_passes_c1_to_c6(name: str) -> None:
    domain, family_id, seed, reward = LENIENT[name]
    outcome = asyncio.run(_check(domain, family_id, seed, reward))
    others = {c: ok for c, ok in outcome.conditions.items() if c != "C7"}
    assert all(ok is True for ok in others.values()), (name, others)
    assert outcome.conditions["C7"] is False, (name, outcome.c7_detail)
    assert "near misses scored 1.0" in outcome.c7_detail


def test_the_family_reward_of_the_same_tasks_passes_c7() -> None:
    """The control: each family's own reward on the same tasks holds C7."""
    for domain, family_id, seed in {(d, f, s) for d, f, s, _ in LENIENT.values()}:
        family = load_domain(domain).family(family_id)
        outcome = asyncio.run(
            _check(domain, family_id, seed, family.write_reward(family.sample(seed)))
        )
        assert all(ok is True for ok in outcome.conditions.values()), (family_id, outcome)
