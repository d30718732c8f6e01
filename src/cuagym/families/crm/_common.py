"""What every crm task family shares: world building, and the three scripts' boilerplate.

- :func:`build_world` is the Generator's starting point: the seed, varied per task (some leads
  and their history removed, open deal amounts rescaled) so tasks don't all share one world,
  with the task's own entities protected from the variation.
- :func:`setup_script` and :func:`patch_script` turn worlds into ``initial_setup.py`` (``set``)
  and ``golden_patch.py`` (read ``/state``, upsert the records the golden world changed,
  ``set_current``). The golden world is computed at generation time with ``_ops``.
- :func:`reward_script` wraps a family's checks (plain statements appending
  ``(name, points, passed, detail)`` to ``checks``) in the reward contract: one GET of ``/go``,
  ``CHECK`` lines, ``REWARD: 0.0`` on any read or evaluation failure, zero-point guards that
  can only zero the score. It is built from the task's params alone.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from cuagym.apps.crm import REWARD_LIBRARY, WORLD_NOW, varied_seed
from cuagym.core import TaskConfig
from cuagym.families._family import family_rng
from cuagym.families._record_scripts import record_patch_script, record_setup_script
from cuagym.scripts import WEB_LIBRARIES, hub_json_literal, inlined
from cuagym.scripts import reward_script as compose_reward

__all__ = [
    "GEN_NOW",
    "REWARD_HELPERS",
    "build_world",
    "lead_of",
    "opportunity_of",
    "params_of",
    "patch_script",
    "reward_script",
    "setup_script",
]

State = dict[str, Any]
#: the "now" of golden patches: new records' createdAt (a reward never checks it).
GEN_NOW = WORLD_NOW


def params_of(task: TaskConfig) -> dict[str, Any]:
    """The task's structured facts."""
    return dict(task.params or {})


def lead_of(state: State, first: str, last: str, company: str) -> str:
    """The id of the lead with this name and company (they are unique in every world)."""
    return next(
        str(lid)
        for lid, lead in state["leads"].items()
        if (lead["firstName"], lead["lastName"], lead["company"]) == (first, last, company)
    )


def opportunity_of(state: State, name: str) -> str:
    return next(str(oid) for oid, o in state["opportunities"].items() if o["name"] == name)


def build_world(task: TaskConfig, protect: Iterable[str] = ()) -> State:
    """The seed, varied by the task id: fewer leads, other deal sizes; ``protect`` ids kept."""
    return varied_seed(family_rng(task, "world"), protect)


# -- script sources -----------------------------------------------------------------------------
def _literal(value: Any) -> str:
    return hub_json_literal(value, "repr")


def setup_script(world: State, title: str) -> str:
    """``initial_setup.py``: ``set`` the whole world (initial := current := world)."""
    return record_setup_script("crm", world, title)


def patch_script(before: State, after: State, title: str) -> str:
    """``golden_patch.py``: read the session's state, upsert/remove what ``after`` changed."""
    collections = [
        c
        for c, records in after.items()
        if c not in ("ui", "org")
        and c in before
        and isinstance(records, dict)
        and all(isinstance(v, dict) for v in records.values())
    ]
    return record_patch_script("crm", before, after, title, collections)


#: The helpers every crm reward carries (after the shared frame and hub libraries).
REWARD_HELPERS = inlined(REWARD_LIBRARY)

_READ = """
data = hub_state("crm")
init, cur, diff = data["initial_state"], data["current_state"], data["state_diff"]
"""


def reward_script(params: dict[str, Any], body: str, title: str) -> str:
    """``reward.py``: the shared reward frame (:mod:`cuagym.scripts`) around the
    state read, the helpers and a family's checks (``body``, unindented)."""
    return compose_reward(
        header=f"# reward.py - {' '.join(title.split())}",
        imports="import json\n",
        libraries=[*WEB_LIBRARIES, REWARD_HELPERS],
        constants=f"P = {_literal(params)}",
        read=_READ,
        body=body,
    )
