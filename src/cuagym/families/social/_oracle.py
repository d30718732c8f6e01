"""GUI oracles of the social families: each solves its task through the pages, as a person
would.

They know the task (its params), read the page through the environment's read-only DevTools
view and act only through ``computer_use`` calls (the UI skills of
:class:`cuagym.apps.social.SocialOracle`). What the task leaves to judgement (which post has
the most likes, who commented) is read off the pages, never off the state. A change counts as
done only once the server rendered it.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from cuagym.apps.social import SocialOracle, exact, fmt_ts
from cuagym.apps.web_oracle import Act, PageBusy, Stage
from cuagym.core import TaskConfig

__all__ = ["ORACLES"]

_VISIBILITY = {"public": "Public", "followers": "Followers only", "private": "Only me"}
_ME = "fernhill"


class _Oracle(SocialOracle):
    def css_text(self, value: str) -> str:
        return self.css(value)

    async def open_my_post(self, body: str, query: str) -> Act:
        """Towards the page of the account's post with text ``body``: its card's time link
        when a list shows it, else a search for ``query``."""
        for card in await self.all('[data-testid="post-card"]'):
            text = await self.all(
                f'[data-post={self.css(card["attrs"]["data-post"])}] [data-testid="post-body"]'
            )
            if text and exact(text[0]["text"]) == exact(body):
                link = await self.one(
                    f'[data-post={self.css(card["attrs"]["data-post"])}] [data-testid="post-link"]'
                )
                if link is not None:
                    return self.press(link, "open the post.")
        return await self.search(query)

    async def on_my_post(self, body: str) -> str | None:
        """The id of the post page shown, when it is the account's post with text ``body``."""
        detail = await self.one('[data-testid="post-detail"]')
        if detail is None or not await self.loaded():
            return None
        shown = await self.all('[data-testid="post-detail"] [data-testid="post-body"]')
        if not shown or exact(shown[0]["text"]) != exact(body):
            return None
        return str(detail["attrs"]["data-post"])


class SchedulePostOracle(_Oracle):
    """Studio → New post: text, tags, audience, "Schedule", day and time; save."""

    def stages(self) -> list[Stage]:
        p = self.p
        text, tags = str(p["text"]), " ".join(p["tags"])
        at = f"{p['day']}T{p['time']}:00Z"

        async def done() -> bool:
            if not await self.at("/studio"):
                return False
            for item in await self.all('[data-testid="queue-item"]'):
                body = await self.all(
                    f'[data-post={self.css(item["attrs"]["data-post"])}] [data-testid="queue-text"]'
                )
                if body and exact(body[0]["text"]) == exact(text):
                    self._memo["at"] = at
                    return True
            return False

        async def act() -> Act:
            if not await self.at("/studio/new"):
                if await self.at("/studio"):
                    return await self.press_one('[data-testid="new-post"]', "start a new post.")
                return await self.go_nav("studio", "the studio")
            fields = [
                ('[data-testid="f-body"]', text, "text"),
                ('[data-testid="f-tags"]', tags, "text"),
                ('[data-testid="f-visibility"]', _VISIBILITY[str(p["visibility"])], "choice"),
                ('[data-testid="f-mode"]', "Schedule", "choice"),
                ('[data-testid="f-day"]', str(p["day"]), "date"),
                ('[data-testid="f-time"]', str(p["time"]), "time"),
            ]
            return await self.form_step(fields, '[data-testid="compose-save"]', "save the post.")

        return [Stage("schedule the post", done, act, tries=16)]


class ReschedulePostOracle(_Oracle):
    """Studio queue → the post's Edit → "Publish on": the new day (the time stays); Save."""

    def stages(self) -> list[Stage]:
        body, new, clock = str(self.p["body"]), str(self.p["day"]), str(self.p["time"])
        banner = f"Scheduled for {fmt_ts(f'{new}T{clock}:00Z')} (UTC)"

        async def done() -> bool:
            if await self.on_my_post(body) is None:
                return False
            shown = await self.all('[data-testid="status-banner"]')
            return bool(shown) and exact(shown[0]["text"]) == banner

        async def act() -> Act:
            if (await self.path()).endswith("/edit"):
                form = [('[data-testid="f-day"]', new, "date")]
                return await self.form_step(form, '[data-testid="compose-save"]', "save it.")
            if not await self.at("/studio"):
                return await self.go_nav("studio", "the studio")
            for item in await self.all('[data-testid="queue-item"]'):
                pid = self.css(item["attrs"]["data-post"])
                text = await self.all(f'[data-post={pid}] [data-testid="queue-text"]')
                if text and exact(text[0]["text"]) == exact(body):
                    return await self.press_one(
                        f'[data-post={pid}] [data-testid="queue-edit"]', "edit the post."
                    )
            raise PageBusy("the post is not in the queue")

        return [Stage("move the post", done, act, tries=12)]


