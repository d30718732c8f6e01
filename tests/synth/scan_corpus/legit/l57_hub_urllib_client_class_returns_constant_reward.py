# expect:
"""Web: a small hub client class over urllib; main() returns 1.0 only after the checks pass."""

import json
import os
import urllib.parse
import urllib.request


class Hub:
    def __init__(self):
        self.base = os.environ["CUAGYM_HUB"].rstrip("/") + "/"
        self.sid = os.environ["CUAGYM_SID"]

    def go(self, app):
        url = urllib.parse.urljoin(self.base, f"{app}/go") + "?sid=" + self.sid
        with urllib.request.urlopen(url, timeout=10) as resp:
            return json.loads(resp.read().decode("utf-8"))


def main():
    try:
        state = Hub().go("team-chat")["current_state"]
    except Exception as exc:
        print(f"CHECK hub 0 FAIL {exc}")
        return 0.0
    channel = state.get("channels", {}).get("C-ops")
    if channel is None:
        print("CHECK channel 1 FAIL missing")
        return 0.0
    if channel.get("topic") != "Incident review Friday":
        print(f"CHECK topic 1 FAIL {channel.get('topic')!r}")
        return 0.0
    print("CHECK topic 1 PASS")
    return 1.0


print(f"REWARD: {main()}")
