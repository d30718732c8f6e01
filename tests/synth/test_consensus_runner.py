"""ConsensusRunner in real sandboxes: prepare/judge split, restores, write and timeout detection."""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from cuagym.core import TaskConfig
from cuagym.core.review import CONDITION_IDS
from cuagym.envs import StateQuery
from cuagym.synth import ConsensusError, ConsensusReport
from cuagym.synth._consensus import ConsensusRunner

needs_root = pytest.mark.skipif(os.geteuid() != 0, reason="the sandbox needs root")

TASK = TaskConfig(
    task_id="notes-append",
    instruction="Append the line 'buy milk' to notes.txt.",
    domain="files",
    apps=["files"],
    difficulty="easy",
)
SETUP = 'open("notes.txt", "w").write("call mum\\n")\n'
PATCH = 'open("notes.txt", "a").write("buy milk\\n")\n'
REWARD = """\
lines = open("notes.txt").read().splitlines()
ok = lines == ["call mum", "buy milk"]
print(f"CHECK appended 1 {'PASS' if ok else 'FAIL'} {len(lines)} lines")
print(f"REWARD: {1.0 if ok else 0.0}")
"""
# Scores right, and quietly leaves a file behind when the home lets it.
REWARD_WRITES = 'try:\n    open("seen.txt", "w").write("x")\nexcept OSError:\n    pass\n' + REWARD
# Hangs on the initial state.
REWARD_HANGS = "import time\n\nif len(open('notes.txt').read().splitlines()) < 2:\n" + (
    "    time.sleep(60)\n" + REWARD
)


def vector(report: ConsensusReport) -> tuple[bool | None, ...]:
    return tuple(report.conditions[c].ok for c in CONDITION_IDS)


@pytest.fixture
def state_root() -> Iterator[Path]:
    root = Path(tempfile.mkdtemp(prefix="cuagym-test-consensus-"))
    root.chmod(0o755)
    try:
        yield root
    finally:
        os.rmdir(root)  # empty again: every environment was closed


@needs_root
@pytest.mark.slow
async def test_prepare_once_judge_many(state_root: Path) -> None:
    runner = ConsensusRunner(env_options={"state_root": state_root}, script_timeout_s=30)
    prepared = await runner.prepare(TASK, SETUP, PATCH)
    try:
        assert prepared.c1.ok is True and prepared.c2.ok is True
        assert prepared.init_ready and prepared.gold_ready
        gold = await prepared.v_gold.read_state(StateQuery(parse=False, hub=False))
        assert {f.path: f.text for f in gold.files}["notes.txt"] == "call mum\nbuy milk\n"

        good = await runner.judge(TASK, prepared, REWARD)
        assert good.passed and (good.r_init, good.r_gold) == (0.0, 1.0)
        constant = await runner.judge(TASK, prepared, 'print("REWARD: 1.0")\n')
        assert vector(constant) == (True, True, True, False, False, True, False)
        # C7: a constant reward scores every near miss of the gold state 1.0.
        assert "near misses scored 1.0" in constant.conditions["C7"].detail
        # Judging leaves the environments as prepared: the same reward, the same report.
        again = await runner.judge(TASK, prepared, REWARD)
        assert again.conditions == good.conditions and again.runs == good.runs
    finally:
        await prepared.close()
    whole = await runner.check(TASK, SETUP, PATCH, REWARD)
    assert whole.conditions == good.conditions and "total" in whole.timings_s


@needs_root
@pytest.mark.slow
async def test_home_write_caught_by_the_tree_comparison(state_root: Path) -> None:
    # With the home writable for reward.py, only the before/after comparison can tell.
    options = {"state_root": state_root, "readonly_roles": ()}
    runner = ConsensusRunner(env_options=options, script_timeout_s=30)
    report = await runner.check(TASK, SETUP, PATCH, REWARD_WRITES)
    assert vector(report) == (True, True, False, False, False, True, None)
    for cid in ("C3", "C4"):
        assert "wrote into /home/user: added seen.txt" in report.conditions[cid].detail
    # Each run started from the snapshot: the second did not find the first one's file.
    assert all(r.problems == ["wrote into /home/user: added seen.txt"] for r in report.runs)

    # The default (read-only home) stops the write; the scanner still names it.
    default = ConsensusRunner(env_options={"state_root": state_root}, script_timeout_s=30)
    report = await default.check(TASK, SETUP, PATCH, REWARD_WRITES)
    assert vector(report)[:6] == (True, True, True, True, False, True)
    assert "file_write" in report.conditions["C5"].detail


