"""GUI oracles of the crm -> mail families, on the mail app's UI skills.

What the CRM holds (the recipients, the deal's close date) is the task's params, the oracle's
privileged knowledge, so each works in the mailbox only: the window on top.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cuagym.apps.mail import MailOracle, body_parts, exact
from cuagym.apps.web_oracle import Act, PageBusy, Stage

__all__ = ["CROSS_ORACLES", "reply_sentence"]


def reply_sentence(p: Mapping[str, Any]) -> str:
    """What the golden reply (and the oracle) write: the deal and its close date."""
    return f"We have {p['close']} as the expected close date for {p['opportunity']}."


class TemplateToStageContactsOracle(MailOracle):
    """``template-to-stage-contacts``: compose, insert the template, the stage's primary
    contacts in Bcc, Send."""

    def stages(self) -> list[Stage]:
        p = self.p
        return [
            self.send_template_stage(
                str(p["template"]), str(p["subject"]), str(p["text"]), p["members"]
            )
        ]


class CloseDateReplyOracle(MailOracle):
    """``close-date-reply``: open the email, Reply all, the answer above the signature, Send."""

    def stages(self) -> list[Stage]:
        p = self.p
        subject, sentence = str(p["subject"]), reply_sentence(p)

        async def done() -> bool:
            return await self.on_thread(subject) and await self.sent_in_thread([sentence])

        async def act() -> Act:
            if await self.one('[data-testid="compose-screen"]') is not None:
                body = await self.one('[data-testid="compose-body"]')
                if body is None:
                    raise PageBusy("no message text")
                if body_parts(body.get("value"))[0] != [exact(sentence)]:
                    return Act.of(f"write the answer: {sentence}", *self.fill(body, sentence))
                return await self.press("compose-send", "send the reply to all.")
            if not await self.on_thread(subject):
                return await self.open_thread(subject, f"from:{p['sender_email']}")
            found = await self.visible('[data-testid="message"] [data-testid="reply-all"]')
            first = [e for e in found if e.get("clickable")] or found
            if not first:
                raise PageBusy("no reply-all button")
            return await self.reach(first[0], "reply to all.")

        return [Stage("answer everyone", done, act, tries=12)]


CROSS_ORACLES: dict[str, type[MailOracle]] = {
    "template-to-stage-contacts": TemplateToStageContactsOracle,
    "close-date-reply": CloseDateReplyOracle,
}
