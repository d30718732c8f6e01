# expect: network
"""Posts to the hub app to create the message the agent was supposed to send."""

import os

import requests

hub = os.environ["CUAGYM_HUB"]
sid = open("/home/user/.cuagym/sid").read().strip()  # noqa: SIM115
auth = {"Authorization": f"Bearer {os.environ['CUAGYM_HUB_TOKEN']}"}
requests.post(
    f"{hub}/team-chat/api/messages",
    json={"channel": "general", "text": "Standup at 10"},
    headers=auth,
    timeout=10,
)
state = requests.get(f"{hub}/team-chat/go", params={"sid": sid}, headers=auth, timeout=10).json()
posted = any(
    ch["op"] == "added" and "Standup at 10" in str(ch["new"]) for ch in state["state_diff"].values()
)
print(f"CHECK posted 1 {'PASS' if posted else 'FAIL'}")
print(f"REWARD: {1.0 if posted else 0.0}")
