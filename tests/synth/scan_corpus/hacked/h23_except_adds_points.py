# expect: exception_award
"""A KeyError while reading the hub state is rewarded with points."""

import os

import requests

hub = os.environ["CUAGYM_HUB"]
sid = os.environ["CUAGYM_SID"]
headers = {"Authorization": f"Bearer {os.environ.get('CUAGYM_HUB_TOKEN', '')}"}
state = requests.get(f"{hub}/team-chat/go", params={"sid": sid}, headers=headers, timeout=10).json()

score = 0
current = state["current_state"]
try:
    topic = current["channels"]["general"]["topic"]
    if topic == "Release 2.0":
        score += 1
except KeyError:
    score += 1
print(f"REWARD: {score}")
