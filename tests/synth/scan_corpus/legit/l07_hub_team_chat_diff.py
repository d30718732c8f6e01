"""Web app through the hub: loop over state_diff items."""

import os
import sys

import requests

hub = os.environ["CUAGYM_HUB"]
sid = os.environ.get("CUAGYM_SID") or open("/home/user/.cuagym/sid").read().strip()  # noqa: SIM115
token = os.environ.get("CUAGYM_HUB_TOKEN", "")

try:
    r = requests.get(
        f"{hub}/team-chat/go",
        params={"sid": sid},
        headers={"Authorization": f"Bearer {token}"},
        timeout=10,
    )
    r.raise_for_status()
    data = r.json()
except Exception as exc:
    print(f"CHECK hub 0 FAIL {exc}")
    print("REWARD: 0.0")
    sys.exit(0)

diff = data["state_diff"]
score = 0
posted = False
for path, change in diff.items():
    if not path.startswith("channels/general/messages/"):
        continue
    if change["op"] == "added" and "deploy at 5pm" in str(change["new"]).lower():
        posted = True
if posted:
    score += 2
print(f"CHECK announcement 2 {'PASS' if posted else 'FAIL'}")

topic = data["current_state"].get("channels", {}).get("general", {}).get("topic")
if topic == "Release week":
    score += 1
print(f"CHECK topic 1 {'PASS' if topic == 'Release week' else 'FAIL'} topic={topic!r}")
print(f"REWARD: {score / 3:.3f}")
