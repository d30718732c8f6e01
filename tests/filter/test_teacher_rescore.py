"""After a refinement the teacher stage re-scores the last pass's episodes with the refined
reward.py (DESIGN.md §13) instead of playing them again; an episode that cannot be re-scored is
played again, the reason recorded.

The episodes are real: the rollout layer's test double with a recorded final state
(:class:`RecordedRollouts`: a real jail, the bundle's own scripts, ``final/`` written by the
rollout layer's code), re-scored by the real :class:`~cuagym.agent.Rescorer`. The refinement is
a test double (:class:`InstallingRefiner`); test_refine.py runs the real orchestrator.
"""

from __future__ import annotations

import asyncio
import json
import shutil
from pathlib import Path

from cuagym.agent import rescore_run
from cuagym.core import Bundle, Episode
from cuagym.filter import TeacherOptions, VlmJudge, collect_inputs, run_teacher
from cuagym.filter._teacher_rescore import inputs_changed
from cuagym.llm.scripted import ScriptedChatApi
from tests.filter.helpers import CORPUS, client, corpus
from tests.filter.teacher_helpers import (
    InstallingRefiner,
    RecordedRollouts,
    dedupe_acts,
    judge_script,
)
from tests.synth.synth_helpers import requires_jail

TASK = "files-csv-dedupe"
ORIGINAL = (CORPUS / TASK / "reward.py").read_text()
# All or nothing: the original gives half credit to a file deduplicated but reordered.
STRICT = "# refined: all or nothing\n" + ORIGINAL.replace(
    "points = int(unique_ok) + int(rows_ok) if header_ok else 0",
    "points = 2 if header_ok and unique_ok and rows_ok else 0",
)


def _record(out: Path) -> dict:  # type: ignore[type-arg]
    meta = json.loads((out / "kept" / TASK / "meta.json").read_text(encoding="utf-8"))
    return meta["filter"]["teacher"]  # type: ignore[no-any-return]


async def _teacher(
    final: Path, out: Path, runner: RecordedRollouts, api: ScriptedChatApi
) -> tuple[str, str]:
    _, outcomes = await run_teacher(
        collect_inputs([final]), runner, TeacherOptions(out=out, n=4, delta=0.2),
        judge=VlmJudge(client(api)), refiner=InstallingRefiner(STRICT),
    )  # fmt: skip
    return outcomes[0].status, outcomes[0].detail


@requires_jail
async def test_a_refined_reward_re_scores_the_last_pass_instead_of_playing_it(
    tmp_path: Path,
) -> None:
    assert STRICT.count("points = 2 if") == 1  # the edit took
    final = corpus(tmp_path, [TASK])
    out = tmp_path / "out"
    runner, api = RecordedRollouts(dedupe_acts), ScriptedChatApi(judge_script)
    status, detail = await _teacher(final, out, runner, api)
    assert status == "decided" and "pass 2 re-scored" in detail, detail
    assert "played again" not in detail
    # four episodes were played, all on the original version; none after the refinement
    assert sorted(k for _, k, _ in runner.runs) == [0, 1, 2, 3]
    assert {head for _, _, head in runner.runs} == {ORIGINAL.splitlines()[0]}

    record = _record(out)
    first, second = record["passes"]
    assert first["r"] == [0.5, 0.5, 1.0, 1.0] and first["decision"] == "refine"
    assert first["rescored_from_pass"] is None
    # the new rewards are the strict reward.py's, on the states the episodes ended in
    assert second["r"] == [0.0, 0.0, 1.0, 1.0] and second["r_vlm"] == first["r_vlm"]
    assert second["decision"] == "accept" and second["rescored_from_pass"] == 1
    assert record["outcome"] == "accept"
    assert Bundle.load(out / "kept" / TASK).reward == STRICT
    for k, x in enumerate(second["rollouts"]):
        assert x["rescored_from"] == f"rollouts/pass-1/{TASK}/{k}" and x["rerun"] is None
        assert x["judgement_reused"] is True
        assert x["judgement"] == first["rollouts"][k]["judgement"]
        copy = json.loads((out / x["episode"] / "episode.json").read_text())
        played = json.loads((out / x["rescored_from"] / "episode.json").read_text())
        assert x["episode"] == f"rollouts/pass-2/{TASK}/{k}"
        assert copy["reward"] == second["r"][k] and played["reward"] == first["r"][k]
        assert copy["started_at"] == played["started_at"]  # the same play
        assert copy["bundle"] == str(out / "refinements" / "1" / TASK)
        (was,) = copy["reward_history"]
        assert was["reward"] == first["r"][k] and was["bundle"] == str(final / TASK)
        assert "re-scored by the teacher filter" in was["why"]
        assert (out / x["episode"] / "final" / "home.tar.gz").is_file()
    # the judge was asked for the checklist and four judgements, none again; paid once
    assert len(api.requests) == 1 + 4
    assert record["tokens_in"] == 300 + 4 * 1200
    # the copies are consistent: re-scoring pass 2 with the bundles they name changes nothing
    again = await rescore_run(out / "rollouts" / "pass-2")
    assert len(again.items) == 4 and again.errors == [] and again.changed == []


