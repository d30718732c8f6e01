"""The app's state: every collection by id (the whole state the hub stores and diffs).

A stub to grow: one collection of records. The plan's entities (DESIGN.md, "State schema")
replace it, each a :class:`StateModel` with camelCase keys on the wire.
"""

from __future__ import annotations

from pydantic import Field

from cuagym.apps.webkit import Id, Name80, StateModel, Timestamp

__all__ = ["AppState", "Record"]


class Record(StateModel):
    title: Name80
    created_at: Timestamp
    notes: str = ""


class AppState(StateModel):
    records: dict[Id, Record] = Field(default_factory=dict)
