# expect:
"""A result object starts with every flag False; its method sets them from the hub state, and a
weighted sum of the flags is the score."""

import json
import os
import sys
import urllib.request


class Result:
    def __init__(self):
        self.sent = False
        self.pinned = False

    def fill(self, state):
        msgs = state["current_state"]["messages"]
        self.sent = any(m["text"] == "Standup moved to 10:30" for m in msgs)
        self.pinned = any(m.get("pinned") for m in msgs if m["text"].startswith("Standup"))


hub = os.environ["CUAGYM_HUB"]
req = urllib.request.Request(
    f"{hub}/team-chat/go?sid={os.environ['CUAGYM_SID']}",
    headers={"Authorization": "Bearer " + os.environ.get("CUAGYM_HUB_TOKEN", "")},
)
try:
    data = json.load(urllib.request.urlopen(req))
except Exception:
    print("REWARD: 0.0")
    sys.exit(0)

res = Result()
res.pinned = False
res.fill(data)
score = 0.75 * res.sent + 0.25 * res.pinned
print(f"CHECK sent 3 {'PASS' if res.sent else 'FAIL'}")
print(f"CHECK pinned 1 {'PASS' if res.pinned else 'FAIL'}")
print(f"REWARD: {score}")
