"""Scripts of cross-app web tasks: one hub session (one sid) holding several apps' states.

The hub keeps each app's state per session (DESIGN.md §3: ``/<app>/post?sid=S`` per app), so a
task that spans two web apps (mail and crm, say) is one sid with two states:

- :func:`setup_script` ``set``\\ s every app's world in that session (initial := current);
- :func:`patch_script` reads each changed app's ``/state``, applies record-level edits computed
  at generation time with the apps' own ``_ops`` (:func:`record_edits`), and ``set_current``\\ s
  it; an app the golden patch does not change is not written at all;
- a reward reads each app's ``/go`` with ``hub_state(app)`` (:mod:`cuagym.scripts._hub`)
  and guards every app's whole diff, so a change in the app the task only reads from costs the
  score like any other unasked change.

Scripts use the standard library and ``requests`` only, like every domain's.
"""

from __future__ import annotations

import json
import textwrap
from collections.abc import Mapping
from typing import Any

__all__ = ["patch_script", "record_edits", "setup_script"]

State = dict[str, Any]

_HEAD = """\
import json
import os
import sys
from pathlib import Path

import requests

HUB = os.environ["CUAGYM_HUB"].rstrip("/")
SID = os.environ.get("CUAGYM_SID") or Path("/home/user/.cuagym/sid").read_text().strip()
AUTH = {"Authorization": "Bearer " + os.environ.get("CUAGYM_HUB_TOKEN", "")}


def post(app, action, state):
    r = requests.post(
        f"{HUB}/{app}/post",
        params={"sid": SID},
        headers=AUTH,
        json={"action": action, "state": state},
        timeout=60,
    )
    if r.status_code != 200:
        print(app, r.status_code, r.text[:2000], file=sys.stderr)
        sys.exit(1)
    return r.json()
"""


def _literal(value: Any) -> str:
    """A Python expression that evaluates to ``value`` (JSON text inside ``json.loads``)."""
    return f"json.loads({json.dumps(json.dumps(value, ensure_ascii=False, sort_keys=True))})"


def setup_script(worlds: Mapping[str, State], title: str) -> str:
    """``initial_setup.py``: ``set`` each app's world (app id -> state) in the one session."""
    if not worlds:
        raise ValueError("a cross-app setup needs at least one app's world")
    return (
        f"# initial_setup.py - {' '.join(title.split())}\n"
        + _HEAD
        + f"\nWORLDS = {_literal(dict(worlds))}\n"
        + textwrap.dedent(
            """
            for app in sorted(WORLDS):
                print(json.dumps(post(app, "set", WORLDS[app])))
            """
        )
    )


def record_edits(before: State, after: State) -> list[list[Any]]:
    """``[section, key, value]`` edits that turn ``before`` into ``after``: a section that is an
    object of records (id -> object) is edited record by record (value None: delete), any
    other top-level value is replaced whole (key None)."""
    edits: list[list[Any]] = []
    for section in sorted(set(before) | set(after)):
        old, new = before.get(section), after.get(section)
        if old == new:
            continue
        by_record = (
            isinstance(old, dict)
            and isinstance(new, dict)
            and all(isinstance(v, dict) for v in [*old.values(), *new.values()])
            and bool(old or new)
        )
        if not by_record:
            edits.append([section, None, new])
            continue
        assert isinstance(old, dict) and isinstance(new, dict)
        for key in sorted(set(old) | set(new)):
            if old.get(key) != new.get(key):
                edits.append([section, key, new.get(key)])
    return edits


def patch_script(edits: Mapping[str, list[list[Any]]], title: str) -> str:
    """``golden_patch.py``: for each app (id -> :func:`record_edits`), read its ``/state`` in
    the session, apply the edits and ``set_current`` it."""
    changed = {app: e for app, e in edits.items() if e}
    if not changed:
        raise ValueError("a golden patch that changes no app")
    return (
        f"# golden_patch.py - {' '.join(title.split())}\n"
        + _HEAD
        + f"\nEDITS = {_literal(changed)}\n"
        + textwrap.dedent(
            """
            for app in sorted(EDITS):
                url = f"{HUB}/{app}/state"
                r = requests.get(url, params={"sid": SID}, headers=AUTH, timeout=60)
                r.raise_for_status()
                state = r.json()["stored_state"]
                if state is None:
                    sys.exit(app + " has no state: run initial_setup.py first")
                for section, key, value in EDITS[app]:
                    if key is None:
                        state[section] = value
                    elif value is None:
                        state[section].pop(key, None)
                    else:
                        state[section][key] = value
                post(app, "set_current", state)
            """
        )
    )
