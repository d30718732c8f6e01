"""What every mail family shares: the task's world and the generated scripts.

A task's world is the app's varied seed (:func:`cuagym.apps.mail.varied_seed`) drawn with
``family_rng(task, "world")``, so each task gets its own world while staying reproducible; a
family injects its entities with the app's world builders and solves the task with the app's
own operations (:mod:`cuagym.apps.mail.ops`).
"""

from __future__ import annotations

import copy
import random
from abc import abstractmethod
from typing import Any

from cuagym.apps.mail import WORLD_NOW, varied_seed
from cuagym.core import Policy, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskFamily, family_rng
from cuagym.families.mail._oracle import ORACLES
from cuagym.families.mail._scripts import entity_edits, patch_script, setup_script

__all__ = ["GOLD_NOW", "MailFamily", "base_world", "params"]

State = dict[str, Any]
#: the moment golden patches "send" at: after every world's newest message.
GOLD_NOW = WORLD_NOW


def params(task: TaskConfig) -> dict[str, Any]:
    """The task's structured facts (``params`` is an extra field of TaskConfig)."""
    return dict(task.params or {})


def base_world(task: TaskConfig) -> State:
    """The task's mailbox: the seed varied by the task's own ``world`` draw."""
    return varied_seed(family_rng(task, "world"))


class MailFamily(TaskFamily):
    """A mail family: ``build`` injects the task into a world, ``solve`` applies the answer.

    ``generate`` is shared: the world becomes ``initial_setup.py`` and the entity-level
    difference between the world and its solved copy becomes ``golden_patch.py``.
    """

    domain = "mail"

    @abstractmethod
    def build(self, task: TaskConfig, world: State, rng: random.Random) -> None:
        """Inject what the task's context promises into ``world`` (in place)."""

    @abstractmethod
    def solve(self, task: TaskConfig, state: State) -> None:
        """Change ``state`` (in place) the way a person using the UI correctly would."""

    def world(self, task: TaskConfig) -> State:
        world = base_world(task)
        self.build(task, world, family_rng(task, "inject"))
        return world

    def oracle(self, task: TaskConfig) -> Policy | None:
        """The family's GUI solver (``mail._oracle``): it works the page like a person would."""
        return ORACLES[self.id](task)

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        world = self.world(task)
        gold = copy.deepcopy(world)
        self.solve(task, gold)
        summary = f"{task.task_id}"
        return GeneratedScripts(
            initial_setup=setup_script(world, summary),
            golden_patch=patch_script(entity_edits(world, gold), summary),
        )