@needs_root
@pytest.mark.slow
async def test_timeout_is_a_contract_violation(state_root: Path) -> None:
    runner = ConsensusRunner(env_options={"state_root": state_root}, script_timeout_s=3)
    report = await runner.check(TASK, SETUP, PATCH, REWARD_HANGS)
    assert vector(report) == (True, True, True, False, True, True, True)
    assert report.conditions["C4"].detail.startswith("reward.py on V_init timed out after 3 s")
    assert report.r_init is None
    # one timeout per hanging script: its second (C6) run is not started
    assert [r.index for r in report.runs if r.state == "init"] == [1]
    assert "V_init scored once (timed out)" in report.conditions["C6"].detail


async def test_web_task_needs_a_hub() -> None:
    web = TASK.model_copy(update={"apps": ["team-chat"], "domain": "team-chat"})
    with pytest.raises(ConsensusError, match=r"uses web app\(s\) \['team-chat'\].*no hub"):
        await ConsensusRunner().prepare(web, SETUP, PATCH)
    assert ConsensusRunner().web_apps(TASK) == ()


@needs_root
async def test_context_manager_serves_every_web_app() -> None:
    async with ConsensusRunner() as runner:
        assert runner.hub is not None and "team-chat" in runner.hub.app_ids
        web = TASK.model_copy(update={"apps": ["team-chat", "files"]})
        assert runner.web_apps(web) == ("team-chat",)
    assert runner.hub is None


@needs_root
@pytest.mark.slow
async def test_hub_session_is_restored_before_judging(state_root: Path) -> None:
    """A write into V_gold's hub session between prepare and judge (a Discriminator's probe,
    say) is undone: judging sees the state as prepared."""
    import httpx

    from tests.synth.bundle_corpus import cases

    case = cases()["team-chat--set-channel-topic--0"]
    async with ConsensusRunner(env_options={"state_root": state_root}) as runner:
        prepared = await runner.prepare(case.task, case.initial_setup, case.golden_patch)
        try:
            assert prepared.hub is not None and runner.hub is not None
            async with httpx.AsyncClient(base_url=runner.hub.url) as client:
                resp = await client.post(
                    "/team-chat/post",
                    params={"sid": prepared.hub.sids["gold"]},
                    headers={"Authorization": f"Bearer {runner.hub.token}"},
                    json={"action": "reset"},
                )
                resp.raise_for_status()
            report = await runner.judge(case.task, prepared, case.reward)
        finally:
            await prepared.close()
    assert report.passed, report.conditions
    assert all(not r.problems for r in report.runs)


# Full credit only when nothing but notes.txt differs from the initial home (a whole-state
# guard): the patch's extra file on V_gold must be caught, the untouched V_init must not.
REWARD_WHOLE_STATE = """\
import os
initial = os.environ["CUAGYM_INITIAL_HOME"]
def tree(root):
    return {
        os.path.relpath(os.path.join(d, f), root): open(os.path.join(d, f)).read()
        for d, _, fs in os.walk(root) for f in fs if not f.startswith(".")
    }
before, after = tree(initial), tree(".")
changed = before.keys() | after.keys()
others = sorted(p for p in changed if p != "notes.txt" and before.get(p) != after.get(p))
lines = after.get("notes.txt", "").splitlines()
ok = lines == ["call mum", "buy milk"]
print(f"CHECK appended 1 {'PASS' if ok else 'FAIL'} {len(lines)} lines")
print(f"CHECK nothing_else 0 {'PASS' if not others else 'FAIL'} {others}")
print(f"REWARD: {1.0 if ok and not others else 0.0}")
"""


@needs_root
@pytest.mark.slow
async def test_rewards_see_the_state_after_setup_as_the_initial_home(state_root: Path) -> None:
    runner = ConsensusRunner(env_options={"state_root": state_root}, script_timeout_s=30)
    report = await runner.check(TASK, SETUP, PATCH, REWARD_WHOLE_STATE)
    assert (report.r_init, report.r_gold) == (0.0, 1.0), report.gold_output
    sloppy = PATCH + 'open("notes-backup.txt", "w").write("call mum\\n")\n'
    report = await runner.check(TASK, SETUP, sloppy, REWARD_WHOLE_STATE)
    assert report.r_gold == 0.0 and report.gold_output is not None
    guard = [c for c in report.gold_output.checks if c.name == "nothing_else"]
    assert guard and not guard[0].passed and "notes-backup.txt" in guard[0].detail
