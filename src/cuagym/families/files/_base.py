"""What every files family shares: the Generator's pipeline and the reward frame.

A family supplies :meth:`FilesFamily.world` (the files and empty folders the task starts
from, built from the task's params and a seeded RNG), :meth:`FilesFamily.solve` (the file
operations that reach the one correct end state from that world) and
:meth:`FilesFamily.checks` (the reward's flat check block, written from the params alone).
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar

from cuagym.apps.files import FileSpec
from cuagym.core import Policy, StartWindow, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskFamily, TaskParams, family_rng
from cuagym.families.files._oracle_tasks import ORACLES
from cuagym.families.files._scripts import golden_script, reward_script, setup_script

__all__ = ["FileSpec", "FilesFamily", "Op", "params_of", "quote"]

#: ``[op, a, b]``: a golden-patch file operation (see ``golden_script``)
Op = list[str]


def params_of(task: TaskConfig, model: type[TaskParams] | None = None) -> dict[str, Any]:
    """The task's params as the scripts embed them, first checked against the family's
    ``model`` when it has one (a ValueError names the task and the bad field)."""
    params = task.params
    if not isinstance(params, dict):
        raise ValueError(f"task {task.task_id} has no params")
    if model is not None:
        model.of(task)
    return params


def quote(text: str) -> str:
    return f"\u201c{text}\u201d"


class FilesFamily(TaskFamily):
    """A file-manager task family over the /home/user tree."""

    domain: ClassVar[str] = "files"
    #: extra import lines of the family's reward (a workbook read with openpyxl)
    reward_imports: ClassVar[str] = ""

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The file manager on the home folder (a family whose context names another folder
        as shown overrides this)."""
        return [StartWindow(app="files", path="/home/user")]

    def oracle(self, task: TaskConfig) -> Policy | None:
        """The family's GUI solver (:mod:`._oracle_tasks`), or None when it has none."""
        made = ORACLES.get(self.id)
        return made(task, self) if made is not None else None

    # -- Generator ------------------------------------------------------------------------------
    @abstractmethod
    def world(self, p: dict[str, Any], rng: random.Random) -> tuple[list[FileSpec], list[str]]:
        """The initial tree: files and extra (empty) folders, paths relative to /home/user."""

    @abstractmethod
    def solve(self, p: dict[str, Any], files: list[FileSpec]) -> list[Op]:
        """The file operations that turn the initial tree into the correct end state."""

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = params_of(task, self.params_type)
        files, dirs = self.world(p, family_rng(task, "world"))
        paths = [f["path"] for f in files]
        if len(set(paths)) != len(paths):
            raise ValueError(f"{task.task_id}: the world has two files at one path")
        return GeneratedScripts(
            initial_setup=setup_script(task.task_id, files, dirs),
            golden_patch=golden_script(task.task_id, self.solve(p, files)),
        )

    # -- Discriminator --------------------------------------------------------------------------
    @abstractmethod
    def checks(self, p: dict[str, Any]) -> str:
        """The reward's check block: code in ``main`` over ``files``, ``dirs``, ``P``."""

    def write_reward(self, task: TaskConfig) -> str:
        p = params_of(task, self.params_type)
        return reward_script(task.task_id, task.instruction, p, self.checks(p), self.reward_imports)
