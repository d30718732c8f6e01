"""``initial_setup.py``'s statements for a cross-app web task: ``set`` each app's world
(``WORLDS``: app id -> state) in the one session. Read as text by :mod:`._web_cross`."""

import json
from typing import Any

WORLDS: dict[str, Any] = {}


def post(app: str, action: str, state: Any) -> Any:
    """Stands for the script's ``post`` (:mod:`._hub_post`)."""


# -- inlined into reward.py --
for app in sorted(WORLDS):
    print(json.dumps(post(app, "set", WORLDS[app])))
