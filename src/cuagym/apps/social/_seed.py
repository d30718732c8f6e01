"""The seed network: an outdoor-gear shop's brand account and the community around it.

Deterministic (a fixed random generator over the vocabularies of ``_seed_data``): ~40
profiles with follow graphs, ~160 posts (the brand's published, scheduled and draft posts and
the people's), ~300 comments and replies, direct-message threads, notifications and a
moderation queue. The world's "now" is :data:`WORLD_NOW`; every published time is before it
and every scheduled time after it.
"""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from typing import Any

from cuagym.apps.social import _seed_data as data

__all__ = ["BRAND", "WORLD_NOW", "build_seed", "stamp", "tags_of"]

State = dict[str, Any]
BRAND = "fernhill"
#: the present of the seed world: after its last published post, before its first scheduled one
WORLD_NOW = datetime(2026, 12, 1, 15, 0, tzinfo=UTC)
_START = datetime(2026, 10, 1, 7, 0, tzinfo=UTC)
_SPAMMER = ("gear_dealz", "Gear Dealz Outlet", "#3f3f46")
_SPAM = [
    "Top brand jackets 90% off!!! Click the link in bio #deal #sale",
    "Free tent giveaway, just DM us your card number to cover shipping #giveaway",
    "Cheapest boots online, best price guaranteed #deal",
]


