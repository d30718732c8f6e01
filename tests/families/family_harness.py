"""Runs a task family's scripts for real against a live hub: r(init) = 0, r(gold) = 1.

This is a light, sandbox-free version of the consensus check for family authors: each script
runs as its own ``python`` process with the reward.py contract's environment (``CUAGYM_HUB``,
``CUAGYM_SID``, ``CUAGYM_HUB_TOKEN``, ``/home/user/.cuagym/sid`` → ``HOME/.cuagym/sid``).
"""

from __future__ import annotations

import os
import subprocess
import sys
import uuid
from dataclasses import dataclass
from pathlib import Path

from cuagym.core import RewardOutput, TaskConfig, parse_reward_output
from cuagym.domains import TaskFamily
from cuagym.synth._scan import scan_source


@dataclass
class SampleResult:
    task: TaskConfig
    r_init: float | None
    r_gold: float | None
    init_output: str
    gold_output: str


def run_script(code: str, hub_url: str, token: str, sid: str, home: Path) -> str:
    home.mkdir(parents=True, exist_ok=True)
    (home / ".cuagym").mkdir(exist_ok=True)
    (home / ".cuagym" / "sid").write_text(sid)
    script = home.parent / f"script-{uuid.uuid4().hex}.py"
    script.write_text(code)
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(home),
        "CUAGYM_HUB": hub_url,
        "CUAGYM_SID": sid,
        "CUAGYM_HUB_TOKEN": token,
    }
    done = subprocess.run(
        [sys.executable, str(script)], cwd=home, env=env, capture_output=True, text=True, timeout=60
    )
    if done.returncode != 0:
        raise AssertionError(
            f"script failed ({done.returncode}):\n{code}\n--- stderr\n{done.stderr}"
        )
    return done.stdout


def check_sample(
    family: TaskFamily, seed: int, hub_url: str, token: str, workdir: Path
) -> SampleResult:
    """Sample, generate, write the reward, run it on both states; assert the contract."""
    task = family.sample(seed)
    assert task == family.sample(seed), "sampling must be deterministic"
    assert task.instruction.strip() and task.domain == family.domain
    scripts = family.generate(task)
    reward = family.write_reward(task)
    report = scan_source(reward, f"{task.task_id}/reward.py")
    assert report.ok, [v.model_dump() for v in report.violations]
    tag = uuid.uuid4().hex[:8]
    init_sid, gold_sid = f"init-{tag}", f"gold-{tag}"
    run_script(scripts.initial_setup, hub_url, token, init_sid, workdir / "init" / "home")
    run_script(scripts.initial_setup, hub_url, token, gold_sid, workdir / "gold" / "home")
    run_script(scripts.golden_patch, hub_url, token, gold_sid, workdir / "gold" / "home")
    init_out = run_script(reward, hub_url, token, init_sid, workdir / "init" / "home")
    gold_out = run_script(reward, hub_url, token, gold_sid, workdir / "gold" / "home")
    r_init = parse_reward_output(init_out).reward
    r_gold = parse_reward_output(gold_out).reward
    return SampleResult(task, r_init, r_gold, init_out, gold_out)


def score_web_end_state(
    family: TaskFamily, seed: int, hub_url: str, token: str, workdir: Path, *changes: str
) -> RewardOutput:
    """The reward on the session state that setup and then ``changes`` (scripts run in order,
    like the golden patch: ``CUAGYM_HUB``, ``CUAGYM_SID``, ``CUAGYM_HUB_TOKEN`` set) leave.
    Use the family's golden patch as the first change to start from the gold state."""
    task = family.sample(seed)
    sid = f"end-{uuid.uuid4().hex[:12]}"
    home = workdir / sid / "home"
    run_script(family.generate(task).initial_setup, hub_url, token, sid, home)
    for change in changes:
        run_script(change, hub_url, token, sid, home)
    out = run_script(family.write_reward(task), hub_url, token, sid, home)
    output = parse_reward_output(out)
    assert output.ok, (output.errors, out)
    return output
