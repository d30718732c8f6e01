"""The notes app's state: every note by id (the whole state the hub stores and diffs)."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field

__all__ = ["Note", "NotesState"]


class Note(BaseModel):
    model_config = ConfigDict(extra="forbid")

    title: str = Field(min_length=1, max_length=120)
    body: str = ""
    pinned: bool = False
    tags: list[str] = Field(default_factory=list)


class NotesState(BaseModel):
    model_config = ConfigDict(extra="forbid")

    notes: dict[str, Note] = Field(default_factory=dict)