class ReplyToCommentOracle(_Oracle):
    """Find the post, the comment's Reply link, type the reply, send."""

    def stages(self) -> list[Stage]:
        p = self.p
        body, snip, text = str(p["post_body"]), str(p["snip"]), str(p["text"])
        name, comment, handle = str(p["name"]), str(p["comment"]), str(p["commenter"])

        async def target() -> str | None:
            for item in await self.all('[data-testid="comment"]'):
                cid = item["attrs"]["data-comment"]
                head = await self.all(
                    f'[data-comment={self.css(cid)}] > [data-testid="comment-text"]'
                )
                author = await self.all(
                    f'[data-comment={self.css(cid)}] > .comment-head [data-testid="author-link"]'
                )
                by_them = bool(author) and str(author[0]["href"]).endswith("/u/" + handle)
                if head and by_them and exact(head[0]["text"]) == exact(comment):
                    return str(cid)
            return None

        async def done() -> bool:
            if await self.on_my_post(body) is None:
                return False
            cid = await target()
            if cid is None:
                return False
            replies = await self.all(
                f'[data-comment={self.css(cid)}] [data-testid="reply"] [data-testid="comment-text"]'
            )
            return any(exact(r["text"]) == exact(text) for r in replies)

        async def act() -> Act:
            if await self.on_my_post(body) is None:
                return await self.open_my_post(body, snip)
            cid = await target()
            if cid is None:
                raise PageBusy("the comment is not on the page")
            if await self.one('[data-testid="reply-form"]') is None:
                return await self.press_one(
                    f'[data-testid="reply-link"][data-comment={self.css(cid)}]',
                    f"reply to {name}'s comment.",
                )
            step = await self.set_text('[data-testid="reply-body"]', text, "reply")
            if step is not None:
                return step
            return await self.press_one('[data-testid="reply-submit"]', "send the reply.",
                                        commits=True)  # fmt: skip

        return [Stage("reply to the comment", done, act, tries=10)]


class SendMessageOracle(_Oracle):
    """Messages → New message: pick the person, type, send."""

    def stages(self) -> list[Stage]:
        handle, name, text = str(self.p["handle"]), str(self.p["name"]), str(self.p["text"])

        async def done() -> bool:
            if not (await self.path()).startswith("/social/messages/"):
                return False
            title = await self.all('[data-testid="conversation-pane"] .convo-head .muted')
            if not title or exact(title[0]["text"]) != f"@{handle}":
                return False
            mine = await self.all('[data-testid="message"].mine p')
            return any(exact(m["text"]) == exact(text) for m in mine)

        async def act() -> Act:
            if not (await self.path()).startswith("/social/messages"):
                return await self.go_nav("messages", "Messages")
            if await self.one('[data-testid="new-message-form"]') is None:
                return await self.press_one('[data-testid="new-message"]', "start a message.")
            fields = [
                ('[data-testid="new-message-to"]', f"{name} (@{handle})", "choice"),
                ('[data-testid="new-message-body"]', text, "text"),
            ]
            return await self.form_step(fields, '[data-testid="new-message-send"]', "send it.")

        return [Stage("send the message", done, act, tries=10)]


class PinTopPostOracle(_Oracle):
    """Profile: read every post card's likes, pick the most liked that fits; pin it."""

    def stages(self) -> list[Stage]:
        kind, value = str(self.p["kind"]), str(self.p["value"])
        month = date.fromisoformat(value + "-01").strftime("%b") if kind == "month" else ""
        year = value[:4]

        async def fits(pid: str) -> bool:
            if kind == "month":
                when = await self.all(f'[data-post={self.css(pid)}] [data-testid="post-link"]')
                shown = exact(when[0]["text"]) if when else ""
                return shown.startswith(month + " ") and f", {year}," in shown
            tags = await self.all(f"[data-post={self.css(pid)}] .hashtag")
            return any(exact(t["text"]).lower() == "#" + value for t in tags)

        async def pick() -> str | None:
            best: list[tuple[int, str]] = []
            for card in await self.all('[data-testid="post-card"]'):
                pid = str(card["attrs"]["data-post"])
                likes = await self.all(f'[data-post={self.css(pid)}] [data-testid="like-count"]')
                if likes and await fits(pid):
                    best.append((int(exact(likes[0]["text"]) or 0), pid))
            best.sort(reverse=True)
            return best[0][1] if best else None

        async def done() -> bool:
            winner = self._memo.get("winner")
            if winner is None or not await self.on_post(str(winner)):
                return False
            return bool(await self.visible('[data-testid="post-detail"] [data-testid="unpin"]'))

        async def act() -> Act:
            winner = self._memo.get("winner")
            if winner is None:
                if not await self.at(f"/u/{_ME}"):
                    return await self.go_nav("profile", "our profile")
                winner = await pick()
                if winner is None:
                    raise PageBusy("no post fits")
                self._memo["winner"] = winner
            if not await self.on_post(str(winner)):
                link = await self.one(
                    f'[data-post={self.css(str(winner))}] [data-testid="post-link"]'
                )
                if link is None:
                    return await self.go_nav("profile", "our profile")
                return self.press(link, "open the most liked post.")
            return await self.press_one('[data-testid="pin"]', "pin it to the profile.",
                                        commits=True)  # fmt: skip

        return [Stage("pin the most liked post", done, act, tries=10)]


