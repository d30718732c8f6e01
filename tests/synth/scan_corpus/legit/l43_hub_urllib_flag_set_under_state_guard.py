# expect:
"""Web: a success flag is True only when the guard reading the hub state holds; scored after."""

import json
import os
import urllib.request


def fetch():
    hub = os.environ["CUAGYM_HUB"]
    sid = os.environ["CUAGYM_SID"]
    req = urllib.request.Request(hub + "/issue-tracker/go?sid=" + sid)
    req.add_header("Authorization", "Bearer " + os.environ["CUAGYM_HUB_TOKEN"])
    return json.load(urllib.request.urlopen(req))


success = False
try:
    data = fetch()
    issue = data["current_state"]["issues"].get("ISS-12", {})
    if issue.get("assignee") == "maria" and issue.get("priority") == "high":
        success = True
except Exception:
    success = False
print(f"CHECK assigned 1 {'PASS' if success else 'FAIL'}")
print(f"REWARD: {1.0 if success else 0.0}")
