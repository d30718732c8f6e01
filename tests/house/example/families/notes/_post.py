"""What the notes setup and golden scripts run: post one whole state to the hub.

Real code (linted, tested on the host); :func:`cuagym.scripts.inlined` pastes the part below
the marker into each script, followed by one call.
"""

# -- inlined into reward.py --
import json
import os
import sys
from pathlib import Path
from typing import Any

import requests


def post_state(action: str, state: dict[str, Any]) -> None:
    """``POST $CUAGYM_HUB/notes/post``: ``set`` (initial and current) or ``set_current``."""
    hub = os.environ["CUAGYM_HUB"].rstrip("/")
    sid = os.environ.get("CUAGYM_SID") or Path("/home/user/.cuagym/sid").read_text().strip()
    auth = {"Authorization": "Bearer " + os.environ.get("CUAGYM_HUB_TOKEN", "")}
    answer = requests.post(
        hub + "/notes/post",
        params={"sid": sid},
        headers=auth,
        json={"action": action, "state": state},
        timeout=60,
    )
    if answer.status_code != 200:
        print(answer.status_code, answer.text[:2000], file=sys.stderr)
        sys.exit(1)
    print(json.dumps(answer.json())[:200])
