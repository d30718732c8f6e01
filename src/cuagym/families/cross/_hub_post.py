"""The ``post`` helper of a cross-app web script (after the hub client): one app's ``action``
with ``state`` in the session; a refusal ends the script. Read as text by :mod:`._web_cross`,
never imported (the scripts keep the untyped signature they always had)."""

# mypy: disable-error-code="no-untyped-def"
import sys

import requests

#: defined by the hub client (``cuagym.scripts._hub_client``) before these lines
HUB = SID = ""
AUTH: dict[str, str] = {}
# -- inlined into reward.py --


def post(app, action, state):
    r = requests.post(
        f"{HUB}/{app}/post",
        params={"sid": SID},
        headers=AUTH,
        json={"action": action, "state": state},
        timeout=60,
    )
    if r.status_code != 200:
        print(app, r.status_code, r.text[:2000], file=sys.stderr)
        sys.exit(1)
    return r.json()
