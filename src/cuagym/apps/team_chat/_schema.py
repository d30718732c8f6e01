"""The team-chat state schema: pydantic models of the per-session JSON state.

The hub validates injected states strictly against :class:`TeamChatState` and stores its
``model_dump(mode="json", by_alias=True)``; JSON keys are camelCase. Entities live in objects keyed
by id (so ``state_diff`` reports readable paths such as ``channels.c-general.name``), while the
messages of one conversation form an ordered array (order is meaningful; the diff compares the
array whole). Cross-entity rules (a sender exists, ids match keys, ...) are in ``_invariants``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from cuagym.apps.webkit import HexColor, Id, Name80, StateModel, Timestamp

__all__ = [
    "EMOJI",
    "EMOJI_NAMES",
    "Attachment",
    "Channel",
    "Dm",
    "EmojiName",
    "Message",
    "Reaction",
    "TeamChatState",
    "Ui",
    "User",
    "Workspace",
]

#: The fixed emoji set of the reaction picker: name -> the unicode character rendered.
#: Reactions store the *name* (stable, ASCII, easy to match in reward scripts).
EMOJI: dict[str, str] = {
    "thumbsup": "\U0001f44d",
    "heart": "\u2764\ufe0f",
    "joy": "\U0001f602",
    "tada": "\U0001f389",
    "eyes": "\U0001f440",
    "rocket": "\U0001f680",
    "white_check_mark": "\u2705",
    "pray": "\U0001f64f",
    "fire": "\U0001f525",
    "thinking_face": "\U0001f914",
    "raised_hands": "\U0001f64c",
    "100": "\U0001f4af",
}
EMOJI_NAMES: tuple[str, ...] = tuple(EMOJI)

EmojiName = Literal[
    "thumbsup",
    "heart",
    "joy",
    "tada",
    "eyes",
    "rocket",
    "white_check_mark",
    "pray",
    "fire",
    "thinking_face",
    "raised_hands",
    "100",
]


class Workspace(StateModel):
    name: Name80
    #: short lowercase handle of the workspace (shown under its name), e.g. ``larkspur``.
    slug: Annotated[str, Field(pattern=r"^[a-z0-9-]{0,40}$")] = ""


class User(StateModel):
    id: Id
    #: the handle, unique, used for @mentions (``maya.chen``).
    name: Annotated[str, Field(pattern=r"^[a-z0-9._-]{1,40}$")]
    display_name: Name80
    title: Annotated[str, Field(max_length=120)] = ""
    email: Annotated[str, Field(max_length=254)] = ""
    timezone: Annotated[str, Field(pattern=r"^[A-Za-z_]+(/[A-Za-z0-9_+-]+)*$")] = "UTC"
    avatar_color: HexColor = "#5b6b7f"
    status_text: Annotated[str, Field(max_length=100)] = ""
    is_admin: bool = False


class Channel(StateModel):
    id: Id
    name: Annotated[str, Field(min_length=1, max_length=80)]
    topic: Annotated[str, Field(max_length=250)] = ""
    purpose: Annotated[str, Field(max_length=250)] = ""
    is_private: bool = False
    archived: bool = False
    created_by: Id
    created_at: Timestamp
    members: list[Id] = Field(default_factory=list)


class Dm(StateModel):
    id: Id
    members: list[Id]
    created_at: Timestamp


class Reaction(StateModel):
    emoji: EmojiName
    users: list[Id]


class Attachment(StateModel):
    name: Annotated[str, Field(min_length=1, max_length=255)]
    url: Annotated[str, Field(min_length=1, max_length=2048)]
    size: Annotated[int, Field(ge=0)]
    content_type: Annotated[str, Field(min_length=1, max_length=255)] = "application/octet-stream"


class Message(StateModel):
    id: Id
    sender: Id
    text: Annotated[str, Field(max_length=40000)]
    ts: Timestamp
    #: id of the top-level message this one replies to; ``None`` for a top-level message.
    thread_parent: Id | None = None
    reactions: list[Reaction] = Field(default_factory=list)
    attachments: list[Attachment] = Field(default_factory=list)
    edited: bool = False
    edited_at: Timestamp | None = None
    pinned: bool = False


class Ui(StateModel):
    """Volatile view state (masked from ``state_diff``): what a person has looked at."""

    #: the conversation ``/`` opens, the last one visited.
    last_conversation: Id | None = None
    #: userId -> conversationId -> ts of the newest message that user has seen there.
    last_viewed_at: dict[str, dict[str, Timestamp]] = Field(default_factory=dict)


class TeamChatState(StateModel):
    workspace: Workspace
    current_user: Id
    users: dict[str, User]
    channels: dict[str, Channel] = Field(default_factory=dict)
    dms: dict[str, Dm] = Field(default_factory=dict)
    #: conversationId (a channel or dm id) -> its messages in ts order, thread replies included.
    messages: dict[str, list[Message]] = Field(default_factory=dict)
    ui: Ui = Field(default_factory=Ui)
