"""GUI oracles of the mail -> chat and crm -> chat families homed in the chat: two apps, one
window each (the window switch and the parts: :mod:`cuagym.families.cross._chat_tracker_oracle`).

What the other app holds (the email's final facts, the CRM's matching deals) is the task's
params, the oracle's privileged knowledge; it still reads it where a person would (opens the
email, the CRM's opportunity list) before writing in the chat.
"""

from __future__ import annotations

from cuagym.apps.web_oracle import Act, Stage
from cuagym.core import TaskConfig
from cuagym.families.cross._chat_tracker_oracle import CrossAppOracle
from cuagym.families.cross._office_oracle import CrmPart, MailPart, OfficeChatPart
from cuagym.families.cross._office_text import announcement_text, digest_text

__all__ = ["AnnouncementOracle", "DigestOracle"]


class AnnouncementOracle(CrossAppOracle):
    """Mailbox on top: open the announcement's conversation (the correction below it), then
    in the chat open the channel it names and post the final facts."""

    def __init__(self, task: TaskConfig) -> None:
        super().__init__(task)
        self.mail = MailPart(task)
        self.chat = OfficeChatPart(task)
        self.parts = (self.mail, self.chat)

    def stages(self) -> list[Stage]:
        p = self.p
        return [
            self.window_stage("mail"),
            self.mail.thread_stage(str(p["subject"]), str(p["sender_email"])),
            self.window_stage("team-chat"),
            self.chat.channel_stage(str(p["channel"])),
            self.chat.post_stage(announcement_text(p)),
        ]


class DigestOracle(CrossAppOracle):
    """CRM on top: open the opportunity list, then post the digest in the channel."""

    def __init__(self, task: TaskConfig) -> None:
        super().__init__(task)
        self.crm = CrmPart(task)
        self.chat = OfficeChatPart(task)
        self.parts = (self.crm, self.chat)

    def stages(self) -> list[Stage]:
        p = self.p
        text = digest_text(str(p["label"]), [str(n) for n in p["names"]], int(p["total_cents"]))

        async def listed() -> bool:
            return await self.crm.on_list("opportunities")

        async def open_list() -> Act:
            return await self.crm.open_list("opportunities")

        return [
            self.window_stage("crm"),
            Stage("open the opportunity list", listed, open_list, tries=6),
            self.window_stage("team-chat"),
            self.chat.channel_stage(str(p["channel"])),
            self.chat.post_stage(text),
        ]
