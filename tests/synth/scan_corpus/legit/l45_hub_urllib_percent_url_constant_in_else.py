# expect:
"""Web: urlopen with a url string built by % formatting; success constant in an else branch."""

import json
import os
import sys
import urllib.request as ur

url = "%s/crm/go?sid=%s" % (os.environ["CUAGYM_HUB"], os.environ["CUAGYM_SID"])
req = ur.Request(url, headers={"Authorization": "Bearer %s" % os.environ["CUAGYM_HUB_TOKEN"]})
try:
    go = json.loads(ur.urlopen(req, timeout=20).read().decode())
except Exception:
    print("REWARD: 0.0")
    sys.exit(0)
deal = go["current_state"]["deals"].get("D-7")
if deal is None or deal["stage"] != "won":
    print("CHECK stage 1 FAIL")
    result = 0.0
else:
    print("CHECK stage 1 PASS")
    result = 1.0
print(f"REWARD: {result}")
