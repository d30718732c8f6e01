"""The state edits team-chat's UI makes, for task families that build a golden state.

A family applies the same edit a person's click makes, so a golden state is exactly what the
app would store (ids, timestamps, read markers). Each raises :class:`ActionError` for an edit
the app does not allow.
"""

from __future__ import annotations

from cuagym.apps.team_chat._ops import (
    ActionError,
    add_members,
    create_channel,
    delete_message,
    edit_message,
    join_channel,
    leave_channel,
    normalize_channel_name,
    open_dm,
    post_message,
    rename_channel,
    set_archived,
    set_channel_text,
    switch_user,
    toggle_pin,
    toggle_reaction,
    update_profile,
)

__all__ = [
    "ActionError",
    "add_members",
    "create_channel",
    "delete_message",
    "edit_message",
    "join_channel",
    "leave_channel",
    "normalize_channel_name",
    "open_dm",
    "post_message",
    "rename_channel",
    "set_archived",
    "set_channel_text",
    "switch_user",
    "toggle_pin",
    "toggle_reaction",
    "update_profile",
]
