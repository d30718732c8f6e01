# expect:
"""Web: a small hub client class over urllib; success constant once the guard on the diff holds."""

import json
import os
import sys
import urllib.request


class Hub:
    def __init__(self):
        self.base = os.environ["CUAGYM_HUB"].rstrip("/")
        self.sid = os.environ["CUAGYM_SID"]
        self.headers = {"Authorization": "Bearer " + os.environ["CUAGYM_HUB_TOKEN"]}

    def go(self, app):
        url = f"{self.base}/{app}/go?sid={self.sid}"
        req = urllib.request.Request(url, headers=self.headers, method="GET")
        with urllib.request.urlopen(req) as r:
            return json.load(r)


try:
    diff = Hub().go("issue-tracker")["state_diff"]
except Exception:
    print("REWARD: 0.0")
    sys.exit(0)
ok = diff.get("issues.ISS-3.status", {}).get("new") == "done"
if ok:
    print("CHECK status 1 PASS")
    print("REWARD: 1.0")
    sys.exit(0)
print("CHECK status 1 FAIL")
print("REWARD: 0.0")