class ModerateReportsOracle(_Oracle):
    """Moderation queue: for the first open report, remove (and confirm) or dismiss; repeat
    until the queue is empty."""

    def stages(self) -> list[Stage]:
        remove = {str(r).replace("-", " ") for r in self.p["remove"]}

        async def done() -> bool:
            return await self.at("/moderation") and not await self.all('[data-testid="report"]')

        async def act() -> Act:
            if not await self.at("/moderation"):
                return await self.go_nav("moderation", "the moderation queue")
            dialog = await self.one('[data-testid="confirm-dialog"] [data-testid="confirm-ok"]')
            first = await self.all('[data-testid="report"]')
            rid = str(first[0]["attrs"]["data-report"])
            if dialog is not None:
                self._memo["acted"] = rid
                return self.press(dialog, "confirm the removal.")
            if self._memo.get("acted") == rid:
                raise PageBusy("the queue has not reloaded yet")
            reason = await self.all(f'[data-report={self.css(rid)}] [data-testid="report-reason"]')
            if exact(reason[0]["text"]).lower() in remove:
                return await self.press_one(
                    f'[data-report={self.css(rid)}] [data-testid="remove-content"]',
                    "remove the reported content.",
                )
            self._memo["acted"] = rid
            return await self.press_one(
                f'[data-report={self.css(rid)}] [data-testid="dismiss-report"]',
                "dismiss the report.",
            )

        return [Stage("clear the queue", done, act, tries=40)]


class FollowBackCommentersOracle(_Oracle):
    """Read the post's thread for its commenters, then follow each one not followed yet."""

    def stages(self) -> list[Stage]:
        body, snip = str(self.p["post_body"]), str(self.p["snip"])

        async def todo() -> list[str]:
            people: list[str] = self._memo.get("people", [])
            confirmed: set[str] = self._memo.setdefault("confirmed", set())
            return [h for h in people if h not in confirmed]

        async def done() -> bool:
            if "people" not in self._memo:
                return False
            here = (await self.path()).split("?")[0]
            for handle in await todo():
                followed = '[data-testid="profile-header"] [data-testid="unfollow"]'
                if here == f"/social/u/{handle}" and await self.visible(followed):
                    self._memo["confirmed"].add(handle)
            return not await todo()

        async def act() -> Act:
            if "people" not in self._memo:
                if await self.on_my_post(body) is None:
                    return await self.open_my_post(body, snip)
                links = await self.all(
                    '[data-testid="thread"] .comment-head [data-testid="author-link"]'
                )
                handles = {str(a["href"]).rsplit("/", 1)[-1] for a in links}
                self._memo["people"] = sorted(handles - {_ME})
            handle = (await todo())[0]
            here = (await self.path()).split("?")[0]
            if here != f"/social/u/{handle}":
                person = await self.one(f'[data-testid="search-person"] a[href$="/u/{handle}"]')
                if person is not None:
                    return self.press(person, f"open @{handle}.")
                return await self.search("@" + handle)
            button = await self.one('[data-testid="profile-header"] [data-testid="follow"]')
            if button is None or self._memo.get("acted") == handle:
                # followed a moment ago: the page has yet to show the Unfollow button
                raise PageBusy("the profile has not reloaded yet")
            self._memo["acted"] = handle
            return self.press(button, f"follow @{handle}.")

        return [Stage("follow the commenters", done, act, tries=40)]


ORACLES: dict[str, Callable[[TaskConfig], SocialOracle]] = {
    "schedule-post": SchedulePostOracle,
    "reschedule-post": ReschedulePostOracle,
    "reply-to-comment": ReplyToCommentOracle,
    "send-message": SendMessageOracle,
    "pin-top-post": PinTopPostOracle,
    "moderate-reports": ModerateReportsOracle,
    "follow-back-commenters": FollowBackCommentersOracle,
}
