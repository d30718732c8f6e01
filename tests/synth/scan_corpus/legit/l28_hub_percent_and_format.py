"""Hub URLs built with % and str.format (keyword fields), read through urllib."""

import json
import os
import urllib.request

HUB = os.environ.get("CUAGYM_HUB", "")
SID = os.environ.get("CUAGYM_SID", "")
TOKEN = os.environ.get("CUAGYM_HUB_TOKEN", "")


def go(app):
    url = "%s/%s/go?sid=%s" % (HUB, app, SID)
    req = urllib.request.Request(url, headers={"Authorization": "Bearer " + TOKEN})
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.load(resp)


def raw(app):
    url = "{base}/{app}/state?sid={sid}".format(base=HUB, app=app, sid=SID)
    req = urllib.request.Request(url, headers={"Authorization": "Bearer " + TOKEN})
    with urllib.request.urlopen(req, timeout=30) as resp:
        return json.load(resp)


state = go("team-chat")
stored = raw("team-chat")["stored_state"]
topic = state["current_state"]["channels"]["c-general"]["topic"]
ok = topic == "Release freeze until Friday" and stored is not None
print(f"CHECK topic 1 {'PASS' if ok else 'FAIL'} {topic!r}")
print(f"REWARD: {1.0 if ok else 0.0}")
