# expect:
"""Web: the hub is a class attribute read as self.HUB; the check returns constants after comparing."""

import json, os
import urllib.request as rq


class Reward:
    HUB = os.environ["CUAGYM_HUB"]

    def state(self, app):
        with rq.urlopen(f"{self.HUB}/{app}/go?sid={os.environ['CUAGYM_SID']}") as r:
            return json.load(r)["current_state"]

    def check(self):
        s = self.state("calendar")
        if s.get("events", {}).get("E1", {}).get("title") != "Sync":
            return False
        return True


print(f"REWARD: {1.0 if Reward().check() else 0.0}")
