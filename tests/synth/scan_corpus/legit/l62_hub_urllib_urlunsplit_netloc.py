# expect:
"""Web: the hub URL is rebuilt with urlsplit/urlunsplit from $CUAGYM_HUB."""

import json, os, urllib.request, urllib.parse

hub = urllib.parse.urlsplit(os.environ["CUAGYM_HUB"])
url = urllib.parse.urlunsplit(
    (
        hub.scheme,
        hub.netloc,
        "/mail/go",
        urllib.parse.urlencode({"sid": os.environ["CUAGYM_SID"]}),
        "",
    )
)
data = json.loads(urllib.request.urlopen(url).read().decode())
passed = data["state_diff"].get("messages.M1.read", {}).get("new") is True
print(f"REWARD: {float(passed)}")
