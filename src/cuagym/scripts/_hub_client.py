"""The hub client every web setup and golden script starts with (inlined, never imported).

A web task's ``initial_setup.py`` and ``golden_patch.py`` talk to the hub of their session:
``HUB`` (``$CUAGYM_HUB``), the session id ``SID`` (``$CUAGYM_SID`` or the sid file the runner
writes) and the bearer token ``AUTH``. The scripts that follow use ``json`` and ``sys`` too.
Read as text (:data:`cuagym.scripts._web_scripts.HUB_CLIENT`): importing it would read the
environment of a task that is not running.
"""

# ruff: noqa: F401
# -- inlined into reward.py --
import json
import os
import sys
from pathlib import Path

import requests

HUB = os.environ["CUAGYM_HUB"].rstrip("/")
SID = os.environ.get("CUAGYM_SID") or Path("/home/user/.cuagym/sid").read_text().strip()
AUTH = {"Authorization": "Bearer " + os.environ.get("CUAGYM_HUB_TOKEN", "")}
