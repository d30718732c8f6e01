"""The social state schema: pydantic models of the per-session JSON state.

Every entity collection is an object keyed by id, so ``state_diff`` names one field
(``posts.p-0042.pinned``). A profile's id is its handle (``maya_okafor``), which is also its
URL (``/u/maya_okafor``). Lists that are sets (``likedBy``, ``following``, ``tags``) are kept
sorted by the operations so that an unchanged set never shows up in a diff.

Conventions a reward relies on (see SKILL.md):

- **timestamps** are ISO-8601 UTC ``Z`` with whole minutes for scheduled times;
- a post's **status** is ``draft`` (no times), ``scheduled`` (``scheduledAt``) or
  ``published`` (``publishedAt``); only a published post can be pinned, liked or commented;
- **tags** are lower case, without the ``#``.

Cross-entity rules (authors exist, a reply stays on its post, one pinned post per author...)
live in ``_invariants``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field

from cuagym.apps.webkit import HexColor, Id, StateModel, Timestamp

__all__ = [
    "POST_STATUSES",
    "REPORT_REASONS",
    "VISIBILITIES",
    "Comment",
    "Conversation",
    "Message",
    "Notification",
    "Post",
    "Profile",
    "Report",
    "Settings",
    "Site",
    "SocialState",
]

VISIBILITIES: tuple[str, ...] = ("public", "followers", "private")
POST_STATUSES: tuple[str, ...] = ("draft", "scheduled", "published")
REPORT_REASONS: tuple[str, ...] = ("spam", "harassment", "misinformation", "off-topic", "other")
NOTIFICATION_KINDS: tuple[str, ...] = ("like", "comment", "reply", "follow", "mention")

Visibility = Literal["public", "followers", "private"]
PostStatus = Literal["draft", "scheduled", "published"]
ReportReason = Literal["spam", "harassment", "misinformation", "off-topic", "other"]
NotificationKind = Literal["like", "comment", "reply", "follow", "mention"]

Handle = Annotated[str, Field(pattern=r"^[a-z0-9_]{2,30}$")]
Tag = Annotated[str, Field(pattern=r"^[a-z0-9_]{1,40}$")]
Body = Annotated[str, Field(min_length=1, max_length=500)]
Text = Annotated[str, Field(max_length=255)]


class Site(StateModel):
    """The network as its header shows it."""

    name: Annotated[str, Field(min_length=1, max_length=60)]


class Profile(StateModel):
    """A person on the network; ``id`` is the handle."""

    id: Handle
    display_name: Annotated[str, Field(min_length=1, max_length=60)]
    bio: Annotated[str, Field(max_length=200)] = ""
    location: Text = ""
    website: Text = ""
    avatar_color: HexColor = "#475569"
    verified: bool = False
    joined_at: Timestamp
    #: handles this profile follows (sorted, unique, never itself)
    following: list[Handle] = Field(default_factory=list)


class Post(StateModel):
    id: Id
    author_id: Handle
    body: Body
    #: lower case, no '#', sorted, unique
    tags: list[Tag] = Field(default_factory=list)
    visibility: Visibility = "public"
    status: PostStatus = "published"
    created_at: Timestamp
    #: set iff the post is scheduled
    scheduled_at: Timestamp | None = None
    #: set iff the post is published
    published_at: Timestamp | None = None
    edited_at: Timestamp | None = None
    pinned: bool = False
    #: hidden by moderation (a report resolved as "removed")
    hidden: bool = False
    #: handles that like the post (sorted, unique)
    liked_by: list[Handle] = Field(default_factory=list)


class Comment(StateModel):
    """A comment on a post; a reply names the comment it answers (on the same post)."""

    id: Id
    post_id: Id
    parent_id: Id | None = None
    author_id: Handle
    body: Body
    created_at: Timestamp
    #: hidden by moderation (a report on it resolved as "removed")
    hidden: bool = False
    liked_by: list[Handle] = Field(default_factory=list)


class Conversation(StateModel):
    """A direct-message thread between the current user and one or more others."""

    id: Id
    #: every participant's handle, the current user's included (sorted, unique)
    participant_ids: list[Handle]
    title: Text = ""
    #: has a message the current user has not opened yet
    unread: bool = False
    muted: bool = False


class Message(StateModel):
    id: Id
    conversation_id: Id
    author_id: Handle
    body: Annotated[str, Field(min_length=1, max_length=2000)]
    sent_at: Timestamp


class Notification(StateModel):
    id: Id
    kind: NotificationKind
    actor_id: Handle
    post_id: Id | None = None
    created_at: Timestamp
    read: bool = False


class Report(StateModel):
    """A person's report of a post (or one of its comments) to the moderators."""

    id: Id
    post_id: Id
    comment_id: Id | None = None
    reporter_id: Handle
    reason: ReportReason
    note: Text = ""
    status: Literal["open", "dismissed", "removed"] = "open"
    created_at: Timestamp
    resolved_at: Timestamp | None = None


class Settings(StateModel):
    """The current user's preferences."""

    default_visibility: Visibility = "public"
    notify_likes: bool = True
    notify_follows: bool = True
    messages_from: Literal["everyone", "following"] = "everyone"


class SocialState(StateModel):
    site: Site
    current_user: Handle
    profiles: dict[str, Profile]
    posts: dict[str, Post] = Field(default_factory=dict)
    comments: dict[str, Comment] = Field(default_factory=dict)
    conversations: dict[str, Conversation] = Field(default_factory=dict)
    messages: dict[str, Message] = Field(default_factory=dict)
    notifications: dict[str, Notification] = Field(default_factory=dict)
    reports: dict[str, Report] = Field(default_factory=dict)
    settings: Settings = Field(default_factory=Settings)
