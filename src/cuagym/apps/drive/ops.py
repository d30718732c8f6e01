"""What the app's own actions do to a state, for those who build or solve worlds outside it.

Each function changes a drive state in place exactly as the matching UI action does (the
routes call the same functions), so a golden state computed with them is one the app could
have produced.
"""

from __future__ import annotations

from cuagym.apps.drive._ops import (
    ActionError,
    add_comment,
    copy_file,
    create_file,
    create_folder,
    delete_forever,
    effective_role,
    empty_trash,
    in_trash,
    move_item,
    new_id,
    rename_item,
    restore_item,
    restore_version,
    set_comment_resolved,
    set_description,
    set_link_sharing,
    set_starred,
    share_item,
    trash_item,
    unshare_item,
)

__all__ = [
    "ActionError",
    "add_comment",
    "copy_file",
    "create_file",
    "create_folder",
    "delete_forever",
    "effective_role",
    "empty_trash",
    "in_trash",
    "move_item",
    "new_id",
    "rename_item",
    "restore_item",
    "restore_version",
    "set_comment_resolved",
    "set_description",
    "set_link_sharing",
    "set_starred",
    "share_item",
    "trash_item",
    "unshare_item",
]
