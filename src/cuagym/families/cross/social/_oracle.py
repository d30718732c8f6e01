"""GUI oracles of social's cross-app families: Social Studio is the window on top.

What the chat message or the tracker says is the task's params (the oracle's privileged
knowledge, as a cross-app desktop oracle reads its source file), so these work in Social
Studio alone, through the same pages and forms as the single-app oracles.
"""

from __future__ import annotations

from collections.abc import Callable

from cuagym.apps.social import SocialOracle, exact
from cuagym.apps.web_oracle import Act, PageBusy, Stage
from cuagym.core import TaskConfig
from cuagym.families.cross.social._cross import reply_for
from cuagym.families.social import MESSAGE_ORACLE, SCHEDULE_ORACLE

__all__ = ["CROSS_ORACLES"]


class ComplaintReplyOracle(SocialOracle):
    """Search the complaint's words, open the customer's post, comment the reply."""

    def stages(self) -> list[Stage]:
        p = self.p
        complaint, handle = str(p["complaint"]), str(p["handle"])
        text = reply_for(str(p["key"]), str(p["status"]))
        query = " ".join(complaint.split()[1:6])

        async def on_complaint() -> bool:
            shown = await self.all('[data-testid="post-detail"] [data-testid="post-body"]')
            author = await self.all('[data-testid="post-detail"] [data-testid="author-link"]')
            return (
                bool(shown and author)
                and exact(shown[0]["text"]) == exact(complaint)
                and str(author[0]["href"]).endswith("/u/" + handle)
                and await self.loaded()
            )

        async def done() -> bool:
            if not await on_complaint():
                return False
            said = await self.all('[data-testid="comment"] > [data-testid="comment-text"]')
            return any(exact(c["text"]) == exact(text) for c in said)

        async def act() -> Act:
            if not await on_complaint():
                for card in await self.all('[data-testid="post-card"]'):
                    pid = self.css(card["attrs"]["data-post"])
                    body = await self.all(f'[data-post={pid}] [data-testid="post-body"]')
                    if body and exact(body[0]["text"]) == exact(complaint):
                        return await self.press_one(
                            f'[data-post={pid}] [data-testid="post-link"]', "open the complaint."
                        )
                return await self.search(query)
            box = await self.one('[data-testid="comment-body"]')
            if box is None:
                raise PageBusy("no comment box")
            step = await self.set_text('[data-testid="comment-body"]', text, "reply")
            if step is not None:
                return step
            return await self.press_one(
                '[data-testid="comment-submit"]', "post the reply.", commits=True
            )

        return [Stage("answer the complaint", done, act, tries=10)]


class ForwardMailOracle(MESSAGE_ORACLE):
    """forward-mail-as-dm: send-message's oracle, with the email's text as the message."""

    def __init__(self, task: TaskConfig) -> None:
        super().__init__(task)
        self.p = {**self.p, "text": self.p["body"]}


CROSS_ORACLES: dict[str, Callable[[TaskConfig], SocialOracle]] = {
    "announce-from-chat": SCHEDULE_ORACLE,
    "complaint-reply-with-issue": ComplaintReplyOracle,
    "forward-mail-as-dm": ForwardMailOracle,
}
