"""Stage 1: the critic vote over a corpus (``cuagym filter critics``).

Per tuple: the panel's V ballots, the vote (:func:`~cuagym.filter.aggregate`), then the bundle
goes to ``OUT/kept/`` (keep, modify_query) or ``OUT/dropped/`` (reject) with the vote in
meta.json. A ``modify_query`` result rewrites the instruction in task_config.json and
config.json (OSWorld's copy) in the same atomic write; the original stays in meta.json.

Resumable: a tuple whose meta.json in OUT already holds a vote is not asked again, and the
ballots of a tuple interrupted mid-vote are reused (see :class:`CriticPanel`).
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from cuagym.core import Bundle
from cuagym.filter._critics import CriticBallot, CriticPanel, CriticsUnavailable, parse_critic
from cuagym.filter._files import json_bytes, read_folder, read_meta
from cuagym.filter._inputs import InputTuple
from cuagym.filter._pool import run_pool
from cuagym.filter._records import CriticsRecord, FilterSummary, Stage, TupleOutcome, summarize
from cuagym.filter._store import Bucket, FilterStore, filter_section, with_filter_record
from cuagym.filter._vote import CriticDecision, aggregate

__all__ = ["CriticsOptions", "rewrite_instruction", "run_critics"]

STAGE: Stage = "critics"


@dataclass
class CriticsOptions:
    out: Path
    workers: int = 4
    on_done: Callable[[TupleOutcome], None] | None = None


def rewrite_instruction(files: Mapping[str, bytes], instruction: str) -> dict[str, bytes]:
    """``files`` with the instruction replaced in task_config.json and config.json."""
    out = dict(files)
    for name in ("task_config.json", "config.json"):
        if name in out:
            data = json.loads(out[name])
            data["instruction"] = instruction
            out[name] = json_bytes(data)
    return out


def _record(bundle: Bundle, ballots: Sequence[CriticBallot], vote: CriticDecision) -> CriticsRecord:
    original = bundle.task.instruction
    return CriticsRecord(
        decision=vote.decision, severity=vote.severity, quorum=vote.quorum, votes=vote.votes,
        reason=vote.reason,
        adopted_from=ballots[vote.adopted].critic if vote.adopted is not None else None,
        instruction_original=original,
        instruction=vote.instruction if vote.decision == "modify_query" and vote.instruction
        else original,
        critics=[b.critic for b in ballots], ballots=list(ballots),
        tokens_in=sum(b.tokens_in for b in ballots),
        tokens_out=sum(b.tokens_out for b in ballots),
        cost_usd=round(sum(b.cost_usd for b in ballots), 8),
        price_unknown=sorted({b.critic for b in ballots if not b.price_known}),
    )  # fmt: skip


class _CriticStage:
    def __init__(self, panel: CriticPanel, store: FilterStore) -> None:
        self.panel = panel
        self.store = store

    async def one(self, item: InputTuple) -> TupleOutcome:
        t0 = time.perf_counter()
        where = self.store.locate(item.task_id)
        source = item.path
        if where is not None:
            bucket, folder = where
            section = filter_section(read_meta(folder))
            vote = section.get(STAGE)
            if isinstance(vote, dict) or bucket != "kept":
                decision = vote.get("decision") if isinstance(vote, dict) else None
                self.store.clear_work(STAGE, item.task_id)  # left by a crash after placing
                why = "voted on earlier" if decision else f"already in {bucket}/"
                return TupleOutcome(
                    task_id=item.task_id, stage=STAGE, status="earlier", decision=decision,
                    bucket=bucket, path=str(folder), detail=why,
                )  # fmt: skip
            source = folder  # in kept/ from another stage: OUT's copy is the tuple now
        bundle = await asyncio.to_thread(Bundle.load, source)
        files = await asyncio.to_thread(read_folder, source)
        try:
            ballots = await self.panel.review(bundle, self.store.work(STAGE, item.task_id))
        except CriticsUnavailable as exc:
            return TupleOutcome(
                task_id=item.task_id, stage=STAGE, status="error",
                detail=f"critic unavailable, tuple left undecided: {exc}",
                wall_s=round(time.perf_counter() - t0, 3),
            )  # fmt: skip
        vote = aggregate([b.as_vote() for b in ballots], bundle.task.instruction)
        record = _record(bundle, ballots, vote)
        if vote.decision == "modify_query":
            files = rewrite_instruction(files, record.instruction)
        target: Bucket = "dropped" if vote.decision == "reject" else "kept"
        files = with_filter_record(files, STAGE, record.model_dump(mode="json"), target)
        path = await asyncio.to_thread(self.store.place, item.task_id, files, target)
        self.store.clear_work(STAGE, item.task_id)
        return TupleOutcome(
            task_id=item.task_id, stage=STAGE, status="decided", decision=vote.decision,
            bucket=target, path=str(path), detail=vote.reason, tokens_in=record.tokens_in,
            tokens_out=record.tokens_out, cost_usd=record.cost_usd,
            wall_s=round(time.perf_counter() - t0, 3),
        )  # fmt: skip


async def run_critics(
    inputs: Sequence[InputTuple], panel: CriticPanel, options: CriticsOptions
) -> tuple[FilterSummary, list[TupleOutcome]]:
    """Vote on every tuple of ``inputs`` not voted on already; place each in OUT."""
    store = FilterStore(options.out)
    start = time.perf_counter()
    with store.lock():
        finished = store.reconcile()
        stage = _CriticStage(panel, store)
        # PoolStopped propagates: the caller reports the outcomes it carries.
        outcomes = await run_pool(
            STAGE, inputs, stage.one, workers=options.workers, on_done=options.on_done
        )
    summary = summarize(STAGE, store, outcomes, time.perf_counter() - start)
    summary.notes += [f"finished an interrupted move: {line}" for line in finished]
    unknown = sorted({c for c in panel.labels if panel.prices.unknown(parse_critic(c)[0])})
    if unknown:
        summary.notes.append(f"no price for {', '.join(unknown)}: their cost is reported as 0")
    return summary, outcomes
