"""What every calc family shares: the Generator's pipeline and the reward frame.

A family supplies :meth:`CalcFamily.sheets` (the workbook the task starts from, built from the
task's params and a seeded RNG), :meth:`CalcFamily.patch` (golden-patch lines that edit the
loaded workbook ``wb``, reading the task's facts as ``F``) and :meth:`CalcFamily.checks` (the
reward's flat check block, written from the params alone).
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar

from cuagym.core import Policy, StartWindow, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskFamily, TaskParams, family_rng
from cuagym.families.calc._oracles import ORACLES
from cuagym.families.calc._scripts import golden_script, reward_script, setup_script

__all__ = ["SAVE_NOTE", "CalcFamily", "CalcParams", "Sheet", "params_of", "quote"]

Sheet = dict[str, Any]

#: The context's closing sentence: where the result must end up (a goal, not a method).
SAVE_NOTE = (
    "Only the saved file counts: keep it at the same path, in xlsx format, and leave the rest "
    "of the workbook as it is."
)


class CalcParams(TaskParams):
    """What every calc task states: the workbook it is about (a family's model adds the rest)."""

    path: str


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


class CalcFamily(TaskFamily):
    """A LibreOffice Calc task family over one xlsx workbook (``params["path"]``)."""

    domain: ClassVar[str] = "calc"

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The workbook open in Calc, as every calc context says."""
        return [StartWindow(app="calc", path=params["path"])]

    def oracle(self, task: TaskConfig) -> Policy | None:
        """The family's GUI solver (:mod:`._oracles`), or None when it has none."""
        made = ORACLES.get(self.id)
        return made(task) if made is not None else None

    # -- Generator ------------------------------------------------------------------------------
    @abstractmethod
    def sheets(self, p: dict[str, Any], rng: random.Random) -> tuple[list[Sheet], str]:
        """The initial workbook: sheet specs (see ``setup_script``) and extra setup lines."""

    @abstractmethod
    def patch(self, p: dict[str, Any]) -> str:
        """Golden-patch lines run on the loaded ``wb``; ``F`` holds the task's params."""

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = params_of(task, self.params_type)
        specs, extra = self.sheets(p, family_rng(task, "world"))
        return GeneratedScripts(
            initial_setup=setup_script(task.task_id, p["path"], specs, extra),
            golden_patch=golden_script(task.task_id, p["path"], p, self.patch(p)),
        )

    # -- Discriminator --------------------------------------------------------------------------
    @abstractmethod
    def checks(self, p: dict[str, Any]) -> str:
        """The reward's check block: code in ``main`` over ``wb``, ``vals``, ``P``, ``checks``."""

    def write_reward(self, task: TaskConfig) -> str:
        p = params_of(task, self.params_type)
        return reward_script(task.task_id, task.instruction, p, self.checks(p))
