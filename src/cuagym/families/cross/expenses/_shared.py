"""What the expenses cross-app families share: the reward frame with several apps' reads, the
expense world with its person renamed, and the families' checks package."""

from __future__ import annotations

import json
from typing import Any

from cuagym.apps.expenses import REWARD_LIBRARY, varied_seed
from cuagym.core import TaskConfig
from cuagym.families._family import family_rng
from cuagym.scripts import WEB_LIBRARIES, inlined, inlined_file
from cuagym.scripts import reward_script as compose_reward

__all__ = ["EXPENSES", "ME", "expense_world", "reward"]

EXPENSES = "expenses"
#: the expense app's signed-in person in the seed
ME = "Noor Haddad"
_CHECKS = "cuagym.families.cross.expenses._checks"
_READ = """
data = hub_state("expenses")
init, cur, diff = data["initial_state"], data["current_state"], data["state_diff"]
"""

State = dict[str, Any]


def expense_world(task: TaskConfig, name: str = ME) -> State:
    """The expense world of the task, its signed-in person called ``name`` (the same person
    as in the other app)."""
    world = varied_seed(family_rng(task, "world"))
    world["employees"][world["currentUser"]]["name"] = name
    return world


def reward(task: TaskConfig, header: str, other_read: str, *checks: tuple[str, str]) -> str:
    """``reward.py``: the expense app's ``/go`` and ``other_read``'s, then the checks
    (``(package, module)`` pairs; a bare module name is this package's)."""
    body = "\n".join(inlined_file(pkg or _CHECKS, module) for pkg, module in checks)
    return compose_reward(
        header=f"# reward.py - {header}",
        imports="import json\n",
        libraries=[*WEB_LIBRARIES, inlined(REWARD_LIBRARY)],
        constants=f"P = json.loads({json.dumps(dict(task.params or {}), sort_keys=True)!r})",
        read=_READ + other_read,
        body=body,
    )
