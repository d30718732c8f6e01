"""Stage 2: teacher rollouts (``cuagym filter teacher``).

Per tuple, a pass is N_teach rollouts of the teacher policy (episodes under
``OUT/rollouts/pass-<p>/<task_id>/<k>/``, DESIGN.md §6); r is each episode's reward (the
bundle's own reward.py on the final state), r_vlm the VLM judge's 0/1 on the final screenshot
against the tuple's acceptance checklist (derived once, stored). :func:`teacher_decision`
decides. ``refine`` sends the tuple to the Discriminator with TEACHER_REVIEW.md; a refinement
that passes C1-C6 is a new version of the tuple (``OUT/refinements/<i>/<task_id>/``) and
re-enters the stage: the last pass's episodes are re-scored by its reward.py on the final
states they recorded and their judgements reused, not played again (an episode that cannot be
re-scored is played again, the reason recorded; :mod:`cuagym.filter._teacher_rescore`); after
two refinements a tuple that still disagrees goes to ``OUT/offline/``. ``downsample`` keeps a
fraction of the too-easy tuples, chosen by task id.

A deterministic teacher (``deterministic``: the families' GUI oracles, ``--policy oracle``)
plays each tuple once and decides solvability (:func:`oracle_decision`): what it solves is
kept, what it does not is dropped; nothing is downsampled.

Without a judge (``--judge none``) only r exists: refine cannot trigger, and the record says
so. Every step is saved (``OUT/.cuagym-filter/teacher/<task_id>/state.json``), so a killed run
resumes where it stopped: finished episodes, judgements and refinements are reused.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import shutil
import time
from collections.abc import Callable, Coroutine, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from cuagym.agent import NoOracle, Rescorer
from cuagym.core import Bundle, Episode
from cuagym.core.episode import EPISODE_FILE, EpisodeError
from cuagym.core.files import write_folder_atomically
from cuagym.filter._decision import (
    decision_without_judge,
    mean,
    oracle_decision,
    teacher_decision,
)
from cuagym.filter._feedback import teacher_review
from cuagym.filter._files import read_folder, read_meta, write_json_atomically
from cuagym.filter._inputs import InputTuple
from cuagym.filter._judge import JudgeError, Judgement, VlmJudge
from cuagym.filter._pool import run_pool
from cuagym.filter._records import FilterSummary, Stage, TupleOutcome, summarize
from cuagym.filter._refine import Refiner, refined_files
from cuagym.filter._rollouts import RolloutRunner
from cuagym.filter._store import Bucket, FilterStore, filter_section, with_filter_record
from cuagym.filter._teacher_records import (
    Outcome,
    PassRecord,
    RefinementRecord,
    RolloutScore,
    TeacherRecord,
    TeacherState,
    downsample_draw,
    sha256_text,
)
from cuagym.filter._teacher_rescore import (
    RESCORE_FAILURES,
    Rescored,
    inputs_changed,
    load_episode,
    read_rerun_note,
    rescore_copy,
    same_play,
    write_rerun_note,
)

__all__ = ["MAX_REFINEMENTS", "ORACLE_NOTE", "TeacherOptions", "TupleUndecided", "run_teacher"]

T = TypeVar("T")
STAGE: Stage = "teacher"
MAX_REFINEMENTS = 2
NO_JUDGE_NOTE = (
    "judge none: r_vlm is unavailable, only r (the reward) decides; refine cannot trigger"
)
ORACLE_NOTE = (
    "policy oracle: the families' GUI oracles are deterministic, so each tuple is played once "
    "and kept if the oracle solves it (r = 1), dropped otherwise (no downsampling)"
)
_STATE = "state.json"


class TupleUndecided(RuntimeError):
    """The stage could not decide this tuple now (e.g. rollouts ended in error); re-run."""


@dataclass
class TeacherOptions:
    out: Path
    n: int = 4
    delta: float = 0.2
    downsample_keep: float = 0.5
    workers: int = 4
    max_refinements: int = MAX_REFINEMENTS
    deterministic: bool = False  # the teacher is a scripted solver (the GUI oracle): solvability
    on_done: Callable[[TupleOutcome], None] | None = None

    def __post_init__(self) -> None:
        if self.n < 1:
            raise ValueError("n (N_teach) must be at least 1")
        if not 0.0 < self.delta <= 1.0:
            raise ValueError(f"delta {self.delta} must be in (0, 1]")
        if not 0.0 <= self.downsample_keep <= 1.0:
            raise ValueError(f"downsample_keep {self.downsample_keep} must be in [0, 1]")
        if self.max_refinements < 0:
            raise ValueError("max_refinements must be at least 0")
        if self.deterministic and self.n != 1:
            raise ValueError(
                f"n = {self.n}: a deterministic teacher (the oracle) plays each tuple once (n 1)"
            )


def _outcome(decision: str, task_id: str, keep: float) -> tuple[Outcome, Bucket, float | None]:
    if decision == "accept":
        return "accept", "kept", None
    if decision == "drop":
        return "drop", "dropped", None
    if decision == "downsample":
        draw = downsample_draw(task_id)
        return ("downsample_kept", "kept", draw) if draw < keep else (
            "downsample_dropped", "dropped", draw)  # fmt: skip
    return "offline", "offline", None


class _TeacherStage:
    def __init__(
        self,
        runner: RolloutRunner,
        judge: VlmJudge | None,
        refiner: Refiner | None,
        store: FilterStore,
        options: TeacherOptions,
        rescorer: Rescorer,
    ) -> None:
        self.runner = runner
        self.judge = judge
        self.refiner = refiner
        self.store = store
        self.options = options
        self.rescorer = rescorer
        self.gate = asyncio.Semaphore(options.workers)

    # -- one tuple -------------------------------------------------------------------------------
    async def one(self, item: InputTuple) -> TupleOutcome:
        t0 = time.perf_counter()
        task_id = item.task_id
        source = item.path
        where = self.store.locate(task_id)
        if where is not None:
            bucket, folder = where
            earlier = filter_section(read_meta(folder)).get(STAGE)
            if isinstance(earlier, dict) or bucket != "kept":
                decision = earlier.get("decision") if isinstance(earlier, dict) else None
                self.store.clear_work(STAGE, task_id)  # left by a crash after placing
                return TupleOutcome(
                    task_id=task_id, stage=STAGE, status="earlier", decision=decision,
                    bucket=bucket, path=str(folder),
                    detail="teacher stage done earlier" if decision else f"already in {bucket}/",
                )  # fmt: skip
            source = folder
        work = self.store.work(STAGE, task_id)
        state = _load_state(work, task_id, source)
        try:
            record, bucket = await self._decide(state, work)
        except NoOracle as exc:  # this tuple's family has no GUI oracle: nothing to retry
            return TupleOutcome(
                task_id=task_id, stage=STAGE, status="error", systemic=False,
                detail=f"left undecided: {exc}", wall_s=round(time.perf_counter() - t0, 3),
            )  # fmt: skip
        files = read_folder(Path(state.current))
        files = with_filter_record(files, STAGE, record.model_dump(mode="json"), bucket)
        path = await asyncio.to_thread(self.store.place, task_id, files, bucket)
        self.store.clear_work(STAGE, task_id)
        last = record.passes[-1]
        return TupleOutcome(
            task_id=task_id, stage=STAGE, status="decided", decision=record.decision,
            bucket=bucket, path=str(path),
            detail=f"{record.outcome}: mean r {last.mean_r:.2f}"
            + (f", mean r_vlm {last.mean_r_vlm:.2f}" if last.mean_r_vlm is not None else "")
            + (f", {len(record.refinements)} refinements" if record.refinements else "")
            + _rescored_note(last),
            tokens_in=record.tokens_in, tokens_out=record.tokens_out, cost_usd=record.cost_usd,
            wall_s=round(time.perf_counter() - t0, 3),
        )  # fmt: skip

    async def _decide(self, state: TeacherState, work: Path) -> tuple[TeacherRecord, Bucket]:
        if self.judge is not None and state.checklist is None:
            bundle = Bundle.load(state.current)
            state.checklist = await self.judge.checklist(bundle.task)
            _save_state(work, state)
        while True:
            last = state.passes[-1] if state.passes else None
            refined_after = last is not None and any(
                r.passed and r.after_pass == last.index for r in state.refinements
            )
            if last is None or refined_after:
                index = len(state.passes) + 1
                new = await (
                    self._pass(state, work, index)
                    if last is None
                    else self._rescored_pass(state, work, index, last)
                )
                state.passes.append(new)
                _save_state(work, state)
                continue
            if last.decision != "refine":
                return self._record(state, last.decision, "")
            if self.refiner is None:
                return self._record(
                    state, "refine", "no Discriminator to refine with (--refine-model not given)"
                )
            if len(state.refinements) >= self.options.max_refinements:
                why = f"still disagreeing after {len(state.refinements)} refinements"
                return self._record(state, "refine", why)
            await self._refine(state, work, last)

    # -- a pass of N_teach rollouts --------------------------------------------------------------
    async def _pass(self, state: TeacherState, work: Path, index: int) -> PassRecord:
        """N_teach rollouts of the current version, then the judge on each (two phases, so a
        failure among the rollouts cancels the others before any judging is paid for)."""
        folder = Path(state.current)
        bundle = Bundle.load(folder)
        root = self.store.root / "rollouts" / f"pass-{index}"
        ks = range(self.options.n)
        episodes = await _all([self._episode(folder, bundle.task_id, k, root) for k in ks])
        return await self._scored_pass(
            state, work, index, bundle, [Rescored(episode=e) for e in episodes], None
        )

    async def _rescored_pass(
        self, state: TeacherState, work: Path, index: int, source: PassRecord
    ) -> PassRecord:
        """Pass ``source``'s episodes re-scored by the refined reward.py (not played again,
        :mod:`cuagym.filter._teacher_rescore`); an episode that cannot be is played again, and
        the record says why. The judge's earlier judgements are reused: it never saw r."""
        folder = Path(state.current)
        bundle = Bundle.load(folder)
        root = self.store.root / "rollouts" / f"pass-{index}"
        digest = sha256_text(bundle.reward or "")[:12]
        why = (
            f"re-scored by the teacher filter (pass {index}) with the refined reward.py of "
            f"{folder} (sha256 {digest}...), not played again"
        )
        rollouts = await _all(
            [self._rescored(work, folder, bundle, root, index, x, why) for x in source.rollouts]
        )
        return await self._scored_pass(state, work, index, bundle, rollouts, source.index)

    async def _rescored(
        self,
        work: Path,
        folder: Path,
        bundle: Bundle,
        root: Path,
        index: int,
        x: RolloutScore,
        why: str,
    ) -> Rescored:
        """Rollout ``x.k`` of a re-scored pass: the copy or the new play already on disk
        (resume), else a re-scored copy of ``x``'s episode, else a new play."""
        note = work / "rescore" / f"pass-{index}-{x.k}.json"
        source = load_episode(self.store.root / x.episode)
        existing = _reusable(root / bundle.task_id / str(x.k), folder)
        if existing is not None:
            if source is not None and same_play(existing, source):
                return Rescored(existing, rescored_from=x.episode, judgement=x.judgement)
            episode = await self._episode(folder, bundle.task_id, x.k, root)
            return Rescored(episode, rerun=read_rerun_note(note))
        reason = (
            f"{x.episode}: the episode is gone or unreadable"
            if source is None
            else inputs_changed(Path(source.record.bundle), folder)
        )
        if reason is None:
            assert source is not None
            try:
                async with self.gate:
                    copy = await rescore_copy(self.rescorer, source, bundle, folder, root, why)
                return Rescored(copy, rescored_from=x.episode, judgement=x.judgement)
            except RESCORE_FAILURES as exc:
                reason = f"not re-scorable: {exc}"
        write_rerun_note(note, reason)  # before playing: a resumed run says the same
        episode = await self._episode(folder, bundle.task_id, x.k, root)
        return Rescored(episode, rerun=reason)

    async def _scored_pass(
        self,
        state: TeacherState,
        work: Path,
        index: int,
        bundle: Bundle,
        rollouts: list[Rescored],
        rescored_from_pass: int | None,
    ) -> PassRecord:
        """The judge on each scored rollout (an earlier judgement of the same play reused),
        then the decision."""
        episodes = [x.episode for x in rollouts]
        failed = [e for e in episodes if e.record.status == "error"]
        if failed:
            raise TupleUndecided(
                f"{len(failed)} of {len(episodes)} rollouts ended in error (status 'error', "
                f"never scored; e.g. {failed[0].folder}); re-run to retry them"
            )
        judgements: list[Judgement | None] = [None] * len(episodes)
        reused = [False] * len(episodes)
        if self.judge is not None:
            label = self.judge.label
            # The same play judged by the same judge: its judgement stands (r is not its input).
            reused = [
                x.judgement is not None and x.judgement.spend.judge == label for x in rollouts
            ]

            async def judged(x: Rescored, again: bool) -> Judgement:
                if again and x.judgement is not None:
                    return x.judgement
                return await self._judgement(state, work, bundle, x.episode, index)

            judgements = list(
                await _all([judged(x, a) for x, a in zip(rollouts, reused, strict=True)])
            )
        scores = [
            self._score(x, j, again)
            for x, j, again in zip(rollouts, judgements, reused, strict=True)
        ]
        r = [float(e.record.reward or 0.0) for e in episodes]
        r_vlm = None if self.judge is None else [j.score for j in judgements if j is not None]
        if self.options.deterministic:
            decision = oracle_decision(r, r_vlm, self.options.delta)
        elif r_vlm is None:
            decision = decision_without_judge(r)
        else:
            decision = teacher_decision(r, r_vlm, self.options.delta)
        return PassRecord(
            index=index, reward_sha256=sha256_text(bundle.reward or ""), rollouts=scores,
            r=r, r_vlm=r_vlm, mean_r=round(mean(r), 6),
            mean_r_vlm=round(mean(r_vlm), 6) if r_vlm is not None else None, decision=decision,
            rescored_from_pass=rescored_from_pass,
        )  # fmt: skip

    async def _episode(self, folder: Path, task_id: str, k: int, root: Path) -> Episode:
        """Rollout k of the version at ``folder``: the finished one on disk, or a new one."""
        episode = _reusable(root / task_id / str(k), folder)
        for _attempt in (1, 2):  # an error episode (sampler or machinery) is run once more
            if episode is not None and episode.record.status != "error":
                break
            if episode is not None:
                shutil.rmtree(episode.folder, ignore_errors=True)
            async with self.gate:
                episode = await self.runner.run(folder, k, root)
        assert episode is not None
        return episode

    def _score(self, x: Rescored, judgement: Judgement | None, reused: bool) -> RolloutScore:
        rec, folder = x.episode.record, x.episode.folder
        where = (
            folder.relative_to(self.store.root)
            if folder.is_relative_to(self.store.root)
            else folder
        )
        return RolloutScore(
            k=rec.k, episode=str(where), status=rec.status, ended_by=rec.ended_by,
            steps=rec.steps, reward=rec.reward, checks=list(rec.checks), judgement=judgement,
            rescored_from=x.rescored_from, judgement_reused=reused, rerun=x.rerun,
        )  # fmt: skip

    async def _judgement(
        self,
        state: TeacherState,
        work: Path,
        bundle: Bundle,
        episode: Episode,
        index: int,
    ) -> Judgement:
        assert self.judge is not None and state.checklist is not None
        cache = work / "judge" / f"pass-{index}-{episode.record.k}.json"
        key = {"episode": episode.record.started_at.isoformat(), "judge": self.judge.label}
        if cache.is_file():
            try:
                saved = json.loads(cache.read_text(encoding="utf-8"))
                if saved.get("key") == key:
                    return Judgement.model_validate(saved["judgement"])
            except (OSError, ValueError, KeyError, TypeError):
                pass  # a damaged cache entry costs one more request
        png_path = episode.final_screenshot_path
        if png_path is None:
            raise JudgeError(f"{episode.folder}: no final screenshot to judge")
        png = await asyncio.to_thread(png_path.read_bytes)
        judgement = await self.judge.judge(bundle.task, state.checklist.criteria, png)
        write_json_atomically(cache, {"key": key, "judgement": judgement.model_dump(mode="json")})
        return judgement

    # -- back to the Discriminator ---------------------------------------------------------------
    async def _refine(self, state: TeacherState, work: Path, last: PassRecord) -> None:
        assert self.refiner is not None and self.judge is not None and state.checklist
        current = Path(state.current)
        bundle = Bundle.load(current)
        failed = [r for r in state.refinements if r.after_pass == last.index and not r.passed]
        feedback = teacher_review(
            bundle.task_id, last, policy=self.runner.label, judge=self.judge.label,
            delta=self.options.delta, criteria=state.checklist.criteria, failed=failed,
        )  # fmt: skip
        i = len(state.refinements) + 1
        result = await self.refiner.refine(bundle, feedback, round=bundle.meta.rounds + i)
        review = result.review
        passed = review.verdict == "PASS" and result.reward is not None
        target = self.store.root / "refinements" / str(i) / bundle.task_id
        if passed:
            files = refined_files(read_folder(current), bundle, result)
        else:  # the attempt, for analysis: what it wrote and why it failed
            files = {"REVIEW.md": review.render().encode("utf-8")}
            if result.reward is not None:
                files["reward.py"] = result.reward.encode("utf-8")
        await asyncio.to_thread(
            write_folder_atomically, self.store.root, target, files, replace=True
        )
        disc = result.record.discriminator
        attempt = RefinementRecord(
            index=i,
            after_pass=last.index,
            round=result.record.round,
            passed=passed,
            conditions={c: v.ok for c, v in review.conditions.items()},
            failed=[
                f"{c} {v.status.replace('_', ' ')}: {v.detail}"
                for c, v in review.conditions.items()
                if v.status != "ok"
            ],
            reward_sha256=sha256_text(result.reward) if result.reward is not None else None,
            discriminator=disc.detail if disc is not None else "",
            tokens_in=result.usage.tokens_in,
            tokens_out=result.usage.tokens_out,
            cost_usd=result.usage.cost_usd,
            feedback=feedback,
        )
        state.refinements.append(attempt)
        if passed:
            state.current = str(target)
        _save_state(work, state)

    # -- the outcome -----------------------------------------------------------------------------
    def _record(self, state: TeacherState, decision: str, why: str) -> tuple[TeacherRecord, Bucket]:
        outcome, bucket, draw = _outcome(decision, state.task_id, self.options.downsample_keep)
        notes = [why] if why else []
        if self.options.deterministic:
            notes.append(ORACLE_NOTE)
        if self.judge is None:
            notes.append(NO_JUDGE_NOTE)
        if draw is not None:
            verb = "kept" if bucket == "kept" else "dropped"
            notes.append(
                f"downsample: draw {draw:.4f} vs kept fraction {self.options.downsample_keep:g}"
                f" — {verb}"
            )
        spends = [
            j.spend
            for p in state.passes
            for x in p.rollouts
            if (j := x.judgement) and not x.judgement_reused  # paid in the pass it was made
        ]
        if state.checklist is not None:
            spends.append(state.checklist.spend)
        tokens_in = sum(s.tokens_in for s in spends) + sum(r.tokens_in for r in state.refinements)
        tokens_out = sum(s.tokens_out for s in spends) + sum(
            r.tokens_out for r in state.refinements
        )
        cost = sum(s.cost_usd for s in spends) + sum(r.cost_usd for r in state.refinements)
        record = TeacherRecord(
            policy=self.runner.label, n=self.options.n,
            judge=self.judge.label if self.judge is not None else None,
            delta=self.options.delta, downsample_keep=self.options.downsample_keep,
            r_vlm_available=self.judge is not None, checklist=state.checklist,
            passes=state.passes, refinements=state.refinements,
            decision=state.passes[-1].decision, outcome=outcome, bucket=bucket,
            downsample_draw=draw, note="; ".join(notes), tokens_in=tokens_in,
            tokens_out=tokens_out, cost_usd=round(cost, 8),
        )  # fmt: skip
        return record, bucket


