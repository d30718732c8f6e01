"""What every travel task family shares: world building, and the three scripts' boilerplate.

- :func:`build_world` is the Generator's starting point: the seed site, varied per task (fares
  repriced by a few dollars, seat counts shuffled), with the flights the task builds on
  protected from the variation.
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

from cuagym.apps.travel import REWARD_LIBRARY, WORLD_NOW, varied_seed
from cuagym.core import TaskConfig
from cuagym.families._family import family_rng
from cuagym.families._record_scripts import record_patch_script, record_setup_script
from cuagym.scripts import WEB_LIBRARIES, hub_json_literal, inlined
from cuagym.scripts import reward_script as compose_reward

__all__ = [
    "GEN_NOW",
    "SEED",
    "booking_of",
    "build_world",
    "name_of",
    "patch_script",
    "reward_script",
    "setup_script",
    "trip_of",
]

State = dict[str, Any]
#: the "now" of golden patches: new records' timestamps (a reward never checks them exactly)
GEN_NOW = WORLD_NOW
#: the collections a golden patch may change (the rest is reference data or volatile)
_COLLECTIONS = ("flights", "trips", "bookings", "stays", "travellers")


def _seed() -> State:
    from cuagym.apps.travel import build_seed

    return build_seed()


#: the seed, read by ``sample_task`` (which never changes it)
SEED: State = _seed()


def name_of(state: State, tid: str) -> str:
    p = state["travellers"][tid]
    return f"{p['firstName']} {p['lastName']}"


def booking_of(state: State, ref: str) -> str:
    return next(str(k) for k, b in state["bookings"].items() if b["ref"] == ref)


def trip_of(state: State, name: str) -> str:
    return next(str(k) for k, t in state["trips"].items() if t["name"] == name)


def build_world(task: TaskConfig, protect: Iterable[str] = ()) -> State:
    """The seed site, varied by the task id; ``protect`` flight ids keep the seed's fares."""
    return varied_seed(family_rng(task, "world"), protect)


def setup_script(world: State, title: str) -> str:
    """``initial_setup.py``: ``set`` the whole world (initial := current := world)."""
    return record_setup_script("travel", world, title)


def patch_script(before: State, after: State, title: str) -> str:
    """``golden_patch.py``: read the session's state, upsert/remove what ``after`` changed."""
    return record_patch_script("travel", before, after, title, _COLLECTIONS)


_READ = """
data = hub_state("travel")
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