class CrashOnFirstReplay(RecordedRollouts):
    """Crashes the first play after the refinement (the fifth), once the re-scored copies of
    the other rollouts are on disk: a kill in the middle of a re-scored pass."""

    async def run(self, bundle: Path, k: int, root: Path) -> Episode:
        if self.fail_on is not None and len(self.runs) + 1 == self.fail_on:
            copies = [root / TASK / str(i) / "episode.json" for i in (0, 1, 2)]
            for _ in range(1200):
                if all(c.is_file() for c in copies):
                    break
                await asyncio.sleep(0.05)
            self.runs.append((TASK, k, "(crashed)"))
            raise RuntimeError("the rollout machinery crashed (test double)")
        return await super().run(bundle, k, root)


async def _without_final_3(tmp_path: Path, crash: bool) -> tuple[Path, dict, CrashOnFirstReplay]:  # type: ignore[type-arg]
    final = corpus(tmp_path, [TASK])
    out = tmp_path / "out"
    runner, api = (
        CrashOnFirstReplay(dedupe_acts, no_final=frozenset({3})),
        ScriptedChatApi(judge_script),
    )
    if crash:
        runner.fail_on = 5
        status, detail = await _teacher(final, out, runner, api)
        assert status == "error" and "crashed" in detail
        runner.fail_on = None
        copies = {
            k: (out / "rollouts" / "pass-2" / TASK / str(k) / "episode.json") for k in (0, 1, 2)
        }
        before = {k: c.read_bytes() for k, c in copies.items()}
    status, detail = await _teacher(final, out, runner, api)
    assert status == "decided" and "pass 2 re-scored (1 played again)" in detail, detail
    if crash:  # the copies made before the crash were reused as they were
        assert {k: c.read_bytes() for k, c in copies.items()} == before
    # judged: the checklist, pass 1's four, and the new play once
    assert len(api.requests) == 1 + 4 + 1
    return out, _record(out), runner


@requires_jail
async def test_an_episode_without_final_state_is_played_again_and_a_resume_agrees(
    tmp_path: Path,
) -> None:
    out, record, runner = await _without_final_3(tmp_path / "crashed", crash=True)
    strict_head = STRICT.splitlines()[0]
    # rollout 3 kept no final/: it alone was played again, on the refined version (the crash,
    # then the resumed run); the other three were re-scored
    assert [(k, head) for _, k, head in runner.runs[4:]] == [(3, "(crashed)"), (3, strict_head)]
    first, second = record["passes"]
    assert first["r"] == [0.5, 0.5, 1.0, 1.0] and first["decision"] == "refine"
    assert second["r"] == [0.0, 0.0, 1.0, 1.0] and second["decision"] == "accept"
    for k in (0, 1, 2):
        x = second["rollouts"][k]
        assert x["rescored_from"] == f"rollouts/pass-1/{TASK}/{k}" and x["judgement_reused"]
    played = second["rollouts"][3]
    assert played["rescored_from"] is None and played["judgement_reused"] is False
    assert played["rerun"].startswith("not re-scorable: no final/manifest.json")
    episode = json.loads((out / played["episode"] / "episode.json").read_text())
    assert episode["bundle"] == str(out / "refinements" / "1" / TASK)
    assert "reward_history" not in episode  # a new play, scored once
    assert record["tokens_in"] == 300 + 5 * 1200
    assert not (out / ".cuagym-filter" / "teacher" / TASK).exists()
    # the resumed run recorded what a run without the crash records
    _, clean, _ = await _without_final_3(tmp_path / "clean", crash=False)
    assert json.dumps(record["passes"]).replace("/crashed/", "/clean/") == json.dumps(
        clean["passes"]
    )
    assert record["refinements"] == clean["refinements"]


@requires_jail
async def test_an_episode_whose_re_scoring_fails_is_played_again(tmp_path: Path) -> None:
    final = corpus(tmp_path, [TASK])
    out = tmp_path / "out"
    runner = RecordedRollouts(dedupe_acts, damaged=frozenset({1}))
    api = ScriptedChatApi(judge_script)
    status, detail = await _teacher(final, out, runner, api)
    assert status == "decided" and "pass 2 re-scored (1 played again)" in detail, detail
    assert [k for _, k, _ in runner.runs][4:] == [1]
    second = _record(out)["passes"][1]
    assert second["r"] == [0.0, 0.0, 1.0, 1.0]
    assert second["rollouts"][1]["rerun"].startswith("not re-scorable: final/home.tar.gz: cannot")
    assert [x["rescored_from"] is not None for x in second["rollouts"]] == [
        True, False, True, True,
    ]  # fmt: skip


def test_an_episode_is_one_of_a_version_with_the_same_task_and_setup(tmp_path: Path) -> None:
    final = corpus(tmp_path, [TASK])
    refined = tmp_path / "refined"
    shutil.copytree(final / TASK, refined)
    (refined / "reward.py").write_text(STRICT)
    assert inputs_changed(final / TASK, refined) is None  # only the reward differs
    assert inputs_changed(final / TASK, final / TASK) is None
    (refined / "initial_setup.py").write_text("print('another start')\n")
    why = inputs_changed(final / TASK, refined)
    assert why is not None and "initial_setup.py" in why
    gone = inputs_changed(tmp_path / "missing", refined)
    assert gone is not None and "is gone" in gone
