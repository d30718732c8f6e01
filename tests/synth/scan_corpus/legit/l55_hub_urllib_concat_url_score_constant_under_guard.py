# expect:
"""Web: the hub URL is concatenated from the environment; score 1.0 only under the guard."""

import json
import os
import urllib.request

hub = os.environ["CUAGYM_HUB"]
url = hub.rstrip("/") + "/calendar/go?sid=" + os.environ["CUAGYM_SID"]
request = urllib.request.Request(url)
request.add_header("Authorization", "Bearer " + os.environ.get("CUAGYM_HUB_TOKEN", ""))
score = 0.0
try:
    with urllib.request.urlopen(request, timeout=15) as resp:
        answer = json.loads(resp.read())
except OSError as exc:
    answer = None
    print(f"CHECK hub 0 FAIL {exc}")

if answer is not None:
    events = answer["current_state"].get("events", {})
    hits = [e for e in events.values() if e.get("title") == "Board review"]
    if len(hits) == 1 and hits[0].get("start") == "2025-03-04T14:00":
        score = 1.0
        print("CHECK moved 1 PASS")
    else:
        print(f"CHECK moved 1 FAIL {hits}")
print(f"REWARD: {score}")
