"""The network's screens: home feed, a post and its thread, profiles, explore and search.

Likes, comments, pins, follows and reports post here and redirect back to the page they came
from (its ``next`` field), so a like in the feed keeps the person in the feed.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from starlette.requests import Request
from starlette.responses import RedirectResponse, Response
from starlette.routing import Route

from cuagym.apps.social import _ops
from cuagym.apps.social._schema import REPORT_REASONS
from cuagym.apps.social._ui_common import State, act, field, load, not_found, page, safe_next
from cuagym.apps.social._views import card, cards, followers_of, thread, visible_to_me

__all__ = ["routes"]

_FEED_SIZE = 40


async def home(request: Request) -> Response:
    _, state = await load(request)
    tab = request.query_params.get("tab", "following")
    me = state["currentUser"]
    follows = set(state["profiles"][me]["following"]) | {me}
    posts = [p for p in state["posts"].values() if visible_to_me(state, p) and not p["hidden"]]
    if tab == "following":
        posts = [p for p in posts if p["authorId"] in follows]
    context = {
        "tab": tab,
        "posts": cards(state, posts, _FEED_SIZE),
        "upcoming": sorted(
            (
                p
                for p in state["posts"].values()
                if p["authorId"] == me and p["status"] == "scheduled"
            ),
            key=lambda p: p["scheduledAt"],
        )[:4],
        "suggested": [
            state["profiles"][h] for h in sorted(state["profiles"]) if h != me and h not in follows
        ][:5],
        "visibilities": _visibility_choices(),
        "default_visibility": state["settings"]["defaultVisibility"],
    }
    return page(request, state, "home.html", context, active="home")


def _visibility_choices() -> list[tuple[str, str]]:
    return [("public", "Public"), ("followers", "Followers only"), ("private", "Only me")]


async def post_detail(request: Request) -> Response:
    _, state = await load(request)
    pid = request.path_params["pid"]
    post = state["posts"].get(pid)
    if post is None:
        return not_found(request, state, f"There is no post {pid!r}.")
    context = {
        "post": card(state, post),
        "thread": thread(state, pid),
        "reasons": [(r, r.replace("-", " ").capitalize()) for r in REPORT_REASONS],
        "reply_to": request.query_params.get("reply", ""),
        "likers": [state["profiles"][h] for h in post["likedBy"]],
    }
    # A post is read from the feed: its tab stays marked (the tab row needs an active tab).
    return page(request, state, "post.html", context, active="home")


def _back(form: Any, default: str) -> str:
    return safe_next(field(form, "next"), default)


async def like_post(request: Request) -> Response:
    ui, _ = await load(request)
    pid = request.path_params["pid"]
    form = await request.form()
    back = _back(form, f"/posts/{pid}")
    return await act(request, ui, lambda s: _ops.toggle_like(s, "posts", pid), back, back)


async def like_comment(request: Request) -> Response:
    ui, _ = await load(request)
    cid = request.path_params["cid"]
    back = _back(await request.form(), "/")
    return await act(request, ui, lambda s: _ops.toggle_like(s, "comments", cid), back, back)


async def pin_post(request: Request) -> Response:
    ui, _ = await load(request)
    pid = request.path_params["pid"]
    form = await request.form()
    pinned = field(form, "pinned") == "1"
    back = _back(form, f"/posts/{pid}")
    flash = "Pinned to your profile" if pinned else "Unpinned"
    return await act(
        request, ui, lambda s: _ops.set_pinned(s, pid, pinned), back, back, flash=flash
    )


async def delete_post(request: Request) -> Response:
    ui, _ = await load(request)
    pid = request.path_params["pid"]
    back = _back(await request.form(), "/me")
    return await act(
        request, ui, lambda s: _ops.delete_post(s, pid), back, f"/posts/{pid}", flash="Deleted"
    )


async def comment(request: Request) -> Response:
    ui, _ = await load(request)
    pid = request.path_params["pid"]
    form = await request.form()
    body, parent = field(form, "body"), field(form, "parentId") or None
    return await act(
        request,
        ui,
        lambda s: _ops.add_comment(s, pid, body, parent),
        f"/posts/{pid}",
        f"/posts/{pid}",
        flash="Reply posted" if parent else "Comment posted",
    )


async def delete_comment(request: Request) -> Response:
    ui, _ = await load(request)
    cid = request.path_params["cid"]
    back = _back(await request.form(), "/")
    return await act(
        request, ui, lambda s: _ops.delete_comment(s, cid), back, back, flash="Comment deleted"
    )


async def report(request: Request) -> Response:
    ui, _ = await load(request)
    pid = request.path_params["pid"]
    form = await request.form()
    reason, note = field(form, "reason"), field(form, "note")
    target = field(form, "commentId") or None
    if reason not in REPORT_REASONS:
        reason = "other"
    return await act(
        request,
        ui,
        lambda s: _ops.report_post(s, pid, reason, note, target),
        f"/posts/{pid}",
        f"/posts/{pid}",
        flash="Thanks, the moderators will take a look",
    )


async def me(request: Request) -> Response:
    ui, state = await load(request)
    return RedirectResponse(ui.url(f"/u/{state['currentUser']}"), status_code=303)


def _profile_context(state: State, handle: str, tab: str) -> dict[str, Any]:
    profile = state["profiles"][handle]
    mine = [p for p in state["posts"].values() if p["authorId"] == handle]
    shown = [p for p in mine if visible_to_me(state, p) and not p["hidden"]]
    pinned = next((p for p in shown if p["pinned"]), None)
    if tab == "likes":
        listed = [
            p for p in state["posts"].values() if handle in p["likedBy"] and visible_to_me(state, p)
        ]
    else:
        listed = [p for p in shown if not p["pinned"]]
    replies = sorted(
        (c for c in state["comments"].values() if c["authorId"] == handle and not c["hidden"]),
        key=lambda c: c["createdAt"],
        reverse=True,
    )[:30]
    return {
        "profile": profile,
        "tab": tab,
        "pinned": card(state, pinned) if pinned and tab == "posts" else None,
        "posts": cards(state, listed, _FEED_SIZE),
        "replies": [{**c, "post": state["posts"][c["postId"]]} for c in replies],
        "counts": {
            "posts": sum(1 for p in mine if p["status"] == "published"),
            "followers": len(followers_of(state, handle)),
            "following": len(profile["following"]),
        },
        "is_me": handle == state["currentUser"],
        "i_follow": handle in state["profiles"][state["currentUser"]]["following"],
        "follows_me": state["currentUser"] in profile["following"],
    }


async def profile(request: Request) -> Response:
    _, state = await load(request)
    handle = request.path_params["handle"]
    if handle not in state["profiles"]:
        return not_found(request, state, f"There is no profile @{handle}.")
    tab = request.query_params.get("tab", "posts")
    context = _profile_context(state, handle, tab if tab in ("posts", "replies", "likes") else "")
    active = "profile" if handle == state["currentUser"] else ""
    return page(request, state, "profile.html", context, active=active)


async def network(request: Request) -> Response:
    _, state = await load(request)
    handle = request.path_params["handle"]
    if handle not in state["profiles"]:
        return not_found(request, state, f"There is no profile @{handle}.")
    tab = request.query_params.get("tab", "followers")
    handles = (
        state["profiles"][handle]["following"]
        if tab == "following"
        else followers_of(state, handle)
    )
    mine = state["profiles"][state["currentUser"]]["following"]
    context = {
        "profile": state["profiles"][handle],
        "tab": tab,
        "people": [{**state["profiles"][h], "i_follow": h in mine} for h in handles],
    }
    return page(request, state, "network.html", context, active="")


async def set_follow(request: Request) -> Response:
    ui, _ = await load(request)
    handle = request.path_params["handle"]
    form = await request.form()
    on = field(form, "follow") == "1"
    back = _back(form, f"/u/{handle}")
    change = (lambda s: _ops.follow(s, handle)) if on else (lambda s: _ops.unfollow(s, handle))
    flash = f"Following @{handle}" if on else f"Unfollowed @{handle}"
    return await act(request, ui, change, back, back, flash=flash)


async def explore(request: Request) -> Response:
    _, state = await load(request)
    tag = request.query_params.get("tag", "").lstrip("#").lower()
    live = [p for p in state["posts"].values() if visible_to_me(state, p) and not p["hidden"]]
    counts = Counter(t for p in live for t in p["tags"])
    posts = [p for p in live if tag in p["tags"]] if tag else live
    context = {
        "tag": tag,
        "tags": counts.most_common(24),
        "posts": cards(state, posts, _FEED_SIZE),
        "total": len(posts),
    }
    return page(request, state, "explore.html", context, active="explore")


async def search(request: Request) -> Response:
    _, state = await load(request)
    q = request.query_params.get("q", "").strip()
    needle = q.lower().lstrip("@")
    people: list[dict[str, Any]] = []
    posts: list[dict[str, Any]] = []
    if needle:
        people = [
            p
            for h, p in sorted(state["profiles"].items())
            if needle in h or needle in p["displayName"].lower()
        ]
        posts = [
            p
            for p in state["posts"].values()
            if visible_to_me(state, p) and needle in p["body"].lower()
        ]
    context = {
        "q": q,
        "people": people,
        "posts": cards(state, posts, _FEED_SIZE),
        "total": len(people) + len(posts),
    }
    return page(request, state, "search.html", context, active="")


def routes() -> list[Route]:
    return [
        Route("/", home, methods=["GET"]),
        Route("/me", me, methods=["GET"]),
        Route("/explore", explore, methods=["GET"]),
        Route("/search", search, methods=["GET"]),
        Route("/posts/{pid}", post_detail, methods=["GET"]),
        Route("/posts/{pid}/like", like_post, methods=["POST"]),
        Route("/posts/{pid}/pin", pin_post, methods=["POST"]),
        Route("/posts/{pid}/delete", delete_post, methods=["POST"]),
        Route("/posts/{pid}/comments", comment, methods=["POST"]),
        Route("/posts/{pid}/report", report, methods=["POST"]),
        Route("/comments/{cid}/like", like_comment, methods=["POST"]),
        Route("/comments/{cid}/delete", delete_comment, methods=["POST"]),
        Route("/u/{handle}", profile, methods=["GET"]),
        Route("/u/{handle}/network", network, methods=["GET"]),
        Route("/u/{handle}/follow", set_follow, methods=["POST"]),
    ]
