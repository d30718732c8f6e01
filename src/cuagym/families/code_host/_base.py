"""The base every code-host family shares: its domain, oracle lookup and scripts."""

from __future__ import annotations

from typing import Any, ClassVar

from cuagym.core import Policy, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskFamily
from cuagym.families.code_host._common import CHECKS, params_of, patch_script, reward_script
from cuagym.families.code_host._common import setup_script as world_setup
from cuagym.families.code_host._oracle import ORACLES
from cuagym.scripts import inlined_file

__all__ = ["ForgeFamily"]


class ForgeFamily(TaskFamily):
    domain: ClassVar[str] = "code-host"

    def oracle(self, task: TaskConfig) -> Policy | None:
        """The family's GUI solver (``_oracle``): it works the pages like a person would."""
        return ORACLES[self.id](task)

    def scripts(self, world: dict[str, Any], gold: dict[str, Any]) -> GeneratedScripts:
        return GeneratedScripts(
            initial_setup=world_setup(world, self.id),
            golden_patch=patch_script(world, gold, self.id),
        )

    def write_reward(self, task: TaskConfig) -> str:
        body = inlined_file(CHECKS, self.id.replace("-", "_") + ".py")
        return reward_script(params_of(task), body, self.id)
