"""The named checks C1-C6 on synthetic observations: each accepts what it must and rejects the
rest (a check that cannot fail is a defect). No sandbox needed."""

from __future__ import annotations

import pytest

from cuagym.core import Review
from cuagym.core.review import CONDITION_IDS
from cuagym.sandbox import ScriptResult
from cuagym.synth import ConsensusReport, ScanReport
from cuagym.synth._checks import (
    check_gold_scores_one,
    check_init_scores_zero,
    check_no_forbidden_patterns,
    check_patch_runs,
    check_reward_deterministic,
    check_setup_runs,
    make_reward_run,
    script_failure,
)
from cuagym.synth._consensus_models import ConditionOutcome, RewardRun
from cuagym.synth._scan_models import Violation

TRACEBACK = (
    "Traceback (most recent call last):\n"
    '  File "/opt/task/initial_setup.py", line 3, in <module>\n'
    "ZeroDivisionError: division by zero\n"
)


def result(
    code: int = 0, stdout: str = "", stderr: str = "", timed_out: bool = False
) -> ScriptResult:
    return ScriptResult(
        exit_code=124 if timed_out else code,
        stdout=stdout,
        stderr=stderr,
        timed_out=timed_out,
        duration_s=0.1,
    )


def run(state: str, index: int, stdout: str, **kw: object) -> RewardRun:
    return make_reward_run(state, index, result(stdout=stdout), **kw)  # type: ignore[arg-type]


OK_GOLD = "CHECK a 1 PASS\nCHECK b 1 PASS\nREWARD: 1.0\n"
OK_INIT = "CHECK a 1 FAIL\nCHECK b 1 FAIL\nREWARD: 0.0\n"


def test_script_failure_names_the_reason() -> None:
    assert script_failure(result()) is None
    assert script_failure(result(1, stderr=TRACEBACK)) == (
        "exit code 1: ZeroDivisionError: division by zero"
    )
    assert script_failure(result(timed_out=True)) == "timed out after 0 s"
    killed = result(timed_out=True, stderr="[cuagym sandbox] limit hit: timeout: the wall-clock")
    assert script_failure(killed) == "timed out after 0 s", "the sandbox's note adds nothing"
    limited = result(137).model_copy(update={"limit": "memory"})
    assert script_failure(limited) == "stopped by the memory limit (exit code 137)"
    # Memory addresses would make the detail differ between two verifications.
    assert "0x…" in (script_failure(result(1, stderr="E: <obj at 0x7f12ab34cd56>")) or "")


def test_c1_setup_must_run_clean_on_both() -> None:
    assert check_setup_runs(result(), result()).ok is True
    both = check_setup_runs(result(1, stderr=TRACEBACK), result(1, stderr=TRACEBACK))
    assert both.ok is False and "on V_init and V_gold: exit code 1" in both.detail
    one = check_setup_runs(result(), result(timed_out=True))
    assert one.ok is False and "on V_init: ran clean; on V_gold: timed out" in one.detail


def test_c2_patch() -> None:
    assert check_patch_runs(result()).ok is True
    bad = check_patch_runs(result(2, stderr="KeyError: 'x'"))
    assert bad.ok is False and bad.detail == "golden_patch.py on V_gold: exit code 2: KeyError: 'x'"
    missing = check_patch_runs(None)
    assert missing.ok is None and "not run" in missing.detail


def test_c3_c4_scores() -> None:
    assert check_gold_scores_one(run("gold", 1, OK_GOLD)).ok is True
    assert check_init_scores_zero(run("init", 1, OK_INIT)).ok is True
    half = check_gold_scores_one(run("gold", 1, "CHECK a 1 PASS\nCHECK b 1 FAIL\nREWARD: 0.5\n"))
    assert half == ConditionOutcome(ok=False, detail="r(V_gold) = 0.5, want 1.0; failed checks: b")
    solved = check_init_scores_zero(run("init", 1, OK_GOLD))
    assert solved.ok is False and solved.detail.endswith("passed checks: a, b")
    assert check_gold_scores_one(None, "golden_patch.py failed").ok is None
    assert check_init_scores_zero(None).ok is None


@pytest.mark.parametrize(
    ("stdout", "kw", "reason"),
    [
        ("CHECK a 1 PASS\n", {}, "the last line must be 'REWARD: <float>'"),
        ("", {}, "no output"),
        ("REWARD: 1.5\n", {}, "outside [0, 1]"),
        ("REWARD: 1\n", {}, "write a full reward as 'REWARD: 1.0'"),
        ("REWARD: 1.0\nREWARD: 1.0\n", {}, "REWARD line is not the last line"),
        (OK_GOLD, {"home_changes": ["added cache.json"]}, "wrote into /home/user: added cache"),
        (OK_GOLD, {"hub_changes": ["team-chat"]}, "changed the hub state of team-chat"),
    ],
)
def test_contract_violations_fail_c3_with_the_reason(
    stdout: str, kw: dict[str, list[str]], reason: str
) -> None:
    outcome = check_gold_scores_one(run("gold", 1, stdout, **kw))
    assert outcome.ok is False
    assert reason in outcome.detail and "broke the output contract on V_gold" in outcome.detail


