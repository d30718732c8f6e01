"""The drive state schema: pydantic models of the per-session JSON state.

The hub validates injected states strictly against :class:`DriveState` and stores its
``model_dump(mode="json", by_alias=True)``; JSON keys are camelCase. Every collection is an
object keyed by id, so ``state_diff`` reports readable leaf paths such as
``files.file-0042.folderId`` or ``files.file-0042.sharedWith.u-omar``.

Conventions a reward relies on (see SKILL.md):

- **sizes** are whole bytes (``sizeBytes``), the quota too; the UI shows ``2.4 MB`` (base 1000);
- **timestamps** are ISO-8601 UTC ``Z`` strings;
- an item's **place** is ``folderId`` (a file) or ``parentId`` (a folder); ``null`` is the root
  of My Drive;
- **trash**: ``trashedAt`` is set on the item that was put in the trash; what is inside a
  trashed folder keeps ``trashedAt: null`` and is in the trash *through* its folder;
- **sharing**: ``sharedWith`` maps a person's id to a role (``viewer``, ``commenter``,
  ``editor``); the owner is never in it. ``linkSharing`` is on or off, with ``linkRole``.

Cross-entity rules (folders exist, no folder inside itself, the quota holds, ...) live in
``_invariants``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from cuagym.apps.webkit import HexColor, Id, StateModel, Timestamp

__all__ = [
    "FILE_KINDS",
    "ROLES",
    "Comment",
    "DriveState",
    "File",
    "Folder",
    "Org",
    "Ui",
    "User",
    "Version",
]

#: what a file is, in the order the "Type" filter lists them
FILE_KINDS: tuple[str, ...] = (
    "document",
    "spreadsheet",
    "presentation",
    "pdf",
    "image",
    "video",
    "archive",
)
#: sharing roles, from least to most access
ROLES: tuple[str, ...] = ("viewer", "commenter", "editor")

FileKind = Literal["document", "spreadsheet", "presentation", "pdf", "image", "video", "archive"]
Role = Literal["viewer", "commenter", "editor"]
Name = Annotated[str, Field(min_length=1, max_length=120)]
Text = Annotated[str, Field(max_length=255)]
LongText = Annotated[str, Field(max_length=8000)]
Bytes = Annotated[int, Field(ge=0, le=10**13)]
Email = Annotated[str, Field(pattern=r"^[^@\s]+@[^@\s]+\.[^@\s]+$", max_length=254)]


class Org(StateModel):
    name: Name
    #: the storage plan's size in bytes; the files (trash included) must fit in it
    quota_bytes: Bytes


class User(StateModel):
    id: Id
    name: Name
    email: Email
    title: Text = ""
    avatar_color: HexColor = "#5b6470"


class _Item(StateModel):
    id: Id
    name: Name
    owner_id: Id
    created_at: Timestamp
    modified_at: Timestamp
    starred: bool = False
    #: set on the item put in the trash (see the module docstring); null otherwise
    trashed_at: Timestamp | None = None
    shared_with: dict[Id, Role] = Field(default_factory=dict)
    link_sharing: bool = False
    link_role: Role = "viewer"


class Folder(_Item):
    #: the folder holding it; null: the root of My Drive
    parent_id: Id | None = None
    color: HexColor | None = None


class File(_Item):
    kind: FileKind
    #: the folder holding it; null: the root of My Drive
    folder_id: Id | None = None
    size_bytes: Bytes
    modified_by: Id
    description: Text = ""
    #: the first lines of the file, as its preview page shows them
    preview: LongText = ""


class Version(StateModel):
    """One saved version of a file; the newest one is the file as it is now."""

    id: Id
    file_id: Id
    number: Annotated[int, Field(ge=1)]
    size_bytes: Bytes
    author_id: Id
    created_at: Timestamp
    note: Text = ""


class Comment(StateModel):
    id: Id
    file_id: Id
    author_id: Id
    text: Annotated[str, Field(min_length=1, max_length=2000)]
    created_at: Timestamp
    resolved: bool = False


class Ui(StateModel):
    """What the person looked at (volatile: a visit is never a change a reward sees)."""

    recent_files: list[Id] = Field(default_factory=list)


class DriveState(StateModel):
    org: Org
    current_user: Id
    users: dict[Id, User]
    folders: dict[Id, Folder]
    files: dict[Id, File]
    versions: dict[Id, Version]
    comments: dict[Id, Comment]
    ui: Ui = Field(default_factory=Ui)
