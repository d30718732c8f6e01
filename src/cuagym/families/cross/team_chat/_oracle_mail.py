"""GUI oracles of the mail -> chat and crm -> chat families homed in the chat: two apps, one
window each (the window switch and the parts: :mod:`cuagym.families.cross._chat_tracker_oracle`).

What the other app holds (the email's final facts, the CRM's matching deals) is the task's
params, the oracle's privileged knowledge; it still reads it where a person would (opens the
email, the CRM's opportunity list) before writing in the chat.
"""

from __future__ import annotations

from cuagym.apps.web_oracle import Act, Element, PageBusy, Stage
from cuagym.core import TaskConfig
from cuagym.families.cross._chat_tracker_oracle import CrossAppOracle
from cuagym.families.cross._office_oracle import CrmPart, MailPart, OfficeChatPart
from cuagym.families.cross._office_text import announcement_text, digest_label, digest_text

__all__ = ["AnnouncementOracle", "DigestOracle"]


class AnnouncementOracle(CrossAppOracle):
    """Mailbox on top: open the announcement's conversation (the correction below it), then
    in the chat find the channel it names in the browser, join it and post the final facts."""

    def __init__(self, task: TaskConfig) -> None:
        super().__init__(task)
        self.mail = MailPart(task)
        self.chat = OfficeChatPart(task)
        self.parts = (self.mail, self.chat)

    def stages(self) -> list[Stage]:
        p = self.p

        async def joined() -> bool:
            return await self.chat.one('[data-testid="composer-input"]') is not None

        async def join() -> Act:
            button = await self.chat.one('[data-testid="join-bar"] [data-testid="join-channel"]')
            if button is None:
                raise PageBusy("no join button")
            return Act.of("join the channel.", self.click(button), commits=True)

        return [
            self.window_stage("mail"),
            self.mail.thread_stage(str(p["subject"]), str(p["sender_email"])),
            self.window_stage("team-chat"),
            self.chat.channel_stage(str(p["channel"])),
            Stage("join the channel", joined, join),
            self.chat.post_stage(announcement_text(p)),
        ]


class DigestOracle(CrossAppOracle):
    """CRM on top: open the opportunity list, then post the digest in the channel and pin
    it."""

    def __init__(self, task: TaskConfig) -> None:
        super().__init__(task)
        self.crm = CrmPart(task)
        self.chat = OfficeChatPart(task)
        self.parts = (self.crm, self.chat)

    def stages(self) -> list[Stage]:
        p = self.p
        label = digest_label(str(p["kind"]), str(p["key"]), int(p["threshold_cents"]))
        text = digest_text(label, [str(n) for n in p["names"]], int(p["total_cents"]))

        async def listed() -> bool:
            return await self.crm.on_list("opportunities")

        async def open_list() -> Act:
            return await self.crm.open_list("opportunities")

        async def mine() -> Element:
            msg = await self.chat.find_message(self.chat.me, text)
            if msg is None:
                raise PageBusy("the digest is not on the page")
            return msg

        async def pinned() -> bool:
            sel = self.chat.message_selector(await mine())
            return bool(await self.chat.all(f'{sel} [data-testid="pinned-label"]'))

        async def pin() -> Act:
            return await self.chat.message_action(await mine(), "pin-message")

        return [
            self.window_stage("crm"),
            Stage("open the opportunity list", listed, open_list, tries=6),
            self.window_stage("team-chat"),
            self.chat.channel_stage(str(p["channel"])),
            self.chat.post_stage(text),
            Stage("pin the digest", pinned, pin, tries=8),
        ]
