"""What every social task family shares: world building, and the three scripts' boilerplate.

- :func:`build_world` is the Generator's starting point: the seed, varied per task (some of
  other people's posts gone, their likes redrawn), with the task's own records protected.
- :func:`setup_script` and :func:`patch_script` turn worlds into ``initial_setup.py`` (``set``)
  and ``golden_patch.py`` (read ``/state``, upsert the records the golden world changed,
  ``set_current``). The golden world is computed at generation time with the app's ``ops``.
- :func:`reward_script` wraps a family's checks (statements appending ``(name, points,
  passed, detail)`` to ``checks``) in the reward contract: one read of ``/go``, ``REWARD: 0.0``
  on any failure, zero-point guards that can only zero the score. Built from the params alone.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar

from cuagym.apps.social import REWARD_LIBRARY, WORLD_NOW, varied_seed
from cuagym.core import Policy, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskFamily, family_rng
from cuagym.families._record_scripts import record_patch_script, record_setup_script
from cuagym.scripts import WEB_LIBRARIES, hub_json_literal, inlined
from cuagym.scripts import reward_script as compose_reward

__all__ = [
    "CHECKS",
    "GEN_NOW",
    "SocialFamily",
    "build_world",
    "params_of",
    "patch_script",
    "reward_script",
    "setup_script",
    "snippet",
]

State = dict[str, Any]
#: the "now" of golden patches: new records' createdAt (a reward never checks it)
GEN_NOW = WORLD_NOW
#: the package of the families' reward checks (one module per family)
CHECKS = "cuagym.families.social._checks"


def params_of(task: TaskConfig) -> dict[str, Any]:
    return dict(task.params or {})


def snippet(body: str, words: int = 6) -> str:
    """The first words of a post, as a person quotes it ("Winter hours start Monday: we…")."""
    return " ".join(body.split()[:words])


def build_world(task: TaskConfig, protect: Iterable[str] = ()) -> State:
    """The seed, varied by the task id; ``protect`` (post or comment ids) kept."""
    return varied_seed(family_rng(task, "world"), protect)


def _literal(value: Any) -> str:
    return hub_json_literal(value, "repr")


def setup_script(world: State, title: str) -> str:
    """``initial_setup.py``: ``set`` the whole world (initial := current := world)."""
    return record_setup_script("social", world, title)


def patch_script(before: State, after: State, title: str) -> str:
    """``golden_patch.py``: read the session's state, upsert/remove what ``after`` changed."""
    collections = [
        c
        for c, records in after.items()
        if isinstance(records, dict)
        and isinstance(before.get(c), dict)
        and records != before[c]
        and all(isinstance(v, dict) for v in [*records.values(), *before[c].values()])
    ]
    return record_patch_script("social", before, after, title, collections)


_READ = """
data = hub_state("social")
init, cur, diff = data["initial_state"], data["current_state"], data["state_diff"]
"""


def reward_script(params: dict[str, Any], body: str, title: str) -> str:
    """``reward.py``: the shared frame around the state read, the helpers and ``body``."""
    return compose_reward(
        header=f"# reward.py - {' '.join(title.split())}",
        imports="import json\n",
        libraries=[*WEB_LIBRARIES, inlined(REWARD_LIBRARY)],
        constants=f"P = {hub_json_literal(params, 'repr')}",
        read=_READ,
        body=body,
    )


class SocialFamily(TaskFamily):
    """A family homed in social: its oracle comes from ``_oracle`` (by family id)."""

    domain: ClassVar[str] = "social"

    def oracle(self, task: TaskConfig) -> Policy | None:
        from cuagym.families.social._oracle import ORACLES  # the oracles import the families'

        return ORACLES[self.id](task)

    def scripts(self, task: TaskConfig, world: State, gold: State) -> GeneratedScripts:
        return GeneratedScripts(
            initial_setup=setup_script(world, self.id),
            golden_patch=patch_script(world, gold, self.id),
        )
