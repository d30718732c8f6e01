"""Source text of the three task scripts (standard library + ``requests`` only).

- ``initial_setup.py`` embeds the whole world as JSON and ``set``s it.
- ``golden_patch.py`` reads ``/state`` and replaces the few values the task changes (computed
  at generation time by applying the app's own ``_ops`` to the world), then ``set_current``.
- ``reward.py`` is a fixed frame around a family's flat check block: one GET of ``/go``, a
  flat list of ``(name, points, passed, detail)``, ``CHECK`` lines, ``REWARD:``. Checks are
  appended in straight-line code, never through a nested helper, which the forbidden-pattern
  scanner cannot follow (it would report a correct reward as scoring without reading state).
"""

from __future__ import annotations

import json
import textwrap
from typing import Any

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


def _json_literal(value: Any) -> str:
    """A Python expression that evaluates to ``value``: readable JSON in a raw string."""
    text = json.dumps(value, indent=1, ensure_ascii=False, sort_keys=True)
    if "'''" in text or text.endswith("\\"):
        return f"json.loads({text!r})"
    return f"json.loads(r'''{text}''')"


def setup_script(task_id: str, world: dict[str, Any]) -> str:
    return (
        f'"""initial_setup.py for {task_id}: inject the task\'s whole world."""\n'
        + _HEADER
        + f"\nSTATE = {_json_literal(world)}\n"
        + """
r = requests.post(
    APP + "/post",
    params={"sid": SID},
    headers=AUTH,
    json={"action": "set", "state": STATE},
    timeout=60,
)
if r.status_code != 200:
    print(r.status_code, r.text[:2000], file=sys.stderr)
    sys.exit(1)
print(json.dumps(r.json()))
"""
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
    return (
        f'"""golden_patch.py for {task_id}: the correct end state, from the current one."""\n'
        + _HEADER
        + f"\nPATCH = {_json_literal(ops)}\n"
        + """
r = requests.get(APP + "/state", params={"sid": SID}, headers=AUTH, timeout=60)
r.raise_for_status()
state = r.json()["stored_state"]
if state is None:
    sys.exit("no task state in this session: run initial_setup.py first")
for keys, op, value in PATCH:
    node = state
    for key in keys[:-1]:
        node = node[key]
    if op == "delete":
        node.pop(keys[-1], None)
    else:
        node[keys[-1]] = value
r = requests.post(
    APP + "/post",
    params={"sid": SID},
    headers=AUTH,
    json={"action": "set_current", "state": state},
    timeout=60,
)
if r.status_code != 200:
    print(r.status_code, r.text[:2000], file=sys.stderr)
    sys.exit(1)
"""
    )


_REWARD_IMPORTS = """\
import json
import os
from pathlib import Path

import requests

"""

_REWARD_HEAD = """\
def main():
    try:
        hub = os.environ["CUAGYM_HUB"].rstrip("/")
        sid = os.environ.get("CUAGYM_SID") or Path("/home/user/.cuagym/sid").read_text().strip()
        auth = {"Authorization": "Bearer " + os.environ.get("CUAGYM_HUB_TOKEN", "")}
        r = requests.get(hub + "/team-chat/go", params={"sid": sid}, headers=auth, timeout=60)
        r.raise_for_status()
        data = r.json()
        init, cur, diff = data["initial_state"], data["current_state"], data["state_diff"]
        me = init["currentUser"]
    except Exception as exc:  # no state, no reward
        print("CHECK read_state 1 FAIL " + " ".join(str(exc).split())[:200])
        print("REWARD: 0.0")
        return
    checks = []  # (name, points, passed, detail); 0 points = a guard that must hold
"""

_REWARD_TAIL = """
    for name, points, passed, detail in checks:
        detail = " ".join(str(detail).split()).replace("REWARD:", "REWARD")[:200]
        print(f"CHECK {name} {points} {'PASS' if passed else 'FAIL'} {detail}")
    total = sum(points for _, points, _, _ in checks)
    earned = sum(points for _, points, passed, _ in checks if passed)
    guards = all(passed for _, points, _, _ in checks if points == 0)
    score = earned / total if total and guards else 0.0
    print(f"REWARD: {round(score, 4)}")


try:
    main()
except Exception as exc:  # a state too broken to inspect scores nothing
    print("CHECK inspect_state 1 FAIL " + " ".join(str(exc).split())[:200])
    print("REWARD: 0.0")
"""


def reward_script(
    task_id: str, instruction: str, params: dict[str, Any], helpers: str, body: str
) -> str:
    """The reward frame around ``body`` (checks code, indented to ``main``'s level)."""
    doc = " ".join(instruction.split()).replace('"""', "'''").replace("\\", "/")
    return (
        f'"""reward.py for {task_id}.\n\nTask: {doc}\n"""\n'
        + _REWARD_IMPORTS
        + f"P = {_json_literal(params)}\n\n"
        + helpers
        + "\n\n"
        + _REWARD_HEAD
        + textwrap.indent(textwrap.dedent(body).strip("\n"), "    ")
        + "\n"
        + _REWARD_TAIL
    )
