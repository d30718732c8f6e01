"""What ``cuagym appgen build`` records in ``DIR/appgen.json``: its settings, and per round the
Dev agent's tokens, cost and time, the static checks' findings and the audit's summary."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from cuagym.appgen._report import AuditReport

__all__ = ["AuditSummary", "BuildRecord", "BuildSettings", "Finding", "ProbeResult", "RoundRecord"]

BuildStatus = Literal["running", "clean", "needs_review", "error"]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


class ProbeResult(_Model):
    """What ``python -m cuagym.appgen._probe PROJECT`` prints: does the project load as a web
    app, which routes it serves, what is wrong with it."""

    loaded: bool
    app_id: str = ""
    package_dir: str = ""
    routes: list[str] = Field(default_factory=list)
    problems: list[str] = Field(default_factory=list)


class Finding(_Model):
    """One thing a round must fix: from the audit (AUDIT.md) or the static checks (TEST.md)."""

    source: Literal["audit", "test"]
    priority: Literal["P0", "P1"]
    where: str
    detail: str


class AuditSummary(_Model):
    routes: int
    controls: int
    dead: int
    errors: int
    ok: bool

    @classmethod
    def of(cls, report: AuditReport) -> AuditSummary:
        return cls(
            routes=report.routes,
            controls=report.controls,
            dead=len(report.dead),
            errors=len(report.errors),
            ok=report.ok,
        )


class RoundRecord(_Model):
    round: int
    status: Literal["clean", "findings", "error"]
    dev_exit: int = 0
    model: str | None = None
    tokens_in: int = 0
    tokens_out: int = 0
    cost_usd: float = 0.0
    dev_s: float = 0.0
    checks_s: float = 0.0
    audit_s: float = 0.0
    wall_s: float = 0.0
    audit: AuditSummary | None = None
    findings: list[Finding] = Field(default_factory=list)
    error: str | None = Field(None, description="an infrastructure error: the round is redone")


class BuildSettings(_Model):
    """What a re-run must match to resume (else --force)."""

    backend: Literal["command", "llm"]
    command: str | None = None
    model: str | None = None
    rounds: int


class BuildRecord(_Model):
    app_id: str
    settings: BuildSettings
    status: BuildStatus = "running"
    rounds: list[RoundRecord] = Field(default_factory=list)

    @property
    def tokens_in(self) -> int:
        return sum(r.tokens_in for r in self.rounds)

    @property
    def tokens_out(self) -> int:
        return sum(r.tokens_out for r in self.rounds)

    @property
    def cost_usd(self) -> float:
        return round(sum(r.cost_usd for r in self.rounds), 6)

    @property
    def last_audit_clean(self) -> bool:
        """Whether the newest round is clean (its audit ok and no static finding)."""
        return bool(self.rounds) and self.rounds[-1].status == "clean"
