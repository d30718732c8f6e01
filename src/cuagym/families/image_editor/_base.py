"""What every image family shares: the Generator's pipeline and the reward frame.

A family supplies :meth:`ImageFamily.world` (the images and other files the task starts from),
:meth:`ImageFamily.jobs` (the outputs the task asks for: source, output path, Pillow steps,
format, quality — from the params alone, so the reward can carry them) and optionally
:meth:`ImageFamily.extra_checks`. The golden patch does the jobs with Pillow; the reward
compares each output with the initial image through the same steps (sizes exact, looks within
the app's stated tolerance) and guards the rest of the home.
"""

from __future__ import annotations

import json
import random
from abc import abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar

from cuagym.apps.image_editor import ImageSpec
from cuagym.core import Policy, StartWindow, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskFamily, TaskParams, family_rng
from cuagym.families.image_editor._scripts import golden_script, reward_script, setup_script

__all__ = ["ImageFamily", "Job", "job", "params_of", "quote"]

#: one output: ``{"src", "dst", "steps", "format", "quality"?}`` (paths under /home/user)
Job = dict[str, Any]


def job(src: str, dst: str, steps: list[list[Any]], quality: int | None = None) -> Job:
    fmt = "jpeg" if dst.lower().endswith((".jpg", ".jpeg")) else "png"
    out: Job = {"src": src, "dst": dst, "steps": steps, "format": fmt}
    if quality is not None:
        out["quality"] = quality
    return out


def params_of(task: TaskConfig, model: type[TaskParams] | None = None) -> dict[str, Any]:
    params = task.params
    if not isinstance(params, dict):
        raise ValueError(f"task {task.task_id} has no params")
    if model is not None:
        model.of(task)
    return params


def quote(text: str) -> str:
    return f"\u201c{text}\u201d"


#: the reward's checks of every job (``JOBS`` written before it) and the whole-home guard
_JOB_CHECKS = """
outputs = []
for i, j in enumerate(JOBS):
    output_checks(checks, state, "output%d" % (i + 1), j["dst"], j["steps"], j["format"],
                  source=j["src"], quality=j.get("quality"))
    outputs.append(j["dst"])
off = off_plan(state, changes, outputs)
checks.append(("nothing_else_changed", 0, not off, "unplanned changes: " + ", ".join(off)[:200]))
"""


class ImageFamily(TaskFamily):
    """An image-editing task family over images of the /home/user tree, done in GIMP."""

    domain: ClassVar[str] = "image-editor"

    @abstractmethod
    def start_image(self, params: Mapping[str, Any]) -> str:
        """The image GIMP opens on at step 0 (relative to /home/user)."""

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        return [StartWindow(app="image-editor", path="/home/user/" + self.start_image(params))]

    def oracle(self, task: TaskConfig) -> Policy | None:
        from cuagym.families.image_editor._oracle_tasks import ORACLES

        made = ORACLES.get(self.id)
        return made(task, self) if made is not None else None

    # -- Generator ------------------------------------------------------------------------------
    @abstractmethod
    def world(
        self, p: dict[str, Any], rng: random.Random
    ) -> tuple[list[ImageSpec], list[dict[str, Any]]]:
        """The start home: image specs and other files (``OTHERS`` of the setup script)."""

    @abstractmethod
    def jobs(self, p: dict[str, Any]) -> list[Job]:
        """The outputs the task asks for, from the params alone."""

    def golden_jobs(self, p: dict[str, Any], others: list[dict[str, Any]]) -> list[Job]:
        """The jobs the golden patch does (a family whose jobs come from a file of the world
        reads them from ``others``)."""
        return self.jobs(p)

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = params_of(task, self.params_type)
        images, others = self.world(p, family_rng(task, "world"))
        paths = [i["path"] for i in images] + [o["path"] for o in others]
        if len(set(paths)) != len(paths):
            raise ValueError(f"{task.task_id}: the world has two files at one path")
        return GeneratedScripts(
            initial_setup=setup_script(task.task_id, images, others),
            golden_patch=golden_script(task.task_id, self.golden_jobs(p, others)),
        )

    # -- Discriminator --------------------------------------------------------------------------
    def checks(self, p: dict[str, Any]) -> str:
        """The reward's check block: each job's output, then the whole-home guard."""
        jobs = json.dumps(self.jobs(p), ensure_ascii=False, sort_keys=True)
        return f"JOBS = json.loads({jobs!r})\n" + _JOB_CHECKS + self.extra_checks(p)

    def extra_checks(self, p: dict[str, Any]) -> str:
        return ""

    def write_reward(self, task: TaskConfig) -> str:
        p = params_of(task, self.params_type)
        return reward_script(task.task_id, task.instruction, p, self.checks(p))
