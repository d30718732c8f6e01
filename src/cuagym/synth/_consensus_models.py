"""What the consensus check reports: one outcome per condition, the reward runs, the verdict.

These are plain data. The checks that fill them live in ``_checks``, the runner that observes
the environments in ``_consensus``. ``ConsensusReport`` converts to the two forms the rest of
cuagym speaks: ``Review`` (REVIEW.md, the Discriminator's verdict) and the ``cuagym verify``
JSON of DESIGN.md §5 (a contract: exactly its keys, nothing else).
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from cuagym.core import Review, RewardOutput
from cuagym.core.near_misses import NearMissReport
from cuagym.core.review import (
    CONDITION_IDS,
    REQUIRED_OK,
    ConditionId,
    ConditionResult,
    ForbiddenHit,
)
from cuagym.synth._scan_models import Violation

__all__ = ["ConditionOutcome", "ConsensusReport", "RewardRun", "StateName"]

StateName = Literal["init", "gold"]


class ConditionOutcome(BaseModel):
    """One condition: ``ok`` is True/False, or None when its inputs are missing (not run)."""

    model_config = ConfigDict(frozen=True)

    ok: bool | None
    detail: str

    def to_result(self) -> ConditionResult:
        return ConditionResult.of(self.ok, self.detail)


class RewardRun(BaseModel):
    """One run of reward.py on a restored state, and every contract problem it showed."""

    model_config = ConfigDict(frozen=True)

    state: StateName
    index: int = Field(ge=1, description="1 or 2: C6 runs the reward twice on each state")
    exit_code: int
    timed_out: bool
    stdout: str
    stderr: str
    output: RewardOutput = Field(
        description="parsed stdout; its errors also list the run-level problems (exit code, "
        "writes), so output.ok is the whole contract verdict"
    )
    problems: list[str] = Field(
        default_factory=list, description="contract violations beyond the printed output"
    )

    @property
    def reward(self) -> float | None:
        return self.output.reward

    @property
    def follows_contract(self) -> bool:
        return self.output.ok


class ConsensusReport(BaseModel):
    """C1-C7 for one task: every condition evaluated and reported, not just the first failure."""

    task_id: str
    conditions: dict[str, ConditionOutcome] = Field(description='"C1".."C7", always all seven')
    r_init: float | None = None
    r_gold: float | None = None
    init_output: RewardOutput | None = None
    gold_output: RewardOutput | None = None
    forbidden: list[Violation] = Field(default_factory=list)
    passed: bool
    timings_s: dict[str, float] = Field(default_factory=dict)
    runs: list[RewardRun] = Field(
        default_factory=list, description="every reward run, in order (init 1, 2; gold 1, 2)"
    )
    near_misses: NearMissReport | None = Field(
        default=None, description="C7's near misses (None when no gold state scored 1.0)"
    )

    @staticmethod
    def verdict(conditions: dict[str, ConditionOutcome]) -> bool:
        """Passed: C1-C6 hold and C7 did not fail (it is not run only where C3 fails)."""
        return (
            all(conditions[c].ok is True for c in REQUIRED_OK) and conditions["C7"].ok is not False
        )

    def failed_conditions(self) -> list[str]:
        return [c for c in CONDITION_IDS if self.conditions[c].ok is not True]

    def to_review(self, feedback: str = "", *, round: int = 1, reward_summary: str = "") -> Review:
        """REVIEW.md for this result (the verdict follows from the conditions)."""
        conditions: dict[ConditionId, ConditionResult] = {
            c: self.conditions[c].to_result() for c in CONDITION_IDS
        }
        return Review.from_outputs(
            task_id=self.task_id,
            round=round,
            conditions=conditions,
            gold=self.gold_output,
            init=self.init_output,
            forbidden=[
                ForbiddenHit(pattern=v.pattern, line=v.line, message=v.message)
                for v in self.forbidden
            ],
            feedback=feedback,
            reward_summary=reward_summary,
            near_misses=self.near_misses,
        )

    def verify_json(self, bundle: str) -> dict[str, Any]:
        """One entry of ``cuagym verify --json`` (DESIGN.md §5): exactly the contract's keys."""
        return {
            "task_id": self.task_id,
            "bundle": bundle,
            "passed": self.passed,
            "conditions": {
                c: {"ok": self.conditions[c].ok, "detail": self.conditions[c].detail}
                for c in CONDITION_IDS
            },
            "r_init": self.r_init,
            "r_gold": self.r_gold,
        }
