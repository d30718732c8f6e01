"""The mail state schema: pydantic models of the per-session JSON state.

The hub validates injected states strictly against :class:`MailState` and stores its
``model_dump(mode="json", by_alias=True)``; JSON keys are camelCase (a message's sender is the
key ``from``). Every entity lives in an object keyed by its id, so ``state_diff`` reports
readable paths (``threads.t-0012.starred``, ``messages.m-0040``); the only arrays are small,
ordered value lists (recipients, a thread's label ids, a contact's groups), which the diff
compares whole. Unread counts, folder contents and thread order are *derived* from this state
by the views and never stored. Cross-entity rules are in ``_invariants``.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

__all__ = [
    "FOLDERS",
    "LABEL_COLORS",
    "Account",
    "Address",
    "Attachment",
    "Contact",
    "Folder",
    "Label",
    "LabelColor",
    "MailState",
    "Message",
    "Settings",
    "Template",
    "Thread",
    "Ui",
]

#: Where a thread lives. ``archive`` means "not in the inbox" (it still shows in All mail);
#: a conversation you started and nobody answered lives there too, as in common mail apps.
Folder = Literal["inbox", "archive", "spam", "trash"]
FOLDERS: tuple[str, ...] = ("inbox", "archive", "spam", "trash")

#: The label palette: 12 neutral colour names -> (chip background, chip text) as rendered.
#: Labels store the *name*, so a reward can check "coloured green" without knowing hex codes.
LABEL_COLORS: dict[str, tuple[str, str]] = {
    "gray": ("#e4e7eb", "#3e4650"),
    "red": ("#f6d5d3", "#8c2620"),
    "orange": ("#f9dfc8", "#8a4210"),
    "yellow": ("#f5e9b8", "#6e5600"),
    "green": ("#d4ecd6", "#24602b"),
    "teal": ("#cdeae6", "#15615a"),
    "blue": ("#d5e4f5", "#1f4f86"),
    "indigo": ("#dcdcf5", "#3a3b8c"),
    "purple": ("#e7daf3", "#5d2f86"),
    "pink": ("#f6d8e7", "#8a2856"),
    "brown": ("#eadfd4", "#5e4330"),
    "slate": ("#d9e0e6", "#2f3e4c"),
}
LabelColor = Literal[
    "gray",
    "red",
    "orange",
    "yellow",
    "green",
    "teal",
    "blue",
    "indigo",
    "purple",
    "pink",
    "brown",
    "slate",
]

# Ids appear as keys in diff paths; the "simple key" alphabet keeps every path dotted.
Id = Annotated[str, Field(pattern=r"^[A-Za-z0-9_-]{1,64}$")]
# ISO-8601 in UTC, e.g. 2025-03-03T09:15:00Z (fractional seconds and +00:00 accepted).
Timestamp = Annotated[
    str,
    Field(pattern=r"^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|\+00:00)$"),
]
# Deliberately loose (one @, a dot in the domain, no spaces or list separators): the mock never
# delivers mail, it only has to tell an address from a typo.
Email = Annotated[
    str, Field(pattern=r"^[^@\s<>,;\"()]+@[^@\s<>,;\"()]+\.[^@\s<>,;\"()]+$", max_length=254)
]
Name80 = Annotated[str, Field(min_length=1, max_length=80)]
Group = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9-]{0,39}$")]


class _Model(BaseModel):
    # strict: no "1" -> 1 or 0 -> False coercion; forbid: a misspelt key is an error, not a no-op.
    model_config = ConfigDict(
        alias_generator=to_camel,
        populate_by_name=False,
        extra="forbid",
        strict=True,
    )


class Account(_Model):
    """The mailbox owner: every message sent, draft saved or label made is theirs."""

    name: Name80
    email: Email
    title: Annotated[str, Field(max_length=120)] = ""
    company: Annotated[str, Field(max_length=120)] = ""
    #: IANA zone; dates are shown in it.
    timezone: Annotated[str, Field(pattern=r"^[A-Za-z_]+(/[A-Za-z0-9_+-]+)*$")] = "UTC"


class Address(_Model):
    #: display name; may be empty (then the UI shows the address).
    name: Annotated[str, Field(max_length=120)] = ""
    email: Email


class Attachment(_Model):
    name: Annotated[str, Field(min_length=1, max_length=255)]
    url: Annotated[str, Field(min_length=1, max_length=2048)]
    size: Annotated[int, Field(ge=0)]
    content_type: Annotated[str, Field(min_length=1, max_length=255)] = "application/octet-stream"


class Message(_Model):
    id: Id
    thread_id: Id
    sender: Address = Field(alias="from")
    to: list[Address] = Field(default_factory=list)
    cc: list[Address] = Field(default_factory=list)
    bcc: list[Address] = Field(default_factory=list)
    subject: Annotated[str, Field(max_length=250)] = ""
    #: plain text; the UI renders links, *bold*, _italic_, "- " bullets and "> " quotes.
    body: Annotated[str, Field(max_length=40000)] = ""
    date: Timestamp
    attachments: list[Attachment] = Field(default_factory=list)
    #: a saved, unsent message of the account owner (at most one per thread).
    is_draft: bool = False


class Thread(_Model):
    """A conversation: its messages point at it with ``threadId``; flags live here."""

    id: Id
    folder: Folder = "inbox"
    #: label ids in the order they were applied.
    labels: list[Id] = Field(default_factory=list)
    starred: bool = False
    unread: bool = False
    #: hidden from the inbox (shown under Snoozed) until the person unsnoozes it; the mock has
    #: no scheduler, so the time is a note, not a trigger. Only inbox threads can be snoozed.
    snoozed_until: Timestamp | None = None


class Label(_Model):
    id: Id
    name: Annotated[str, Field(min_length=1, max_length=40)]
    color: LabelColor = "gray"


class Contact(_Model):
    id: Id
    name: Name80
    email: Email
    company: Annotated[str, Field(max_length=120)] = ""
    phone: Annotated[str, Field(max_length=40)] = ""
    #: lowercase group slugs (``customers``, ``team``, ...), in the order they were added.
    groups: list[Group] = Field(default_factory=list)
    notes: Annotated[str, Field(max_length=1000)] = ""


class Template(_Model):
    """A saved canned response; inserting it fills a compose's subject (if empty) and body."""

    id: Id
    name: Name80
    subject: Annotated[str, Field(max_length=250)] = ""
    body: Annotated[str, Field(min_length=1, max_length=10000)]


class Settings(_Model):
    #: appended below a new message's body when a compose opens (editable there).
    signature: Annotated[str, Field(max_length=1000)] = ""
    #: when true, opening an unread conversation marks it read (a real state change).
    mark_read_on_open: bool = False


class Ui(_Model):
    """Volatile view state (masked from ``state_diff``)."""

    density: Literal["comfortable", "compact"] = "comfortable"


class MailState(_Model):
    account: Account
    settings: Settings = Field(default_factory=Settings)
    labels: dict[str, Label] = Field(default_factory=dict)
    threads: dict[str, Thread] = Field(default_factory=dict)
    messages: dict[str, Message] = Field(default_factory=dict)
    contacts: dict[str, Contact] = Field(default_factory=dict)
    templates: dict[str, Template] = Field(default_factory=dict)
    ui: Ui = Field(default_factory=Ui)
