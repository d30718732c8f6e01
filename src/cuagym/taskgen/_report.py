"""The run's report: the corpus mix, each constraint's value, and — for every constraint the
available generators could not meet — the best value reached and what would be needed."""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Sequence

from pydantic import BaseModel, Field

from cuagym.taskgen._categories import CATEGORIES
from cuagym.taskgen._constraints import (
    ConstraintCheck,
    MixConstraints,
    MixStats,
    check_mix,
    mix_stats,
)
from cuagym.taskgen._generate import Generation

__all__ = ["TaskgenReport", "build_report"]


class TaskgenReport(BaseModel):
    backend: str
    seed: int
    domains: list[str]
    requested: int
    stats: MixStats
    checks: list[ConstraintCheck]
    constraints_met: bool
    by_pass: dict[str, int]
    leaves_covered: dict[str, int] = Field(description="distinct leaves with a task, per domain")
    drafts: int
    rejected: dict[str, int] = Field(description="by reason: lint, invalid, template, ngram, "
                                                 "cosine")  # fmt: skip
    rejected_dedup: int
    rejected_lint: int
    lint_kinds: dict[str, int]
    glitches: dict[str, int] = Field(description="warnings: offer label and glitch rule")
    retired: list[str] = Field(description="offers exhausted by the dedup checks")
    trimmed: int
    embedded: int
    tokens_in: int
    tokens_out: int
    cost_usd: float
    wall_s: float

    def json_line(self) -> dict[str, object]:
        """The last line of ``cuagym taskgen --json`` (DESIGN.md §8, contract)."""
        return {
            "tasks": self.stats.tasks,
            "by_category": self.stats.by_category,
            "hard_share": self.stats.hard_share,
            "cross_share": self.stats.cross_share,
            "max_app_share": self.stats.max_app_share,
            "rejected_dedup": self.rejected_dedup,
            "rejected_lint": self.rejected_lint,
            "constraints_met": self.constraints_met,
        }

    def unmet(self) -> list[ConstraintCheck]:
        return [c for c in self.checks if not c.met]

    def describe(self) -> str:
        lines = [f"{self.stats.tasks} tasks of {self.requested} requested "
                 f"({self.backend}, seed {self.seed}); constraints:"]  # fmt: skip
        lines += [f"  {c.describe()}" for c in self.checks]
        return "\n".join(lines)


def build_report(
    run: Generation,
    *,
    backend: str,
    seed: int,
    domains: Sequence[str],
    requested: int,
    limits: MixConstraints | None,
    embedded: int,
) -> TaskgenReport:
    stats = mix_stats([(t.cell.key, t.task.apps) for t in run.tasks])
    checks = check_mix(stats, limits or _NO_LIMITS, requested)
    if limits is None:
        checks = [c for c in checks if c.name == "tasks"]
    checks = [c if c.met else c.model_copy(update={"needed": _needed(c, run, stats, limits)})
              for c in checks]  # fmt: skip
    leaves: defaultdict[str, set[str]] = defaultdict(set)
    for t in run.tasks:
        leaves[t.cell.taxonomy_path[0]].add("/".join(t.cell.taxonomy_path))
    return TaskgenReport(
        backend=backend, seed=seed, domains=list(domains), requested=requested, stats=stats,
        checks=checks, constraints_met=all(c.met for c in checks),
        by_pass=dict(Counter(t.cell.source_pass for t in run.tasks)),
        leaves_covered={d: len(v) for d, v in sorted(leaves.items())},
        drafts=run.drafts, rejected=dict(run.rejected), rejected_dedup=run.rejected_dedup,
        rejected_lint=run.rejected["lint"], lint_kinds=dict(run.lint_kinds),
        glitches=dict(run.warnings), retired=list(run.retired), trimmed=run.trimmed,
        embedded=embedded, tokens_in=run.tokens_in, tokens_out=run.tokens_out,
        cost_usd=round(run.cost_usd, 6), wall_s=run.wall_s,
    )  # fmt: skip


_NO_LIMITS = MixConstraints(max_category=1.0, min_hard=0.0, min_cross=0.0, max_app=1.0)


def _needed(
    check: ConstraintCheck, run: Generation, stats: MixStats, limits: MixConstraints | None
) -> str:
    offers = run.offers
    n = max(1, stats.tasks)
    word = "families" if run.planner.offers and offers[0].family is not None else "offers"
    if check.name == "tasks":
        dead = len(run.retired)
        rules = ", ".join(f"{k} {v}" for k, v in sorted(run.rejected.items())) or "none"
        trimmed = (
            f"; {run.trimmed} more were made but dropped to keep the category and app caps"
            if run.trimmed else ""
        )  # fmt: skip
        return (
            f"the generators gave {stats.tasks} distinct tasks{trimmed}: {dead} of {len(offers)} "
            f"{word} were exhausted (rejected drafts: {rules}). Each slot template may be used "
            f"3 times per app, so a family yields about 3 tasks per distinct sentence frame: "
            f"more {word} or more sentence frames per family are needed."
        )
    if check.name in ("hard", "cross"):
        mine = [o for o in offers if (o.is_hard if check.name == "hard" else o.is_cross)]
        have = round(check.value * n)
        deficit = max(0, math.ceil(check.limit * n - 1e-9) - have)
        what = "hard" if check.name == "hard" else "cross-app"
        if not mine:
            return (f"no {what} generator exists; about {deficit} {what} tasks are missing "
                    f"(add {what} {word})")  # fmt: skip
        yield_each = max(1.0, sum(o.accepted for o in mine) / len(mine))
        by_domain = Counter(o.leaf.domain for o in mine)
        cats = Counter(o.cell.category for o in mine)
        text = (
            f"{deficit} more {what} tasks needed; the {len(mine)} {what} {word} "
            f"({', '.join(f'{d} {k}' for d, k in sorted(by_domain.items()))}) gave "
            f"{sum(o.accepted for o in mine)} tasks (~{yield_each:.1f} each) — about "
            f"{math.ceil(deficit / yield_each)} more {what} {word} of that yield are needed"
        )
        if limits is not None:
            capped = [c for c, k in stats.by_category.items()
                      if k / n >= limits.max_category - 1e-9 and c in cats]  # fmt: skip
            if capped:
                text += (
                    f"; the {what} {word} sit in categories at their cap "
                    f"({', '.join(capped)}), so new ones must come from other categories"
                )
        if check.name == "cross":
            pairs = {tuple(sorted(set(o.apps))) for o in mine}
            text += f"; app combinations with a cross-app generator: {sorted(pairs)}"
        return text
    if check.name == "category":
        empty = [c for c in CATEGORIES if c not in {o.cell.category for o in offers}]
        return (
            f"category {check.subject} holds {check.value:.1%}: the other categories' "
            f"generators ran out. Categories with no generator at all: {', '.join(empty)}"
        )
    # app
    apps = Counter(a for o in offers for a in o.apps)
    return (
        f"app {check.subject} holds {check.value:.1%}: the other apps' generators ran out "
        f"({', '.join(f'{a} {k} {word}' for a, k in sorted(apps.items()))})"
    )
