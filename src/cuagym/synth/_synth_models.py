"""What the synthesis loop records: role runs, rounds, task outcomes, the batch summary."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

__all__ = [
    "DEFAULT_MAX_ROUNDS",
    "BatchSummary",
    "RoleName",
    "RoleRun",
    "RoleUsage",
    "RoundRecord",
    "TaskOutcome",
]

RoleName = Literal["generator", "discriminator"]
# The paper's K: tuples that have not converged by round 5 are ambiguous specs, cheaper to
# regenerate (Pass 2 gap-fill) than to keep revising.
DEFAULT_MAX_ROUNDS = 5


class RoleUsage(BaseModel):
    """What one role run cost. The procedural and command backends report zeros (a command
    backend's agent bills its own account); the llm backend fills every field."""

    model_config = ConfigDict(frozen=True)

    tokens_in: int = Field(0, ge=0)
    tokens_out: int = Field(0, ge=0)
    cost_usd: float = Field(0.0, ge=0.0)
    model: str | None = None

    def __add__(self, other: RoleUsage) -> RoleUsage:
        return RoleUsage(
            tokens_in=self.tokens_in + other.tokens_in,
            tokens_out=self.tokens_out + other.tokens_out,
            cost_usd=round(self.cost_usd + other.cost_usd, 6),
            model=self.model or other.model,
        )


class RoleRun(BaseModel):
    """One role's turn in one round, as the orchestrator saw it."""

    role: RoleName
    round: int = Field(ge=1)
    ok: bool = Field(description="exited 0 in time and left every required output")
    exit_code: int | None = None
    timed_out: bool = False
    duration_s: float = 0.0
    detail: str = Field("", description="why the run failed, in one line")
    outputs: dict[str, str] = Field(default_factory=dict, description="file name -> text")
    usage: RoleUsage = Field(default_factory=RoleUsage)
    denied: int = Field(0, ge=0, description="environment-API calls refused to this role")


class RoundRecord(BaseModel):
    """One adversarial round: both roles and the conditions the orchestrator checked."""

    round: int = Field(ge=1)
    generator: RoleRun | None = None
    discriminator: RoleRun | None = None
    conditions: dict[str, bool | None] = Field(default_factory=dict)
    r_init: float | None = None
    r_gold: float | None = None
    passed: bool = False
    timings_s: dict[str, float] = Field(default_factory=dict)


class TaskOutcome(BaseModel):
    """Where a task ended: accepted into final/, rejected/ after K rounds, or skipped on resume."""

    task_id: str
    status: Literal["accepted", "rejected", "skipped", "error"]
    rounds: int = Field(0, ge=0)
    bundle: str | None = Field(None, description="path of the bundle folder written")
    usage: RoleUsage = Field(default_factory=RoleUsage)
    wall_s: float = 0.0
    detail: str = ""


class BatchSummary(BaseModel):
    """The ``cuagym synth --json`` last line (DESIGN.md §5, a contract) plus a few extras.

    ``json_line()`` emits exactly the contract's keys; the extras (skipped, errors, per-domain
    counts) are for the summary table and the benchmark.
    """

    accepted: int = 0
    rejected: int = 0
    rounds_mean: float = 0.0
    wall_s: float = 0.0
    tuples_per_hour: float = 0.0
    tokens_in: int = 0
    tokens_out: int = 0
    cost_usd: float = 0.0
    skipped: int = Field(0, description="tasks already done by an earlier run (resume)")
    errors: int = Field(0, description="tasks the orchestrator itself failed on (not rounds)")
    by_domain: dict[str, dict[str, int]] = Field(default_factory=dict)

    def json_line(self) -> dict[str, float | int]:
        return {
            "accepted": self.accepted,
            "rejected": self.rejected,
            "rounds_mean": self.rounds_mean,
            "wall_s": self.wall_s,
            "tuples_per_hour": self.tuples_per_hour,
            "tokens_in": self.tokens_in,
            "tokens_out": self.tokens_out,
            "cost_usd": self.cost_usd,
        }
