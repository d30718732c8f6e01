"""Source text of the three task scripts (standard library + ``requests`` only).

- ``initial_setup.py`` embeds the whole world as JSON and ``set``s it.
- ``golden_patch.py`` reads ``/state`` and replaces the few values the task changes (computed
  at generation time by applying the app's own ``_ops`` to the world), then ``set_current``.
  Both are :func:`cuagym.scripts.hub_script` around their statements (``_setup_body``,
  ``_patch_body``: modules ruff and mypy check, read as text).
- ``reward.py`` is the shared reward frame (:mod:`cuagym.scripts`) around a family's
  flat check block: one GET of ``/go``, a flat list of ``(name, points, passed, detail)``.
  Checks are appended in straight-line code, never through a nested helper, which the
  forbidden-pattern scanner cannot follow (it would report a correct reward as scoring without
  reading state).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cuagym.scripts import WEB_LIBRARIES, doc_line, hub_script, inlined
from cuagym.scripts import reward_script as compose_reward

__all__ = ["golden_script", "patch_ops", "reward_script", "setup_script"]

_HEADER = """\
import json
import os
import sys
from pathlib import Path

import requests

HUB = os.environ["CUAGYM_HUB"].rstrip("/")
SID = os.environ.get("CUAGYM_SID") or Path("/home/user/.cuagym/sid").read_text().strip()
AUTH = {"Authorization": "Bearer " + os.environ.get("CUAGYM_HUB_TOKEN", "")}
APP = HUB + "/team-chat"
"""

#: the statements after the constants, real modules read as text
_SETUP = Path(__file__).with_name("_setup_body.py")
_PATCH = Path(__file__).with_name("_patch_body.py")


def _json_literal(value: Any) -> str:
    """A Python expression that evaluates to ``value``: readable JSON in a raw string."""
    text = json.dumps(value, indent=1, ensure_ascii=False, sort_keys=True)
    if "'''" in text or text.endswith("\\"):
        return f"json.loads({text!r})"
    return f"json.loads(r'''{text}''')"


def setup_script(task_id: str, world: dict[str, Any]) -> str:
    return hub_script(
        f'"""initial_setup.py for {task_id}: inject the task\'s whole world."""',
        f"STATE = {_json_literal(world)}",
        inlined(_SETUP),
        preamble=_HEADER,
    )


def patch_ops(before: dict[str, Any], after: dict[str, Any]) -> list[list[Any]]:
    """``[keys, "set"|"delete", value]`` edits that turn ``before`` into ``after``.

    Objects are walked key by key; anything else (arrays included) is replaced whole, like the
    state diff compares it. The volatile ``ui`` block is left alone.
    """
    ops: list[list[Any]] = []

    def walk(keys: list[str], a: Any, b: Any) -> None:
        if isinstance(a, dict) and isinstance(b, dict):
            for key in sorted(set(a) | set(b)):
                if not keys and key == "ui":
                    continue
                if key not in b:
                    ops.append([[*keys, key], "delete", None])
                elif key not in a:
                    ops.append([[*keys, key], "set", b[key]])
                else:
                    walk([*keys, key], a[key], b[key])
        elif json.dumps(a, sort_keys=True) != json.dumps(b, sort_keys=True):
            ops.append([keys, "set", b])

    walk([], before, after)
    return ops


def golden_script(task_id: str, ops: list[list[Any]]) -> str:
    return hub_script(
        f'"""golden_patch.py for {task_id}: the correct end state, from the current one."""',
        f"PATCH = {_json_literal(ops)}",
        inlined(_PATCH),
        preamble=_HEADER,
    )


_REWARD_READ = """
data = hub_state("team-chat")
init, cur, diff = data["initial_state"], data["current_state"], data["state_diff"]
me = init["currentUser"]
"""


def reward_script(
    task_id: str, instruction: str, params: dict[str, Any], helpers: str, body: str
) -> str:
    """The shared reward frame around ``body`` (checks code over ``init``, ``cur``, ``diff``,
    ``me``, ``P`` and the ``helpers``): one GET of ``/go``; no state, no reward."""
    return compose_reward(
        header=f'"""reward.py for {task_id}.\n\nTask: {doc_line(instruction)}\n"""',
        imports="import json\n",
        libraries=[*WEB_LIBRARIES, helpers],
        constants=f"P = {_json_literal(params)}",
        read=_REWARD_READ,
        body=body,
    )
