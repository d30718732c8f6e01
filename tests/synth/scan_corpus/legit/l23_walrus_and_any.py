"""Walrus, any() and a conditional expression fed by the hub state."""

import os

import requests

base = f"{os.environ['CUAGYM_HUB']}/kanban"
resp = requests.get(
    base + "/go",
    params={"sid": open("/home/user/.cuagym/sid").read().strip()},  # noqa: SIM115
    headers={"Authorization": f"Bearer {os.environ.get('CUAGYM_HUB_TOKEN', '')}"},
    timeout=10,
)
if (status := resp.status_code) != 200:
    print(f"CHECK hub 0 FAIL status={status}")
    print("REWARD: 0.0")
    raise SystemExit(0)
cards = resp.json()["current_state"].get("cards", {})
moved = any(c.get("column") == "done" and c.get("title") == "Fix login" for c in cards.values())
print(f"CHECK moved 1 {'PASS' if moved else 'FAIL'}")
print(f"REWARD: {1.0 if moved else 0.0}")