def stamp(moment: datetime) -> str:
    """The app's timestamp spelling: UTC, whole seconds, ``Z``."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def tags_of(body: str) -> list[str]:
    """The hashtags a text carries, lower case, sorted, without repeats."""
    words = body.replace(",", " ").replace(".", " ").replace("!", " ").split()
    return sorted({w[1:].lower() for w in words if w.startswith("#") and len(w) > 1})


def _fill(frame: str, rng: random.Random) -> str:
    return frame.format(
        trail=rng.choice(data.TRAILS), gear=rng.choice(data.GEAR), n=rng.randint(3, 40)
    )


def _profiles(rng: random.Random) -> dict[str, Any]:
    people = [*data.PEOPLE, _SPAMMER]
    handles = [h for h, _, _ in people]
    out: dict[str, Any] = {
        BRAND: {
            "id": BRAND,
            "displayName": "Fernhill Outfitters",
            "bio": "Outdoor gear, repairs and community hikes since 1998. Posting from the studio.",
            "location": "Bend, OR",
            "website": "fernhill.example",
            "avatarColor": "#7a5f1f",
            "verified": True,
            "joinedAt": "2019-04-02T16:00:00Z",
            "following": [],
        }
    }
    for i, (handle, name, color) in enumerate(people):
        others = [h for h in handles if h != handle and h != _SPAMMER[0]]
        follows = rng.sample(others, k=rng.randint(3, 12))
        if handle != _SPAMMER[0] and i % 5 != 4:  # most people follow the brand
            follows.append(BRAND)
        out[handle] = {
            "id": handle,
            "displayName": name,
            "bio": "" if handle == _SPAMMER[0] else rng.choice(data.BIOS),
            "location": "" if handle == _SPAMMER[0] else rng.choice(data.LOCATIONS),
            "website": "",
            "avatarColor": color,
            "verified": handle in ("summit_reviews", "trailmix_club"),
            "joinedAt": stamp(datetime(2020, 1, 6, 12, tzinfo=UTC) + timedelta(days=37 * i)),
            "following": sorted(set(follows)),
        }
    brand_follows = [h for h in handles if h != _SPAMMER[0]][::3]
    out[BRAND]["following"] = sorted(brand_follows)
    return out


def _post(pid: str, author: str, body: str, when: datetime, **extra: Any) -> dict[str, Any]:
    post = {
        "id": pid,
        "authorId": author,
        "body": body,
        "tags": tags_of(body),
        "visibility": "public",
        "status": "published",
        "createdAt": stamp(when),
        "scheduledAt": None,
        "publishedAt": stamp(when),
        "editedAt": None,
        "pinned": False,
        "hidden": False,
        "likedBy": [],
    }
    post.update(extra)
    return post


def _posts(rng: random.Random, handles: list[str]) -> dict[str, Any]:
    span = int((WORLD_NOW - _START).total_seconds() // 60) - 60
    items: list[tuple[str, str, datetime, dict[str, Any]]] = []
    for _ in range(28):
        body = _fill(rng.choice(data.BRAND_POSTS), rng)
        items.append((BRAND, body, _START + timedelta(minutes=rng.randrange(span)), {}))
    people = [h for h in handles if h not in (BRAND, _SPAMMER[0])]
    for _ in range(105):
        body = _fill(rng.choice(data.PERSONAL_POSTS), rng)
        vis = rng.choices(["public", "followers"], weights=[5, 1])[0]
        when = _START + timedelta(minutes=rng.randrange(span))
        items.append((rng.choice(people), body, when, {"visibility": vis}))
    for frame in data.COMPLAINTS:
        when = WORLD_NOW - timedelta(minutes=rng.randrange(60, 60 * 24 * 12))
        items.append((rng.choice(people), _fill(frame, rng), when, {}))
    for body in _SPAM:
        items.append((_SPAMMER[0], body, WORLD_NOW - timedelta(hours=rng.randint(3, 90)), {}))
    items.sort(key=lambda item: item[2])
    posts: dict[str, Any] = {}
    for n, (author, body, when, extra) in enumerate(items, start=1):
        pid = f"p-{n:04d}"
        likers = rng.sample([h for h in handles if h != author], k=rng.randint(0, 14))
        posts[pid] = _post(pid, author, body, when, likedBy=sorted(likers), **extra)
    brand = [pid for pid, p in posts.items() if p["authorId"] == BRAND]
    posts[brand[-4]]["pinned"] = True
    n = len(posts)
    for i, frame in enumerate(data.BRAND_SCHEDULED):
        n += 1
        pid = f"p-{n:04d}"
        at = WORLD_NOW.replace(hour=0) + timedelta(
            days=2 + i * 5 + rng.randint(0, 3), hours=rng.choice([9, 11, 13, 16, 18])
        )
        created = WORLD_NOW - timedelta(days=rng.randint(1, 9), hours=rng.randint(1, 6))
        posts[pid] = _post(
            pid,
            BRAND,
            _fill(frame, rng),
            created,
            status="scheduled",
            scheduledAt=stamp(at),
            publishedAt=None,
            visibility="followers" if i % 4 == 3 else "public",
        )
    for body in data.BRAND_DRAFTS:
        n += 1
        pid = f"p-{n:04d}"
        created = WORLD_NOW - timedelta(days=rng.randint(1, 20))
        posts[pid] = _post(pid, BRAND, body, created, status="draft", publishedAt=None)
    return posts


def _comments(rng: random.Random, posts: dict[str, Any], handles: list[str]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    live = [p for p in posts.values() if p["status"] == "published"]
    n = 0
    for post in live:
        published = datetime.fromisoformat(post["publishedAt"])
        top: list[str] = []
        for _ in range(rng.choice([0, 0, 1, 1, 2, 3, 4])):
            n += 1
            cid = f"c-{n:04d}"
            author = rng.choice([h for h in handles if h != post["authorId"]])
            when = min(published + timedelta(minutes=rng.randint(5, 2000)), WORLD_NOW)
            out[cid] = {
                "id": cid,
                "postId": post["id"],
                "parentId": None,
                "authorId": author,
                "body": _fill(rng.choice(data.COMMENTS), rng),
                "createdAt": stamp(when),
                "hidden": False,
                "likedBy": sorted(rng.sample(handles, k=rng.randint(0, 3))),
            }
            top.append(cid)
        for parent in top:
            if rng.random() < 0.35:
                n += 1
                cid = f"c-{n:04d}"
                when = datetime.fromisoformat(out[parent]["createdAt"]) + timedelta(minutes=30)
                out[cid] = {
                    "id": cid,
                    "postId": post["id"],
                    "parentId": parent,
                    "authorId": post["authorId"],
                    "body": rng.choice(data.REPLIES),
                    "createdAt": stamp(min(when, WORLD_NOW)),
                    "hidden": False,
                    "likedBy": [],
                }
    return out


def _messages(rng: random.Random) -> tuple[dict[str, Any], dict[str, Any]]:
    convos: dict[str, Any] = {}
    messages: dict[str, Any] = {}
    n = 0
    for i, (others, title, lines) in enumerate(data.DM_THREADS, start=1):
        cid = f"dm-{i:03d}"
        when = WORLD_NOW - timedelta(days=len(data.DM_THREADS) - i, hours=5)
        for author, text in lines:
            n += 1
            mid = f"m-{n:04d}"
            when += timedelta(minutes=rng.randint(4, 90))
            messages[mid] = {
                "id": mid,
                "conversationId": cid,
                "authorId": BRAND if author == "me" else author,
                "body": text,
                "sentAt": stamp(min(when, WORLD_NOW)),
            }
        convos[cid] = {
            "id": cid,
            "participantIds": sorted([BRAND, *others]),
            "title": title,
            "unread": lines[-1][0] != "me" and i % 3 != 0,
            "muted": False,
        }
    return convos, messages


def _notifications(
    rng: random.Random, posts: dict[str, Any], comments: dict[str, Any]
) -> dict[str, Any]:
    events: list[tuple[str, str, str | None, str]] = []
    for post in posts.values():
        if post["authorId"] != BRAND or post["status"] != "published":
            continue
        for liker in post["likedBy"][:3]:
            events.append(("like", liker, post["id"], post["publishedAt"]))
    for comment in comments.values():
        post = posts[comment["postId"]]
        if post["authorId"] == BRAND and comment["authorId"] != BRAND:
            events.append(("comment", comment["authorId"], post["id"], comment["createdAt"]))
    for post in posts.values():
        if post["body"].startswith("@fernhill"):
            events.append(("mention", post["authorId"], post["id"], post["publishedAt"]))
    events.sort(key=lambda e: e[3])
    events = events[-60:]
    out: dict[str, Any] = {}
    for n, (kind, actor, pid, when) in enumerate(events, start=1):
        nid = f"n-{n:04d}"
        out[nid] = {
            "id": nid,
            "kind": kind,
            "actorId": actor,
            "postId": pid,
            "createdAt": when,
            "read": n < len(events) - 14,
        }
    return out


def _reports(rng: random.Random, posts: dict[str, Any], comments: dict[str, Any]) -> dict[str, Any]:
    spam = [p for p in posts.values() if p["authorId"] == _SPAMMER[0]]
    people = [h for h, _, _ in data.PEOPLE]
    rows: list[tuple[str, str | None, str, str, str]] = []
    for post in spam:
        for reporter in rng.sample(people, k=2):
            rows.append((post["id"], None, reporter, "spam", data.REPORT_NOTES[0]))
    others = [p for p in posts.values() if p["status"] == "published" and p not in spam]
    for reason, note in (
        ("misinformation", data.REPORT_NOTES[2]),
        ("off-topic", data.REPORT_NOTES[3]),
        ("other", ""),
    ):
        rows.append((rng.choice(others)["id"], None, rng.choice(people), reason, note))
    rude = rng.choice(list(comments.values()))
    rows.append(
        (rude["postId"], rude["id"], rng.choice(people), "harassment", data.REPORT_NOTES[1])
    )
    out: dict[str, Any] = {}
    for n, (pid, cid, reporter, reason, note) in enumerate(rows, start=1):
        rid = f"r-{n:03d}"
        when = WORLD_NOW - timedelta(hours=2 * (len(rows) - n) + 1)
        out[rid] = {
            "id": rid,
            "postId": pid,
            "commentId": cid,
            "reporterId": reporter,
            "reason": reason,
            "note": note,
            "status": "open",
            "createdAt": stamp(when),
            "resolvedAt": None,
        }
    first = out["r-008"] if "r-008" in out else next(iter(out.values()))
    first["status"], first["resolvedAt"] = "dismissed", stamp(WORLD_NOW - timedelta(minutes=20))
    return out


def build_seed() -> State:
    """A fresh, valid seed state (a new dict each call)."""
    rng = random.Random(2612)
    profiles = _profiles(rng)
    handles = sorted(profiles)
    posts = _posts(rng, handles)
    comments = _comments(rng, posts, handles)
    convos, messages = _messages(rng)
    return {
        "site": {"name": "Social Studio"},
        "currentUser": BRAND,
        "profiles": profiles,
        "posts": posts,
        "comments": comments,
        "conversations": convos,
        "messages": messages,
        "notifications": _notifications(rng, posts, comments),
        "reports": _reports(rng, posts, comments),
        "settings": {
            "defaultVisibility": "public",
            "notifyLikes": True,
            "notifyFollows": True,
            "messagesFrom": "everyone",
        },
    }