def _rescored_note(last: PassRecord) -> str:
    if last.rescored_from_pass is None:
        return ""
    again = sum(1 for x in last.rollouts if x.rerun is not None)
    return f", pass {last.index} re-scored" + (f" ({again} played again)" if again else "")


async def _all(work: list[Coroutine[Any, Any, T]]) -> list[T]:
    """Run ``work`` together; the first failure cancels the rest and is raised as itself."""
    try:
        async with asyncio.TaskGroup() as group:
            tasks = [group.create_task(w) for w in work]
    except BaseExceptionGroup as group_error:
        raise group_error.exceptions[0] from None
    return [t.result() for t in tasks]


def _reusable(folder: Path, bundle: Path) -> Episode | None:
    """A finished episode of this very bundle version at ``folder`` (resume), else None.

    An episode of another version (a refinement replaced the reward) is removed: its r was
    computed by a reward.py that no longer applies."""
    if not (folder / EPISODE_FILE).is_file():
        if folder.exists():
            shutil.rmtree(folder, ignore_errors=True)  # a crash's leftovers
        return None
    try:
        episode = Episode.load(folder)
    except EpisodeError:
        shutil.rmtree(folder, ignore_errors=True)
        return None
    if Path(episode.record.bundle).resolve() != bundle.resolve():
        shutil.rmtree(folder, ignore_errors=True)
        return None
    return episode


