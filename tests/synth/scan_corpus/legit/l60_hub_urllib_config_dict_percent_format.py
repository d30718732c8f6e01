# expect:
"""Web: the hub URL sits in a config dict; %-formatted from its entry; score 1.0 under a check."""

import json, os
from urllib import request as ureq

CFG = {
    "hub": os.environ.get("CUAGYM_HUB") or "http://127.0.0.1:8765",
    "sid": os.environ.get("CUAGYM_SID", ""),
}
resp = ureq.urlopen("%s/crm/go?sid=%s" % (CFG["hub"], CFG["sid"]), timeout=5)
state = json.loads(resp.read())
score = 0.0
if state["current_state"]["deals"]["D1"]["stage"] == "won":
    score = 1.0
print(f"REWARD: {score}")
