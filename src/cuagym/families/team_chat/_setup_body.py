"""``initial_setup.py``'s statements for a team-chat task: ``set`` the task's whole world
(``STATE``) in the session. Read as text by :mod:`._scripts`, never imported."""

import json
import sys
from typing import Any

import requests

STATE: dict[str, Any] = {}
#: defined by the script's header (``_HEADER`` in :mod:`._scripts`) before these lines
APP = SID = ""
AUTH: dict[str, str] = {}
# -- inlined into reward.py --
r = requests.post(
    APP + "/post",
    params={"sid": SID},
    headers=AUTH,
    json={"action": "set", "state": STATE},
    timeout=60,
)
if r.status_code != 200:
    print(r.status_code, r.text[:2000], file=sys.stderr)
    sys.exit(1)
print(json.dumps(r.json()))
