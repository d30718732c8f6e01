"""View models: what templates show, derived from the state (never stored).

Folder contents, unread counts, thread order, participants, snippets, local dates and the body
markup are computed here so that every screen derives them the same way.
"""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from markupsafe import Markup, escape

from cuagym.apps.mail._invariants import parse_ts
from cuagym.apps.mail._ops import thread_messages
from cuagym.apps.mail._schema import LABEL_COLORS

__all__ = [
    "FOLDER_VIEWS",
    "in_view",
    "initials",
    "render_body",
    "shell",
    "thread_rows",
    "thread_view",
]

State = dict[str, Any]

#: the sidebar's system views: slug -> (title, icon)
FOLDER_VIEWS: dict[str, tuple[str, str]] = {
    "inbox": ("Inbox", "inbox"),
    "starred": ("Starred", "star"),
    "snoozed": ("Snoozed", "clock"),
    "sent": ("Sent", "send"),
    "drafts": ("Drafts", "file"),
    "all": ("All mail", "archive"),
    "spam": ("Spam", "alert"),
    "trash": ("Trash", "trash"),
}
_AVATAR_COLORS = ("#2f6f8f", "#7a4f9a", "#9a5b2e", "#2f7d5b", "#8f3b4e", "#44607a", "#6b6b2f")
_URL = re.compile(r"\bhttps?://[^\s<>\"']+[^\s<>\"'.,;:!?)]")
_BOLD = re.compile(r"(?<![\w*])\*([^*\n]+)\*(?![\w*])")
_ITALIC = re.compile(r"(?<![\w_])_([^_\n]+)_(?![\w_])")


def initials(name: str) -> str:
    parts = [p for p in re.split(r"[\s._@-]+", name) if p and p[0].isalnum()]
    return "".join(p[0] for p in parts[:2]).upper() or "?"


def avatar_color(key: str) -> str:
    return _AVATAR_COLORS[sum(key.encode()) % len(_AVATAR_COLORS)]


def _zone(state: State) -> ZoneInfo:
    try:
        return ZoneInfo(state["account"]["timezone"])
    except (ZoneInfoNotFoundError, ValueError):  # tzdata missing or an odd name: show UTC
        return ZoneInfo("UTC")


def _clock(moment: datetime) -> str:
    return f"{moment.hour % 12 or 12}:{moment.minute:02d} {'AM' if moment.hour < 12 else 'PM'}"


def full_date(state: State, ts: str) -> str:
    local = parse_ts(ts).astimezone(_zone(state))
    return f"{local:%a}, {local:%b} {local.day}, {local.year}, {_clock(local)}"


def _reference(state: State) -> datetime:
    """The mailbox's "today": its newest message (keeps rendering independent of the clock)."""
    dates = [parse_ts(m["date"]) for m in state["messages"].values()]
    return max(dates).astimezone(_zone(state)) if dates else datetime.now(_zone(state))


def short_date(state: State, ts: str, ref: datetime) -> str:
    local = parse_ts(ts).astimezone(_zone(state))
    if local.date() == ref.date():
        return _clock(local)
    if local.year == ref.year:
        return f"{local:%b} {local.day}"
    return f"{local.month}/{local.day}/{local:%y}"


def _inline(text: str) -> str:
    out: list[str] = []
    pos = 0
    for m in _URL.finditer(text):
        out.append(_emphasis(str(escape(text[pos : m.start()]))))
        url = escape(m.group(0))
        out.append(f'<a href="{url}" rel="noopener noreferrer" target="_blank">{url}</a>')
        pos = m.end()
    out.append(_emphasis(str(escape(text[pos:]))))
    return "".join(out)


def _emphasis(html: str) -> str:
    html = _BOLD.sub(r"<strong>\1</strong>", html)
    return _ITALIC.sub(r"<em>\1</em>", html)


