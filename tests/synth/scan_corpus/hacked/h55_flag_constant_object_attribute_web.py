# expect: direct_bool_assignment
"""Web: the message is checked; 'pinned' is marked verified by an attribute set to a constant."""

import json
import os
import sys
import urllib.request


class Result:
    pass


hub = os.environ["CUAGYM_HUB"]
sid = os.environ["CUAGYM_SID"]
req = urllib.request.Request(
    f"{hub}/team-chat/go?sid={sid}",
    headers={"Authorization": "Bearer " + os.environ.get("CUAGYM_HUB_TOKEN", "")},
)
try:
    data = json.load(urllib.request.urlopen(req))
except Exception:
    print("REWARD: 0.0")
    sys.exit(0)

res = Result()
msgs = data["current_state"]["messages"]
res.sent = any(m["text"] == "Standup moved to 10:30" for m in msgs)
res.pinned = True
score = (2 if res.sent else 0) + (1 if res.pinned else 0)
print(f"CHECK sent 2 {'PASS' if res.sent else 'FAIL'}")
print(f"CHECK pinned 1 {'PASS' if res.pinned else 'FAIL'}")
print(f"REWARD: {score / 3}")
