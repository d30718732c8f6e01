"""What every code-editor family shares: the Generator's pipeline and the reward frame.

A family samples a task (a project of one domain, the facts its instruction states), builds
the project's files from the task's params and a seeded RNG (:meth:`CodeFamily.world`),
writes the whole new text of each file the task edits (:meth:`CodeFamily.edits`: the golden
patch, and the GUI oracle's target) and the reward's flat check block from the params alone
(:meth:`CodeFamily.checks`).
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from cuagym.apps.code_editor import DOMAINS, Project, domain_of, make_project, project_name
from cuagym.core import Policy, StartWindow, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskFamily, TaskParams, family_rng
from cuagym.families.code_editor._scripts import golden_script, reward_script, setup_script

__all__ = ["HOME", "CodeFamily", "World", "params_of", "pick_project", "quote"]

HOME = "/home/user"


def params_of(task: TaskConfig, model: type[TaskParams] | None = None) -> dict[str, Any]:
    """The task's params, first checked against the family's ``model``."""
    params = task.params
    if not isinstance(params, dict):
        raise ValueError(f"task {task.task_id} has no params")
    if model is not None:
        model.of(task)
    return params


def quote(text: str) -> str:
    return f"\u201c{text}\u201d"


def pick_project(rng: random.Random) -> tuple[str, str]:
    """A domain's package and a project folder (``projects/<name>``) for a new task."""
    domain = rng.choice(DOMAINS)
    return domain.pkg, f"projects/{project_name(rng, domain)}"


@dataclass
class World:
    """The initial home: text files, workbooks and documents, by path relative to it."""

    files: dict[str, str]
    sheets: dict[str, Any] = field(default_factory=dict)
    docs: dict[str, Any] = field(default_factory=dict)


class CodeFamily(TaskFamily):
    """A code-editor task family over projects under /home/user/projects."""

    domain: ClassVar[str] = "code-editor"
    #: extra import lines of the family's reward (a workbook read with openpyxl)
    reward_imports: ClassVar[str] = ""

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The editor on the file the context names as open."""
        return [StartWindow(app="code-editor", path=f"{HOME}/{self.start_file(params)}")]

    @abstractmethod
    def start_file(self, params: Mapping[str, Any]) -> str:
        """The file the editor opens on, relative to the home."""

    def oracle(self, task: TaskConfig) -> Policy | None:
        from cuagym.families.code_editor._oracle import EditorOracle

        oracle: Policy = EditorOracle(task, self)
        return oracle

    def oracle_replacements(self, params: Mapping[str, Any]) -> list[tuple[str, str]]:
        """Words the GUI oracle replaces with Replace All in each edited file (the rest of
        the plan it types line by line); none by default."""
        return []

    def project(self, p: Mapping[str, Any], rng: random.Random) -> Project:
        """The task's project: its domain and folder from the params, the rest from ``rng``."""
        return make_project(rng, domain_of(p["pkg"]), p["root"].rsplit("/", 1)[-1])

    # -- Generator ------------------------------------------------------------------------------
    @abstractmethod
    def world(self, p: dict[str, Any], rng: random.Random) -> World:
        """The initial home."""

    @abstractmethod
    def edits(self, p: dict[str, Any], world: World) -> dict[str, str]:
        """The whole new text of every file the task edits."""

    def world_of(self, task: TaskConfig) -> World:
        return self.world(params_of(task, self.params_type), family_rng(task, "world"))

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = params_of(task, self.params_type)
        world = self.world_of(task)
        edits = self.edits(p, world)
        unchanged = [path for path, text in edits.items() if world.files.get(path) == text]
        if not edits or unchanged or not set(edits) <= set(world.files):
            raise ValueError(f"{task.task_id}: the edits change no file or an unknown one")
        return GeneratedScripts(
            initial_setup=setup_script(task.task_id, world.files, world.sheets, world.docs),
            golden_patch=golden_script(task.task_id, edits),
        )

    # -- Discriminator --------------------------------------------------------------------------
    @abstractmethod
    def checks(self, p: dict[str, Any]) -> str:
        """The reward's check block: code in ``main`` over ``start``, ``changes``, ``P``."""

    def write_reward(self, task: TaskConfig) -> str:
        p = params_of(task, self.params_type)
        return reward_script(task.task_id, task.instruction, p, self.checks(p), self.reward_imports)
