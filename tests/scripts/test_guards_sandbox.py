"""A desktop reward with a whole-state guard, run as the runners run it: in a sandbox whose
reward sees the home as setup left it (the snapshot ``initial``)."""

from __future__ import annotations

import os

import pytest

from cuagym.core import parse_reward_output
from cuagym.core.files import INITIAL_SNAPSHOT
from cuagym.envs import LocalEnvironment
from cuagym.scripts import DESKTOP_LIBRARIES, reward_script
from cuagym.synth._scan import scan_source

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(os.geteuid() != 0, reason="the sandbox needs root"),
]

SETUP = """
import os, openpyxl
os.makedirs("Documents/archive", exist_ok=True)
wb = openpyxl.Workbook()
ws = wb.active
ws.title = "Budget"
ws.append(["Item", "Amount", "Approved"])
for i, (item, amount) in enumerate([("Rent", 1200), ("Travel", 300), ("Tools", 450)], start=2):
    ws.append([item, amount, None])
wb.save("Documents/budget.xlsx")
open("Documents/archive/2023.txt", "w").write("old numbers\\n")
"""

# The task: write "yes" in C2:C4 of the Budget sheet, nothing else.
GOLD = """
import openpyxl
wb = openpyxl.load_workbook("Documents/budget.xlsx")
for r in range(2, 5):
    wb["Budget"].cell(row=r, column=3, value="yes")
wb.save("Documents/budget.xlsx")
"""

REWARD = reward_script(
    header='"""reward.py: approve every budget line, change nothing else."""',
    imports="import json\n",
    libraries=DESKTOP_LIBRARIES,
    constants='PATH = "/home/user/Documents/budget.xlsx"',
    read="""
        start = initial_home()
        before, after = office_view(initial_path(PATH)), office_view(PATH)
        moved = tree_changes(tree(start), tree(HOME), start, HOME)
    """,
    body="""
        approved = [after.get("Budget!C" + str(r), [None])[0] for r in range(2, 5)]
        checks.append(("approved", 3, approved == ["yes"] * 3, "C2:C4 are " + str(approved)))
        extra = cells_outside(view_changes(before, after), "Budget", ["C2:C4"])
        checks.append(("nothing_else_in_the_book", 0, not extra, "also: " + listing(extra)))
        strays = uncovered(moved, ["Documents/budget.xlsx"], "/")
        checks.append(("nothing_else_in_the_home", 0, not strays, "also: " + listing(strays)))
    """,
)

BOLD_HEADER = """
import openpyxl
from openpyxl.styles import Font
wb = openpyxl.load_workbook("Documents/budget.xlsx")
wb["Budget"]["A1"].font = Font(bold=True)
wb.save("Documents/budget.xlsx")
"""
ARCHIVE_DELETED = 'import os\nos.remove("Documents/archive/2023.txt")\n'

CASES = [
    ("initial", [], 0.0),
    ("gold", [GOLD], 1.0),
    # a collateral edit in the same workbook: bold on a header cell
    ("bold header too", [GOLD, BOLD_HEADER], 0.0),
    # the right edit, and a file removed elsewhere in the home
    ("archive deleted", [GOLD, ARCHIVE_DELETED], 0.0),
    # the right values also written one row too far
    ("one row too many", [GOLD, GOLD.replace("range(2, 5)", "range(5, 6)")], 0.0),
]


def test_the_framed_guard_reward_is_clean() -> None:
    report = scan_source(REWARD)
    assert report.ok, report.violations


@pytest.mark.parametrize(("what", "changes", "expected"), CASES, ids=[c[0] for c in CASES])
async def test_whole_state_guard_in_a_sandbox(
    what: str, changes: list[str], expected: float
) -> None:
    async with LocalEnvironment() as env:
        assert (await env.run_script(SETUP, "initial_setup")).exit_code == 0
        await env.snapshot(INITIAL_SNAPSHOT)
        for change in changes:
            result = await env.run_script(change, "golden_patch")
            assert result.exit_code == 0, result.stderr
        out = await env.run_script(REWARD, "reward")
    output = parse_reward_output(out.stdout)
    assert output.ok, (output.errors, out.stdout, out.stderr)
    assert output.reward == expected, out.stdout


async def test_without_the_initial_home_the_guard_reward_scores_nothing() -> None:
    async with LocalEnvironment() as env:
        assert (await env.run_script(SETUP, "initial_setup")).exit_code == 0
        assert (await env.run_script(GOLD, "golden_patch")).exit_code == 0
        out = await env.run_script(REWARD, "reward")
    output = parse_reward_output(out.stdout)
    assert output.reward == 0.0 and output.checks[0].name == "evaluate"
    assert "snapshot" in output.checks[0].detail
