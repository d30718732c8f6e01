"""What a run's index page says: one row per episode, and the run's figures.

The figures follow ``cuagym rollout``'s own summary: success rate, mean reward and mean steps
are over scored episodes (an ``error`` episode is never scored); errors are counted apart.
Mean duration is over every episode, errors included (they took the time too).
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

from pydantic import BaseModel, Field

from cuagym.core import Episode

__all__ = ["EpisodeRow", "RunSummary", "Tally", "episode_row", "summarize"]

UNKNOWN_DOMAIN = "(unknown)"


class EpisodeRow(BaseModel):
    """One episode as the index lists it."""

    task_id: str
    k: int
    domain: str
    instruction: str = Field(description="empty when the bundle's task_config.json is unreadable")
    status: str
    reward: float | None
    steps: int
    wall_s: float
    policy: str
    started_at: str
    page: str = Field(description="the episode's page, relative to the index")
    error: str | None = None


class Tally(BaseModel):
    """Figures of a group of episodes."""

    episodes: int = 0
    success: int = 0
    errors: int = 0
    reward_sum: float = 0.0
    steps_sum: int = 0
    wall_sum: float = 0.0

    @property
    def scored(self) -> int:
        return self.episodes - self.errors

    @property
    def success_rate(self) -> float | None:
        return self.success / self.scored if self.scored else None

    @property
    def mean_reward(self) -> float | None:
        return self.reward_sum / self.scored if self.scored else None

    @property
    def mean_steps(self) -> float | None:
        return self.steps_sum / self.scored if self.scored else None

    @property
    def mean_wall_s(self) -> float | None:
        return self.wall_sum / self.episodes if self.episodes else None

    def add(self, row: EpisodeRow) -> None:
        self.episodes += 1
        self.wall_sum += row.wall_s
        if row.status == "error":
            self.errors += 1
            return
        self.success += row.status == "success"
        self.reward_sum += row.reward or 0.0
        self.steps_sum += row.steps


class RunSummary(BaseModel):
    overall: Tally
    by_domain: dict[str, Tally]
    by_status: dict[str, Tally]
    policies: list[str]
    first_start: str | None
    last_start: str | None


def _task_config(bundle: str) -> dict[str, object]:
    try:
        data = json.loads((Path(bundle) / "task_config.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def episode_row(ep: Episode, page: str) -> EpisodeRow:
    """The index's row of an episode; domain and instruction come from its bundle."""
    rec = ep.record
    config = _task_config(rec.bundle) if rec.bundle else {}
    domain = config.get("domain")
    instruction = config.get("instruction")
    return EpisodeRow(
        task_id=rec.task_id,
        k=rec.k,
        domain=domain if isinstance(domain, str) and domain else UNKNOWN_DOMAIN,
        instruction=instruction if isinstance(instruction, str) else "",
        status=rec.status,
        reward=rec.reward,
        steps=rec.steps,
        wall_s=rec.wall_s,
        policy=rec.policy,
        started_at=rec.started_at.isoformat(timespec="seconds"),
        page=page,
        error=rec.error or None,
    )


def summarize(rows: Iterable[EpisodeRow]) -> RunSummary:
    """The run's figures overall, per domain (sorted) and per status (success, failure, error)."""
    rows = list(rows)
    overall = Tally()
    by_domain: dict[str, Tally] = {}
    by_status: dict[str, Tally] = {}
    for row in rows:
        overall.add(row)
        by_domain.setdefault(row.domain, Tally()).add(row)
        by_status.setdefault(row.status, Tally()).add(row)
    order = ("success", "failure", "error")
    starts = sorted(r.started_at for r in rows)
    return RunSummary(
        overall=overall,
        by_domain=dict(sorted(by_domain.items())),
        by_status={s: by_status[s] for s in order if s in by_status},
        policies=sorted({r.policy for r in rows}),
        first_start=starts[0] if starts else None,
        last_start=starts[-1] if starts else None,
    )
