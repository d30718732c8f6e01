"""Oracle parts of the office families (:mod:`._office`): the mailbox, the chat signed in as
the mailbox's owner, and the CRM's lists, each reading the page of the focused window for a
:class:`~cuagym.families.cross._chat_tracker_oracle.CrossAppOracle`."""

from __future__ import annotations

from cuagym.apps.crm import CrmOracle
from cuagym.apps.mail import MailOracle, body_parts, exact, text_lines
from cuagym.apps.web_oracle import Act, PageBusy, Stage, WebOracle
from cuagym.core import TaskConfig
from cuagym.families.cross._office import OWNER_HANDLE
from cuagym.families.team_chat.shared import ChatOracle

__all__ = ["CrmPart", "MailPart", "OfficeChatPart"]


class OfficeChatPart(ChatOracle):
    """The chat's page helpers, signed in as the mailbox's owner."""

    def __init__(self, task: TaskConfig) -> None:
        WebOracle.__init__(self, task)
        self.me = OWNER_HANDLE
        self._seen_text: dict[str, str] = {}
        self._found: dict[tuple[str, str, str], str] = {}

    def stages(self) -> list[Stage]:
        return []  # a part: the cross oracle composes the stages


class MailPart(MailOracle):
    """The mailbox's page helpers, and the two ways an office task writes an email."""

    def stages(self) -> list[Stage]:
        return []  # a part

    def reply_stage(self, subject: str, sender: str, text: str, mode: str = "reply") -> Stage:
        """Open ``subject`` from ``sender``, Reply (or Reply all), write ``text``, Send."""
        lines = text_lines(text)

        async def done() -> bool:
            return await self.on_thread(subject) and await self.sent_in_thread(lines)

        async def act() -> Act:
            if await self.one('[data-testid="compose-screen"]') is not None:
                body = await self.one('[data-testid="compose-body"]')
                if body is None:
                    raise PageBusy("no message text")
                if body_parts(body.get("value"))[0] != lines:
                    return Act.of("write the answer.", *self.fill(body, text))
                return await self.press("compose-send", "send the reply.")
            if not await self.on_thread(subject):
                return await self.open_thread(subject, f"from:{sender}")
            found = await self.visible(f'[data-testid="message"] [data-testid="{mode}"]')
            first = [e for e in found if e.get("clickable")] or found
            if not first:
                raise PageBusy(f"no {mode} button")
            return await self.reach(first[0], f"{mode.replace('-', ' ')}.")

        return Stage(f"answer {subject!r}", done, act, tries=14)

    def label_stage(self, subject: str, label: str) -> Stage:
        """On the open conversation ``subject``, apply ``label`` from its label menu."""
        menu = '[data-testid="label-menu-pop"]'

        async def done() -> bool:
            if not await self.on_thread(subject):
                return False
            applied = await self.all(f'{menu} [data-testid^="label-remove-"]')
            return any(exact(b["text"]) == label for b in applied)

        async def act() -> Act:
            for button in await self.visible(f'{menu} [data-testid^="label-add-"]'):
                if exact(button["text"]) == label and button.get("clickable"):
                    return Act.of(f"apply the label {label}.", self.click(button), commits=True)
            return await self.nav("label-menu", "open the label menu.")

        return Stage(f"label it {label}", done, act, tries=8)

    def compose_stage(self, to: str, subject: str, text: str) -> Stage:
        """Write a new email to ``to`` with ``subject`` and ``text``, and send it."""

        async def done() -> bool:
            notice = await self.one('[data-testid="sent-notice"]')
            return notice is not None and await self.on_thread(subject)

        async def act() -> Act:
            if await self.one('[data-testid="compose-screen"]') is None:
                return await self.nav("compose", "write a new email.")
            body = await self.one('[data-testid="compose-body"]')
            if body is None:
                raise PageBusy("no message text")
            if body_parts(body.get("value"))[0] != text_lines(text):
                return Act.of("write the message.", *self.fill(body, text))
            step = await self.fill_step([("compose-to", to), ("compose-subject", subject)])
            if step is not None:
                return step
            return await self.press("compose-send", "send it.")

        return Stage(f"email {to}", done, act, tries=14)


class CrmPart(CrmOracle):
    """The CRM's list pages."""

    def stages(self) -> list[Stage]:
        return []  # a part

    async def on_list(self, collection: str) -> bool:
        path = (await self.path()).partition("?")[0].rstrip("/")
        table = await self.one('[data-testid="record-table"]')
        return path.endswith(f"/crm/{collection}") and table is not None and await self.loaded()

    async def open_list(self, collection: str) -> Act:
        tab = await self.one(f'[data-testid="nav-{collection}"]')
        if tab is None:
            raise PageBusy(f"no {collection} tab")
        return self.press(tab, f"open the {collection} list.")
