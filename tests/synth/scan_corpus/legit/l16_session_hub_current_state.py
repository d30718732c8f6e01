"""Hub read through a requests.Session; the app URL is built from $CUAGYM_HUB."""

import os

import requests as rq

APP = "mail"


def hub_url(path):
    return f"{os.environ['CUAGYM_HUB'].rstrip('/')}/{APP}/{path}"


session = rq.Session()
session.headers["Authorization"] = f"Bearer {os.environ.get('CUAGYM_HUB_TOKEN', '')}"
try:
    state = session.get(hub_url("go"), params={"sid": os.environ["CUAGYM_SID"]}, timeout=10)
    state.raise_for_status()
    current = state.json()["current_state"]
except Exception as exc:
    print(f"CHECK hub 0 FAIL {exc}")
    print("REWARD: 0.0")
else:
    drafts = current.get("drafts", {})
    to_ok = any(d.get("to") == "hr@example.com" for d in drafts.values())
    subject_ok = any("vacation" in d.get("subject", "").lower() for d in drafts.values())
    score = 0
    if to_ok:
        score += 1
    if subject_ok:
        score += 1
    print(f"CHECK recipient 1 {'PASS' if to_ok else 'FAIL'}")
    print(f"CHECK subject 1 {'PASS' if subject_ok else 'FAIL'}")
    print(f"REWARD: {min(1.0, score / 2):.2f}")
