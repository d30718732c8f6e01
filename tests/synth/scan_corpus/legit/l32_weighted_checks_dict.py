"""A dict of checks, every entry a comparison with the hub's state, weighted in a loop."""

import os

import requests

WEIGHTS = {"closed": 2, "labelled": 1, "nothing_else": 0}

hub = os.environ["CUAGYM_HUB"].rstrip("/")
resp = requests.get(
    f"{hub}/issue-tracker/go",
    params={"sid": os.environ.get("CUAGYM_SID", "")},
    headers={"Authorization": "Bearer " + os.environ.get("CUAGYM_HUB_TOKEN", "")},
    timeout=30,
)
data = resp.json()
issue = data["current_state"]["issues"]["WEB-12"]
diff = data["state_diff"]
allowed = {"issues.WEB-12.status", "issues.WEB-12.labels"}

results = {
    "closed": issue["status"] in ("done", "closed"),
    "labelled": "regression" in issue["labels"],
    "nothing_else": set(diff) <= allowed,
}
earned = 0
total = 0
for name, ok in results.items():
    total += WEIGHTS[name]
    if ok:
        earned += WEIGHTS[name]
    print(f"CHECK {name} {WEIGHTS[name]} {'PASS' if ok else 'FAIL'}")
score = earned / total if results["nothing_else"] else 0.0
print(f"REWARD: {score:.4f}")
