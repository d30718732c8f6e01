"""What every pdf family shares: the Generator's pipeline and the reward frame.

A family supplies :meth:`PdfFamily.world` (the documents and companion files the task starts
from), :meth:`PdfFamily.solve` (the exports that make the one correct end state) and
:meth:`PdfFamily.block` (its part of the reward, between :func:`._checks.head` and
:func:`._checks.tail`: what it wants, derived from the task's params and the source as setup
wrote it).
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from cuagym.core import Policy, StartWindow, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskFamily, TaskParams, family_rng
from cuagym.families.pdf import _checks
from cuagym.families.pdf._scripts import golden_script, reward_script, setup_script
from cuagym.scripts import statements_of

__all__ = ["Export", "PdfFamily", "World", "export", "params_of", "quote"]

#: ``(documents, companion files)`` of a task's initial home
World = tuple[list[dict[str, Any]], list[dict[str, Any]]]
#: one export of the golden patch (see :mod:`cuagym.apps.pdf._replay`)
Export = dict[str, Any]


def params_of(task: TaskConfig, model: type[TaskParams] | None = None) -> dict[str, Any]:
    params = task.params
    if not isinstance(params, dict):
        raise ValueError(f"task {task.task_id} has no params")
    if model is not None:
        model.of(task)
    return params


def quote(text: str) -> str:
    return f"\u201c{text}\u201d"


def export(
    src: str,
    dst: str,
    pages: list[int],
    notes: Sequence[dict[str, Any]] = (),
    marks: Sequence[dict[str, Any]] = (),
) -> Export:
    """One export: ``pages`` of ``src`` (1-based, in order) with notes and highlights."""
    return {"src": src, "dst": dst, "pages": pages, "notes": list(notes), "marks": list(marks)}


class PdfFamily(TaskFamily):
    """A task on PDFs in Xournal++: the export is the end state."""

    domain: ClassVar[str] = "pdf"
    #: extra import lines of the family's reward
    reward_imports: ClassVar[str] = ""

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """Xournal++ on the source PDF."""
        return [StartWindow(app="pdf", path="/home/user/" + params["source"])]

    def oracle(self, task: TaskConfig) -> Policy | None:
        from cuagym.families.pdf._oracle_tasks import ORACLES

        made = ORACLES.get(self.id)
        return made(task, self) if made is not None else None

    # -- Generator ------------------------------------------------------------------------------
    @abstractmethod
    def world(self, p: dict[str, Any], rng: random.Random) -> World:
        """The documents (DocSpecs) and companion files (a workbook, a memo)."""

    @abstractmethod
    def solve(self, p: dict[str, Any], world: World) -> list[Export]:
        """The exports that make the correct end state."""

    def made_world(self, task: TaskConfig) -> World:
        return self.world(params_of(task, self.params_type), family_rng(task, "world"))

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = params_of(task, self.params_type)
        world = self.made_world(task)
        docs, extras = world
        return GeneratedScripts(
            initial_setup=setup_script(task.task_id, docs, extras),
            golden_patch=golden_script(task.task_id, self.solve(p, world)),
        )

    # -- Discriminator --------------------------------------------------------------------------
    @abstractmethod
    def block(self, p: dict[str, Any]) -> str:
        """The family's reward statements: set ``wanted``, ``notes_wanted``, ``rows_wanted``,
        ``extra_ok`` (the inputs are as the task states)."""

    def pre_block(self, p: dict[str, Any]) -> str:
        """Statements before the head: set ``output`` (the export's path) and ``free`` (paths
        that may change besides it: an office app's lock file)."""
        return 'output = P["output"]\nfree = []\n'

    def write_reward(self, task: TaskConfig) -> str:
        p = params_of(task, self.params_type)
        body = (
            self.pre_block(p)
            + statements_of(_checks.head)
            + self.block(p)
            + statements_of(_checks.tail)
        )
        return reward_script(task.task_id, task.instruction, p, body, self.reward_imports)
