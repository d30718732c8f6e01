# expect:
"""Web: hub read through urllib with a Request built from the environment; constant success
printed only in the branch where the diff shows the asked change."""

import json
import os
import sys
from urllib.request import Request, urlopen

BASE = os.environ.get("CUAGYM_HUB", "").rstrip("/")
SID = os.environ.get("CUAGYM_SID", "")
TOKEN = os.environ.get("CUAGYM_HUB_TOKEN", "")


def go(app):
    req = Request(f"{BASE}/{app}/go?sid={SID}", headers={"Authorization": f"Bearer {TOKEN}"})
    with urlopen(req, timeout=30) as resp:
        return json.loads(resp.read().decode("utf-8"))


try:
    answer = go("crm")
except Exception as exc:
    print(f"CHECK hub 0 FAIL {exc}")
    print("REWARD: 0.0")
    sys.exit(0)

diff = answer.get("state_diff", {})
entry = diff.get("leads.L-104.status", {})
if entry.get("op") == "changed" and entry.get("new") == "qualified" and len(diff) == 1:
    print("CHECK status 1 PASS L-104 is qualified")
    print("REWARD: 1.0")
else:
    print(f"CHECK status 1 FAIL {entry}")
    print("REWARD: 0.0")
