"""The teacher stage's decisions, buckets, records and resume, over real accepted bundles, with
the rollout layer's test double and the scripted judge (see teacher_helpers)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from cuagym.core import Bundle
from cuagym.filter import (
    CriticPanel,
    CriticsOptions,
    TeacherOptions,
    VlmJudge,
    collect_inputs,
    run_critics,
    run_teacher,
)
from cuagym.filter._teacher_records import downsample_draw
from cuagym.filter._teacher_stage import NO_JUDGE_NOTE, ORACLE_NOTE
from cuagym.llm.scripted import ScriptedChatApi
from tests.filter.helpers import by_model_and_task, client, corpus, critic, verdict
from tests.filter.teacher_helpers import GREEN, RED, ScriptedRollouts, judge_script

G, R = GREEN, RED
# task -> [(r, screen colour) for k in 0..3]
PLAN: dict[str, list[tuple[float | None, tuple[int, int, int]]]] = {
    "calc-total-row": [(0.0, R)] * 4,  # both means 0: drop
    "files-csv-dedupe": [(1.0, G)] * 4,  # every score 1: downsample
    "writer-title-heading": [(1.0, G), (1.0, G), (0.5, G), (1.0, R)],  # .875 vs .75: accept
    "crm--update-lead-status--0": [(1.0, R), (1.0, R), (1.0, G), (1.0, G)],  # 1 vs .5: refine
    "team-chat--react-to-message--2": [(0.0, R), (0.5, G), (1.0, G), (1.0, G)],  # accept
}
IDS = sorted(PLAN)
ROOT = Path(__file__).parents[2]


def plan(bundle: Bundle, k: int) -> tuple[float | None, tuple[int, int, int]]:
    return PLAN[bundle.task_id][k]


def _meta(out: Path, bucket: str, task_id: str) -> dict:  # type: ignore[type-arg]
    return json.loads((out / bucket / task_id / "meta.json").read_text(encoding="utf-8"))


def _bucket(out: Path, task_id: str) -> str:
    (bucket,) = [b for b in ("kept", "dropped", "offline") if (out / b / task_id).is_dir()]
    return bucket


async def test_every_decision_with_a_judge(tmp_path: Path) -> None:
    final = corpus(tmp_path, IDS)
    out = tmp_path / "out"
    runner, api = ScriptedRollouts(plan), ScriptedChatApi(judge_script)
    judge = VlmJudge(client(api, "anthropic:scripted-double"))
    summary, outcomes = await run_teacher(
        collect_inputs([final]), runner, TeacherOptions(out=out, n=4, delta=0.2), judge=judge
    )
    decided = {o.task_id: o.decision for o in outcomes}
    assert decided == {
        "calc-total-row": "drop", "files-csv-dedupe": "downsample",
        "writer-title-heading": "accept", "crm--update-lead-status--0": "refine",
        "team-chat--react-to-message--2": "accept",
    }  # fmt: skip
    ds = "kept" if downsample_draw("files-csv-dedupe") < 0.5 else "dropped"
    assert {t: _bucket(out, t) for t in IDS} == {
        "calc-total-row": "dropped", "files-csv-dedupe": ds, "writer-title-heading": "kept",
        "crm--update-lead-status--0": "offline", "team-chat--react-to-message--2": "kept",
    }  # fmt: skip
    assert summary.decisions["teacher"]["refine"] == 1 and summary.buckets["offline"] == 1
    assert any("no --refine-model" in n for n in summary.notes)

    record = _meta(out, "kept", "writer-title-heading")["filter"]["teacher"]
    assert record["policy"] == "scripted-rollouts"
    assert record["judge"] == "anthropic:scripted-double"
    assert record["checklist"]["criteria"] and record["r_vlm_available"] is True
    (only,) = record["passes"]
    assert only["r"] == [1.0, 1.0, 0.5, 1.0] and only["r_vlm"] == [1, 1, 1, 0]
    assert only["mean_r"] == 0.875 and only["mean_r_vlm"] == 0.75
    assert only["decision"] == "accept" and record["outcome"] == "accept"
    for k, x in enumerate(only["rollouts"]):
        assert x["episode"] == f"rollouts/pass-1/writer-title-heading/{k}"
        assert (out / x["episode"] / "episode.json").is_file()
        assert x["judgement"]["description"].startswith("The screen is solid")
        assert x["checks"][0]["name"] == "target"
    assert record["tokens_in"] == 300 + 4 * 1200  # the checklist once, four judgements
    offline = _meta(out, "offline", "crm--update-lead-status--0")["filter"]["teacher"]
    assert offline["outcome"] == "offline" and "--refine-model" in offline["note"]
    # the checklist is derived once per tuple; every scored rollout judged once
    assert len(api.requests) == len(IDS) * (1 + 4)
    # bundles are complete and unchanged but for meta.json
    for t in IDS:
        got = Bundle.load(out / _bucket(out, t) / t)
        assert got.reward == Bundle.load(final / t).reward


async def test_judge_none_decides_on_r_alone(tmp_path: Path) -> None:
    final = corpus(tmp_path, IDS)
    out = tmp_path / "out"
    summary, outcomes = await run_teacher(
        collect_inputs([final]), ScriptedRollouts(plan), TeacherOptions(out=out)
    )
    decided = {o.task_id: o.decision for o in outcomes}
    assert decided["crm--update-lead-status--0"] == "downsample"  # r alone cannot disagree
    assert decided["calc-total-row"] == "drop" and decided["writer-title-heading"] == "accept"
    assert NO_JUDGE_NOTE in summary.notes and summary.buckets["offline"] == 0
    record = _meta(out, "kept", "writer-title-heading")["filter"]["teacher"]
    assert record["judge"] is None and record["r_vlm_available"] is False
    assert record["passes"][0]["r_vlm"] is None and record["checklist"] is None
    assert NO_JUDGE_NOTE in record["note"]


@pytest.mark.parametrize("keep", [0.0, 0.5, 1.0])
async def test_downsample_keeps_a_fraction_chosen_by_task_id(tmp_path: Path, keep: float) -> None:
    final = corpus(tmp_path, ["files-csv-dedupe"])
    out = tmp_path / "out"
    await run_teacher(
        collect_inputs([final]), ScriptedRollouts(plan),
        TeacherOptions(out=out, downsample_keep=keep),
    )  # fmt: skip
    draw = downsample_draw("files-csv-dedupe")
    assert 0.0 <= draw < 1.0 and draw == downsample_draw("files-csv-dedupe")
    want = "kept" if draw < keep else "dropped"
    assert _bucket(out, "files-csv-dedupe") == want
    record = _meta(out, want, "files-csv-dedupe")["filter"]["teacher"]
    assert record["outcome"] == f"downsample_{want}" and record["downsample_draw"] == draw


async def test_a_crash_mid_tuple_resumes_from_what_was_done(tmp_path: Path) -> None:
    final = corpus(tmp_path, ["writer-title-heading"])
    out = tmp_path / "out"
    runner, api = ScriptedRollouts(plan), ScriptedChatApi(judge_script)
    runner.fail_on = 3
    summary, outcomes = await run_teacher(
        collect_inputs([final]), runner, TeacherOptions(out=out, workers=1),
        judge=VlmJudge(client(api)),
    )  # fmt: skip
    assert outcomes[0].status == "error" and "crashed" in outcomes[0].detail
    assert summary.errors == 1 and not (out / "kept").exists()
    # the crash cancelled the pass before any judging: only the checklist was asked for
    assert len(api.requests) == 1
    runner.fail_on = None
    summary, outcomes = await run_teacher(
        collect_inputs([final]), runner, TeacherOptions(out=out, workers=1),
        judge=VlmJudge(client(api)),
    )  # fmt: skip
    assert outcomes[0].decision == "accept" and _bucket(out, "writer-title-heading") == "kept"
    # rollouts 0 and 1 were reused; 2 (crashed) and 3 ran now; the checklist was reused
    ks = [k for _, k, _ in runner.runs]
    assert ks[:3] == [0, 1, 2] and sorted(ks[3:]) == [2, 3]
    assert len(api.requests) == 1 + 4
    assert not (out / ".cuagym-filter" / "teacher" / "writer-title-heading").exists()


async def test_error_episodes_are_retried_once_then_leave_the_tuple_undecided(
    tmp_path: Path,
) -> None:
    final = corpus(tmp_path, ["calc-total-row"])
    out = tmp_path / "out"

    def flaky(bundle: Bundle, k: int) -> tuple[float | None, tuple[int, int, int]]:
        return (None, R) if k == 1 else (1.0, G)

    runner = ScriptedRollouts(flaky)
    _, outcomes = await run_teacher(collect_inputs([final]), runner, TeacherOptions(out=out, n=3))
    assert outcomes[0].status == "error" and "1 of 3 rollouts ended in error" in outcomes[0].detail
    assert sorted(k for _, k, _ in runner.runs) == [0, 1, 1, 2]
    runner.plan = plan
    _, outcomes = await run_teacher(collect_inputs([final]), runner, TeacherOptions(out=out, n=3))
    assert outcomes[0].status == "decided"
    assert sorted(k for _, k, _ in runner.runs) == [0, 1, 1, 1, 2]  # only the error re-ran


async def test_the_two_stages_share_one_output_folder(tmp_path: Path) -> None:
    final = corpus(tmp_path, IDS)
    out = tmp_path / "out"
    answers = {("critic-b", "team-chat--react-to-message--2"): verdict("reject", "P0")}
    script = by_model_and_task(answers)
    panel = CriticPanel([critic(ScriptedChatApi(script), "openai:critic-a"),
                         critic(ScriptedChatApi(script), "anthropic:critic-b")])  # fmt: skip
    await run_critics(collect_inputs([final]), panel, CriticsOptions(out=out))
    assert _bucket(out, "team-chat--react-to-message--2") == "dropped"
    runner = ScriptedRollouts(plan)
    summary, outcomes = await run_teacher(
        collect_inputs([final]), runner, TeacherOptions(out=out),
        judge=VlmJudge(client(ScriptedChatApi(judge_script))),
    )  # fmt: skip
    status = {o.task_id: o.status for o in outcomes}
    assert status["team-chat--react-to-message--2"] == "earlier"  # dropped by the critics
    assert {t for t, _, _ in runner.runs} == set(IDS) - {"team-chat--react-to-message--2"}
    meta = _meta(out, "dropped", "calc-total-row")["filter"]
    assert meta["critics"]["decision"] == "keep" and meta["teacher"]["decision"] == "drop"
    assert meta["bucket"] == "dropped"
    assert summary.decisions["critics"]["reject"] == 1 and summary.decisions["teacher"]["drop"] == 1
    assert sum(summary.buckets.values()) == len(IDS)
    # a second run decides nothing new
    _, again = await run_teacher(collect_inputs([out / "kept"]), runner, TeacherOptions(out=out))
    assert {o.status for o in again} == {"earlier"}


async def test_a_deterministic_teacher_plays_once_and_keeps_what_it_solves(
    tmp_path: Path,
) -> None:
    final = corpus(tmp_path, IDS)
    out = tmp_path / "out"
    runner = ScriptedRollouts(plan)  # rollout 0 of each plan: what the oracle would score
    summary, outcomes = await run_teacher(
        collect_inputs([final]), runner, TeacherOptions(out=out, n=1, deterministic=True)
    )
    assert sorted((t, k) for t, k, _ in runner.runs) == [(t, 0) for t in IDS]  # once each
    decided = {o.task_id: o.decision for o in outcomes}
    assert decided == {
        "calc-total-row": "drop", "files-csv-dedupe": "accept",
        "writer-title-heading": "accept", "crm--update-lead-status--0": "accept",
        "team-chat--react-to-message--2": "drop",
    }  # fmt: skip
    # Every tuple the oracle solved is kept, whatever the downsampling draw would say.
    assert {t: _bucket(out, t) for t in IDS} == {
        t: "kept" if d == "accept" else "dropped" for t, d in decided.items()
    }
    assert summary.decisions["teacher"]["downsample"] == 0
    assert ORACLE_NOTE in summary.notes
    record = _meta(out, "kept", "files-csv-dedupe")["filter"]["teacher"]
    assert record["n"] == 1 and record["outcome"] == "accept" and ORACLE_NOTE in record["note"]


def test_options_are_checked() -> None:
    for bad in (
        {"n": 0},
        {"delta": 0.0},
        {"delta": 1.5},
        {"downsample_keep": 1.2},
        {"n": 4, "deterministic": True},
    ):
        with pytest.raises(ValueError):
            TeacherOptions(out=Path("x"), **bad)  # type: ignore[arg-type]


@pytest.mark.slow
def test_kill_9_mid_run_then_resume(tmp_path: Path) -> None:
    """The stage in its own process, killed with SIGKILL while tuples are in flight; a second
    run finishes: every tuple in exactly one bucket, none lost, finished episodes reused."""
    final = corpus(tmp_path, IDS)
    out = tmp_path / "out"
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT / "src"), str(ROOT), env.get("PYTHONPATH", "")])
    argv = [sys.executable, "-m", "tests.filter.teacher_child", str(final), str(out)]
    proc = subprocess.Popen(argv, env=env, cwd=ROOT, stdout=subprocess.PIPE, text=True,
                            start_new_session=True)  # fmt: skip
    assert proc.stdout is not None
    decided = [proc.stdout.readline() for _ in range(2)]  # two tuples done, others in flight
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)
    assert all(line.strip() for line in decided), decided
    placed = _placed(out)
    assert 2 <= len(placed) < len(IDS) and all(len(b) == 1 for b in placed.values())
    before = {p: p.read_bytes() for p in (out / "rollouts").rglob("episode.json")}
    assert len(before) >= 8
    again = subprocess.run(argv, env=env, cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert again.returncode == 0, again.stderr
    placed = _placed(out)
    assert sorted(placed) == IDS and all(len(b) == 1 for b in placed.values())
    for task_id, (bucket,) in placed.items():
        Bundle.load(out / bucket / task_id)
    # episodes finished before the kill were not run again (the very same records)
    for path, data in before.items():
        assert path.read_bytes() == data
    assert len(list((out / "rollouts").rglob("episode.json"))) == 4 * len(IDS)


def _placed(out: Path) -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for bucket in ("kept", "dropped", "offline"):
        for entry in sorted((out / bucket).glob("*")) if (out / bucket).is_dir() else []:
            found.setdefault(entry.name, []).append(bucket)
    return found
