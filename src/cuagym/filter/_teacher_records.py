"""What the teacher stage records per tuple: each pass of N_teach rollouts with both scores and
the decision, each refinement, and the outcome (``meta.json`` → ``filter.teacher``). The same
models, saved after every step, are the stage's resume state."""

from __future__ import annotations

import hashlib
from typing import Literal

from pydantic import BaseModel, Field

from cuagym.core.episode import EpisodeCheck, EpisodeStatus
from cuagym.filter._decision import TeacherDecision
from cuagym.filter._judge import ChecklistRecord, Judgement
from cuagym.filter._records import now_iso
from cuagym.filter._store import Bucket

__all__ = [
    "Outcome",
    "PassRecord",
    "RefinementRecord",
    "RolloutScore",
    "TeacherRecord",
    "TeacherState",
    "downsample_draw",
    "sha256_text",
]

Outcome = Literal["accept", "downsample_kept", "downsample_dropped", "drop", "offline"]


def sha256_text(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def downsample_draw(task_id: str) -> float:
    """A number in [0, 1) fixed by the task id: a downsampled tuple is kept iff it is below
    the kept fraction, so the same corpus and fraction always keep the same tuples."""
    digest = hashlib.sha256(f"cuagym-downsample:{task_id}".encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2**64


class RolloutScore(BaseModel):
    """One teacher rollout: where its episode is, r (reward.py) and r_vlm (the judge)."""

    k: int = Field(ge=0)
    episode: str = Field(description="the episode folder, relative to OUT")
    status: EpisodeStatus
    ended_by: str
    steps: int
    reward: float | None = Field(description="r; null for an error episode (never scored)")
    checks: list[EpisodeCheck] = Field(default_factory=list)
    judgement: Judgement | None = Field(None, description="r_vlm with the judge's description")
    rescored_from: str | None = Field(
        None,
        description="the episode (relative to OUT) of the earlier pass this one is a copy of, "
        "re-scored by this version's reward.py instead of played again",
    )
    judgement_reused: bool = Field(
        False,
        description="the judgement is the one the episode got in that earlier pass (the judge "
        "never sees the reward), counted in that pass's cost",
    )
    rerun: str | None = Field(
        None, description="why this rollout was played again instead of re-scored"
    )

    @property
    def scored(self) -> bool:
        return self.status != "error" and self.reward is not None


class PassRecord(BaseModel):
    """One entry into the teacher stage: N_teach rollouts on one version of the tuple."""

    index: int = Field(ge=1)
    reward_sha256: str = Field(description="the reward.py these rollouts were scored by")
    rollouts: list[RolloutScore]
    r: list[float]
    r_vlm: list[int] | None = Field(description="null with --judge none")
    mean_r: float
    mean_r_vlm: float | None
    decision: TeacherDecision
    rescored_from_pass: int | None = Field(
        None,
        description="the pass whose episodes this one re-scored with a refined reward.py "
        "(DESIGN.md §13); null: every rollout was played",
    )


class RefinementRecord(BaseModel):
    """One trip back to the Discriminator with the disagreeing rollouts as feedback."""

    index: int = Field(ge=1)
    after_pass: int = Field(ge=1)
    round: int = Field(ge=1, description="the synthesis round number it ran as")
    passed: bool = Field(description="the new reward.py passed C1-C6")
    conditions: dict[str, bool | None]
    failed: list[str] = Field(default_factory=list, description="failed conditions, detailed")
    reward_sha256: str | None = None
    discriminator: str = Field("", description="why the role failed, if it did")
    tokens_in: int = 0
    tokens_out: int = 0
    cost_usd: float = 0.0
    feedback: str = Field(description="TEACHER_REVIEW.md as the Discriminator read it")


class TeacherState(BaseModel):
    """A tuple's progress through the stage (the resume state, and most of the record)."""

    task_id: str
    source: str = Field(description="the bundle folder the stage started from")
    current: str = Field(description="the folder of the tuple's current version")
    checklist: ChecklistRecord | None = None
    passes: list[PassRecord] = Field(default_factory=list)
    refinements: list[RefinementRecord] = Field(default_factory=list)


class TeacherRecord(BaseModel):
    """``meta.json`` → ``filter.teacher``: every decision and its inputs."""

    policy: str
    n: int
    judge: str | None = Field(description="null with --judge none")
    delta: float
    downsample_keep: float
    r_vlm_available: bool
    checklist: ChecklistRecord | None
    passes: list[PassRecord]
    refinements: list[RefinementRecord]
    decision: TeacherDecision = Field(description="the last pass's decision")
    outcome: Outcome
    bucket: Bucket
    downsample_draw: float | None = None
    note: str = ""
    tokens_in: int = 0
    tokens_out: int = 0
    cost_usd: float = 0.0
    decided_at: str = Field(default_factory=now_iso)
