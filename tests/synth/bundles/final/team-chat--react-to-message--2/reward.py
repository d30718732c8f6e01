"""reward.py for team-chat--react-to-message--2.

Task: React with :100: to Liam's message in #general about the Rotterdam go-live.
"""
import json
import os
from pathlib import Path

import requests

P = json.loads(r'''{
 "author": "Liam O'Connor",
 "channel": "general",
 "emoji": "100",
 "match": "Rotterdam go-live moved to the 24th, the",
 "me": "Rachel Adeyemi",
 "other": "Amara Okafor"
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
    conv = next((c["id"] for c in init["channels"].values() if c["name"] == P["channel"]), None)
    init_msgs = init["messages"].get(conv, [])
    cur_msgs = cur["messages"].get(conv, [])
    init_ids = {m["id"] for ms in init["messages"].values() for m in ms}
    new_mine = [m for m in cur_msgs if m["id"] not in init_ids and m["sender"] == me]

    author = uid(init, P["author"])
    hits = [m["id"] for m in init_msgs
            if m["sender"] == author and norm(P["match"]) in norm(m["text"])]
    tid = hits[0] if len(hits) == 1 else None
    before = next((m for m in init_msgs if m["id"] == tid), {"reactions": [], "text": ""})
    after = next((m for m in cur_msgs if m["id"] == tid), {"reactions": [], "text": None})
    had = [r["emoji"] for r in before["reactions"] if me in r["users"]]
    has = [r["emoji"] for r in after["reactions"] if me in r["users"]]
    rest_same = ([m for m in cur_msgs if m["id"] != tid] == [m for m in init_msgs if m["id"] != tid])
    others_same = ([r for r in after["reactions"] if r["emoji"] != P["emoji"]]
                   == [r for r in before["reactions"] if r["emoji"] != P["emoji"]])
    checks.append(("target_message", 0, tid is not None, f"{len(hits)} matching message(s)"))
    checks.append(("reacted", 3, P["emoji"] in has and P["emoji"] not in had, f"mine now: {has}"))
    checks.append(("nothing_else", 0, set(diff) <= {"messages." + str(conv)} and rest_same
                   and others_same and after["text"] in (None, before["text"]),
                   f"diff: {sorted(diff)}"))

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
