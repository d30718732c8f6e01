"""Mail search: ``from:`` ``to:`` ``subject:`` ``has:attachment`` ``label:`` ``in:`` ``is:``, words.

Operators and words combine with AND; values may be quoted (``subject:"renewal reminder"``).
Message-level terms (from, to, subject, words, has:attachment) must all hold for one message
of the thread; thread-level terms (label, in, is) for the thread. Spam and Trash are searched
only when asked for with ``in:spam`` / ``in:trash``, as in common mail apps.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from cuagym.apps.mail._views import in_view

__all__ = ["Query", "parse_query", "search_threads"]

State = dict[str, Any]
_TOKEN = re.compile(r'(\w+):"([^"]*)"|(\w+):(\S+)|"([^"]*)"|(\S+)')


@dataclass
class Query:
    words: list[str] = field(default_factory=list)
    sender: list[str] = field(default_factory=list)
    to: list[str] = field(default_factory=list)
    subject: list[str] = field(default_factory=list)
    labels: list[str] = field(default_factory=list)
    views: list[str] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)
    attachment: bool = False


def parse_query(text: str) -> Query:
    q = Query()
    for m in _TOKEN.finditer(text):
        op = (m.group(1) or m.group(3) or "").lower()
        value = (m.group(2) if m.group(1) else m.group(4) if m.group(3) else None) or ""
        phrase = m.group(5) if m.group(5) is not None else m.group(6)
        low = value.lower().strip()
        if op == "from":
            q.sender.append(low)
        elif op in ("to", "cc"):
            q.to.append(low)
        elif op == "subject":
            q.subject.append(low)
        elif op == "label":
            q.labels.append(low)
        elif op == "in":
            q.views.append({"anywhere": "any", "archive": "all"}.get(low, low))
        elif op == "is":
            q.flags.append(low)
        elif op == "has":
            q.attachment = q.attachment or low in ("attachment", "attachments")
        elif op:  # an unknown operator is read as plain text, e.g. "re:" in a subject
            q.words.append(f"{op}:{value}".lower())
        elif phrase:
            q.words.append(phrase.lower())
    return q


def _addr_text(items: list[dict[str, Any]]) -> str:
    return " ".join(f"{a.get('name', '')} {a['email']}" for a in items).lower()


def _message_matches(m: dict[str, Any], q: Query) -> bool:
    sender = _addr_text([m["from"]])
    rcpt = _addr_text(m["to"] + m["cc"] + m["bcc"])
    subject = m["subject"].lower()
    if not all(s in sender for s in q.sender) or not all(t in rcpt for t in q.to):
        return False
    if not all(s in subject for s in q.subject):
        return False
    if q.attachment and not m["attachments"]:
        return False
    names = " ".join(a["name"] for a in m["attachments"])
    hay = f"{subject}\n{m['body']}\n{sender}\n{rcpt}\n{names}".lower()
    return all(w in hay for w in q.words)


def _label_ids(state: State, name: str) -> set[str]:
    wanted = name.replace("-", " ").replace("_", " ").lower()
    return {
        lid
        for lid, label in state["labels"].items()
        if label["name"].lower() in (name, wanted) or lid == name
    }


def search_threads(state: State, text: str) -> set[str]:
    """Ids of the threads matching ``text`` (an empty query matches nothing)."""
    q = parse_query(text)
    if not (q.words or q.sender or q.to or q.subject or q.labels or q.views or q.flags) and not (
        q.attachment
    ):
        return set()
    msgs_by: dict[str, list[dict[str, Any]]] = {}
    for m in state["messages"].values():
        msgs_by.setdefault(m["threadId"], []).append(m)
    hits: set[str] = set()
    for tid, thread in state["threads"].items():
        msgs = msgs_by.get(tid, [])
        if q.views:
            if not all(v == "any" or in_view(state, thread, v, msgs) for v in q.views):
                continue
        elif thread["folder"] in ("spam", "trash"):
            continue
        if not all(
            thread["labels"] and _label_ids(state, n) & set(thread["labels"]) for n in q.labels
        ):
            continue
        flags = {
            "unread": thread["unread"],
            "read": not thread["unread"],
            "starred": thread["starred"],
            "snoozed": thread["snoozedUntil"] is not None,
        }
        if not all(flags.get(f, False) for f in q.flags):
            continue
        if any(_message_matches(m, q) for m in msgs):
            hits.add(tid)
    return hits
