"""A task's sampling cell: the ``cell`` key of a ``cuagym taskgen`` task (DESIGN.md §8,
**contract**), which ``cuagym synth --tasks`` moves into meta.json."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import NamedTuple

from pydantic import BaseModel, ConfigDict, Field

from cuagym.core import Difficulty, Platform, Scenario
from cuagym.core.task import SourcePass, TaskType
from cuagym.taskgen._categories import Category

__all__ = ["CellKey", "TaskCell", "platform_of", "task_type_of"]


class CellKey(NamedTuple):
    """The five sampling dimensions (the spec's matrix); counts are kept per key."""

    platform: Platform
    category: Category
    difficulty: Difficulty
    scenario: Scenario
    task_type: TaskType

    def label(self) -> str:
        return "/".join(self)


class TaskCell(BaseModel):
    """Where a task sits in the sampling matrix and which pass made it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    platform: Platform
    category: Category
    difficulty: Difficulty
    scenario: Scenario
    task_type: TaskType
    taxonomy_path: list[str] = Field(
        min_length=2, description="Root (the domain id) to leaf, e.g. ['calc', 'formatting', ...]"
    )
    source_pass: SourcePass

    @property
    def key(self) -> CellKey:
        return CellKey(self.platform, self.category, self.difficulty, self.scenario,
                       self.task_type)  # fmt: skip


def platform_of(apps: Iterable[str], platforms: Mapping[str, str]) -> Platform:
    """desktop or web when every app is of that kind, cross when the task mixes both.

    ``platforms`` maps an app (domain) id to its platform; an app it lacks is an error, since
    the cell would otherwise be a guess.
    """
    kinds: set[str] = set()
    for app in apps:
        if app not in platforms:
            raise ValueError(f"app {app!r} is not an installed domain")
        kinds.add(platforms[app])
    if kinds == {"desktop"}:
        return "desktop"
    if kinds == {"web"}:
        return "web"
    if not kinds:
        raise ValueError("a task needs at least one app")
    return "cross"


def task_type_of(apps: Iterable[str]) -> TaskType:
    return "cross" if len(set(apps)) > 1 else "single"
