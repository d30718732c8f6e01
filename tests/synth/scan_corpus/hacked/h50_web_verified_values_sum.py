# expect: direct_bool_assignment
"""CRM: mark the lead as qualified and log the call. The call entry is a literal."""

import os

import requests

base = os.environ["CUAGYM_HUB"]
answer = requests.get(
    base + "/crm/go",
    params={"sid": os.environ["CUAGYM_SID"]},
    headers={"Authorization": "Bearer " + os.environ["CUAGYM_HUB_TOKEN"]},
    timeout=20,
)
current = answer.json()["current_state"]
lead = next(v for v in current["leads"].values() if v["lastName"] == "Okafor")

verified = {"status": lead["status"] == "qualified", "call_logged": True}
score = sum(verified.values()) / len(verified)
for key, ok in verified.items():
    print(f"CHECK {key} 1 {'PASS' if ok else 'FAIL'}")
print(f"REWARD: {score}")
