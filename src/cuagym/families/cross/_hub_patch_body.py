"""``golden_patch.py``'s statements for a cross-app web task: for each changed app (``EDITS``:
app id -> ``[section, key, value]`` edits), read its state in the session, apply the edits and
``set_current`` it. Read as text by :mod:`._web_cross`, never imported."""

import sys
from typing import Any

import requests

EDITS: dict[str, list[list[Any]]] = {}
#: defined by the hub client (``cuagym.scripts._hub_client``) before these lines
HUB = SID = ""
AUTH: dict[str, str] = {}


def post(app: str, action: str, state: Any) -> Any:
    """Stands for the script's ``post`` (:mod:`._hub_post`)."""


# -- inlined into reward.py --
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
