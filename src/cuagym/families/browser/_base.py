"""What every browser family shares: the Generator's pipeline and the reward frame.

A family supplies :meth:`BrowserFamily.build` (the world the task starts from: the intranet's
pages and the profile, from the task's params and a seeded RNG), :meth:`BrowserFamily.solve`
(the profile edits that reach the one correct end state) and :meth:`BrowserFamily.checks` (the
reward's flat check block, written from the params alone).
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar

from cuagym.apps.browser import World
from cuagym.core import Policy, StartWindow, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskFamily, family_rng
from cuagym.families.browser._scripts import golden_script, reward_script, setup_script

__all__ = ["BrowserFamily", "Op", "params_of", "quote"]

#: a golden-patch profile edit (see ``cuagym.apps.browser._replay``)
Op = list[Any]


def params_of(task: TaskConfig) -> dict[str, Any]:
    params = task.params
    if not isinstance(params, dict):
        raise ValueError(f"task {task.task_id} has no params")
    return params


def quote(text: str) -> str:
    return f"\u201c{text}\u201d"


class BrowserFamily(TaskFamily):
    """A task family over the browser's profile and the home's intranet pages."""

    domain: ClassVar[str] = "browser"
    #: the page the browser starts on, relative to the home
    start_page: ClassVar[str] = "intranet/index.html"

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        return [StartWindow(app="browser", path=f"/home/user/{self.start_page}")]

    def oracle(self, task: TaskConfig) -> Policy | None:
        from cuagym.families.browser._oracle_tasks import ORACLES

        made = ORACLES.get(self.id)
        return made(task, self) if made is not None else None

    @abstractmethod
    def build(self, p: dict[str, Any], rng: random.Random) -> World:
        """The world the task starts from."""

    @abstractmethod
    def solve(self, p: dict[str, Any], world: World) -> list[Op]:
        """The profile edits that turn the initial state into the correct end state."""

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = params_of(task)
        if self.params_type is not None:
            self.params_type.of(task)
        world = self.build(p, family_rng(task, "world"))
        return GeneratedScripts(
            initial_setup=setup_script(task.task_id, world),
            golden_patch=golden_script(task.task_id, self.solve(p, world)),
        )

    @abstractmethod
    def checks(self, p: dict[str, Any]) -> str:
        """The reward's check block: code in ``main`` over the read block's names and ``P``."""

    def write_reward(self, task: TaskConfig) -> str:
        p = params_of(task)
        return reward_script(task.task_id, task.instruction, p, self.checks(p))
