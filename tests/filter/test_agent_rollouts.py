"""The teacher stage through the real rollout layer (:mod:`cuagym.agent`): sandboxed GUI
environments with their own display, real LibreOffice, the bundle's own reward.py on the final
state. The scripted chat double (a test double, not a model) plays the policy — it terminates
at once, claiming success — and the judge, which reads the colour of the screenshot it is sent
(a real screen is not solid green: r_vlm = 0)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from cuagym.agent import PolicyConfig, RolloutOptions, make_policies
from cuagym.core import Bundle, Episode
from cuagym.filter import AgentRollouts, TeacherOptions, VlmJudge, collect_inputs, run_teacher
from cuagym.filter._judge import CHECKLIST_SYSTEM, JUDGE_SYSTEM
from cuagym.filter._teacher_records import downsample_draw
from cuagym.llm.scripted import Reply, ScriptedChatApi, ScriptedRequest
from tests.envs.desktop.conftest import needs_chromium, needs_gui, needs_office, needs_root
from tests.filter.helpers import CLI, cli_env, client, corpus, scripted_server
from tests.filter.teacher_helpers import InstallingRefiner, judge_script

pytestmark = [pytest.mark.gui, pytest.mark.slow, needs_gui, needs_office, needs_root]

TERMINATE = (
    'Action: the task looks done.\n<tool_call>{"name": "computer_use", "arguments": '
    '{"action": "terminate", "status": "success"}}</tool_call>'
)


def script(req: ScriptedRequest) -> Reply:
    if req.system in (CHECKLIST_SYSTEM, JUDGE_SYSTEM):
        return judge_script(req)
    return Reply(text=TERMINATE)


async def test_teacher_rollouts_through_the_agent_loop(tmp_path: Path) -> None:
    final = corpus(tmp_path, ["calc-total-row"])
    out = tmp_path / "out"
    api = ScriptedChatApi(script)
    config = PolicyConfig(policy="openai:policy-double", base_url="http://scripted.invalid/v1")
    runner = AgentRollouts(
        config, tasks=[Bundle.load(final / "calc-total-row").task], workers=1,
        options=RolloutOptions(max_steps=2),
        policies=make_policies(config, http_client=api.client(), api_key="sk-test"),
    )  # fmt: skip
    try:
        summary, outcomes = await run_teacher(
            collect_inputs([final]), runner, TeacherOptions(out=out, n=2, workers=1),
            judge=VlmJudge(client(api)),
        )  # fmt: skip
    finally:
        await runner.aclose()
    (outcome,) = outcomes
    assert outcome.status == "decided", outcome.detail
    assert outcome.decision == "drop" and summary.buckets["dropped"] == 1
    record = json.loads((out / "dropped/calc-total-row/meta.json").read_text())["filter"]["teacher"]
    assert record["policy"] == "openai:policy-double"
    (only,) = record["passes"]
    assert only["r"] == [0.0, 0.0] and only["r_vlm"] == [0, 0]
    for x in only["rollouts"]:
        episode = Episode.load(out / x["episode"])
        assert (
            episode.record.ended_by == "terminate" and episode.record.terminate_status == "success"
        )
        # r is the bundle's own reward.py on the final state
        assert [c.name for c in episode.record.checks] == [
            "total_label",
            "total_value",
            "items_kept",
        ]
        assert episode.final_screenshot_path is not None
        assert episode.record.screen_size == (1280, 800)
        assert tuple(x["judgement"]["image_size"]) != (64, 48)
    policy_turns = [r for r in api.requests if r.system not in (CHECKLIST_SYSTEM, JUDGE_SYSTEM)]
    assert len(policy_turns) == 2


def test_teacher_command_end_to_end(tmp_path: Path) -> None:
    """``cuagym filter teacher`` as a user runs it, the scripted double behind a local HTTP
    server playing policy and judge; then the same command again decides nothing new."""
    final = corpus(tmp_path, ["calc-total-row", "files-csv-dedupe"])
    out = tmp_path / "out"
    api = ScriptedChatApi(script)
    with scripted_server(api) as url:
        argv = [
            *CLI, "teacher", str(final), "--policy", f"openai:policy-double@{url}/v1",
            "--judge", f"anthropic:judge-double@{url}", "--n", "2", "--workers", "2",
            "--max-steps", "2", "--out", str(out), "--json",
        ]  # fmt: skip
        run = subprocess.run(argv, capture_output=True, text=True, env=cli_env(), timeout=900)
        assert run.returncode == 0, run.stderr
        line = json.loads(run.stdout.strip().splitlines()[-1])
        assert line["stage"] == "teacher" and line["decided"] == 2
        assert line["decisions"]["teacher"]["drop"] == 2 and line["buckets"]["dropped"] == 2
        assert "no --refine-model" in run.stderr
        again = subprocess.run(argv, capture_output=True, text=True, env=cli_env(), timeout=300)
    assert again.returncode == 0, again.stderr
    assert json.loads(again.stdout.strip().splitlines()[-1])["earlier"] == 2
    for task_id in ("calc-total-row", "files-csv-dedupe"):
        Bundle.load(out / "dropped" / task_id)
        assert len(list((out / "rollouts" / "pass-1" / task_id).glob("*/episode.json"))) == 2


def test_oracle_without_a_judge_says_so(tmp_path: Path) -> None:
    """``--policy oracle --judge none``: no model at all; a family without a GUI oracle is
    left undecided with the reason, and the output says only r decided."""
    final = corpus(tmp_path, ["files-csv-dedupe"])
    run = subprocess.run(
        [*CLI, "teacher", str(final), "--policy", "oracle", "--judge", "none",
         "--out", str(tmp_path / "out"), "--json"],
        capture_output=True, text=True, env=cli_env(), timeout=300,
    )  # fmt: skip
    assert run.returncode == 1, run.stderr  # undecided: re-runnable once an oracle exists
    assert "judge none: r_vlm is unavailable" in run.stderr
    assert "no task family" in run.stderr or "no GUI oracle" in run.stderr
    assert json.loads(run.stdout.strip().splitlines()[-1])["errors"] == 1


@pytest.mark.browser
@needs_chromium
async def test_the_oracle_solves_a_web_tuple_without_any_model(tmp_path: Path) -> None:
    """``--policy oracle --judge none`` on a team-chat tuple whose family has a GUI oracle:
    real Chromium on the embedded hub, r = 1 on every rollout, so downsample (r alone)."""
    task_id = "team-chat--set-channel-topic--0"
    final = corpus(tmp_path, [task_id])
    out = tmp_path / "out"
    runner = AgentRollouts(
        PolicyConfig(policy="oracle"), tasks=[Bundle.load(final / task_id).task], workers=1
    )
    try:
        summary, outcomes = await run_teacher(
            collect_inputs([final]), runner, TeacherOptions(out=out, n=2, workers=1)
        )
        assert summary.decided == 1
    finally:
        await runner.aclose()
    (outcome,) = outcomes
    assert outcome.status == "decided", outcome.detail
    assert outcome.decision == "downsample"
    bucket = "kept" if downsample_draw(task_id) < 0.5 else "dropped"
    record = json.loads((out / bucket / task_id / "meta.json").read_text())["filter"]["teacher"]
    assert record["policy"] == "oracle" and record["judge"] is None
    assert record["passes"][0]["r"] == [1.0, 1.0] and record["passes"][0]["r_vlm"] is None
    assert "judge none" in record["note"]


@pytest.mark.browser
@needs_chromium
async def test_refined_rewards_re_score_real_web_episodes_through_the_hub(tmp_path: Path) -> None:
    """Real oracle episodes of a web tuple (r = 1) that the judge fails (a real screen is not
    green): refine. Each refined reward.py (the refinement's test double, a stricter topic) is
    run on the recorded /go answers through a fresh hub session — pass 2 re-scores pass 1's
    episodes, pass 3 pass 2's copies — and no episode is played again."""
    task_id = "team-chat--set-channel-topic--0"
    final = corpus(tmp_path, [task_id])
    out = tmp_path / "out"
    reward = (final / task_id / "reward.py").read_text()
    assert reward.count("Office move on the 28th") == 2
    refiner = InstallingRefiner(
        reward.replace("Office move on the 28th", "Office move on the 29th")
    )
    runner = AgentRollouts(
        PolicyConfig(policy="oracle"), tasks=[Bundle.load(final / task_id).task], workers=1
    )
    api = ScriptedChatApi(judge_script)
    try:
        _, outcomes = await run_teacher(
            collect_inputs([final]), runner, TeacherOptions(out=out, n=2, workers=1),
            judge=VlmJudge(client(api)), refiner=refiner,
        )  # fmt: skip
    finally:
        await runner.aclose()
    (outcome,) = outcomes
    assert outcome.status == "decided" and outcome.bucket == "offline", outcome.detail
    record = json.loads((out / "offline" / task_id / "meta.json").read_text())["filter"]["teacher"]
    passes = record["passes"]
    assert [p["r"] for p in passes] == [[1.0, 1.0], [0.25, 0.25], [0.25, 0.25]]
    assert [p["rescored_from_pass"] for p in passes] == [None, 1, 2]
    assert [p["decision"] for p in passes] == ["refine"] * 3 and len(refiner.calls) == 2
    for p in passes[1:]:
        for x in p["rollouts"]:
            assert x["rescored_from"] == f"rollouts/pass-{p['index'] - 1}/{task_id}/{x['k']}"
            assert x["rerun"] is None and x["judgement_reused"]
    # two episodes played, judged once each (and the checklist)
    assert len(list((out / "rollouts").rglob("turns.jsonl"))) == 2 * 3
    assert len(api.requests) == 1 + 2
    history = json.loads((out / "rollouts/pass-3" / task_id / "0/episode.json").read_text())
    assert [h["reward"] for h in history["reward_history"]] == [1.0, 0.25]