def test_contract_exit_code_and_read_only_write() -> None:
    crashed = make_reward_run(
        "init", 1, result(1, OK_INIT, "OSError: [Errno 30] Read-only file system: 'x'")
    )
    assert not crashed.follows_contract and crashed.reward == 0.0
    detail = check_init_scores_zero(crashed).detail
    assert "exit code 1: OSError" in detail
    assert "tried to write into /home/user" in detail
    timed = make_reward_run("init", 1, result(timed_out=True))
    # the timeout first, not "broke the output contract ... no output" (which follows from it)
    assert check_init_scores_zero(timed).detail == "reward.py on V_init timed out after 0 s"


def test_c5() -> None:
    assert check_no_forbidden_patterns(ScanReport(path="r", violations=[])).ok is True
    bad = ScanReport(path="r", violations=[Violation(pattern="subprocess", line=3, message="m")])
    outcome = check_no_forbidden_patterns(bad)
    assert outcome.ok is False and outcome.detail == "forbidden patterns: subprocess (line 3)"


def test_c6_deterministic() -> None:
    same = [
        run("init", 1, OK_INIT),
        run("init", 2, OK_INIT),
        run("gold", 1, OK_GOLD),
        run("gold", 2, OK_GOLD),
    ]
    assert check_reward_deterministic(same) == ConditionOutcome(
        ok=True, detail="r(V_init) = 0.0 twice; r(V_gold) = 1.0 twice"
    )
    score = [run("gold", 1, OK_GOLD), run("gold", 2, "CHECK a 1 PASS\nCHECK b 1 FAIL\nREWARD: 0.5")]
    outcome = check_reward_deterministic(score)
    assert outcome.ok is False and "V_gold: the score differs between runs" in outcome.detail
    weights = [run("gold", 1, OK_GOLD), run("gold", 2, OK_GOLD.replace("a 1", "a 2"))]
    outcome = check_reward_deterministic(weights)
    assert outcome.ok is False and "the points of check a differ" in outcome.detail
    # One run scores, the other prints nothing: also a difference.
    assert check_reward_deterministic([run("init", 1, OK_INIT), run("init", 2, "")]).ok is False
    # Details are free text (a timestamp there is harmless).
    detail = [
        run("init", 1, "CHECK a 1 FAIL t=1\nREWARD: 0.0"),
        run("init", 2, "CHECK a 1 FAIL t=2\nREWARD: 0.0"),
    ]
    assert check_reward_deterministic(detail).ok is True
    # Nothing scored anywhere: not run.
    assert check_reward_deterministic([run("init", 1, ""), run("init", 2, "")]).ok is None
    assert check_reward_deterministic([]).ok is None


def _report(conditions: dict[str, ConditionOutcome], **kw: object) -> ConsensusReport:
    return ConsensusReport(
        task_id="t-1",
        conditions=conditions,
        passed=all(c.ok is True for c in conditions.values()),
        **kw,  # type: ignore[arg-type]
    )


def test_report_to_review_and_verify_json() -> None:
    gold, init = run("gold", 1, OK_GOLD), run("init", 1, OK_INIT)
    ok = {c: ConditionOutcome(ok=True, detail=f"{c} fine") for c in CONDITION_IDS}
    passed = _report(ok, r_gold=1.0, r_init=0.0, gold_output=gold.output, init_output=init.output)
    review = passed.to_review("well done", round=2)
    assert review.verdict == "PASS" and review.round == 2 and review.feedback == "well done"
    assert Review.parse(review.render()) == review
    assert review.verify_conditions() == passed.verify_json("b")["conditions"]

    bad = dict(ok)
    bad["C3"] = ConditionOutcome(ok=None, detail="not run: golden_patch.py failed on V_gold")
    bad["C5"] = ConditionOutcome(ok=False, detail="forbidden patterns: subprocess (line 1)")
    hit = Violation(pattern="subprocess", line=1, message="os.system")
    failed = _report(bad, r_init=0.0, init_output=init.output, forbidden=[hit])
    review = failed.to_review()
    assert review.verdict == "FAIL" and review.forbidden[0].pattern == "subprocess"
    assert review.conditions["C3"].status == "not_run"
    assert failed.failed_conditions() == ["C3", "C5"]
    out = failed.verify_json("path/to/b")
    assert list(out) == ["task_id", "bundle", "passed", "conditions", "r_init", "r_gold"]
    assert out["conditions"]["C3"] == {"ok": None, "detail": bad["C3"].detail}
    assert out["passed"] is False and out["r_gold"] is None


def test_c7_fails_on_any_accepted_near_miss_and_names_it_as_a_state() -> None:
    from cuagym.core.near_misses import AcceptedNearMiss, NearMissReport
    from cuagym.synth._checks import check_near_misses

    assert check_near_misses(None, "no gold").ok is None
    clean = NearMissReport(tried=4, rejected=4)
    assert check_near_misses(clean).ok is True
    assert check_near_misses(clean).detail == "4 near misses all scored below 1.0"
    state = "mail: threads.t-1.starred is True instead of False (flip)"
    bad = NearMissReport(
        tried=4,
        rejected=3,
        accepted=[
            AcceptedNearMiss(
                kind="perturb", path="mail: threads.t-1.starred", state=state, reward=1.0
            )
        ],
    )
    outcome = check_near_misses(bad)
    assert outcome.ok is False and state in outcome.detail and "1 of 4" in outcome.detail
