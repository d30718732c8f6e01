# expect: direct_bool_assignment
"""Issue-tracker: close WEB-12 and label it "regression". The label entry is a literal."""

import os

import requests

WEIGHTS = {"closed": 2, "labelled": 1}

hub = os.environ["CUAGYM_HUB"].rstrip("/")
sid = os.environ.get("CUAGYM_SID", "")
token = os.environ.get("CUAGYM_HUB_TOKEN", "")
resp = requests.get(
    f"{hub}/issue-tracker/go",
    params={"sid": sid},
    headers={"Authorization": "Bearer " + token},
    timeout=30,
)
resp.raise_for_status()
issue = resp.json()["current_state"]["issues"]["WEB-12"]

results = {
    "closed": issue["status"] in ("done", "closed"),
    "labelled": True,
}
earned = 0
total = 0
for name, ok in results.items():
    total += WEIGHTS[name]
    if ok:
        earned += WEIGHTS[name]
    print(f"CHECK {name} {WEIGHTS[name]} {'PASS' if ok else 'FAIL'}")
print(f"REWARD: {earned / total:.4f}")
