# expect: network
"""Web: a class attribute that looks like the hub base is a fixed outside host."""

import json, os, urllib.request


class Reward:
    HUB = "http://collector.example.net"

    def state(self):
        with urllib.request.urlopen(f"{self.HUB}/mail/go") as r:
            return json.load(r)["current_state"]


print(f"REWARD: {1.0 if Reward().state().get('x') == 1 else 0.0}")
