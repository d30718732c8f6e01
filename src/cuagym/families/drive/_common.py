"""What every drive task family shares: world building, and the three scripts' boilerplate.

- :func:`build_world` is the Generator's starting point: the seed, varied per task (a few
  files removed, a few stars moved) so tasks don't all share one world, with the task's own
  items protected from the variation.
- :func:`setup_script` and :func:`patch_script` turn worlds into ``initial_setup.py`` (``set``)
  and ``golden_patch.py`` (read ``/state``, upsert the records the golden world changed,
  ``set_current``). The golden world is computed at generation time with the app's ops.
- :func:`reward_script` wraps a family's checks (plain statements appending
  ``(name, points, passed, detail)`` to ``checks``) in the reward contract: one GET of ``/go``,
  ``CHECK`` lines, ``REWARD: 0.0`` on any read or evaluation failure, zero-point guards that
  can only zero the score. It is built from the task's params alone.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from cuagym.apps.drive import REWARD_LIBRARY, WORLD_NOW, varied_seed
from cuagym.core import Policy, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskFamily, family_rng
from cuagym.families._record_scripts import record_patch_script, record_setup_script
from cuagym.families.drive._oracle import ORACLES
from cuagym.scripts import WEB_LIBRARIES, hub_json_literal, inlined
from cuagym.scripts import reward_script as compose_reward

__all__ = [
    "CHECKS",
    "GEN_NOW",
    "ME",
    "DriveFamily",
    "build_world",
    "params_of",
    "patch_script",
    "reward_script",
    "setup_script",
]

State = dict[str, Any]
#: the "now" of golden patches: new records' timestamps (a reward never checks them).
GEN_NOW = WORLD_NOW
#: the signed-in person of every drive world
ME = "Maya Lindqvist"
#: the package of the families' reward checks (one module per family)
CHECKS = "cuagym.families.drive._checks"


def params_of(task: TaskConfig) -> dict[str, Any]:
    return dict(task.params or {})


def build_world(task: TaskConfig, protect: Iterable[str] = ()) -> State:
    """The seed, varied by the task id; ``protect`` ids (and what they hold) kept."""
    return varied_seed(family_rng(task, "world"), protect)


def _literal(value: Any) -> str:
    return hub_json_literal(value, "repr")


def setup_script(world: State, title: str) -> str:
    """``initial_setup.py``: ``set`` the whole world (initial := current := world)."""
    return record_setup_script("drive", world, title)


def patch_script(before: State, after: State, title: str) -> str:
    """``golden_patch.py``: read the session's state, upsert/remove what ``after`` changed."""
    collections = ("folders", "files", "versions", "comments")
    return record_patch_script("drive", before, after, title, collections)


_READ = """
data = hub_state("drive")
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


class DriveFamily(TaskFamily):
    """A family homed in the drive: its oracle is registered in ``_oracle.ORACLES``."""

    domain: ClassVar[str] = "drive"

    def oracle(self, task: TaskConfig) -> Policy | None:
        return ORACLES[self.id](task)

    def scripts(self, world: State, gold: State) -> GeneratedScripts:
        return GeneratedScripts(
            initial_setup=setup_script(world, self.id),
            golden_patch=patch_script(world, gold, self.id),
        )
