"""``initial_setup.py``'s statements for a mail task: ``set`` the world ``STATE`` in the session
(initial := current := the world). Read as text by :mod:`._scripts`, never imported."""

import json
import sys
from typing import Any

import requests

STATE: dict[str, Any] = {}
#: defined by the hub client (``cuagym.scripts._hub_client``) before these lines
HUB = SID = ""
AUTH: dict[str, str] = {}
# -- inlined into reward.py --
r = requests.post(
    f"{HUB}/mail/post",
    params={"sid": SID},
    headers=AUTH,
    json={"action": "set", "state": STATE},
    timeout=30,
)
if r.status_code != 200:
    print(r.status_code, r.text, file=sys.stderr)
    sys.exit(1)
print(json.dumps(r.json()))
