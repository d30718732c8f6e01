"""View models: what templates show, derived from the state (never stored).

Times, counts, a post card's author and thread, the page shell: computed here so templates
stay declarative and every screen shows a value the same way.
"""

from __future__ import annotations

from collections import Counter
from datetime import datetime
from typing import Any

__all__ = [
    "NAV",
    "card",
    "cards",
    "fmt_day",
    "fmt_ts",
    "followers_of",
    "shell",
    "thread",
    "visible_to_me",
]

State = dict[str, Any]
NAV = (
    ("home", "Home", "/"),
    ("explore", "Explore", "/explore"),
    ("notifications", "Notifications", "/notifications"),
    ("messages", "Messages", "/messages"),
    ("studio", "Studio", "/studio"),
    ("calendar", "Calendar", "/studio/calendar"),
    ("profile", "Profile", "/me"),
    ("moderation", "Moderation", "/moderation"),
    ("settings", "Settings", "/settings"),
)


def fmt_ts(value: str | None) -> str:
    """A stored UTC timestamp as ``Dec 3, 2026, 6:00 PM``."""
    if not value:
        return ""
    moment = datetime.fromisoformat(value)
    clock = f"{moment.hour % 12 or 12}:{moment.minute:02d} {'AM' if moment.hour < 12 else 'PM'}"
    return f"{moment:%b} {moment.day}, {moment.year}, {clock}"


def fmt_day(value: str | None) -> str:
    """``2026-12-03...`` -> ``Thursday, Dec 3``."""
    if not value:
        return ""
    moment = datetime.fromisoformat(value[:10])
    return f"{moment:%A}, {moment:%b} {moment.day}"


def followers_of(state: State, handle: str) -> list[str]:
    return sorted(h for h, p in state["profiles"].items() if handle in p["following"])


def visible_to_me(state: State, post: dict[str, Any]) -> bool:
    """Whether the current user sees a post in feeds: live and not hidden; followers-only
    posts of people they follow; private posts only their own."""
    me = state["currentUser"]
    if post["status"] != "published" or post["hidden"]:
        return post["authorId"] == me and not post["hidden"] and post["status"] == "published"
    if post["authorId"] == me or post["visibility"] == "public":
        return True
    if post["visibility"] == "followers":
        return post["authorId"] in state["profiles"][me]["following"]
    return False


def card(state: State, post: dict[str, Any]) -> dict[str, Any]:
    """A post with what its card shows: the author, counts, whether I liked it."""
    comments = [c for c in state["comments"].values() if c["postId"] == post["id"]]
    return {
        **post,
        "author": state["profiles"][post["authorId"]],
        "comment_count": sum(1 for c in comments if not c["hidden"]),
        "like_count": len(post["likedBy"]),
        "liked": state["currentUser"] in post["likedBy"],
        "mine": post["authorId"] == state["currentUser"],
        "when": fmt_ts(post["publishedAt"] or post["scheduledAt"] or post["createdAt"]),
    }


def cards(state: State, posts: list[dict[str, Any]], limit: int | None = None) -> list[Any]:
    """Published posts newest first as cards."""
    ordered = sorted(posts, key=lambda p: (p["publishedAt"] or "", p["id"]), reverse=True)
    return [card(state, p) for p in ordered[:limit]]


def thread(state: State, pid: str) -> list[dict[str, Any]]:
    """A post's comments, oldest first, each with its replies (also oldest first)."""
    rows = [
        {
            **c,
            "author": state["profiles"][c["authorId"]],
            "when": fmt_ts(c["createdAt"]),
            "liked": state["currentUser"] in c["likedBy"],
        }
        for c in state["comments"].values()
        if c["postId"] == pid
    ]
    rows.sort(key=lambda c: (c["createdAt"], c["id"]))
    top = [c for c in rows if c["parentId"] is None]
    for c in top:
        c["replies"] = [r for r in rows if r["parentId"] == c["id"]]
    return top


def shell(state: State, active: str) -> dict[str, Any]:
    """Context every screen needs: the site, the signed-in profile, the navigation, badges."""
    me = state["profiles"][state["currentUser"]]
    unread = sum(1 for n in state["notifications"].values() if not n["read"])
    unread_dms = sum(1 for c in state["conversations"].values() if c["unread"])
    open_reports = sum(1 for r in state["reports"].values() if r["status"] == "open")
    badges = {"notifications": unread, "messages": unread_dms, "moderation": open_reports}
    nav = [
        (k, f"{label} ({badges[k]})" if badges.get(k) else label, href) for k, label, href in NAV
    ]
    tags = Counter(
        t for p in state["posts"].values() if p["status"] == "published" for t in p["tags"]
    )
    return {
        "site": state["site"],
        "me": {"name": me["displayName"], "color": me["avatarColor"], "handle": me["id"]},
        "nav_items": nav,
        "active": active,
        "profiles": state["profiles"],
        "fmt_ts": fmt_ts,
        "fmt_day": fmt_day,
        "trending": tags.most_common(6),
    }
