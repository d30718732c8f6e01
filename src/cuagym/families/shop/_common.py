"""What every shop task family shares: world building, and the three scripts' boilerplate.

- :func:`build_world` is the Generator's starting point: the seed store, varied per task (stock
  counts and timeline comments), with the task's own records protected from the variation.
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

from cuagym.apps.shop import REWARD_LIBRARY, WORLD_NOW, varied_seed
from cuagym.core import TaskConfig
from cuagym.families._family import family_rng
from cuagym.families._record_scripts import record_patch_script, record_setup_script
from cuagym.scripts import WEB_LIBRARIES, hub_json_literal, inlined
from cuagym.scripts import reward_script as compose_reward

__all__ = [
    "GEN_NOW",
    "build_world",
    "order_of",
    "params_of",
    "patch_script",
    "reward_script",
    "setup_script",
    "variant_of",
]

State = dict[str, Any]
#: the "now" of golden patches: new records' timestamps (a reward never checks them)
GEN_NOW = WORLD_NOW


def params_of(task: TaskConfig) -> dict[str, Any]:
    return dict(task.params or {})


def order_of(state: State, number: int) -> str:
    return next(str(oid) for oid, o in state["orders"].items() if o["number"] == number)


def variant_of(state: State, sku: str) -> str:
    return next(str(vid) for vid, v in state["variants"].items() if v["sku"] == sku)


def build_world(task: TaskConfig, protect: Iterable[str] = ()) -> State:
    """The seed store, varied by the task id; ``protect`` ids kept as in the seed."""
    return varied_seed(family_rng(task, "world"), protect)


def _literal(value: Any) -> str:
    return hub_json_literal(value, "repr")


def setup_script(world: State, title: str) -> str:
    """``initial_setup.py``: ``set`` the whole world (initial := current := world)."""
    return record_setup_script("shop", world, title)


def patch_script(before: State, after: State, title: str) -> str:
    """``golden_patch.py``: read the session's state, upsert/remove what ``after`` changed."""
    collections = [
        c for c, records in after.items() if c not in ("ui", "store") and isinstance(records, dict)
    ]
    return record_patch_script("shop", before, after, title, collections)


_READ = """
data = hub_state("shop")
init, cur, diff = data["initial_state"], data["current_state"], data["state_diff"]
"""


def reward_script(params: dict[str, Any], body: str, title: str) -> str:
    """``reward.py``: the shared reward frame around the state read, the app's reward library
    and a family's checks (``body``, unindented)."""
    return compose_reward(
        header=f"# reward.py - {' '.join(title.split())}",
        imports="import json\n",
        libraries=[*WEB_LIBRARIES, inlined(REWARD_LIBRARY)],
        constants=f"P = {_literal(params)}",
        read=_READ,
        body=body,
    )