def render_body(text: str) -> Markup:
    """Plain text -> HTML: paragraphs, ``- `` bullets, ``> `` quotes, links, *bold*, _italic_."""
    blocks: list[str] = []
    kind: str | None = None
    lines: list[str] = []

    def flush() -> None:
        if not lines:
            return
        if kind == "ul":
            blocks.append("<ul>" + "".join(f"<li>{ln}</li>" for ln in lines) + "</ul>")
        elif kind == "quote":
            blocks.append("<blockquote>" + "<br>".join(lines) + "</blockquote>")
        else:
            blocks.append("<p>" + "<br>".join(lines) + "</p>")
        lines.clear()

    for raw in text.split("\n"):
        stripped = raw.strip()
        if stripped.startswith(("- ", "* ")) and len(stripped) > 2:
            this, content = "ul", stripped[2:]
        elif stripped.startswith(">"):
            this, content = "quote", stripped[1:].lstrip()
        elif not stripped:
            flush()
            kind = None
            continue
        else:
            this, content = "p", raw.rstrip()
        if this != kind:
            flush()
            kind = this
        lines.append(_inline(content))
    flush()
    return Markup("".join(blocks))


def person(state: State, a: dict[str, Any]) -> dict[str, Any]:
    """An address ready for display; the account owner is "me"."""
    is_me = a["email"].lower() == state["account"]["email"].lower()
    name = a.get("name") or a["email"]
    return {
        "name": name,
        "email": a["email"],
        "short": "me" if is_me else name.split()[0] if a.get("name") else a["email"],
        "is_me": is_me,
        "initials": initials(name),
        "color": avatar_color(a["email"].lower()),
    }


def label_chip(state: State, lid: str) -> dict[str, Any]:
    label = state["labels"][lid]
    bg, fg = LABEL_COLORS[label["color"]]
    return {**label, "bg": bg, "fg": fg}


# -- folder membership (the definition of every list view) ----------------------------------
def _mine(state: State, m: dict[str, Any]) -> bool:
    return str(m["from"]["email"]).lower() == str(state["account"]["email"]).lower()


def in_view(state: State, thread: dict[str, Any], view: str, msgs: list[dict[str, Any]]) -> bool:
    """Is ``thread`` listed in the system view or label view (``label:<id>``) ``view``?"""
    folder = thread["folder"]
    live = folder not in ("spam", "trash")
    if view.startswith("label:"):
        return live and view[6:] in thread["labels"]
    rules = {
        "inbox": folder == "inbox" and thread["snoozedUntil"] is None,
        "starred": live and thread["starred"],
        "snoozed": thread["snoozedUntil"] is not None,
        "sent": live and any(_mine(state, m) and not m["isDraft"] for m in msgs),
        "drafts": folder != "trash" and any(m["isDraft"] for m in msgs),
        "all": live,
        "spam": folder == "spam",
        "trash": folder == "trash",
    }
    return bool(rules.get(view, False))


def _by_thread(state: State) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {tid: [] for tid in state["threads"]}
    for m in state["messages"].values():
        out.setdefault(m["threadId"], []).append(m)
    for msgs in out.values():
        msgs.sort(key=lambda m: (parse_ts(m["date"]), m["id"]))
    return out


def shell(state: State, active: str | None = None) -> dict[str, Any]:
    """Context every screen needs: account, sidebar views with derived counts, labels."""
    grouped = _by_thread(state)
    counts: dict[str, int] = {}
    for view in ("inbox", "spam"):
        counts[view] = sum(
            1
            for tid, t in state["threads"].items()
            if t["unread"] and in_view(state, t, view, grouped[tid])
        )
    counts["drafts"] = sum(1 for m in state["messages"].values() if m["isDraft"])
    labels = []
    for lid in sorted(state["labels"], key=lambda k: state["labels"][k]["name"].lower()):
        unread = sum(
            1
            for tid, t in state["threads"].items()
            if t["unread"] and in_view(state, t, f"label:{lid}", grouped[tid])
        )
        labels.append({**label_chip(state, lid), "unread": unread})
    me = state["account"]
    return {
        "account": me,
        "me": person(state, {"name": me["name"], "email": me["email"]}),
        "views": [
            {"slug": slug, "title": title, "icon": icon, "count": counts.get(slug, 0)}
            for slug, (title, icon) in FOLDER_VIEWS.items()
        ],
        "side_labels": labels,
        "all_labels": labels,
        "active": active,
        "density": state["ui"]["density"],
    }


