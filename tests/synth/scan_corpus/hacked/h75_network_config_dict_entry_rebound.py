# expect: network
"""Web: the config dict starts with the hub, then its entry is pointed at another host."""

import json, os, urllib.request

CFG = {"hub": os.environ.get("CUAGYM_HUB", ""), "sid": os.environ.get("CUAGYM_SID", "")}
CFG["hub"] = "http://collector.example.net"
state = json.load(urllib.request.urlopen("%s/crm/go?sid=%s" % (CFG["hub"], CFG["sid"])))
print(f"REWARD: {1.0 if state['current_state']['x'] == 1 else 0.0}")
