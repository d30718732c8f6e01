"""What every issue-tracker task family shares: the task world, and the three script shapes.

Generator side: :func:`task_world` builds a full state from the seed, varied per task with
``family_rng(task, "world")`` (assignees, priorities and estimates of issues the task does not
name), then the family forces what the task's context promises. The gold state is that world
with the family's change applied through the app's own ``_ops`` functions (fixed clock), so it
is exactly what the UI would produce. :func:`setup_script` embeds the world as JSON;
:func:`patch_script` embeds only the entities that differ, which the script writes over the
state it reads back from ``/state`` and stores with ``set_current``.

Discriminator side: :func:`reward_script` wraps a family's check code (which sees only
``PARAMS``, the task's params) in the shared reward frame: one GET of ``/go``, ``CHECK`` lines,
a 0-point guard ``nothing_else_changed`` that zeroes the score when something else was
damaged, ``REWARD:``.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from typing import Any

from cuagym.apps.issue_tracker import IssueTrackerState, build_seed, check_invariants
from cuagym.core import TaskConfig
from cuagym.families._family import family_rng
from cuagym.hub import InvalidState
from cuagym.scripts import WEB_LIBRARIES, inlined_file
from cuagym.scripts import reward_script as compose_reward

__all__ = [
    "APP",
    "NOW",
    "State",
    "gold_from",
    "patch_script",
    "person",
    "reward_script",
    "seed_issue",
    "setup_script",
    "task_world",
]

State = dict[str, Any]
APP = "issue-tracker"
#: The clock golden patches act at (the seed's Friday afternoon).
NOW = datetime(2025, 3, 7, 16, 0, tzinfo=UTC)
_POINTS = (1, 2, 3, 5, 8)
_PRIORITIES = ("highest", "high", "medium", "low", "lowest")


def seed_issue(key: str) -> dict[str, Any]:
    """An issue of the (unvaried) seed, for Task-Gen to phrase a task about."""
    return build_seed()["issues"][key]  # type: ignore[no-any-return]


def person(uid: str) -> str:
    """A seed user's display name."""
    return str(build_seed()["users"][uid]["displayName"])


def _validate(state: State, what: str) -> None:
    model = IssueTrackerState.model_validate(state, strict=True)
    problems = list(check_invariants(model))
    if problems:  # a family bug: never ship a script that the hub would refuse
        raise InvalidState(problems)
    if model.model_dump(mode="json", by_alias=True) != state:
        raise ValueError(f"{what} is not in stored form (defaults missing?)")


def task_world(task: TaskConfig, protected: Iterable[str]) -> State:
    """The seed, varied for this task; issues in ``protected`` keep their seed values."""
    rng = family_rng(task, "world")
    state = build_seed()
    keep = set(protected)
    people = sorted(state["users"])
    for key in sorted(state["issues"]):
        issue = state["issues"][key]
        if key in keep:
            continue
        roll = rng.random()
        if roll < 0.3:
            issue["assignee"] = rng.choice([*people, None])
        if rng.random() < 0.25:
            issue["priority"] = rng.choice(_PRIORITIES)
        if issue["type"] != "epic" and rng.random() < 0.2:
            issue["storyPoints"] = rng.choice(_POINTS)
    return state


def gold_from(world: State, change: Callable[[State], Any]) -> State:
    """``world`` after ``change`` (an ``_ops`` call at the fixed clock), validated."""
    _validate(world, "the task world")
    gold = copy.deepcopy(world)
    change(gold)
    _validate(gold, "the gold state")
    return gold


_HEAD = """\
import json
import os
import sys
from pathlib import Path

import requests

HUB = os.environ["CUAGYM_HUB"].rstrip("/")
SID = os.environ.get("CUAGYM_SID") or Path("/home/user/.cuagym/sid").read_text().strip()
AUTH = {"Authorization": "Bearer " + os.environ.get("CUAGYM_HUB_TOKEN", "")}
"""

_POST = """
r = requests.post(
    f"{HUB}/issue-tracker/post",
    params={"sid": SID},
    headers=AUTH,
    json={"action": ACTION, "state": state},
    timeout=30,
)
if r.status_code != 200:
    print(r.status_code, r.text, file=sys.stderr)
    sys.exit(1)
"""


def setup_script(world: State, summary: str) -> str:
    """``initial_setup.py``: ``set`` the whole world (initial := current := world)."""
    _validate(world, "the task world")
    blob = json.dumps(world, ensure_ascii=False, sort_keys=True)
    return (
        f"# initial_setup.py: {summary}\n"
        + _HEAD
        + f"\nstate = json.loads({blob!r})\nACTION = 'set'\n"
        + _POST
    )


def patch_script(world: State, gold: State, summary: str) -> str:
    """``golden_patch.py``: read the state, overwrite the changed entities, ``set_current``."""
    updates: dict[str, dict[str, Any]] = {}
    for table in ("projects", "sprints", "issues"):
        changed = {
            key: gold[table].get(key)
            for key in sorted(set(world[table]) | set(gold[table]))
            if world[table].get(key) != gold[table].get(key)
        }
        if changed:
            updates[table] = changed
    blob = json.dumps(updates, ensure_ascii=False, sort_keys=True)
    body = f"""
r = requests.get(f"{{HUB}}/issue-tracker/state", params={{"sid": SID}}, headers=AUTH, timeout=30)
r.raise_for_status()
state = r.json()["stored_state"]
if state is None:
    print("no task state in this session: run initial_setup.py first", file=sys.stderr)
    sys.exit(1)
# The entities the task changes, as the app's own operations left them (None = deleted).
UPDATES = json.loads({blob!r})
for table, entities in UPDATES.items():
    for key, value in entities.items():
        if value is None:
            state[table].pop(key, None)
        else:
            state[table][key] = value
ACTION = "set_current"
"""
    return f"# golden_patch.py: {summary}\n" + _HEAD + body + _POST


#: The helpers every issue-tracker reward carries (after the shared frame and hub libraries).
TRACKER_HELPERS = inlined_file("cuagym.families.issue_tracker", "_reward_helpers.py")

_READ = """
data = hub_state("issue-tracker")
init, cur, diff = data["initial_state"], data["current_state"], data["state_diff"]
"""


def reward_script(task: TaskConfig, summary: str, body: str) -> str:
    """``reward.py`` from the task alone: the shared reward frame (:mod:`cuagym.scripts`)
    around ``body``, the family's check code, run inside ``main()`` with ``init``, ``cur``,
    ``diff``, ``checks`` and ``PARAMS`` in scope; its whole-diff guard is a 0-point check."""
    params = json.dumps(task.params or {})
    return compose_reward(
        header=f"# reward.py: {' '.join(summary.split())}",
        imports="import json\n",
        libraries=[*WEB_LIBRARIES, TRACKER_HELPERS],
        constants=f"PARAMS = json.loads({params!r})",
        read=_READ,
        body=body,
    )
