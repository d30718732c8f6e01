"""``golden_patch.py``'s statements for a task in an app whose state is collections of records
by id, before its ``set_current``: read the session's state, upsert the records in ``UPSERT``
and remove those in ``REMOVE`` (collection -> records / ids). Read as text by
:mod:`._record_scripts`, never imported."""

import sys
from typing import Any

import requests

#: defined by the script's constants (``_record_scripts.record_patch_script``) before these lines
APP = ""
UPSERT: dict[str, dict[str, Any]] = {}
REMOVE: dict[str, list[str]] = {}
#: defined by the hub client (``cuagym.scripts._hub_client``) before these lines
HUB = SID = ""
AUTH: dict[str, str] = {}
# -- inlined into reward.py --
r = requests.get(f"{HUB}/{APP}/state", params={"sid": SID}, headers=AUTH, timeout=60)
r.raise_for_status()
state = r.json()["stored_state"]
if state is None:
    sys.exit("this session has no state yet: run initial_setup.py first")
for collection, records in UPSERT.items():
    state[collection].update(records)
for collection, ids in REMOVE.items():
    for rid in ids:
        state[collection].pop(rid, None)
