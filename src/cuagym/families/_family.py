"""Procedural task families: the offline, deterministic role backend of each domain.

A family is BrowserGym's setup / validate / cheat split along the information barrier:

- :meth:`TaskFamily.sample` plays Task-Gen: from a seeded RNG it writes the task ``(t, c)`` —
  an instruction (a goal, not a method; one correct end state) and a context naming what must
  exist in the initial environment, plus ``params``: the task's structured facts, every one of
  them stated in the instruction or the context.
- :meth:`TaskFamily.generate` plays the Generator: from the task alone it writes
  ``initial_setup.py`` (builds a world that satisfies the context) and ``golden_patch.py``
  (builds the correct end state from the initial one).
- :meth:`TaskFamily.write_reward` plays the Discriminator: from the task alone it writes
  ``reward.py``. It never sees the Generator's scripts; the orchestrator runs each role in its
  own process and sandbox, so a family cannot pass anything from one to the other.

Scripts follow the reward.py contract of DESIGN.md §2 (``CHECK`` lines, last ``REWARD:``) and
reach web apps through ``$CUAGYM_HUB/<app>/{post,go,state}?sid=$CUAGYM_SID``.
"""

from __future__ import annotations

import hashlib
import random
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from pydantic import BaseModel, ConfigDict, ValidationError

from cuagym.core import Difficulty, Policy, Scenario, StartWindow, TaskConfig

__all__ = ["GeneratedScripts", "TaskFamily", "TaskParams", "family_rng", "task_id_for"]


@dataclass(frozen=True)
class GeneratedScripts:
    """The Generator's output: two Python sources."""

    initial_setup: str
    golden_patch: str


class TaskParams(BaseModel):
    """A family's typed task parameters: the structured facts its tasks state.

    Each family declares a subclass (fields in the order the task's ``params`` lists them, so
    a task's JSON is the same bytes) and reads a task through :meth:`of`; unknown keys are an
    error, so a parameter no model names cannot travel unseen.
    """

    model_config = ConfigDict(extra="forbid", frozen=True, allow_inf_nan=False)

    @classmethod
    def of(cls, task: TaskConfig) -> Self:
        """``task.params`` as this model; a ValueError names the task and the bad field."""
        if task.params is None:
            raise ValueError(f"task {task.task_id} has no params")
        try:
            return cls.model_validate(task.params)
        except ValidationError as exc:
            first = exc.errors()[0]
            where = ".".join(str(part) for part in first["loc"]) or "params"
            raise ValueError(
                f"task {task.task_id}: params.{where}: {first['msg']} ({cls.__name__})"
            ) from None


def family_rng(task: TaskConfig, purpose: str) -> random.Random:
    """A deterministic RNG for one role's choices about one task (e.g. filler data).

    Seeded from the task id and a purpose string, so the Generator's world is reproducible
    without hidden parameters that the Discriminator would also see.
    """
    digest = hashlib.sha256(f"{task.task_id}\x00{purpose}".encode()).digest()
    return random.Random(int.from_bytes(digest[:8], "big"))


def task_id_for(domain: str, family_id: str, seed: int) -> str:
    """The task id of a procedural sample: stable, readable, unique per (domain, family, seed)."""
    return f"{domain}--{family_id}--{seed}"


class TaskFamily(ABC):
    """A parametric family of tasks on one domain (see the module docstring)."""

    #: unique within its domain, kebab-case (``rename-channel``)
    id: ClassVar[str]
    #: the domain id the family belongs to (``team-chat``)
    domain: ClassVar[str]
    #: apps the task touches, in use order (default: the domain alone)
    apps: ClassVar[tuple[str, ...]] = ()
    difficulty: ClassVar[Difficulty]
    #: the leaf of the domain's taxonomy.yaml this family exercises (keys below the root)
    taxonomy_path: ClassVar[tuple[str, ...]]
    #: further leaves the task exercises, as ``"domain:a/b/c"`` (a cross-app family names the
    #: other apps' leaves); cuagym.taskgen checks every one against its taxonomy
    also_covers: ClassVar[tuple[str, ...]] = ()
    scenario: ClassVar[Scenario] = "commercial"
    #: the family's typed parameters (None: not declared yet); :meth:`make_task` checks the
    #: params it writes against it
    params_type: ClassVar[type[TaskParams] | None] = None

    @abstractmethod
    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        """Task-Gen: one task of this family. Structured facts go into ``params``."""

    @abstractmethod
    def generate(self, task: TaskConfig) -> GeneratedScripts:
        """Generator: ``initial_setup.py`` and ``golden_patch.py`` for ``task``."""

    @abstractmethod
    def write_reward(self, task: TaskConfig) -> str:
        """Discriminator: ``reward.py`` for ``task``, derived from the task alone."""

    # -- conveniences ---------------------------------------------------------------------------
    def sample(self, seed: int) -> TaskConfig:
        """The task of this family for ``seed`` (same seed, same task)."""
        task_id = task_id_for(self.domain, self.id, seed)
        task = self.sample_task(random.Random(f"{self.domain}/{self.id}/{seed}"), task_id)
        if task.task_id != task_id or task.domain != self.domain:
            raise ValueError(f"family {self.id!r} returned a task for another id or domain")
        return task

    def task_apps(self) -> list[str]:
        return list(self.apps or (self.domain,))

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The start screen (DESIGN.md §6): the windows the agent sees at step 0, in order.

        The default suits a web app: its home page. Desktop domains open their app on the
        task's file or folder; a family whose context promises a particular window overrides
        this. Derived from ``params`` alone, so a bundle written without ``start`` gets the same
        windows back (:func:`cuagym.domains.start_screen`).
        """
        return [StartWindow(app=self.task_apps()[0], page="/")]

    def oracle(self, task: TaskConfig) -> Policy | None:
        """The family's GUI solver for ``task``, or None when it has none yet.

        An oracle has privileged knowledge of the task but changes the world only through
        ``computer_use`` actions; it is a :class:`cuagym.core.Policy`: ``name``,
        ``coordinate_space``, ``image``, ``begin(task, env)``, ``step(observation) -> str``
        (the model's text protocol) and ``end()``.
        """
        return None

    def make_task(self, task_id: str, instruction: str, context: str, **params: Any) -> TaskConfig:
        """Build this family's TaskConfig with its domain, apps and difficulty filled in."""
        if self.params_type is not None:
            try:
                self.params_type.model_validate(params)
            except ValidationError as exc:
                raise ValueError(
                    f"family {self.id!r} wrote params its model refuses: {exc}"
                ) from None
        return TaskConfig.model_validate(
            {
                "task_id": task_id,
                "instruction": instruction,
                "context": context,
                "domain": self.domain,
                "apps": self.task_apps(),
                "difficulty": self.difficulty,
                "params": params,
                "family": self.id,
                "start": [w.model_dump(exclude_none=True) for w in self.start_windows(params)],
            }
        )
