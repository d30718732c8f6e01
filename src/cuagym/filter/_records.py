"""What the filter records: per tuple in meta.json (``filter.critics``, ``filter.teacher``) and
per command (the outcome of each tuple, the summary and its ``--json`` line)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from cuagym.filter._critics import CriticBallot
from cuagym.filter._files import read_meta
from cuagym.filter._store import BUCKETS, Bucket, FilterStore, filter_section
from cuagym.filter._vote import SEVERITIES, Severity, VerdictLabel

__all__ = [
    "CRITIC_DECISIONS",
    "TEACHER_DECISIONS",
    "CriticsRecord",
    "FilterSummary",
    "Stage",
    "TupleOutcome",
    "now_iso",
    "summarize",
]

Stage = Literal["critics", "teacher"]
CRITIC_DECISIONS: tuple[VerdictLabel, ...] = ("keep", "modify_query", "reject")
TEACHER_DECISIONS = ("accept", "downsample", "drop", "refine")


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class CriticsRecord(BaseModel):
    """``meta.json`` → ``filter.critics``: the release metadata of the vote."""

    model_config = ConfigDict(frozen=True)

    decision: VerdictLabel
    severity: Severity | None = Field(description="the worst severity any critic gave")
    quorum: int
    votes: dict[VerdictLabel, int]
    reason: str
    adopted_from: str | None = Field(
        None, description="the critic whose revised_query became the instruction"
    )
    instruction_original: str
    instruction: str = Field(description="the instruction the bundle carries after the vote")
    critics: list[str]
    ballots: list[CriticBallot]
    tokens_in: int = 0
    tokens_out: int = 0
    cost_usd: float = 0.0
    price_unknown: list[str] = Field(
        default_factory=list, description="critics whose cost is not known (reported as 0)"
    )
    decided_at: str = Field(default_factory=now_iso)


class TupleOutcome(BaseModel):
    """What one command did with one tuple."""

    task_id: str
    stage: Stage
    status: Literal["decided", "earlier", "error"]
    decision: str | None = None
    bucket: Bucket | None = None
    path: str | None = None
    detail: str = ""
    tokens_in: int = 0
    tokens_out: int = 0
    cost_usd: float = 0.0
    wall_s: float = 0.0
    systemic: bool = Field(
        True,
        description="an error that may hit every tuple (provider, machinery); a per-tuple "
        "condition (no GUI oracle for its family) does not count toward stopping the run",
    )


class FilterSummary(BaseModel):
    """A command's summary. Per run: decided / earlier / errors and the spend; over the whole
    OUT (every stage, every run): buckets, decisions per stage and severities."""

    stage: Stage
    tuples: int = Field(0, description="tuples given to this command")
    decided: int = Field(0, description="decided by this run")
    earlier: int = Field(0, description="already decided by an earlier run or stage")
    errors: int = Field(0, description="left undecided (provider or machinery errors)")
    buckets: dict[str, int] = Field(default_factory=dict)
    decisions: dict[str, dict[str, int]] = Field(default_factory=dict)
    severity: dict[str, int] = Field(default_factory=dict)
    refined: int = Field(0, description="tuples whose reward the teacher stage refined")
    tokens_in: int = 0
    tokens_out: int = 0
    cost_usd: float = 0.0
    wall_s: float = 0.0
    notes: list[str] = Field(default_factory=list)

    def json_line(self) -> dict[str, Any]:
        return self.model_dump(mode="json", exclude={"notes"})


def summarize(
    stage: Stage, store: FilterStore, outcomes: list[TupleOutcome], wall_s: float
) -> FilterSummary:
    summary = FilterSummary(stage=stage, tuples=len(outcomes), wall_s=round(wall_s, 3))
    for o in outcomes:
        if o.status == "decided":
            summary.decided += 1
        elif o.status == "earlier":
            summary.earlier += 1
        else:
            summary.errors += 1
        summary.tokens_in += o.tokens_in
        summary.tokens_out += o.tokens_out
        summary.cost_usd += o.cost_usd
    summary.cost_usd = round(summary.cost_usd, 6)
    buckets: dict[str, int] = dict.fromkeys(BUCKETS, 0)
    critics: dict[str, int] = dict.fromkeys(CRITIC_DECISIONS, 0)
    teacher = dict.fromkeys(TEACHER_DECISIONS, 0)
    teacher["downsample_kept"] = 0
    severity = dict.fromkeys([*SEVERITIES, "none"], 0)
    for bucket, folder in store.bundles():
        buckets[bucket] += 1
        try:
            section = filter_section(read_meta(folder))
        except (OSError, ValueError):
            continue
        vote = section.get("critics")
        if isinstance(vote, dict) and vote.get("decision") in critics:
            critics[vote["decision"]] += 1
            severity[vote.get("severity") or "none"] += 1
        rollouts = section.get("teacher")
        if isinstance(rollouts, dict) and rollouts.get("decision") in teacher:
            teacher[rollouts["decision"]] += 1
            if rollouts["decision"] == "downsample" and bucket == "kept":
                teacher["downsample_kept"] += 1
            if rollouts.get("refinements"):
                summary.refined += 1
    summary.buckets = buckets
    summary.decisions = {"critics": critics, "teacher": teacher}
    summary.severity = severity
    return summary
