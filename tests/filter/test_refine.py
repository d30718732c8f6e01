"""The refine loop end to end: teacher rollouts (the rollout layer's test double, with real
recorded final states) disagree with a tuple's reward; the tuple goes back to the Discriminator —
the llm role backend driven by the scripted chat double, in a real role jail, through the real
orchestrator — whose new reward.py is re-verified (C1-C6 in fresh sandboxed environments) and
re-enters the teacher stage, which re-scores the rollouts' recorded states with it (none played
again). Two failed refinements end in offline/."""

from __future__ import annotations

import base64
import json
from pathlib import Path

import pytest

from cuagym.core import Bundle
from cuagym.filter import (
    DiscriminatorRefiner,
    TeacherOptions,
    VlmJudge,
    collect_inputs,
    run_teacher,
)
from cuagym.llm import PriceTable
from cuagym.llm._prices import ModelPrice
from cuagym.llm.scripted import Call, Reply, ScriptedChatApi, ScriptedRequest
from cuagym.synth._llm_backend import LlmBackend
from tests.filter.helpers import client, corpus, user_text
from tests.filter.teacher_helpers import (
    GREEN,
    RED,
    RecordedRollouts,
    ScriptedRollouts,
    dedupe_acts,
    judge_script,
)
from tests.synth.synth_helpers import requires_jail

TASK = "files-csv-dedupe"
ORIGINAL_HEAD = '"""reward.py: one row per email, first occurrences, original order."""'
PRICES = PriceTable(models={"scripted-double": ModelPrice(input=3.0, output=15.0)})


def _original() -> str:
    return (Path(__file__).parents[1] / "synth/bundles/final" / TASK / "reward.py").read_text()


# All or nothing: the original gives half credit to a file that is deduplicated but reordered.
STRICT = "# refined: all or nothing\n" + _original().replace(
    "points = int(unique_ok) + int(rows_ok) if header_ok else 0",
    "points = 2 if header_ok and unique_ok and rows_ok else 0",
)
# Scores the untouched header: r(V_init) = 1/3, so C4 fails.
LOOSE = "# refined: counts the header\n" + _original().replace(
    'points = int(unique_ok) + int(rows_ok) if header_ok else 0\nprint(f"REWARD: {points / 2}")',
    'points = int(header_ok) + int(unique_ok) + int(rows_ok)\nprint(f"REWARD: {points / 3}")',
)


def plan(bundle: Bundle, k: int) -> tuple[float | None, tuple[int, int, int]]:
    """The original reward passes every rollout; the judge sees two red screens. The strict
    reward fails exactly those two."""
    red = k < 2
    if (bundle.reward or "").startswith("# refined: all or nothing"):
        return (0.0, RED) if red else (1.0, GREEN)
    return 1.0, RED if red else GREEN


def discriminator(reward: str) -> ScriptedChatApi:
    def script(req: ScriptedRequest) -> Reply:
        assert req.system.startswith("You are the Discriminator")
        steps = [
            [Call("read_state", {"env": "gold", "paths": ["Documents/contacts.csv"]})],
            [Call("write_file", {"name": "reward.py", "content": reward})],
            [Call("run_reward", {"env": "gold"}), Call("run_reward", {"env": "init"})],
            [Call("write_file", {"name": "REVIEW.md", "content": "verdict: see checks\n"})],
        ]
        if req.turn <= len(steps):
            return Reply(text=f"step {req.turn}", calls=steps[req.turn - 1], tokens_in=2000,
                         tokens_out=300)  # fmt: skip
        return Reply(text="done", tokens_in=2000, tokens_out=10)

    return ScriptedChatApi(script)


async def _run(
    tmp_path: Path, reward: str, runner: ScriptedRollouts
) -> tuple[Path, Path, ScriptedChatApi, ScriptedRollouts]:
    final = corpus(tmp_path, [TASK])
    out = tmp_path / "out"
    api = discriminator(reward)
    backend = LlmBackend("openai:scripted-double", client=client(api), prices=PRICES)
    refiner = DiscriminatorRefiner(
        backend, out=out, tasks=[Bundle.load(final / TASK).task], role_timeout_s=300,
        script_timeout_s=60,
    )  # fmt: skip
    try:
        _, outcomes = await run_teacher(
            collect_inputs([final]), runner, TeacherOptions(out=out, n=4, delta=0.2),
            judge=VlmJudge(client(ScriptedChatApi(judge_script))), refiner=refiner,
        )  # fmt: skip
    finally:
        await refiner.aclose()
        await backend.aclose()
    assert outcomes[0].status == "decided", outcomes[0].detail
    return final, out, api, runner


def _first_prompt(api: ScriptedChatApi) -> str:
    return user_text(api.requests[0])


