"""The corpus-mix constraints of DESIGN.md §8 and how a corpus measures against them.

* no category above 21 % of the tasks;
* at least 40 % hard tasks;
* at least 35 % cross-app tasks;
* no app above 15 %, a task counting 1/k for each of its k distinct apps.

(The paper's "at least 1,000 verified tuples per app" cannot hold at its own corpus size and
is no constraint.) A fifth line, ``tasks``, records whether the requested number of tasks was
reached: a corpus can meet every share and still be too small.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from typing import Literal

from pydantic import BaseModel, Field

from cuagym.taskgen._cell import CellKey

__all__ = [
    "ConstraintCheck",
    "MixConstraints",
    "MixStats",
    "check_mix",
    "mix_stats",
]


class MixConstraints(BaseModel):
    """Limits on the corpus mix (shares in [0, 1])."""

    max_category: float = Field(0.21, gt=0.0, le=1.0)
    min_hard: float = Field(0.40, ge=0.0, le=1.0)
    min_cross: float = Field(0.35, ge=0.0, le=1.0)
    max_app: float = Field(0.15, gt=0.0, le=1.0)


class MixStats(BaseModel):
    """A corpus's mix: the numbers the constraints are checked on."""

    tasks: int
    by_category: dict[str, int]
    by_difficulty: dict[str, int]
    by_platform: dict[str, int]
    by_scenario: dict[str, int]
    app_load: dict[str, float] = Field(description="tasks per app, 1/k for k apps")
    hard_share: float
    cross_share: float
    max_category_share: float
    max_app_share: float

    @property
    def top_category(self) -> str:
        return max(self.by_category, key=lambda c: self.by_category[c], default="")

    @property
    def top_app(self) -> str:
        return max(self.app_load, key=lambda a: self.app_load[a], default="")


class ConstraintCheck(BaseModel):
    """One constraint on one corpus: the value reached and, when unmet, what would fix it."""

    name: Literal["category", "hard", "cross", "app", "tasks"]
    bound: Literal["max", "min"]
    limit: float
    value: float
    met: bool
    subject: str = Field("", description="the category or app the value belongs to")
    needed: str = Field("", description="what the available generators lack, when unmet")

    def describe(self) -> str:
        if self.name == "tasks":
            text = f"tasks: {int(self.value)} of {int(self.limit)} requested"
        else:
            sign = "<=" if self.bound == "max" else ">="
            what = {"category": "category share", "hard": "hard share",
                    "cross": "cross-app share", "app": "app share"}[self.name]  # fmt: skip
            about = f" ({self.subject})" if self.subject else ""
            text = f"{what}{about}: {self.value:.1%} (need {sign} {self.limit:.0%})"
        status = "met" if self.met else "NOT MET"
        return f"{status:7s} {text}" + (f"\n          {self.needed}" if self.needed else "")


def mix_stats(tasks: Sequence[tuple[CellKey, Iterable[str]]]) -> MixStats:
    """The mix of tasks given as (cell, apps)."""
    n = len(tasks)
    cats: Counter[str] = Counter()
    diffs: Counter[str] = Counter()
    plats: Counter[str] = Counter()
    scens: Counter[str] = Counter()
    load: dict[str, float] = defaultdict(float)
    hard = cross = 0
    for cell, apps in tasks:
        cats[cell.category] += 1
        diffs[cell.difficulty] += 1
        plats[cell.platform] += 1
        scens[cell.scenario] += 1
        hard += cell.difficulty == "hard"
        cross += cell.task_type == "cross"
        distinct = list(dict.fromkeys(apps))
        for app in distinct:
            load[app] += 1.0 / len(distinct)
    share = (lambda v: round(v / n, 4)) if n else (lambda v: 0.0)
    return MixStats(
        tasks=n, by_category=dict(cats.most_common()), by_difficulty=dict(diffs),
        by_platform=dict(plats), by_scenario=dict(scens),
        app_load={a: round(v, 4) for a, v in sorted(load.items(), key=lambda kv: -kv[1])},
        hard_share=share(hard), cross_share=share(cross),
        max_category_share=share(max(cats.values(), default=0)),
        max_app_share=share(max(load.values(), default=0.0)),
    )  # fmt: skip


def check_mix(stats: MixStats, limits: MixConstraints, requested: int) -> list[ConstraintCheck]:
    """Each constraint's value and whether it holds (``needed`` is filled in by the report)."""
    eps = 1e-9
    return [
        ConstraintCheck(name="category", bound="max", limit=limits.max_category,
                        value=stats.max_category_share, subject=stats.top_category,
                        met=stats.max_category_share <= limits.max_category + eps),
        ConstraintCheck(name="hard", bound="min", limit=limits.min_hard,
                        value=stats.hard_share, met=stats.hard_share + eps >= limits.min_hard),
        ConstraintCheck(name="cross", bound="min", limit=limits.min_cross,
                        value=stats.cross_share,
                        met=stats.cross_share + eps >= limits.min_cross),
        ConstraintCheck(name="app", bound="max", limit=limits.max_app,
                        value=stats.max_app_share, subject=stats.top_app,
                        met=stats.max_app_share <= limits.max_app + eps),
        ConstraintCheck(name="tasks", bound="min", limit=float(requested),
                        value=float(stats.tasks), met=stats.tasks >= requested),
    ]  # fmt: skip
