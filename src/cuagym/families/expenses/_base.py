"""The base of every single-app expenses family: its domain, its GUI oracle, its two scripts."""

from __future__ import annotations

from typing import Any, ClassVar

from cuagym.core import Policy, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskFamily
from cuagym.families.expenses._common import patch_script, reward_script, setup_script
from cuagym.families.expenses._oracle import ORACLES
from cuagym.scripts import inlined_file

__all__ = ["COMPANY", "ME", "ExpensesFamily", "checks_of"]

#: the package of the families' reward checks (one module per family)
_CHECKS = "cuagym.families.expenses._checks"
#: who the agent is in the expense app (the seed's signed-in finance controller)
ME = "Noor Haddad"
COMPANY = "Brightwater Surveys"


def checks_of(*modules: str) -> str:
    """The reward body made of the named check modules, in order."""
    return "\n".join(inlined_file(_CHECKS, f"{m}.py") for m in modules)


class ExpensesFamily(TaskFamily):
    domain: ClassVar[str] = "expenses"
    #: the check modules of its reward, in order
    checks: ClassVar[tuple[str, ...]]

    def oracle(self, task: TaskConfig) -> Policy | None:
        """The family's GUI solver (``_oracle``): it works the pages like a person would."""
        return ORACLES[self.id](task)

    def scripts(self, world: dict[str, Any], gold: dict[str, Any]) -> GeneratedScripts:
        return GeneratedScripts(
            initial_setup=setup_script(world, self.id),
            golden_patch=patch_script(world, gold, self.id),
        )

    def write_reward(self, task: TaskConfig) -> str:
        return reward_script(dict(task.params or {}), checks_of(*self.checks), self.id)
