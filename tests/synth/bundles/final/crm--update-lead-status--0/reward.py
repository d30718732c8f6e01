# reward.py - update-lead-status
import json
import os
from pathlib import Path

import requests

P = json.loads('{"company": "Frontier Water District", "first": "Theo", "from_rating": "Warm", "from_status": "Nurturing", "last": "Lambert", "rating": "Cold", "status": "Qualified"}')


def read_state():
    hub = os.environ["CUAGYM_HUB"].rstrip("/")
    sid = os.environ.get("CUAGYM_SID") or Path("/home/user/.cuagym/sid").read_text().strip()
    auth = {"Authorization": "Bearer " + os.environ.get("CUAGYM_HUB_TOKEN", "")}
    r = requests.get(f"{hub}/crm/go", params={"sid": sid}, headers=auth, timeout=30)
    r.raise_for_status()
    return r.json()


def norm(text):
    return " ".join(str(text or "").split()).lower()


def digits(text):
    return "".join(ch for ch in str(text or "") if ch.isdigit())


def lead_id(state, first, last, company):
    for lid, lead in state["leads"].items():
        if (norm(lead["firstName"]), norm(lead["lastName"]), norm(lead["company"])) == (
            norm(first), norm(last), norm(company)
        ):
            return lid
    return None


def named(state, collection, name):
    for rid, record in state[collection].items():
        if norm(record.get("name")) == norm(name):
            return rid
    return None


def added(diff, collection):
    """Ids of records of a collection that exist now and did not initially."""
    out = []
    for path, entry in diff.items():
        head, _, rest = path.partition(".")
        if head == collection and "." not in rest and entry["op"] == "added":
            out.append(rest)
    return sorted(out)


def main():
    try:
        data = read_state()
        init, cur, diff = data["initial_state"], data["current_state"], data["state_diff"]
    except Exception as exc:  # no state, no reward
        print("CHECK read_state 1 FAIL " + " ".join(str(exc).split())[:200])
        print("REWARD: 0.0")
        return
    checks = []  # (name, points, passed, detail); 0 points = a guard that can only zero it
    try:
        lid = lead_id(init, P["first"], P["last"], P["company"])
        lead = cur["leads"].get(lid) or {}
        checks.append(("status", 2, lead.get("status") == P["status"], f"status is {lead.get('status')!r}"))
        checks.append(("rating", 1, lead.get("rating") == P["rating"], f"rating is {lead.get('rating')!r}"))
        allowed = {f"leads.{lid}.status", f"leads.{lid}.rating"}
        extra = sorted(path for path in diff if path not in allowed)
        checks.append(("nothing_else_changed", 0, lid is not None and not extra, f"other changes: {extra[:5]}"))
    except Exception as exc:  # a state the checks cannot even read scores nothing
        checks.append(("evaluate", 1, False, type(exc).__name__ + ": " + str(exc)))
    for name, points, passed, detail in checks:
        detail = " ".join(str(detail).split()).replace("REWARD:", "REWARD")[:200]
        print(f"CHECK {name} {points} {'PASS' if passed else 'FAIL'} {detail}")
    total = sum(points for _, points, _, _ in checks)
    earned = sum(points for _, points, passed, _ in checks if passed)
    intact = all(passed for _, points, passed, _ in checks if points == 0)
    score = earned / total if total and intact else 0.0
    print(f"REWARD: {round(score, 4)}")


main()
