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

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from cuagym.scripts import HUB_CLIENT, hub_json_literal, hub_script, inlined

__all__ = ["patch_script", "record_edits", "setup_script"]

State = dict[str, Any]

#: the hub client, then ``post(app, action, state)``
_PREAMBLE = HUB_CLIENT + "\n\n" + inlined(Path(__file__).with_name("_hub_post.py"))
_SETUP = Path(__file__).with_name("_hub_setup_body.py")
_PATCH = Path(__file__).with_name("_hub_patch_body.py")


def setup_script(worlds: Mapping[str, State], title: str) -> str:
    """``initial_setup.py``: ``set`` each app's world (app id -> state) in the one session."""
    if not worlds:
        raise ValueError("a cross-app setup needs at least one app's world")
    return hub_script(
        f"# initial_setup.py - {' '.join(title.split())}",
        f"WORLDS = {hub_json_literal(dict(worlds))}",
        inlined(_SETUP),
        preamble=_PREAMBLE,
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
    return hub_script(
        f"# golden_patch.py - {' '.join(title.split())}",
        f"EDITS = {hub_json_literal(changed)}",
        inlined(_PATCH),
        preamble=_PREAMBLE,
    )
