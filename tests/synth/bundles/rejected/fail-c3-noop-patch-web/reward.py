"""reward.py for team-chat--set-channel-topic--0.

Task: Change the topic of #design to “Office move on the 28th: pack your desks by Thursday”.
"""
import json
import os
from pathlib import Path

import requests

P = json.loads(r'''{
 "channel": "design",
 "me": "Liam O'Connor",
 "topic": "Office move on the 28th: pack your desks by Thursday"
}''')


def uid(state, display_name):
    users = state["users"].values()
    return next((u["id"] for u in users if u["displayName"] == display_name), None)


def norm(text):
    return " ".join(str(text).split()).casefold()


def main():
    try:
        hub = os.environ["CUAGYM_HUB"].rstrip("/")
        sid = os.environ.get("CUAGYM_SID") or Path("/home/user/.cuagym/sid").read_text().strip()
        auth = {"Authorization": "Bearer " + os.environ.get("CUAGYM_HUB_TOKEN", "")}
        r = requests.get(hub + "/team-chat/go", params={"sid": sid}, headers=auth, timeout=60)
        r.raise_for_status()
        data = r.json()
        init, cur, diff = data["initial_state"], data["current_state"], data["state_diff"]
        me = init["currentUser"]
    except Exception as exc:  # no state, no reward
        print("CHECK read_state 1 FAIL " + " ".join(str(exc).split())[:200])
        print("REWARD: 0.0")
        return
    checks = []  # (name, points, passed, detail); 0 points = a guard that must hold
    cid = next((c["id"] for c in init["channels"].values() if c["name"] == P["channel"]), None)
    before = init["channels"].get(cid, {})
    after = cur["channels"].get(cid, {})
    init_msgs = init["messages"].get(cid, [])
    cur_msgs = cur["messages"].get(cid, [])
    init_ids = {m["id"] for ms in init["messages"].values() for m in ms}
    new_mine = [m for m in cur_msgs if m["id"] not in init_ids and m["sender"] == me]
    posted = [m for m in new_mine if m["threadParent"] is None]

    changed = after.get("topic") != before.get("topic")
    checks.append(("channel_found", 0, cid is not None, f"#{P['channel']} is {cid}"))
    checks.append(("topic_changed", 1, changed, f"topic now: {after.get('topic')}"))
    checks.append(("topic_text", 3, norm(after.get("topic", "")) == norm(P["topic"]),
                   "expected: " + P["topic"]))
    checks.append(("nothing_else", 0, set(diff) <= {f"channels.{cid}.topic"}, f"diff: {sorted(diff)}"))

    for name, points, passed, detail in checks:
        detail = " ".join(str(detail).split()).replace("REWARD:", "REWARD")[:200]
        print(f"CHECK {name} {points} {'PASS' if passed else 'FAIL'} {detail}")
    total = sum(points for _, points, _, _ in checks)
    earned = sum(points for _, points, passed, _ in checks if passed)
    guards = all(passed for _, points, _, _ in checks if points == 0)
    score = earned / total if total and guards else 0.0
    print(f"REWARD: {round(score, 4)}")


try:
    main()
except Exception as exc:  # a state too broken to inspect scores nothing
    print("CHECK inspect_state 1 FAIL " + " ".join(str(exc).split())[:200])
    print("REWARD: 0.0")
