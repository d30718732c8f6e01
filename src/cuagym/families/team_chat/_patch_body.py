"""``golden_patch.py``'s statements for a team-chat task: read the session's state, apply
``PATCH`` (``[keys, "set"|"delete", value]``) and ``set_current`` it. Read as text by
:mod:`._scripts`, never imported."""

import sys
from typing import Any

import requests

PATCH: list[list[Any]] = []
#: defined by the script's header (``_HEADER`` in :mod:`._scripts`) before these lines
APP = SID = ""
AUTH: dict[str, str] = {}
# -- inlined into reward.py --
r = requests.get(APP + "/state", params={"sid": SID}, headers=AUTH, timeout=60)
r.raise_for_status()
state = r.json()["stored_state"]
if state is None:
    sys.exit("no task state in this session: run initial_setup.py first")
for keys, op, value in PATCH:
    node = state
    for key in keys[:-1]:
        node = node[key]
    if op == "delete":
        node.pop(keys[-1], None)
    else:
        node[keys[-1]] = value
r = requests.post(
    APP + "/post",
    params={"sid": SID},
    headers=AUTH,
    json={"action": "set_current", "state": state},
    timeout=60,
)
if r.status_code != 200:
    print(r.status_code, r.text[:2000], file=sys.stderr)
    sys.exit(1)
