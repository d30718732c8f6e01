"""The three scripts of a mail task, as source text (standard library + ``requests`` only).

``initial_setup.py`` POSTs ``set`` with a full world embedded as JSON; ``golden_patch.py`` reads
``/state`` and applies entity-level edits (computed at generation time with the app's own
``_ops`` functions) then POSTs ``set_current``; ``reward.py`` is the shared reward frame
around a family's checks, which append ``(name, points, passed, detail)`` tuples to ``checks``
directly in ``main`` (a flat list: the scanner follows that data flow best).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cuagym.apps.mail import REWARD_LIBRARY
from cuagym.scripts import WEB_LIBRARIES, hub_json_literal, hub_script, inlined
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

_SETUP = Path(__file__).with_name("_setup_body.py")
_PATCH = Path(__file__).with_name("_patch_body.py")


def setup_script(world: dict[str, Any], summary: str) -> str:
    return hub_script(
        f"# initial_setup.py - {summary}", f"STATE = {hub_json_literal(world)}", inlined(_SETUP)
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
    return hub_script(
        f"# golden_patch.py - {summary}", f"EDITS = {hub_json_literal(edits)}", inlined(_PATCH)
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
        constants=f"P = {hub_json_literal(params)}",
        read=_READ,
        body=body,
    )
