"""The details of one item as the side panel and the file page show them, with what the
signed-in person may do to it (the share, rename and move dialogs read this)."""

from __future__ import annotations

from typing import Any

from cuagym.apps.drive._ops import ROLE_RANK, effective_role, in_trash
from cuagym.apps.drive._views import folder_choices, item_row

__all__ = ["item_context", "panel_context"]

State = dict[str, Any]


def item_context(state: State, kind: str, iid: str) -> dict[str, Any]:
    """An item's row, its access list and the rights of the signed-in person."""
    rec = state[kind + "s"][iid]
    row = item_row(state, kind, rec)
    role = effective_role(state, kind, iid) or ""
    owner = state["users"][rec["ownerId"]]
    access = [
        {
            "id": owner["id"],
            "name": owner["name"],
            "email": owner["email"],
            "color": owner["avatarColor"],
            "role": "owner",
        }
    ]
    for uid, their in sorted(
        rec["sharedWith"].items(), key=lambda kv: state["users"][kv[0]]["name"]
    ):
        user = state["users"][uid]
        access.append(
            {
                "id": uid,
                "name": user["name"],
                "email": user["email"],
                "color": user["avatarColor"],
                "role": their,
            }
        )
    shared_ids = {a["id"] for a in access}
    invitees = sorted(
        (
            (u["id"], f"{u['name']} ({u['email']})")
            for u in state["users"].values()
            if u["id"] not in shared_ids
        ),
        key=lambda c: c[1],
    )
    skip = iid if kind == "folder" else None
    return {
        **row,
        "role": role,
        "can_edit": ROLE_RANK.get(role, 0) >= ROLE_RANK["editor"],
        "can_comment": ROLE_RANK.get(role, 0) >= ROLE_RANK["commenter"],
        "trashed": in_trash(state, kind, iid),
        "access": access,
        "invitees": invitees,
        "move_choices": folder_choices(
            state, skip=skip, near=rec.get("parentId", rec.get("folderId"))
        ),
        "parent": rec.get("parentId", rec.get("folderId")) or "",
        "created": rec["createdAt"],
    }


def panel_context(
    state: State, selected: str, folder: dict[str, Any] | None
) -> dict[str, Any] | None:
    """The panel's item: the selected one (``file-…`` / ``fold-…``), else the open folder."""
    for kind, prefix in (("file", "file-"), ("folder", "fold-")):
        known = selected.startswith(prefix) and selected in state[kind + "s"]
        if known and effective_role(state, kind, selected) is not None:
            return item_context(state, kind, selected)
    if folder is not None:
        return item_context(state, "folder", folder["id"])
    return None
