"""The seed: the state of a mail session that no task has written.

The mailbox of Nora Castellanos, senior account manager at the fictional Fernhill Analytics,
over two working weeks (2025-03-03 .. 03-14, UTC): customers, colleagues, vendors,
newsletters, spam, drafts, sent mail and attachments. Everything is literal data (no randomness,
no clock), so every session, test and task starts from byte-identical state.
"""

from __future__ import annotations

from typing import Any

from cuagym.apps.mail._seed_people import (
    ACCOUNT,
    CONTACTS,
    LABELS,
    PEOPLE,
    SEED_FILES,
    SIGNATURE,
    TEMPLATES,
)
from cuagym.apps.mail._seed_threads import THREADS, M

__all__ = ["SEED_FILES_URL", "address", "build_seed", "seed_attachment"]

#: where the seed's attachments are served (static files of the app, same for every session).
SEED_FILES_URL = "/mail/static/seed-files"


def address(short: str) -> dict[str, str]:
    name, email = PEOPLE[short]
    return {"name": name, "email": email}


def seed_attachment(name: str) -> dict[str, Any]:
    size, content_type = SEED_FILES[name]
    return {
        "name": name,
        "url": f"{SEED_FILES_URL}/{name}",
        "size": size,
        "contentType": content_type,
    }


def _message(mid: str, tid: str, subject: str, first: bool, m: M) -> dict[str, Any]:
    return {
        "id": mid,
        "threadId": tid,
        "from": address(m.who),
        "to": [address(p) for p in m.to],
        "cc": [address(p) for p in m.cc],
        "bcc": [address(p) for p in m.bcc],
        "subject": m.subject or (subject if first else f"Re: {subject}"),
        "body": m.body,
        "date": f"2025-{m.when.replace(' ', 'T')}:00Z",
        "attachments": [seed_attachment(f) for f in m.files],
        "isDraft": m.draft,
    }


def build_seed() -> dict[str, Any]:
    """A fresh copy of the seed state (JSON-ready, camelCase keys)."""
    threads: dict[str, Any] = {}
    messages: dict[str, Any] = {}
    n = 0
    for i, t in enumerate(THREADS, start=1):
        tid = f"t-{i:04d}"
        threads[tid] = {
            "id": tid,
            "folder": t.folder,
            "labels": list(t.labels),
            "starred": t.starred,
            "unread": t.unread,
            "snoozedUntil": t.snoozed,
        }
        for j, m in enumerate(t.msgs):
            n += 1
            mid = f"m-{n:04d}"
            messages[mid] = _message(mid, tid, t.subject, j == 0, m)
    contacts = {
        cid: {
            "id": cid,
            "name": PEOPLE[who][0],
            "email": PEOPLE[who][1],
            "company": company,
            "phone": phone,
            "groups": list(groups),
            "notes": notes,
        }
        for cid, who, company, phone, groups, notes in CONTACTS
    }
    return {
        "account": dict(ACCOUNT),
        "settings": {"signature": SIGNATURE, "markReadOnOpen": False},
        "labels": {lid: {"id": lid, "name": name, "color": color} for lid, name, color in LABELS},
        "threads": threads,
        "messages": messages,
        "contacts": contacts,
        "templates": {
            tid: {"id": tid, "name": name, "subject": subject, "body": body}
            for tid, name, subject, body in TEMPLATES
        },
        "ui": {"density": "comfortable"},
    }
