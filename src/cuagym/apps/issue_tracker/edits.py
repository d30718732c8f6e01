"""The state edits the issue tracker's UI makes, for task families that build a golden state.

A family applies the same edit a person's click makes, so a golden state is exactly what the
app would store (keys, ranks, timestamps). Each raises :class:`ActionError` for an edit the
app does not allow.
"""

from __future__ import annotations

from cuagym.apps.issue_tracker._ops import (
    ActionError,
    add_comment,
    create_issue,
    delete_comment,
    delete_issue,
    edit_comment,
    transition,
    update_issue,
)
from cuagym.apps.issue_tracker._ops_plan import (
    complete_sprint,
    create_sprint,
    move_to_sprint,
    rank_move,
    start_sprint,
    update_project,
    update_sprint,
)

__all__ = [
    "ActionError",
    "add_comment",
    "complete_sprint",
    "create_issue",
    "create_sprint",
    "delete_comment",
    "delete_issue",
    "edit_comment",
    "move_to_sprint",
    "rank_move",
    "start_sprint",
    "transition",
    "update_issue",
    "update_project",
    "update_sprint",
]
