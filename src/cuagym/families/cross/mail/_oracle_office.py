"""GUI oracles of the chat -> mail and tracker -> mail families: two apps, one window each
(the window switch: :mod:`cuagym.families.cross._chat_tracker_oracle`).

What the other app holds (the thread's settled values, the issues' statuses) is the task's
params, the oracle's privileged knowledge; it still looks where a person would (the request's
thread, each issue's page) before writing the email.
"""

from __future__ import annotations

from cuagym.apps.team_chat import HANDLES
from cuagym.apps.web_oracle import Act, PageBusy, Stage
from cuagym.core import TaskConfig
from cuagym.families.cross._chat_tracker_oracle import BoardPart, CrossAppOracle
from cuagym.families.cross._office_oracle import MailPart, OfficeChatPart
from cuagym.families.cross._office_text import request_body, status_body
from cuagym.families.team_chat.shared import THREAD

__all__ = ["ChatRequestOracle", "IssueStatusOracle"]


class ChatRequestOracle(CrossAppOracle):
    """Mailbox on top: in the chat, open the request's thread; then write the email."""

    def __init__(self, task: TaskConfig) -> None:
        super().__init__(task)
        self.chat = OfficeChatPart(task)
        self.mail = MailPart(task)
        self.parts = (self.chat, self.mail)

    def stages(self) -> list[Stage]:
        p = self.p
        asker, match = HANDLES[str(p["asker"])], str(p["contact_email"])

        async def thread_open() -> bool:
            panel = await self.chat.one('[data-testid="thread-panel"]')
            msg = await self.chat.find_message(asker, match)
            if panel is None or msg is None:
                return False
            mine = panel["attrs"].get("data-parent") == msg["attrs"]["data-message-id"]
            return mine and bool(await self.chat.messages(THREAD))

        async def open_thread() -> Act:
            msg = await self.chat.find_message(asker, match)
            if msg is None:
                raise PageBusy("the request is not on the page")
            summary = await self.chat.one(
                f'{self.chat.message_selector(msg)} [data-testid="thread-summary"]'
            )
            if summary is not None and summary.get("clickable"):
                return Act.of("open the request's thread.", self.click(summary))
            return await self.chat.message_action(msg, "reply-in-thread")

        to = f"{p['contact_name']} <{p['contact_email']}>"
        return [
            self.window_stage("team-chat"),
            self.chat.channel_stage(str(p["channel"])),
            Stage("read the request's thread", thread_open, open_thread, tries=8),
            self.window_stage("mail"),
            self.mail.compose_stage(to, str(p["subject"]), request_body(p)),
        ]


class IssueStatusOracle(CrossAppOracle):
    """Mailbox on top: in the tracker, open each asked issue; then reply with the statuses
    and label the conversation."""

    def __init__(self, task: TaskConfig) -> None:
        super().__init__(task)
        self.tracker = BoardPart(task)
        self.mail = MailPart(task)
        self.parts = (self.tracker, self.mail)

    def stages(self) -> list[Stage]:
        p = self.p
        keys = [str(k) for k in p["keys"]]
        text = status_body(keys, {str(k): str(v) for k, v in p["statuses"].items()})
        return [
            self.window_stage("issue-tracker"),
            *[self.tracker.issue_stage(key) for key in keys],
            self.window_stage("mail"),
            self.mail.reply_stage(str(p["subject"]), str(p["sender_email"]), text),
            self.mail.label_stage(str(p["subject"]), str(p["label"])),
        ]
