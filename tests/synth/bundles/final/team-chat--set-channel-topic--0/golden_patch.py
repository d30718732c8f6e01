"""golden_patch.py for team-chat--set-channel-topic--0: the correct end state, from the current one."""
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
   "channels",
   "c-design",
   "topic"
  ],
  "set",
  "Office move on the 28th: pack your desks by Thursday"
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
