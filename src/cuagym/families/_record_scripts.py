"""The setup and golden-patch scripts of a web app whose state is collections of records by id
(crm, shop, social, drive, code-host).

``initial_setup.py`` ``set``s the whole world (initial := current := world). ``golden_patch.py``
reads the session's stored state, upserts the records the task changed and removes those it
deleted (:file:`_record_patch_body.py`, a real module inlined as text), then ``set_current``s
it: a patch carries what changed, not a second copy of the world. Which collections a patch
looks at is each app's own rule (its families pass them).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from cuagym.scripts import hub_json_literal, hub_script, inlined

__all__ = ["changed_records", "record_patch_script", "record_setup_script"]

State = Mapping[str, Any]

_POST = """
r = requests.post(
    f"{HUB}/%(app)s/post",
    params={"sid": SID},
    headers=AUTH,
    json={"action": %(action)r, "state": state},
    timeout=60,
)
if r.status_code != 200:
    print(r.status_code, r.text[:2000], file=sys.stderr)
    sys.exit(1)
print(json.dumps(r.json()))
"""

_PATCH = Path(__file__).with_name("_record_patch_body.py")


def _literal(value: Any) -> str:
    return hub_json_literal(value, "repr")


def record_setup_script(app: str, world: State, title: str) -> str:
    """``initial_setup.py``: ``set`` the whole world in ``app``'s session."""
    return hub_script(
        f"# initial_setup.py - {title}",
        f"state = {_literal(world)}",
        _POST % {"app": app, "action": "set"},
    )


def changed_records(
    before: State, after: State, collections: Iterable[str]
) -> tuple[dict[str, dict[str, Any]], dict[str, list[str]]]:
    """Per collection, the records ``after`` adds or changes, and the ids it no longer has."""
    upsert: dict[str, dict[str, Any]] = {}
    remove: dict[str, list[str]] = {}
    for collection in collections:
        old, new = before[collection], after[collection]
        changed = {k: v for k, v in new.items() if old.get(k) != v}
        if changed:
            upsert[collection] = changed
        gone = sorted(set(old) - set(new))
        if gone:
            remove[collection] = gone
    return upsert, remove


def record_patch_script(
    app: str, before: State, after: State, title: str, collections: Iterable[str]
) -> str:
    """``golden_patch.py``: from ``before`` to ``after`` in ``collections`` of ``app``."""
    upsert, remove = changed_records(before, after, collections)
    return hub_script(
        f"# golden_patch.py - {title}",
        f"APP = {app!r}\nUPSERT = {_literal(upsert)}\nREMOVE = {_literal(remove)}",
        inlined(_PATCH),
        _POST % {"app": app, "action": "set_current"},
    )
