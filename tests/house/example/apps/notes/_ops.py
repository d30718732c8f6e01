"""State operations: what the UI does to a state, as plain functions on the JSON dict.

The UI calls them inside ``UISession.mutate``; task families call the same functions to build a
golden state, so the page and the golden patch cannot disagree on what an action does.
"""

from __future__ import annotations

from typing import Any

__all__ = ["ActionError", "add_tag", "rename_note", "set_pinned"]


class ActionError(ValueError):
    """An action a person cannot do; the message is shown to them."""


def _note(state: dict[str, Any], nid: str) -> dict[str, Any]:
    note = state["notes"].get(nid)
    if note is None:
        raise ActionError(f"There is no note {nid}.")
    return note  # type: ignore[no-any-return]


def set_pinned(state: dict[str, Any], nid: str, pinned: bool) -> None:
    _note(state, nid)["pinned"] = pinned


def rename_note(state: dict[str, Any], nid: str, title: str) -> None:
    if not title.strip():
        raise ActionError("A note needs a title.")
    _note(state, nid)["title"] = title.strip()


def add_tag(state: dict[str, Any], nid: str, tag: str) -> None:
    tags = _note(state, nid).setdefault("tags", [])
    if tag not in tags:
        tags.append(tag)
