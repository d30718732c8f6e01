"""State operations behind every UI action, as plain functions on the JSON state dict.

The UI routes call these inside ``UISession.mutate``; keeping them free of HTTP makes them
testable directly and reusable by golden patches and task families. Each operation checks what
a person may do and raises :class:`ActionError` with a message meant for that person; the hub
then leaves the session untouched. Schema and invariant checks still run after every change.
Compose, contacts, templates and settings live in ``_ops_compose`` / ``_ops_book``.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from datetime import UTC, datetime
from typing import Any

from cuagym.apps.mail._invariants import LABEL_NAME_RE, RESERVED_IDS, parse_ts
from cuagym.apps.mail._schema import FOLDERS, LABEL_COLORS

__all__ = [
    "THREAD_ACTIONS",
    "ActionError",
    "State",
    "add_label",
    "create_label",
    "delete_forever",
    "delete_label",
    "format_ts",
    "move_to_label",
    "new_id",
    "now_or",
    "open_thread",
    "remove_label",
    "set_folder",
    "set_starred",
    "set_unread",
    "snooze",
    "thread_action",
    "thread_messages",
    "unsnooze",
    "update_label",
]

State = dict[str, Any]


class ActionError(ValueError):
    """A UI action that cannot be done; the message is shown to the person as is, beside the
    form field ``field`` when it is about one."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


