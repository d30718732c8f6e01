"""What the app's own actions do to a state, for those who build or solve worlds outside it.

Each function changes a social state in place exactly as the matching UI action does (the
routes call the same functions); :func:`parse_compose` is the composer's own parser, so a
golden state computed with them is one the app could have produced.
"""

from __future__ import annotations

from cuagym.apps.social._ops import (
    ActionError,
    add_comment,
    compose_post,
    delete_comment,
    delete_post,
    follow,
    mark_conversation_read,
    mark_notifications_read,
    move_to_day,
    new_id,
    parse_tags,
    publish_now,
    report_post,
    resolve_report,
    schedule_post,
    send_message,
    set_muted,
    set_pinned,
    start_conversation,
    toggle_like,
    unfollow,
    unschedule,
    update_post,
)
from cuagym.apps.social._ui_studio import parse_compose

__all__ = [
    "ActionError",
    "add_comment",
    "compose_post",
    "delete_comment",
    "delete_post",
    "follow",
    "mark_conversation_read",
    "mark_notifications_read",
    "move_to_day",
    "new_id",
    "parse_compose",
    "parse_tags",
    "publish_now",
    "report_post",
    "resolve_report",
    "schedule_post",
    "send_message",
    "set_muted",
    "set_pinned",
    "start_conversation",
    "toggle_like",
    "unfollow",
    "unschedule",
    "update_post",
]