def _snippet(text: str, n: int = 110) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= n else flat[: n - 1].rstrip() + "\u2026"


def thread_rows(state: State, view: str, tids: set[str] | None = None) -> list[dict[str, Any]]:
    """Rows of a list view, newest first; ``tids`` restricts to search hits."""
    grouped = _by_thread(state)
    ref = _reference(state)
    rows = []
    for tid, thread in state["threads"].items():
        msgs = grouped.get(tid, [])
        if not msgs or (tids is not None and tid not in tids):
            continue
        if tids is None and not in_view(state, thread, view, msgs):
            continue
        sent = [m for m in msgs if not m["isDraft"]]
        latest = (sent or msgs)[-1]
        senders: list[dict[str, Any]] = []
        for m in sent:
            p = person(state, m["from"])
            if all(s["email"].lower() != p["email"].lower() for s in senders):
                senders.append(p)
        if view == "sent":  # the Sent view names who you wrote to
            names = [person(state, a)["name"] for a in latest["to"] + latest["cc"]][:3]
            who = "To: " + ", ".join(names) if names else "(no recipients)"
        elif len(senders) == 1:
            who = senders[0]["name"] if not senders[0]["is_me"] else "me"
        else:
            who = ", ".join(s["short"] for s in senders[-3:])
        rows.append(
            {
                "id": tid,
                "thread": thread,
                "who": who,
                "count": len(sent),
                "has_draft": any(m["isDraft"] for m in msgs),
                "subject": msgs[0]["subject"] or "(no subject)",
                "snippet": _snippet(latest["body"]),
                "date": short_date(state, latest["date"], ref),
                "full_date": full_date(state, latest["date"]),
                "sort": parse_ts(latest["date"]),
                "labels": [label_chip(state, lid) for lid in thread["labels"]],
                "attachment": any(m["attachments"] for m in msgs),
                "snoozed": full_date(state, thread["snoozedUntil"])
                if thread["snoozedUntil"]
                else None,
            }
        )
    rows.sort(key=lambda r: (r["sort"], r["id"]), reverse=True)
    return rows


def _size(n: int) -> str:
    if n < 1024:
        return f"{n} B"
    if n < 1024 * 1024:
        return f"{n / 1024:.0f} KB"
    return f"{n / (1024 * 1024):.1f} MB"


def attachment_view(a: dict[str, Any]) -> dict[str, Any]:
    return {**a, "is_image": a["contentType"].startswith("image/"), "label": _size(a["size"])}


def thread_view(state: State, tid: str) -> dict[str, Any]:
    """The conversation screen: subject, labels, messages (the draft last)."""
    thread = state["threads"][tid]
    msgs = thread_messages(state, tid)
    sent = [m for m in msgs if not m["isDraft"]]
    draft = next((m for m in msgs if m["isDraft"]), None)
    ref = _reference(state)
    items = []
    for i, m in enumerate(sent):
        items.append(
            {
                "id": m["id"],
                "from": person(state, m["from"]),
                "to": [person(state, a) for a in m["to"]],
                "cc": [person(state, a) for a in m["cc"]],
                "bcc": [person(state, a) for a in m["bcc"]],
                "subject": m["subject"],
                "date": short_date(state, m["date"], ref),
                "full_date": full_date(state, m["date"]),
                "html": render_body(m["body"]),
                "snippet": _snippet(m["body"], 140),
                "attachments": [attachment_view(a) for a in m["attachments"]],
                # older messages of a long thread start collapsed, as in common mail apps
                "collapsed": len(sent) > 2 and i < len(sent) - 1,
            }
        )
    return {
        "thread": thread,
        "subject": (msgs[0]["subject"] if msgs else "") or "(no subject)",
        "labels": [label_chip(state, lid) for lid in thread["labels"]],
        "messages": items,
        "draft": {
            "id": draft["id"],
            "to": [person(state, a) for a in draft["to"]],
            "snippet": _snippet(draft["body"], 160),
            "date": full_date(state, draft["date"]),
        }
        if draft
        else None,
        "last": sent[-1]["id"] if sent else None,
        "snoozed": full_date(state, thread["snoozedUntil"]) if thread["snoozedUntil"] else None,
    }
