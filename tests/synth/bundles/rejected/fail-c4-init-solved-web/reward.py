"""reward.py for team-chat--send-direct-message--1.

Task: Send Maya Chen a direct message, just between the two of you, saying “Heads up: I moved our 1:1 to Thursday at 10:00.”
"""
import json
import os
from pathlib import Path

import requests

P = json.loads(r'''{
 "has_dm": true,
 "me": "Priya Nair",
 "text": "Heads up: I moved our 1:1 to Thursday at 10:00.",
 "third": "Sofia Lindqvist",
 "to": "Maya Chen"
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
    opened_points = 0

    pair = {me, uid(init, P["to"])}
    dms = [d["id"] for d in cur["dms"].values() if set(d["members"]) == pair]
    did = dms[0] if dms else None
    init_ids = {m["id"] for ms in init["messages"].values() for m in ms}
    sent = [m for m in cur["messages"].get(did, []) if m["id"] not in init_ids and m["sender"] == me]
    allowed = {f"dms.{did}", f"messages.{did}"}
    checks.append(("dm_with_them", opened_points, did is not None, f"dm: {did}"))
    checks.append(("sent", 1, len(sent) >= 1, f"{len(sent)} new message(s)"))
    checks.append(("text", 2, any(norm(m["text"]) == norm(P["text"]) for m in sent),
                   "texts: " + " | ".join(m["text"] for m in sent)))
    checks.append(("one_message", 0, len(sent) <= 1, f"{len(sent)} sent"))
    checks.append(("nothing_else", 0, set(diff) <= allowed, f"diff: {sorted(diff)}"))

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