def format_ts(moment: datetime) -> str:
    """The app's own timestamp spelling: UTC, whole seconds, ``Z``."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def now_or(now: datetime | None) -> datetime:
    return now if now is not None else datetime.now(UTC)


def new_id(state: State, section: str, prefix: str) -> str:
    """``<prefix>-<n>``: one more than the highest such number in ``state[section]``."""
    highest = 0
    for key in state[section]:
        m = re.fullmatch(rf"{re.escape(prefix)}-(\d+)", key)
        if m:
            highest = max(highest, int(m.group(1)))
    return f"{prefix}-{highest + 1:04d}"


def thread_messages(state: State, tid: str) -> list[dict[str, Any]]:
    """The messages of a thread, oldest first (ties keep id order)."""
    msgs = [m for m in state["messages"].values() if m["threadId"] == tid]
    return sorted(msgs, key=lambda m: (parse_ts(m["date"]), m["id"]))


def _thread(state: State, tid: str) -> dict[str, Any]:
    thread = state["threads"].get(tid)
    if thread is None:
        raise ActionError("That conversation no longer exists.")
    return thread  # type: ignore[no-any-return]


def _label(state: State, lid: str) -> dict[str, Any]:
    label = state["labels"].get(lid)
    if label is None:
        raise ActionError("That label no longer exists.")
    return label  # type: ignore[no-any-return]


# -- threads ------------------------------------------------------------------------------------
def set_folder(state: State, tids: Iterable[str], folder: str) -> None:
    """Move threads to ``inbox``, ``archive``, ``spam`` or ``trash``.

    Leaving the inbox clears ``snoozedUntil`` (only inbox threads can be snoozed)."""
    if folder not in FOLDERS:
        raise ActionError(f"Unknown folder {folder!r}.")
    for tid in tids:
        thread = _thread(state, tid)
        thread["folder"] = folder
        if folder != "inbox":
            thread["snoozedUntil"] = None


def delete_forever(state: State, tids: Iterable[str]) -> None:
    """Remove threads and their messages; only from Trash or Spam, as in common mail apps."""
    for tid in list(tids):
        thread = _thread(state, tid)
        if thread["folder"] not in ("trash", "spam"):
            raise ActionError("Only conversations in Trash or Spam can be deleted forever.")
        del state["threads"][tid]
        for mid in [m["id"] for m in state["messages"].values() if m["threadId"] == tid]:
            del state["messages"][mid]


def set_unread(state: State, tids: Iterable[str], unread: bool) -> None:
    for tid in tids:
        _thread(state, tid)["unread"] = unread


def set_starred(state: State, tids: Iterable[str], starred: bool) -> None:
    for tid in tids:
        _thread(state, tid)["starred"] = starred


def add_label(state: State, tids: Iterable[str], lid: str) -> None:
    _label(state, lid)
    for tid in tids:
        labels = _thread(state, tid)["labels"]
        if lid not in labels:
            labels.append(lid)


def remove_label(state: State, tids: Iterable[str], lid: str) -> None:
    _label(state, lid)
    for tid in tids:
        thread = _thread(state, tid)
        thread["labels"] = [x for x in thread["labels"] if x != lid]


def move_to_label(state: State, tids: Iterable[str], lid: str) -> None:
    """ "Move to" a label: apply it and take the thread out of the inbox (archive)."""
    tids = list(tids)
    add_label(state, tids, lid)
    for tid in tids:
        thread = _thread(state, tid)
        if thread["folder"] == "inbox":
            thread["folder"] = "archive"
            thread["snoozedUntil"] = None


def snooze(state: State, tids: Iterable[str], until: str) -> None:
    """Hide inbox threads until ``until`` (a timestamp; shown, not enforced)."""
    try:
        moment = datetime.fromisoformat(until.replace("Z", "+00:00"))
    except ValueError:
        raise ActionError("Pick a date and time to snooze until.") from None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    for tid in tids:
        thread = _thread(state, tid)
        if thread["folder"] != "inbox":
            raise ActionError("Only conversations in the Inbox can be snoozed.")
        thread["snoozedUntil"] = format_ts(moment)


def unsnooze(state: State, tids: Iterable[str]) -> None:
    for tid in tids:
        _thread(state, tid)["snoozedUntil"] = None


def open_thread(state: State, tid: str) -> bool:
    """What opening a conversation does: marks it read iff the setting says so. Returns changed."""
    thread = _thread(state, tid)
    if state["settings"]["markReadOnOpen"] and thread["unread"]:
        thread["unread"] = False
        return True
    return False


#: action names of the list and conversation toolbars (``/threads/act``); ``label-add``,
#: ``label-remove`` and ``move-label`` take a label id, ``snooze`` a timestamp.
THREAD_ACTIONS = (
    "archive",
    "inbox",
    "spam",
    "not-spam",
    "trash",
    "restore",
    "delete-forever",
    "read",
    "unread",
    "star",
    "unstar",
    "label-add",
    "label-remove",
    "move-label",
    "snooze",
    "unsnooze",
)


def thread_action(state: State, tids: list[str], action: str, arg: str = "") -> None:
    """One toolbar action on the selected threads (see :data:`THREAD_ACTIONS`)."""
    if not tids:
        raise ActionError("Select at least one conversation first.")
    if action == "archive":
        set_folder(state, tids, "archive")
    elif action in ("inbox", "not-spam", "restore"):
        set_folder(state, tids, "inbox")
    elif action in ("spam", "trash"):
        set_folder(state, tids, action)
    elif action == "delete-forever":
        delete_forever(state, tids)
    elif action in ("read", "unread"):
        set_unread(state, tids, action == "unread")
    elif action in ("star", "unstar"):
        set_starred(state, tids, action == "star")
    elif action == "label-add":
        add_label(state, tids, arg)
    elif action == "label-remove":
        remove_label(state, tids, arg)
    elif action == "move-label":
        move_to_label(state, tids, arg)
    elif action == "snooze":
        snooze(state, tids, arg)
    elif action == "unsnooze":
        unsnooze(state, tids)
    else:
        raise ActionError(f"Unknown action {action!r}.")


# -- labels -------------------------------------------------------------------------------------
def _clean_label(state: State, raw: str, color: str, except_id: str | None) -> tuple[str, str]:
    name = " ".join(raw.split())
    if not name:
        raise ActionError("Please enter a label name.", "name")
    if not LABEL_NAME_RE.match(name):
        raise ActionError(
            "Label names can have up to 40 letters, digits, spaces and & / _ . ' - characters.",
            "name",
        )
    if color not in LABEL_COLORS:
        raise ActionError(f"Unknown colour {color!r}.", "color")
    for lid, label in state["labels"].items():
        if lid != except_id and label["name"].lower() == name.lower():
            raise ActionError(f"A label named \u201c{label['name']}\u201d already exists.", "name")
    return name, color


def create_label(state: State, raw_name: str, color: str = "gray") -> str:
    """A new label; its id is ``l-<slug of the name>`` (``-2``, ``-3`` ... if taken)."""
    name, color = _clean_label(state, raw_name, color, None)
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:40] or "label"
    lid, n = f"l-{slug}", 1
    while lid in state["labels"] or lid in RESERVED_IDS:
        n += 1  # a renamed label keeps its id, so l-<slug> may be taken
        lid = f"l-{slug}-{n}"
    state["labels"][lid] = {"id": lid, "name": name, "color": color}
    return lid


def update_label(state: State, lid: str, raw_name: str, color: str) -> None:
    label = _label(state, lid)
    label["name"], label["color"] = _clean_label(state, raw_name, color, lid)


def delete_label(state: State, lid: str) -> None:
    """Delete a label; its conversations stay where they are, without it."""
    _label(state, lid)
    del state["labels"][lid]
    for thread in state["threads"].values():
        if lid in thread["labels"]:
            thread["labels"] = [x for x in thread["labels"] if x != lid]
