"""A small but real tuple, shared by the bundle tests: its scripts run with plain python3."""

from __future__ import annotations

from typing import Any

from cuagym.core import Bundle, Review, TaskConfig, TaskMeta, parse_reward_output
from cuagym.core.osworld import OSWorldConfig
from cuagym.core.review import ConditionId, ConditionResult
from cuagym.synth._osworld_config import osworld_config

INITIAL_SETUP = """\
from pathlib import Path

Path("budget.csv").write_text("item,amount\\nrent,900\\nfood,300\\n")
"""

GOLDEN_PATCH = """\
from pathlib import Path

rows = Path("budget.csv").read_text().splitlines()
total = sum(int(r.split(",")[1]) for r in rows[1:])
Path("budget.csv").write_text("\\n".join([*rows, f"total,{total}"]) + "\\n")
"""

REWARD = """\
from pathlib import Path

try:
    rows = [r.split(",") for r in Path("budget.csv").read_text().splitlines()]
except OSError as exc:
    print(f"CHECK readable 1 FAIL cannot read budget.csv: {exc}")
    print("REWARD: 0.0")
    raise SystemExit(0)
totals = [r for r in rows if r[0] == "total"]
has_total = len(totals) == 1
right = has_total and totals[0][1] == str(sum(int(r[1]) for r in rows[1:] if r[0] != "total"))
print(f"CHECK total_row 1 {'PASS' if has_total else 'FAIL'} {len(totals)} total row(s)")
shown = totals[0][1] if totals else None
print(f"CHECK total_value 2 {'PASS' if right else 'FAIL'} total is {shown}")
score = (1.0 * has_total + 2.0 * right) / 3.0
print(f"REWARD: {score:.4f}")
"""

GOLD_OUTPUT = "CHECK total_row 1 PASS 1 total row(s)\nCHECK total_value 2 PASS total is 1200\n"
GOLD_OUTPUT += "REWARD: 1.0000\n"
INIT_OUTPUT = "CHECK total_row 1 FAIL 0 total row(s)\nCHECK total_value 2 FAIL total is None\n"
INIT_OUTPUT += "REWARD: 0.0000\n"


def task(task_id: str = "files-budget-total-001", **extra: Any) -> TaskConfig:
    return TaskConfig(
        task_id=task_id,
        instruction="Add a 'total' row to budget.csv holding the sum of the amounts.",
        context="budget.csv in the home folder lists monthly expenses.",
        domain="files",
        apps=["files"],
        difficulty="easy",
        **extra,
    )


def meta(**changes: Any) -> TaskMeta:
    data: dict[str, Any] = {
        "platform": "desktop",
        "domain": "files",
        "difficulty": "easy",
        "scenario": "personal",
        "task_type": "single",
        "taxonomy_path": ["files", "csv", "append_row"],
        "source_pass": "procedural",
        "backend": "procedural",
        "rounds": 2,
        "tokens_in": 0,
        "tokens_out": 0,
        "cost_usd": 0.0,
        "timings_s": {"generator": 0.012, "discriminator": 0.034, "total": 0.5},
    }
    data.update(changes)
    return TaskMeta.model_validate(data)


def passing_review(task_id: str = "files-budget-total-001") -> Review:
    ok: dict[ConditionId, ConditionResult] = {
        "C1": ConditionResult(status="ok", detail="exit 0"),
        "C2": ConditionResult(status="ok", detail="exit 0"),
    }
    ok["C3"] = ConditionResult(status="ok", detail="r_gold = 1.0")
    ok["C4"] = ConditionResult(status="ok", detail="r_init = 0.0")
    ok["C5"] = ConditionResult(status="ok")
    ok["C6"] = ConditionResult(status="ok", detail="same scores on a second run")
    return Review.from_outputs(
        task_id=task_id,
        round=2,
        conditions=ok,
        gold=parse_reward_output(GOLD_OUTPUT),
        init=parse_reward_output(INIT_OUTPUT),
        feedback="Accepted.\n\n## Not a heading of ours\n| not | a | table |",
        reward_summary="Two checks: exactly one total row (1 point), its value (2 points).",
    )


def failing_review(task_id: str = "files-budget-total-001") -> Review:
    return Review.from_outputs(
        task_id=task_id,
        round=5,
        conditions={
            "C1": ConditionResult(status="ok"),
            "C2": ConditionResult(status="failed", detail="Traceback: KeyError 'amount'"),
        },
        init=parse_reward_output(INIT_OUTPUT),
        feedback="golden_patch.py crashed; read the header row before summing.",
    )


def config(t: TaskConfig | None = None) -> OSWorldConfig:
    return osworld_config(t or task(), initial_setup=INITIAL_SETUP, reward=REWARD)


def final_bundle(task_id: str = "files-budget-total-001") -> Bundle:
    t = task(task_id)
    return Bundle(
        task=t,
        meta=meta(),
        review=passing_review(task_id),
        initial_setup=INITIAL_SETUP,
        golden_patch=GOLDEN_PATCH,
        reward=REWARD,
        config=config(t),
    )


def rejected_bundle(task_id: str = "files-budget-total-001") -> Bundle:
    return Bundle(
        task=task(task_id),
        meta=meta(rounds=5),
        review=failing_review(task_id),
        initial_setup=INITIAL_SETUP,
        golden_patch=GOLDEN_PATCH,
    )
