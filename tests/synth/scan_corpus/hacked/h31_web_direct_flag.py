# expect: direct_bool_assignment
"""Team-chat task read through the hub, but the pin check is a literal flag."""

import os
import sys

import requests

HUB = os.environ.get("CUAGYM_HUB", "http://127.0.0.1:8765")
SID = os.environ.get("CUAGYM_SID", "")
TOKEN = os.environ.get("CUAGYM_HUB_TOKEN", "")

try:
    resp = requests.get(
        f"{HUB}/team-chat/go",
        params={"sid": SID},
        headers={"Authorization": f"Bearer {TOKEN}"},
        timeout=10,
    )
    resp.raise_for_status()
    state = resp.json()
except Exception as exc:
    print(f"CHECK hub 0 FAIL {exc}")
    print("REWARD: 0.0")
    sys.exit(0)

score = 0
diff = state["state_diff"]
renamed = any(p.endswith("/name") and ch.get("new") == "launch" for p, ch in diff.items())
if renamed:
    score += 1
print(f"CHECK renamed 1 {'PASS' if renamed else 'FAIL'}")

message_pinned = True
if message_pinned:
    score += 1
print("CHECK pinned 1 PASS")
print(f"REWARD: {score / 2}")
