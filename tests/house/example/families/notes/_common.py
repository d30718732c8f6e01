"""What the three notes families share: the world, the scripts, the reward's frame."""

from __future__ import annotations

import json
from typing import Any

from cuagym.core import TaskConfig
from cuagym.families import TaskParams
from cuagym.scripts import WEB_LIBRARIES, doc_line, inlined, reward_script
from tests.house.example.apps.notes import build_seed
from tests.house.example.families.notes import _post

__all__ = ["NoteParams", "note_id", "notes_reward", "post_script", "world_of"]


class NoteParams(TaskParams):
    """Every notes task names one note by its title."""

    note: str


def world_of(task: TaskConfig) -> dict[str, Any]:
    """The initial world: the seed (the task names one of its notes)."""
    del task  # every task starts from the seed; a bigger app varies it per task
    return build_seed()


def note_id(state: dict[str, Any], title: str) -> str:
    return next(nid for nid, note in state["notes"].items() if note["title"] == title)


def post_script(action: str, state: dict[str, Any]) -> str:
    """A setup (``set``) or golden (``set_current``) script that posts ``state``."""
    literal = json.dumps(state, sort_keys=True)
    return inlined(_post) + f"\n\npost_state({action!r}, json.loads({literal!r}))\n"


def notes_reward(task: TaskConfig, body: str) -> str:
    """reward.py: read ``/go``, find the task's note in the initial state, then ``body``'s
    checks (which see ``init``, ``cur``, ``diff``, ``nid``, ``note`` and ``P``)."""
    return reward_script(
        header=f'"""reward.py - {doc_line(task.instruction)}"""',
        imports="import json",
        libraries=WEB_LIBRARIES,
        constants=f"P = json.loads({json.dumps(task.params, sort_keys=True)!r})",
        read="""
        data = hub_state("notes")
        init, cur, diff = data["initial_state"], data["current_state"], data["state_diff"]
        ids = [k for k, v in init["notes"].items() if v["title"] == P["note"]]
        nid = ids[0] if ids else ""
        note = cur["notes"].get(nid) or {}
        checks.append(("note_found", 0, bool(ids), "note " + P["note"]))
        """,
        body=body,
    )
