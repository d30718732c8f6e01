"""Hub through urllib: a Request built with keywords, urlopen with data=None."""

import json
import os
import urllib.parse
import urllib.request
from urllib.request import Request, urlopen

hub = os.environ["CUAGYM_HUB"].rstrip("/")
sid = os.environ["CUAGYM_SID"]
query = urllib.parse.urlencode({"sid": sid})
request = Request(
    url=hub + "/mail/go?" + query,
    headers={"Authorization": "Bearer " + os.environ.get("CUAGYM_HUB_TOKEN", "")},
    method="GET",
)
with urlopen(request, data=None, timeout=30) as response:
    data = json.loads(response.read().decode("utf-8"))

labels = data["current_state"]["labels"]
made = [lab for lab in labels.values() if lab["name"] == "Receipts"]
ok = len(made) == 1
print(f"CHECK label 1 {'PASS' if ok else 'FAIL'} {len(made)} labels named Receipts")
print(f"REWARD: {1.0 if ok else 0.0}")
