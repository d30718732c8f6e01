"""Compose operations: recipients, reply / reply-all / forward prefill, drafts, sending.

A compose is always either new (a new thread), a reply or forward inside an existing thread, or
the continuation of a saved draft (a message with ``isDraft: true``, at most one per thread).
Sending turns the draft into a sent message in place (same id), so a reward can find a sent
message by content without caring whether the person saved a draft first.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from cuagym.apps.mail._invariants import parse_ts
from cuagym.apps.mail._ops import ActionError, State, format_ts, new_id, now_or, thread_messages

__all__ = [
    "ComposeFields",
    "discard_draft",
    "format_address",
    "format_addresses",
    "parse_recipients",
    "prefill",
    "save_draft",
    "send_message",
    "thread_draft",
]

_EMAIL = re.compile(r"^[^@\s<>,;\"()]+@[^@\s<>,;\"()]+\.[^@\s<>,;\"()]+$")
_NAMED = re.compile(r"^\s*\"?([^\"<]*?)\"?\s*<([^<>]+)>\s*$")
MAX_BODY = 20000


@dataclass
class ComposeFields:
    """What the compose form holds; recipients are raw text as typed."""

    to: str = ""
    cc: str = ""
    bcc: str = ""
    subject: str = ""
    body: str = ""
    attachments: list[dict[str, Any]] = field(default_factory=list)

    def is_empty(self) -> bool:
        return not (
            self.to.strip()
            or self.cc.strip()
            or self.bcc.strip()
            or self.subject.strip()
            or self.body.strip()
            or self.attachments
        )


def format_address(a: dict[str, Any]) -> str:
    return f"{a['name']} <{a['email']}>" if a.get("name") else str(a["email"])


def format_addresses(items: list[dict[str, Any]]) -> str:
    return ", ".join(format_address(a) for a in items)


def _known_names(state: State) -> dict[str, dict[str, str]]:
    """Contacts (and the account) by lowercased email and by lowercased name."""
    out: dict[str, dict[str, str]] = {}
    people = [state["account"], *state["contacts"].values()]
    for p in people:
        entry = {"name": p["name"], "email": p["email"]}
        out.setdefault(p["email"].lower(), entry)
        out.setdefault(p["name"].lower(), entry)
    return out


def parse_recipients(state: State, raw: str) -> list[dict[str, str]]:
    """``"Ann <a@x.example>, b@y.example; Contact Name"`` -> address dicts (deduplicated).

    A bare address gets its contact's name; a bare name must be a contact's exact name.
    """
    known = _known_names(state)
    out: list[dict[str, str]] = []
    seen: set[str] = set()
    for token in re.split(r"[,;\n]+", raw):
        token = token.strip()
        if not token:
            continue
        named = _NAMED.match(token)
        if named:
            name, email = " ".join(named.group(1).split()), named.group(2).strip()
        elif _EMAIL.match(token):
            email = token
            name = known.get(token.lower(), {}).get("name", "")
        elif token.lower() in known:
            name, email = known[token.lower()]["name"], known[token.lower()]["email"]
        else:
            raise ActionError(f"\u201c{token}\u201d is not an email address or a contact.")
        if not _EMAIL.match(email):
            raise ActionError(f"\u201c{email}\u201d is not a valid email address.")
        if email.lower() not in seen:
            seen.add(email.lower())
            out.append({"name": name[:120], "email": email})
    return out


def thread_draft(state: State, tid: str) -> dict[str, Any] | None:
    return next(
        (m for m in state["messages"].values() if m["threadId"] == tid and m["isDraft"]), None
    )


def _subject(prefix: str, subject: str) -> str:
    stripped = re.sub(r"^((re|fwd?|aw|tr)\s*:\s*)+", "", subject, flags=re.I)
    return f"{prefix}: {stripped}" if stripped else f"{prefix}:"


def prefill(state: State, mid: str, mode: str) -> tuple[str, ComposeFields]:
    """The thread id and initial fields of a ``reply``, ``reply-all`` or ``forward`` of ``mid``."""
    msg = state["messages"].get(mid)
    if msg is None or msg["isDraft"]:
        raise ActionError("That message no longer exists.")
    me = state["account"]["email"].lower()
    fields = ComposeFields()
    if mode in ("reply", "reply-all"):
        mine = msg["from"]["email"].lower() == me
        # Replying to your own message continues to its recipients, as mail apps do.
        to = msg["to"] if mine else [msg["from"]]
        if mode == "reply-all":
            extra = [] if mine else msg["to"]
            to = to + [a for a in extra if a["email"].lower() != me]
            cc = [a for a in msg["cc"] if a["email"].lower() != me]
            fields.cc = format_addresses(_dedupe(cc, to))
        fields.to = format_addresses(_dedupe(to, []))
        fields.subject = _subject("Re", msg["subject"])
    elif mode == "forward":
        fields.subject = _subject("Fwd", msg["subject"])
        header = [
            "---------- Forwarded message ----------",
            f"From: {format_address(msg['from'])}",
            f"Date: {_spoken(msg['date'])}",
            f"Subject: {msg['subject']}",
            f"To: {format_addresses(msg['to'])}",
        ]
        if msg["cc"]:
            header.append(f"Cc: {format_addresses(msg['cc'])}")
        fields.body = "\n".join(header) + "\n\n" + msg["body"]
        fields.attachments = [dict(a) for a in msg["attachments"]]
    else:
        raise ActionError(f"Unknown compose mode {mode!r}.")
    return msg["threadId"], fields


def _spoken(ts: str) -> str:
    """``Tue, Mar 11, 2025 at 17:30 UTC``: how a forwarded header shows the original date."""
    moment = parse_ts(ts).astimezone(UTC)
    return f"{moment:%a, %b} {moment.day}, {moment.year} at {moment:%H:%M} UTC"


def _dedupe(items: list[dict[str, Any]], taken: list[dict[str, Any]]) -> list[dict[str, Any]]:
    seen = {a["email"].lower() for a in taken}
    out = []
    for a in items:
        if a["email"].lower() not in seen:
            seen.add(a["email"].lower())
            out.append(a)
    return out


def _date_after(state: State, tid: str | None, now: datetime | None) -> str:
    # Never earlier than the newest message of the thread: an injected state may be dated in
    # the future, and a reply must read as the latest message.
    moment = now_or(now)
    if tid is not None:
        for m in thread_messages(state, tid):
            if not m["isDraft"]:
                moment = max(moment, parse_ts(m["date"]))
    return format_ts(moment)


def _write(
    state: State,
    fields: ComposeFields,
    draft_id: str | None,
    thread_id: str | None,
    now: datetime | None,
    is_draft: bool,
) -> str:
    if len(fields.body) > MAX_BODY:
        raise ActionError(f"Messages can be at most {MAX_BODY} characters.")
    if len(fields.subject) > 250:
        raise ActionError("The subject can be at most 250 characters.")
    recipients = {k: parse_recipients(state, getattr(fields, k)) for k in ("to", "cc", "bcc")}
    if draft_id is not None:
        existing = state["messages"].get(draft_id)
        if existing is None or not existing["isDraft"]:
            raise ActionError("That draft no longer exists (it may have been sent or discarded).")
        tid: str = existing["threadId"]
        mid = draft_id
    else:
        if thread_id is not None:
            if thread_id not in state["threads"]:
                raise ActionError("That conversation no longer exists.")
            if thread_draft(state, thread_id) is not None:
                raise ActionError("This conversation already has a draft; open it to continue.")
            tid = thread_id
        else:
            tid = new_id(state, "threads", "t")
            state["threads"][tid] = {
                "id": tid,
                # a conversation you start is not in your inbox until someone answers
                "folder": "archive",
                "labels": [],
                "starred": False,
                "unread": False,
                "snoozedUntil": None,
            }
        mid = new_id(state, "messages", "m")
    state["messages"][mid] = {
        "id": mid,
        "threadId": tid,
        "from": {"name": state["account"]["name"], "email": state["account"]["email"]},
        **recipients,
        "subject": " ".join(fields.subject.split()),
        "body": fields.body.strip("\n\r "),
        "date": _date_after(state, tid if draft_id or thread_id else None, now),
        "attachments": [dict(a) for a in fields.attachments],
        "isDraft": is_draft,
    }
    return mid


def save_draft(
    state: State,
    fields: ComposeFields,
    draft_id: str | None = None,
    thread_id: str | None = None,
    now: datetime | None = None,
) -> str:
    """Create or update the draft; returns its message id."""
    if fields.is_empty() and draft_id is None:
        raise ActionError("There is nothing to save yet.")
    return _write(state, fields, draft_id, thread_id, now, is_draft=True)


def send_message(
    state: State,
    fields: ComposeFields,
    draft_id: str | None = None,
    thread_id: str | None = None,
    now: datetime | None = None,
) -> str:
    """Send (a new message, a reply/forward in ``thread_id``, or the draft ``draft_id``)."""
    if not (fields.to.strip() or fields.cc.strip() or fields.bcc.strip()):
        raise ActionError("Add at least one recipient.")
    return _write(state, fields, draft_id, thread_id, now, is_draft=False)


def discard_draft(state: State, mid: str) -> None:
    """Delete a draft; a thread left without messages goes with it."""
    msg = state["messages"].get(mid)
    if msg is None or not msg["isDraft"]:
        raise ActionError("That draft no longer exists.")
    del state["messages"][mid]
    tid = msg["threadId"]
    if not any(m["threadId"] == tid for m in state["messages"].values()):
        state["threads"].pop(tid, None)
