"""golden_patch.py for team-chat--send-direct-message--1: the correct end state, from the current one."""
import json
import os
import sys
from pathlib import Path

import requests

HUB = os.environ["CUAGYM_HUB"].rstrip("/")
SID = os.environ.get("CUAGYM_SID") or Path("/home/user/.cuagym/sid").read_text().strip()
AUTH = {"Authorization": "Bearer " + os.environ.get("CUAGYM_HUB_TOKEN", "")}
APP = HUB + "/team-chat"

PATCH = json.loads(r'''[
 [
  [
   "messages",
   "d-maya-priya"
  ],
  "set",
  [
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0144",
    "pinned": false,
    "reactions": [],
    "sender": "u-maya",
    "text": "Morning! Did you see the new dashboard?",
    "threadParent": null,
    "ts": "2026-02-14T19:45:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0145",
    "pinned": false,
    "reactions": [],
    "sender": "u-priya",
    "text": "Yes, looks great.",
    "threadParent": null,
    "ts": "2026-02-14T19:50:00Z"
   },
   {
    "attachments": [],
    "edited": false,
    "editedAt": null,
    "id": "m-0147",
    "pinned": false,
    "reactions": [],
    "sender": "u-priya",
    "text": "Heads up: I moved our 1:1 to Thursday at 10:00.",
    "threadParent": null,
    "ts": "2026-03-06T19:45:00Z"
   }
  ]
 ]
]''')

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
