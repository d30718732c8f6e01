"""What every expenses task family shares: world building, and the three scripts' boilerplate.

- :func:`build_world` is the Generator's starting point: the seed company, varied per task
  (budgets and the old trail), with the task's own records protected from the variation.
- :func:`setup_script` and :func:`patch_script` turn worlds into ``initial_setup.py`` (``set``)
  and ``golden_patch.py`` (read ``/state``, upsert the records the golden world changed,
  ``set_current``). The golden world is computed at generation time with the app's ops.
- :func:`reward_script` wraps a family's checks (statements appending
  ``(name, points, passed, detail)`` to ``checks``) in the reward contract: one read of ``/go``,
  ``CHECK`` lines, ``REWARD: 0.0`` on any failure, zero-point guards that can only zero it.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from cuagym.apps.expenses import REWARD_LIBRARY, WORLD_NOW, varied_seed
from cuagym.core import TaskConfig
from cuagym.families._family import family_rng
from cuagym.families._record_scripts import record_patch_script, record_setup_script
from cuagym.scripts import WEB_LIBRARIES, hub_json_literal, inlined
from cuagym.scripts import reward_script as compose_reward

__all__ = [
    "GEN_NOW",
    "build_world",
    "name_of",
    "params_of",
    "patch_script",
    "report_of",
    "reward_script",
    "setup_script",
]

State = dict[str, Any]
#: the "now" of golden patches: new records' timestamps (a reward never checks their values)
GEN_NOW = WORLD_NOW


def params_of(task: TaskConfig) -> dict[str, Any]:
    return dict(task.params or {})


def report_of(state: State, number: int) -> str:
    return f"rep-{number}" if f"rep-{number}" in state["reports"] else ""


def name_of(state: State, eid: str) -> str:
    return str(state["employees"][eid]["name"])


def build_world(task: TaskConfig, protect: Iterable[str] = ()) -> State:
    """The seed company, varied by the task id; ``protect`` ids kept as in the seed."""
    return varied_seed(family_rng(task, "world"), protect)


def setup_script(world: State, title: str) -> str:
    """``initial_setup.py``: ``set`` the whole world (initial := current := world)."""
    return record_setup_script("expenses", world, title)


def patch_script(before: State, after: State, title: str) -> str:
    """``golden_patch.py``: read the session's state, upsert/remove what ``after`` changed."""
    collections = [
        c
        for c, records in after.items()
        if c not in ("ui", "company") and isinstance(records, dict)
    ]
    return record_patch_script("expenses", before, after, title, collections)


_READ = """
data = hub_state("expenses")
init, cur, diff = data["initial_state"], data["current_state"], data["state_diff"]
"""


def reward_script(params: dict[str, Any], body: str, title: str) -> str:
    """``reward.py``: the shared reward frame around the state read, the app's reward library
    and a family's checks (``body``, unindented)."""
    return compose_reward(
        header=f"# reward.py - {' '.join(title.split())}",
        imports="import json\n",
        libraries=[*WEB_LIBRARIES, inlined(REWARD_LIBRARY)],
        constants=f"P = {hub_json_literal(params, 'repr')}",
        read=_READ,
        body=body,
    )
