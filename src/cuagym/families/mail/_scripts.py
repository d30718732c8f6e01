"""The three scripts of a mail task, as source text (standard library + ``requests`` only).

``initial_setup.py`` POSTs ``set`` with a full world embedded as JSON; ``golden_patch.py`` reads
``/state`` and applies entity-level edits (computed at generation time with the app's own
``_ops`` functions) then POSTs ``set_current``; ``reward.py`` is the shared reward frame
around a family's checks, which append ``(name, points, passed, detail)`` tuples to ``checks``
directly in ``main`` (a flat list: the scanner follows that data flow best).
"""

from __future__ import annotations

import json
import textwrap
from typing import Any

from cuagym.apps.mail import REWARD_LIBRARY
from cuagym.scripts import WEB_LIBRARIES, inlined
from cuagym.scripts import reward_script as compose_reward

__all__ = [
    "REWARD_HELPERS",
    "SECTIONS",
    "entity_edits",
    "patch_script",
    "reward_script",
    "setup_script",
]

#: sections whose entries are diffed one entity at a time; ``account`` and ``settings`` whole.
SECTIONS = ("labels", "threads", "messages", "contacts", "templates")

_HEAD = """\
import json
import os
import sys
from pathlib import Path

import requests

HUB = os.environ["CUAGYM_HUB"].rstrip("/")
SID = os.environ.get("CUAGYM_SID") or Path("/home/user/.cuagym/sid").read_text().strip()
AUTH = {"Authorization": "Bearer " + os.environ.get("CUAGYM_HUB_TOKEN", "")}
"""


def _literal(value: Any) -> str:
    """A Python expression that evaluates to ``value`` (JSON text inside ``json.loads``)."""
    return f"json.loads({json.dumps(json.dumps(value, ensure_ascii=False, sort_keys=True))})"


def setup_script(world: dict[str, Any], summary: str) -> str:
    return (
        f"# initial_setup.py - {summary}\n"
        + _HEAD
        + f"\nSTATE = {_literal(world)}\n"
        + textwrap.dedent(
            """
            r = requests.post(
                f"{HUB}/mail/post",
                params={"sid": SID},
                headers=AUTH,
                json={"action": "set", "state": STATE},
                timeout=30,
            )
            if r.status_code != 200:
                print(r.status_code, r.text, file=sys.stderr)
                sys.exit(1)
            print(json.dumps(r.json()))
            """
        )
    )


def entity_edits(before: dict[str, Any], after: dict[str, Any]) -> list[list[Any]]:
    """``[section, key, value]`` edits that turn ``before`` into ``after`` (value None: delete;
    key None: replace the whole section)."""
    edits: list[list[Any]] = []
    for section in SECTIONS:
        old, new = before.get(section, {}), after.get(section, {})
        for key in sorted(set(old) | set(new)):
            if old.get(key) != new.get(key):
                edits.append([section, key, new.get(key)])
    for section in ("account", "settings"):
        if before.get(section) != after.get(section):
            edits.append([section, None, after[section]])
    return edits


def patch_script(edits: list[list[Any]], summary: str) -> str:
    return (
        f"# golden_patch.py - {summary}\n"
        + _HEAD
        + f"\nEDITS = {_literal(edits)}\n"
        + textwrap.dedent(
            """
            r = requests.get(f"{HUB}/mail/state", params={"sid": SID}, headers=AUTH, timeout=30)
            r.raise_for_status()
            state = r.json()["stored_state"]
            if state is None:
                sys.exit("no state: run initial_setup.py first")
            for section, key, value in EDITS:
                if key is None:
                    state[section] = value
                elif value is None:
                    state[section].pop(key, None)
                else:
                    state[section][key] = value
            r = requests.post(
                f"{HUB}/mail/post",
                params={"sid": SID},
                headers=AUTH,
                json={"action": "set_current", "state": state},
                timeout=30,
            )
            if r.status_code != 200:
                print(r.status_code, r.text, file=sys.stderr)
                sys.exit(1)
            """
        )
    )


#: The helpers every mail reward carries (after the shared frame and hub libraries).
REWARD_HELPERS = inlined(REWARD_LIBRARY)

_READ = """
data = hub_state("mail")
init, cur, diff = data["initial_state"], data["current_state"], data["state_diff"]
me = init["account"]["email"].lower()
"""


def reward_script(params: dict[str, Any], body: str, summary: str) -> str:
    """``reward.py``: the shared reward frame (:mod:`cuagym.scripts`) around the
    state read, the helpers and the family's checks."""
    return compose_reward(
        header=f"# reward.py - {' '.join(summary.split())}",
        imports="import json\n",
        libraries=[*WEB_LIBRARIES, REWARD_HELPERS],
        constants=f"P = {_literal(params)}",
        read=_READ,
        body=body,
    )
