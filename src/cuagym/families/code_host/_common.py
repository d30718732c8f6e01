"""What every code-host task family shares: worlds, lookups and the three scripts' frames.

- :func:`build_world` is the seed varied per task (star counts, run durations, a few closed
  issues gone), with the task's own records protected from the variation.
- :func:`setup_script` and :func:`patch_script` turn worlds into ``initial_setup.py`` (``set``)
  and ``golden_patch.py`` (read ``/state``, upsert what the golden world changed,
  ``set_current``). The golden world is computed at generation time with the app's ``ops``.
- :func:`reward_script` wraps a family's checks (statements appending ``(name, points,
  passed, detail)`` to ``checks``) in the shared reward frame: one read of ``/go``, ``CHECK``
  lines, zero-point guards that can only zero the score. It is built from the task's params.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from cuagym.apps.code_host import REWARD_LIBRARY, WORLD_NOW, build_seed, varied_seed
from cuagym.core import TaskConfig
from cuagym.families._family import family_rng
from cuagym.families._record_scripts import record_patch_script, record_setup_script
from cuagym.scripts import WEB_LIBRARIES, hub_json_literal, inlined
from cuagym.scripts import reward_script as compose_reward

__all__ = [
    "CHECKS",
    "GEN_NOW",
    "ME",
    "ME_LOGIN",
    "REWARD_HELPERS",
    "SEED",
    "build_world",
    "login_of",
    "params_of",
    "patch_script",
    "pull_of",
    "reward_script",
    "setup_script",
    "uid_of",
]

State = dict[str, Any]
#: the "now" of golden patches (a reward never checks a timestamp)
GEN_NOW = WORLD_NOW
#: the package of the families' reward checks (one module per family)
CHECKS = "cuagym.families.code_host._checks"
#: the seed forge, read by ``sample_task`` (built once: the seed is deterministic)
SEED: State = build_seed()
ME = "Mara Okafor"
ME_LOGIN = "mara-okafor"


def params_of(task: TaskConfig) -> dict[str, Any]:
    return dict(task.params or {})


def uid_of(state: State, login: str) -> str:
    return next(str(u["id"]) for u in state["users"].values() if u["login"] == login)


def login_of(state: State, uid: str) -> str:
    return str(state["users"][uid]["login"])


def pull_of(state: State, repo: str, number: int) -> dict[str, Any]:
    return next(p for p in state["pulls"].values() if p["repoId"] == repo and p["number"] == number)


def build_world(task: TaskConfig, protect: Iterable[str] = ()) -> State:
    return varied_seed(family_rng(task, "world"), protect)


def _literal(value: Any) -> str:
    return hub_json_literal(value, "repr")


def setup_script(world: State, title: str) -> str:
    """``initial_setup.py``: ``set`` the whole world (initial := current := world)."""
    return record_setup_script("code-host", world, title)


def patch_script(before: State, after: State, title: str) -> str:
    """``golden_patch.py``: read the session's state, upsert/remove what ``after`` changed."""
    collections = [
        c for c, records in after.items() if c not in ("ui", "org") and isinstance(records, dict)
    ]
    return record_patch_script("code-host", before, after, title, collections)


#: The helpers every code-host reward carries (after the shared frame and hub libraries).
REWARD_HELPERS = inlined(REWARD_LIBRARY)

_READ = """
data = hub_state("code-host")
init, cur, diff = data["initial_state"], data["current_state"], data["state_diff"]
"""


def reward_script(params: dict[str, Any], body: str, title: str) -> str:
    """``reward.py``: the shared reward frame around the state read, the helpers and a
    family's checks (``body``, unindented)."""
    return compose_reward(
        header=f"# reward.py - {' '.join(title.split())}",
        imports="import json\n",
        libraries=[*WEB_LIBRARIES, REWARD_HELPERS],
        constants=f"P = {_literal(params)}",
        read=_READ,
        body=body,
    )
