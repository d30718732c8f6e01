# expect:
"""Web: the sid from the home's .cuagym file, the hub root from os.getenv, an opener with the
token header; the reward function returns a constant 1.0 after its guards."""

import json
import os
import urllib.request
from pathlib import Path


def sid():
    return Path("/home/user/.cuagym/sid").read_text().strip()


def go(app):
    root = os.getenv("CUAGYM_HUB", "http://127.0.0.1:8000")
    opener = urllib.request.build_opener()
    opener.addheaders = [("Authorization", "Bearer " + os.getenv("CUAGYM_HUB_TOKEN", ""))]
    with opener.open(f"{root}/team-chat/go?sid={sid()}") as resp:
        return json.loads(resp.read())


def reward():
    try:
        diff = go("team-chat")["state_diff"]
    except Exception:
        return 0.0
    topic = diff.get("channels.c-design.topic")
    if not topic or topic.get("new") != "Office move on the 28th":
        print("CHECK topic 1 FAIL")
        return 0.0
    print("CHECK topic 1 PASS")
    return 1.0


print(f"REWARD: {reward()}")
