# expect:
"""Web: the query string is urlencoded; a constant 'passed = True' sits under a state test."""

import json
import os
import sys
from urllib.parse import urlencode
from urllib.request import Request, urlopen

HUB = os.getenv("CUAGYM_HUB", "http://127.0.0.1:8765")
APP = "crm"


def go():
    query = urlencode({"sid": os.getenv("CUAGYM_SID", "")})
    req = Request(f"{HUB}/{APP}/go?{query}", method="GET")
    req.add_header("Authorization", f"Bearer {os.getenv('CUAGYM_HUB_TOKEN', '')}")
    return json.load(urlopen(req, timeout=20))


try:
    diff = go()["state_diff"]
except Exception:
    print("REWARD: 0.0")
    sys.exit(0)

passed = False
change = diff.get("deals.D-9.stage")
if change and change.get("new") == "won" and change.get("old") == "negotiation":
    passed = True
print(f"CHECK stage 1 {'PASS' if passed else 'FAIL'}")
print(f"REWARD: {1.0 if passed else 0.0}")
