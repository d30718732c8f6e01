"""Web app through the hub with urllib only."""

import json
import os
import urllib.request

HUB = os.environ.get("CUAGYM_HUB", "http://127.0.0.1:8765").rstrip("/")
SID = os.environ.get("CUAGYM_SID", "")


def fetch_state(app_id):
    req = urllib.request.Request(
        f"{HUB}/{app_id}/go?sid={SID}",
        headers={"Authorization": "Bearer " + os.environ.get("CUAGYM_HUB_TOKEN", "")},
    )
    with urllib.request.urlopen(req, timeout=10) as resp:
        return json.loads(resp.read().decode())


try:
    state = fetch_state("calendar")
except Exception as exc:
    print(f"CHECK hub 0 FAIL {exc}")
    print("REWARD: 0.0")
else:
    events = state["current_state"].get("events", {})
    match = [e for e in events.values() if e.get("title") == "Dentist"]
    ok = len(match) == 1 and match[0].get("start") == "2024-05-02T09:00"
    print(f"CHECK dentist 1 {'PASS' if ok else 'FAIL'}")
    print(f"REWARD: {1.0 if ok else 0.0}")
