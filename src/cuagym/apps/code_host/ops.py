"""What the app's own actions do to a state, for those who build or solve worlds outside it.

Each function changes a code-host state in place exactly as the matching UI action does (the
routes call the same functions), so a golden state computed with them is one the app could
have produced.
"""

from __future__ import annotations

from cuagym.apps.code_host._ops import (
    ActionError,
    add_member,
    branch_of,
    cancel_run,
    check_status,
    close_issue,
    close_pull,
    create_branch,
    create_issue,
    create_release,
    delete_branch,
    latest_reviews,
    merge_blockers,
    merge_pull,
    new_id,
    next_number,
    ready_for_review,
    remove_member,
    reopen_issue,
    reopen_pull,
    rerun_run,
    set_member_role,
    set_protection,
    set_reviewers,
    submit_review,
    update_issue,
    update_labels,
    update_repo,
)

__all__ = [
    "ActionError",
    "add_member",
    "branch_of",
    "cancel_run",
    "check_status",
    "close_issue",
    "close_pull",
    "create_branch",
    "create_issue",
    "create_release",
    "delete_branch",
    "latest_reviews",
    "merge_blockers",
    "merge_pull",
    "new_id",
    "next_number",
    "ready_for_review",
    "remove_member",
    "reopen_issue",
    "reopen_pull",
    "rerun_run",
    "set_member_role",
    "set_protection",
    "set_reviewers",
    "submit_review",
    "update_issue",
    "update_labels",
    "update_repo",
]
