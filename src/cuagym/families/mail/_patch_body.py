"""``golden_patch.py``'s statements for a mail task: read the session's state, apply ``EDITS``
(``[section, key, value]``: key None replaces the section, value None deletes the entry) and
``set_current`` it. Read as text by :mod:`._scripts`, never imported."""

import sys
from typing import Any

import requests

EDITS: list[list[Any]] = []
#: defined by the hub client (``cuagym.scripts._hub_client``) before these lines
HUB = SID = ""
AUTH: dict[str, str] = {}
# -- inlined into reward.py --
r = requests.get(f"{HUB}/mail/state", params={"sid": SID}, headers=AUTH, timeout=30)
r.raise_for_status()
state = r.json()["stored_state"]
if state is None:
    sys.exit("no state: run initial_setup.py first")
for section, key, value in EDITS:
    if key is None:
        state[section] = value
    elif value is None:
        state[section].pop(key, None)
    else:
        state[section][key] = value
r = requests.post(
    f"{HUB}/mail/post",
    params={"sid": SID},
    headers=AUTH,
    json={"action": "set_current", "state": state},
    timeout=30,
)
if r.status_code != 200:
    print(r.status_code, r.text, file=sys.stderr)
    sys.exit(1)
