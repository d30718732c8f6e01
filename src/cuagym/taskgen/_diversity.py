"""How varied each procedural family's instructions are (``cuagym taskgen families``).

A family sampled over many seeds shows how many tasks it can give a deduplicated corpus: the
template check admits 3 instances of one slot template per app, so a family's yield is about
3 × its distinct sentence frames. The same pass collects what the linter rejects (every family's
instructions must pass) and the generator glitches it only warns about, plus one glitch no
single instruction shows: the same first name given both a male and a female honorific.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict

from pydantic import BaseModel, Field

from cuagym.taskgen._catalog import Catalog
from cuagym.taskgen._lint import lint_instruction
from cuagym.taskgen._template import slot_template

__all__ = ["DiversityReport", "FamilyDiversity", "family_diversity"]

# Frames per family the issue asks for ("several phrasings per family").
MIN_FRAMES = 5

_HONORIFIC = re.compile(r"\b(Mr|Mrs|Ms|Miss|Mx)\.? ([A-Z][a-z]+)\b")
_HONORIFIC_KIND = {"Mr": "male", "Mrs": "female", "Ms": "female", "Miss": "female"}


class FamilyDiversity(BaseModel):
    family: str = Field(description="domain/family id")
    difficulty: str
    apps: list[str]
    leaf: str = Field(description="domain:a/b/c")
    distinct_instructions: int
    distinct_frames: int = Field(description="distinct slot templates")
    lint_failures: dict[str, int] = Field(description="kind/rule -> instructions rejected")
    glitches: dict[str, int] = Field(description="glitch rule -> instructions with it")
    honorific_mismatches: list[str] = Field(
        description="first names given both a male and a female honorific across the seeds"
    )

    @property
    def clean(self) -> bool:
        return not (self.lint_failures or self.glitches or self.honorific_mismatches)


class DiversityReport(BaseModel):
    seeds: int
    families: list[FamilyDiversity]
    below_min_frames: int = Field(description=f"families with fewer than {MIN_FRAMES} frames")
    single_frame: int = Field(description="families with exactly one frame")
    hard_families: int
    cross_families: int
    lint_failures: int = Field(description="instructions the linter rejected, all families")
    glitchy_families: int = Field(description="families with a glitch or honorific mismatch")


def family_diversity(
    catalog: Catalog, seeds: int = 300, domains: list[str] | None = None
) -> DiversityReport:
    """Sample every family (of ``domains``, default all) at seeds 0..seeds-1 and measure it."""
    if seeds < 1:
        raise ValueError(f"seeds must be at least 1, not {seeds}")
    rows: list[FamilyDiversity] = []
    for entry in catalog.families():
        if domains is not None and entry.family.domain not in domains:
            continue
        family = entry.family
        texts: set[str] = set()
        frames: set[str] = set()
        lint: Counter[str] = Counter()
        glitches: Counter[str] = Counter()
        titles: defaultdict[str, set[str]] = defaultdict(set)
        for seed in range(seeds):
            task = family.sample(seed)
            texts.add(task.instruction)
            frames.add(slot_template(task.instruction, task.params))
            report = lint_instruction(task.instruction)
            lint.update(f"{e.kind}/{e.rule}" for e in report.errors)
            glitches.update({w.rule for w in report.warnings})
            for title, first in _HONORIFIC.findall(task.instruction):
                if title in _HONORIFIC_KIND:
                    titles[first].add(_HONORIFIC_KIND[title])
        rows.append(
            FamilyDiversity(
                family=entry.key, difficulty=family.difficulty, apps=list(entry.apps),
                leaf=entry.leaf.key, distinct_instructions=len(texts),
                distinct_frames=len(frames), lint_failures=dict(lint), glitches=dict(glitches),
                honorific_mismatches=sorted(n for n, kinds in titles.items() if len(kinds) > 1),
            )
        )  # fmt: skip
    return DiversityReport(
        seeds=seeds, families=rows,
        below_min_frames=sum(r.distinct_frames < MIN_FRAMES for r in rows),
        single_frame=sum(r.distinct_frames == 1 for r in rows),
        hard_families=sum(r.difficulty == "hard" for r in rows),
        cross_families=sum(len(set(r.apps)) > 1 for r in rows),
        lint_failures=sum(sum(r.lint_failures.values()) for r in rows),
        glitchy_families=sum(bool(r.glitches or r.honorific_mismatches) for r in rows),
    )  # fmt: skip