@requires_jail
@pytest.mark.slow
async def test_a_refined_reward_is_verified_and_re_enters(tmp_path: Path) -> None:
    assert "points = 2 if header_ok and unique_ok and rows_ok" in STRICT  # the edit took
    final, out, api, runner = await _run(tmp_path, STRICT, RecordedRollouts(dedupe_acts))
    original = Bundle.load(final / TASK)
    kept = Bundle.load(out / "kept" / TASK)
    assert kept.reward == STRICT and kept.review.verdict == "PASS"
    assert kept.review.round == original.meta.rounds + 1
    assert kept.review.r_init == 0.0 and kept.review.r_gold == 1.0
    assert kept.initial_setup == original.initial_setup and kept.task == original.task
    assert kept.config is not None
    assert base64.b64encode(STRICT.encode()).decode() in json.dumps(kept.config.to_json())
    record = (kept.meta.model_extra or {})["filter"]["teacher"]
    assert [p["decision"] for p in record["passes"]] == ["refine", "accept"]
    first, second = record["passes"]
    assert first["r"] == [0.5, 0.5, 1.0, 1.0] and first["r_vlm"] == [0, 0, 1, 1]
    # the refined reward.py's scores of the states the rollouts ended in
    assert second["r"] == [0.0, 0.0, 1.0, 1.0] and second["rescored_from_pass"] == 1
    assert all(x["rescored_from"] and x["judgement_reused"] for x in second["rollouts"])
    (refinement,) = record["refinements"]
    assert refinement["passed"] and refinement["after_pass"] == 1
    assert all(refinement["conditions"][c] for c in ("C1", "C2", "C3", "C4", "C5", "C6"))
    assert refinement["tokens_in"] > 0 and refinement["cost_usd"] > 0
    assert record["outcome"] == "accept"
    # the four rollouts were played once, on the original version: pass 2 re-scored them
    assert [head for _, _, head in runner.runs] == [ORIGINAL_HEAD] * 4
    assert Bundle.load(out / "refinements" / "1" / TASK).reward == STRICT
    copy = json.loads((out / "rollouts" / "pass-2" / TASK / "0" / "episode.json").read_text())
    assert copy["bundle"] == str(out / "refinements" / "1" / TASK) and copy["reward"] == 0.0
    assert copy["reward_history"][0]["reward"] == 0.5

    # what the Discriminator read: the teacher's review (r, r_vlm, the judge's descriptions,
    # its own CHECK lines) and its previous reward — never the Generator's scripts
    prompt = _first_prompt(api)
    assert "TEACHER_REVIEW.md" in prompt and "mean r = 0.750, mean r_vlm = 0.500" in prompt
    assert "The screen is solid red." in prompt and "CHECK no_duplicates 1 PASS" in prompt
    assert "### Rollout 0: r = 0.5, r_vlm = 0" in prompt and ORIGINAL_HEAD in prompt
    assert original.golden_patch is not None and original.initial_setup is not None
    # lines the reward has too are fair; the rest must never reach the Discriminator
    shared = {line.strip() for line in (original.reward or "").splitlines()}
    own = [
        line.strip()
        for script in (original.golden_patch, original.initial_setup)
        for line in script.splitlines()
        if len(line.strip()) > 20 and line.strip() not in shared
    ]
    assert len(own) >= 3 and not [line for line in own if line in prompt]


@requires_jail
@pytest.mark.slow
async def test_two_failed_refinements_end_offline(tmp_path: Path) -> None:
    assert "points / 3" in LOOSE  # the edit took
    final, out, api, runner = await _run(tmp_path, LOOSE, ScriptedRollouts(plan))
    offline = Bundle.load(out / "offline" / TASK)
    assert offline.reward == Bundle.load(final / TASK).reward  # never installed
    record = (offline.meta.model_extra or {})["filter"]["teacher"]
    assert [p["decision"] for p in record["passes"]] == ["refine"]
    assert len(record["refinements"]) == 2
    for attempt in record["refinements"]:
        assert not attempt["passed"] and attempt["conditions"]["C4"] is False
        assert any(f.startswith("C4 failed") for f in attempt["failed"])
    assert "Your refinement 1 did not pass" in record["refinements"][1]["feedback"]
    # the second attempt's Discriminator was told why the first failed
    firsts = [user_text(r) for r in api.requests if r.turn == 1]
    assert len(firsts) == 2 and "did not pass" not in firsts[0]
    assert "Your refinement 1 did not pass the consensus checks" in firsts[1]
    assert "C4 failed" in firsts[1]
    assert record["outcome"] == "offline" and "after 2 refinements" in record["note"]
    assert len(runner.runs) == 4  # a failed refinement does not re-run the rollouts
    for i in ("1", "2"):
        attempt = out / "refinements" / i / TASK
        assert (attempt / "reward.py").read_text() == LOOSE
        assert "**FAIL**" in (attempt / "REVIEW.md").read_text()
    assert not any((out / b / TASK).exists() for b in ("kept", "dropped"))
