# expect:
"""Web: urllib.request.urlopen on a URL joined from the hub root; early exit on failure, then a
constant success once every guard has passed."""

import json
import os
import sys
import urllib.parse
import urllib.request

hub = os.environ["CUAGYM_HUB"]
query = urllib.parse.urlencode({"sid": os.environ["CUAGYM_SID"]})
url = urllib.parse.urljoin(hub + "/", "mail/go") + "?" + query
request = urllib.request.Request(url)
request.add_header("Authorization", "Bearer " + os.environ.get("CUAGYM_HUB_TOKEN", ""))
try:
    state = json.loads(urllib.request.urlopen(request).read())
except Exception:
    print("REWARD: 0.0")
    sys.exit(0)

sent = [
    m
    for m in state["current_state"]["folders"]["sent"]
    if m not in state["initial_state"]["folders"]["sent"]
]
if len(sent) != 1:
    print(f"CHECK one_sent 1 FAIL {len(sent)} new")
    print("REWARD: 0.0")
    sys.exit(0)
if sent[0]["to"] != ["ana@example.com"] or "Q3" not in sent[0]["subject"]:
    print("CHECK recipient_subject 1 FAIL")
    print("REWARD: 0.0")
    sys.exit(0)
print("CHECK sent 1 PASS")
print("REWARD: 1.0")
