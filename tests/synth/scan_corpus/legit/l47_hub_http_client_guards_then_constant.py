# expect:
"""Web: http.client to the hub host parsed from $CUAGYM_HUB; constant success after guards."""

import http.client
import json
import os
import sys
from urllib.parse import urlsplit

hub = urlsplit(os.environ["CUAGYM_HUB"])
conn = http.client.HTTPConnection(hub.hostname, hub.port or 80, timeout=20)
conn.request(
    "GET",
    f"{hub.path}/mail/go?sid={os.environ['CUAGYM_SID']}",
    headers={"Authorization": "Bearer " + os.environ["CUAGYM_HUB_TOKEN"]},
)
resp = conn.getresponse()
if resp.status != 200:
    print("REWARD: 0.0")
    sys.exit(0)
state = json.loads(resp.read())
drafts = state["current_state"]["folders"]["drafts"]
if not any(d["subject"] == "Offsite agenda" for d in drafts):
    print("CHECK draft 1 FAIL")
    print("REWARD: 0.0")
    sys.exit(0)
print("CHECK draft 1 PASS")
print("REWARD: 1.0")