def _load_state(work: Path, task_id: str, source: Path) -> TeacherState:
    path = work / _STATE
    if path.is_file():
        try:
            state = TeacherState.model_validate_json(path.read_bytes())
            if state.source == str(source) and Path(state.current).is_dir():
                return state
        except ValueError:
            pass  # a damaged state only costs redoing the tuple's decisions
    return TeacherState(task_id=task_id, source=str(source), current=str(source))


def _save_state(work: Path, state: TeacherState) -> None:
    write_json_atomically(work / _STATE, state.model_dump(mode="json"))


async def run_teacher(
    inputs: Sequence[InputTuple],
    runner: RolloutRunner,
    options: TeacherOptions,
    *,
    judge: VlmJudge | None = None,
    refiner: Refiner | None = None,
    rescorer: Rescorer | None = None,
) -> tuple[FilterSummary, list[TupleOutcome]]:
    """Run the teacher stage on every tuple of ``inputs`` not decided already.

    ``rescorer`` re-scores a pass after a refinement (default: one of this run's own, closed
    at its end)."""
    store = FilterStore(options.out)
    start = time.perf_counter()
    async with contextlib.AsyncExitStack() as stack:
        if rescorer is None:
            rescorer = await stack.enter_async_context(Rescorer())
        with store.lock():
            finished = store.reconcile()
            stage = _TeacherStage(runner, judge, refiner, store, options, rescorer)
            outcomes = await run_pool(
                STAGE, inputs, stage.one, workers=options.workers, on_done=options.on_done
            )
    summary = summarize(STAGE, store, outcomes, time.perf_counter() - start)
    summary.notes += [f"finished an interrupted move: {line}" for line in finished]
    if options.deterministic:
        summary.notes.append(ORACLE_NOTE)
    if judge is None:
        summary.notes.append(NO_JUDGE_NOTE)
    if refiner is None and judge is not None:
        summary.notes.append("no --refine-model: a refine decision sends the tuple to offline/")
    return summary, outcomes
