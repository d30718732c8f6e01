"""GUI oracles of mail's families: each solves its task the way a person would, in Chromium.

They know the task (its params), read the page through the environment's read-only DevTools
view and act only through ``computer_use`` calls (the UI skills of
:class:`cuagym.apps.mail.MailOracle`). Lists are
worked the way a person triages mail: a search (``from:@acme.example in:inbox``), select all,
one toolbar action; every stage reads its effect back (the search comes back empty, every row
wears the label chip, the sent message is in the conversation) before the next one starts.
Nothing is opened that the task does not need opened: opening a conversation may mark it read.
"""

from __future__ import annotations

from urllib.parse import quote

from cuagym.apps.mail import MailOracle, body_parts, exact, text_lines
from cuagym.apps.web_oracle import Act, Element, PageBusy, Stage, call

__all__ = ["ORACLES"]


# -- easy -----------------------------------------------------------------------------------------
class StarThreadOracle(MailOracle):
    """``star-thread``: find the sender's email among the search results, click its star."""

    def stages(self) -> list[Stage]:
        subject, query = str(self.p["subject"]), f"from:{self.p['sender_email']}"

        async def star() -> Element:
            for row in await self.rows():
                if exact(row["attrs"].get("data-subject")) == exact(subject):
                    tid = row["attrs"]["data-thread-id"]
                    found = await self.one(
                        f'{self.ROW}[data-thread-id={self.css(tid)}] [data-testid="row-star"]'
                    )
                    if found is not None:
                        return found
            raise PageBusy(f"no {subject!r} in the results")

        async def done() -> bool:
            if not await self.on_search(query):
                return False
            return bool((await star())["attrs"].get("aria-pressed") == "true")

        async def act() -> Act:
            if not await self.on_search(query):
                return await self.search(query)
            return await self.reach(await star(), "star the email.", commits=True)

        return [Stage("star the email", done, act, tries=8)]


class CreateLabelOracle(MailOracle):
    """``create-label``: the Labels screen, name and colour, Create label."""

    def stages(self) -> list[Stage]:
        name, colour = str(self.p["name"]), str(self.p["color"]).capitalize()

        async def done() -> bool:
            cells = await self.all(f'[data-testid="label-row"][data-label={self.css(name)}] td')
            return len(cells) > 1 and exact(cells[1]["text"]) == colour

        async def act() -> Act:
            if await self.one('[data-testid="new-label-form"]') is None:
                return await self.nav("nav-labels", "open the Labels screen.")
            step = await self.fill_step([("new-label-name", name)])
            if step is not None:
                return step
            box = await self.one('[data-testid="new-label-color"]')
            if box is None:
                raise PageBusy("no colour drop-down")
            if exact(box.get("selected_text")) != colour:
                picks = await self.choose('[data-testid="new-label-color"]', colour)
                return Act.of(f"pick the colour {colour}.", *picks)
            return await self.press("new-label-create", "create the label.")

        return [Stage("create the label", done, act, tries=10)]


class AddContactOracle(MailOracle):
    """``add-contact``: Contacts, New contact, the four fields, Create contact."""

    def stages(self) -> list[Stage]:
        p = self.p
        fields = [
            ("contact-name", str(p["name"])),
            ("contact-email", str(p["email"])),
            ("contact-company", str(p["company"])),
            ("contact-groups", str(p["group"])),
        ]

        async def done() -> bool:
            if await self.all(f'[data-testid="contact-row"][data-email={self.css(p["email"])}]'):
                return True
            # After "Create contact" the page is the contact's own, with its delete button.
            saved = await self.one('[data-testid="contact-delete"]')
            return saved is not None and await self.field_value("contact-email") == p["email"]

        async def act() -> Act:
            if await self.one('[data-testid="contact-form"]') is None:
                if await self.one('[data-testid="new-contact"]') is not None:
                    return await self.nav("new-contact", "start a new contact.")
                return await self.nav("nav-contacts", "open Contacts.")
            return await self.fill_step(fields) or await self.press(
                "contact-save", "create the contact."
            )

        return [Stage("add the contact", done, act, tries=12)]


# -- medium ---------------------------------------------------------------------------------------
class ArchiveSenderOracle(MailOracle):
    """``archive-sender``: search the sender's inbox mail, select all, Archive."""

    def stages(self) -> list[Stage]:
        query = f"from:{self.p['sender_email']} in:inbox"

        async def done() -> bool:
            return await self.on_search(query) and not await self.rows()

        async def act() -> Act:
            if not await self.on_search(query):
                return await self.search(query)
            return await self.bulk("bulk-archive", "archive them.")

        return [Stage("archive the sender's mail", done, act, tries=10)]


class ReplyToThreadOracle(MailOracle):
    """``reply-to-thread``: open the email, Reply, the sentence above the signature, Send."""

    def stages(self) -> list[Stage]:
        p = self.p
        subject, sentence = str(p["subject"]), str(p["sentence"])

        async def done() -> bool:
            return await self.on_thread(subject) and await self.sent_in_thread([sentence])

        async def act() -> Act:
            if await self.one('[data-testid="compose-screen"]') is not None:
                cc = await self.field_value("compose-cc")
                bcc = await self.field_value("compose-bcc")
                if cc or bcc:
                    field = "compose-cc" if cc else "compose-bcc"
                    box = await self.one(f'[data-testid="{field}"]')
                    assert box is not None
                    return Act.of("clear the copy field.", *self.fill(box, ""))
                body = await self.one('[data-testid="compose-body"]')
                if body is None:
                    raise PageBusy("no message text")
                if body_parts(body.get("value"))[0] != [exact(sentence)]:
                    return Act.of(f"write the reply: {sentence}", *self.fill(body, sentence))
                return await self.press("compose-send", "send the reply.")
            if not await self.on_thread(subject):
                return await self.open_thread(subject, f"from:{p['sender_email']}")
            found = await self.visible('[data-testid="message"] [data-testid="reply"]')
            first = [e for e in found if e.get("clickable")] or found
            if not first:
                raise PageBusy("no reply button")
            return await self.reach(first[0], "reply to the email.")

        return [Stage("reply to the email", done, act, tries=12)]


class LabelDomainOracle(MailOracle):
    """``label-domain``: search the company's mail (Spam and Trash aside), select all, label."""

    def stages(self) -> list[Stage]:
        label, query = str(self.p["label"]), f"from:@{self.p['domain']}"

        async def done() -> bool:
            if not await self.on_search(query):
                return False
            rows = await self.rows()
            return bool(rows) and all([await self.labelled(r, label) for r in rows])

        async def act() -> Act:
            if not await self.on_search(query):
                return await self.search(query)
            return await self.bulk_label(label)

        return [Stage("label the company's mail", done, act, tries=10)]


class LabelAttachmentsOracle(MailOracle):
    """``label-attachments``: one search with two operators (the company's domain and
    ``has:attachment``), select all, label."""

    def stages(self) -> list[Stage]:
        label, query = str(self.p["label"]), f"from:@{self.p['domain']} has:attachment"

        async def done() -> bool:
            if not await self.on_search(query):
                return False
            rows = await self.rows()
            return bool(rows) and all([await self.labelled(r, label) for r in rows])

        async def act() -> Act:
            if not await self.on_search(query):
                return await self.search(query)
            return await self.bulk_label(label)

        return [Stage("label the company's attachments", done, act, tries=10)]


class CreateTemplateOracle(MailOracle):
    """``create-template``: Templates, New template, name, subject and text, Create."""

    def stages(self) -> list[Stage]:
        name = str(self.p["name"])
        fields = [
            ("template-name", name),
            ("template-subject", str(self.p["subject"])),
            ("template-body", str(self.p["text"])),
        ]

        async def done() -> bool:
            return bool(
                await self.all(f'[data-testid="template-card"][data-name={self.css(name)}]')
            )

        async def act() -> Act:
            if await self.one('[data-testid="template-form"]') is None:
                if await self.one('[data-testid="new-template"]') is not None:
                    return await self.nav("new-template", "start a new template.")
                return await self.nav("nav-templates", "open Templates.")
            return await self.fill_step(fields) or await self.press(
                "template-save", "create the template."
            )

        return [Stage("save the template", done, act, tries=12)]


# -- hard -----------------------------------------------------------------------------------------
class SendTemplateToGroupOracle(MailOracle):
    """``send-template-to-group``: compose, insert the template, everyone in Bcc, Send."""

    def stages(self) -> list[Stage]:
        p = self.p
        return [
            self.send_template_stage(
                str(p["template"]), str(p["subject"]), str(p["text"]), p["members"]
            )
        ]


class ForwardAttachmentOracle(MailOracle):
    """``forward-attachment``: open the email, Forward, the colleague, the note on top, Send."""

    def stages(self) -> list[Stage]:
        p = self.p
        subject, note = str(p["subject"]), str(p["note"])
        to = f"{p['colleague']} <{p['colleague_email']}>"

        async def done() -> bool:
            return await self.on_thread(subject) and await self.sent_in_thread([note])

        async def act() -> Act:
            if await self.one('[data-testid="compose-screen"]') is not None:
                kept = await self.visible('[data-testid="keep-attachment"]')
                for box in kept:
                    if not box.get("checked"):
                        return await self.reach(box, "keep the attachment.")
                step = await self.fill_step([("compose-to", to)])
                if step is not None:
                    return step
                body = await self.one('[data-testid="compose-body"]')
                if body is None:
                    raise PageBusy("no message text")
                typed, _, forwarded = body_parts(body.get("value"))
                if forwarded is None:
                    raise PageBusy("the forwarded message is not in the text")
                if typed != [exact(note)]:
                    if typed:  # a wrong note: start the forward again
                        return await self.nav("compose-discard", "discard and start over.")
                    return Act.of(
                        f"write the note above the forwarded message: {note}",
                        self.click(body),
                        call("key", keys=["ctrl", "home"]),
                        call("type", text=note),
                    )
                return await self.press("compose-send", "send the forward.")
            if not await self.on_thread(subject):
                return await self.open_thread(subject, f"from:{p['sender_email']}")
            found = await self.visible('[data-testid="message"] [data-testid="forward"]')
            first = [e for e in found if e.get("clickable")] or found
            if not first:
                raise PageBusy("no forward button")
            return await self.reach(first[0], "forward the email.")

        return [Stage("forward the email", done, act, tries=14)]


class InboxTriageOracle(MailOracle):
    """``inbox-triage``: the company's unread inbox mail: label it, then mark it read, then
    archive it, each as one selection of the search results."""

    def stages(self) -> list[Stage]:
        label, domain_ = str(self.p["label"]), str(self.p["domain"])
        unread = f"from:@{domain_} in:inbox is:unread"
        labelled = f"from:@{domain_} in:inbox label:{self.quoted(label)}"

        async def label_done() -> bool:
            if not await self.on_search(unread):
                return False
            rows = await self.rows()
            return bool(rows) and all([await self.labelled(r, label) for r in rows])

        async def label_act() -> Act:
            if not await self.on_search(unread):
                return await self.search(unread)
            return await self.bulk_label(label)

        async def read_done() -> bool:
            if not await self.on_search(labelled):
                return False
            rows = await self.rows()
            return bool(rows) and not any("unread" in str(r["attrs"].get("class")) for r in rows)

        async def read_act() -> Act:
            if not await self.on_search(labelled):
                return await self.search(labelled)
            return await self.bulk("bulk-read", "mark them read.")

        async def archive_done() -> bool:
            return await self.on_search(labelled) and not await self.rows()

        async def archive_act() -> Act:
            if not await self.on_search(labelled):
                return await self.search(labelled)
            return await self.bulk("bulk-archive", "archive them.")

        return [
            Stage("label the unread ones", label_done, label_act, tries=10),
            Stage("mark them read", read_done, read_act, tries=10),
            Stage("archive them", archive_done, archive_act, tries=10),
        ]


class UpdateSignatureOracle(MailOracle):
    """``update-signature``: Settings (the header's gear), the signature's text, the reading
    checkbox, Save."""

    def stages(self) -> list[Stage]:
        signature, want = str(self.p["signature"]), self.p["reading"] == "on"

        async def form_holds() -> bool:
            box = await self.one('[data-testid="signature-input"]')
            check = await self.all('[data-testid="mark-read-on-open"]')
            return (
                box is not None
                and text_lines(box.get("value")) == text_lines(signature)
                and bool(check)
                and bool(check[0].get("checked")) == want
            )

        async def done() -> bool:
            # Saved: the page came back from the server with its notice and the new values.
            return bool(await self.one('[data-testid="settings-saved"]')) and await form_holds()

        async def act() -> Act:
            if await self.one('[data-testid="settings-form"]') is None:
                # The header's gear: the sidebar's Settings entry can sit below the fold.
                return await self.nav("settings-link", "open Settings.")
            step = await self.fill_step([("signature-input", signature)])
            if step is not None:
                return step
            check = await self.one('[data-testid="mark-read-on-open"]')
            if check is None:
                raise PageBusy("no reading option")
            if bool(check.get("checked")) != want:
                return await self.reach(check, "switch the reading option.")
            return await self.press("settings-save", "save the settings.")

        return [Stage("update the settings", done, act, tries=10)]


class UpdateContactOracle(MailOracle):
    """``update-contact``: Contacts, the person's row, their form: email, company, phone and
    groups, Save changes. Saved when the page's own "Email" link (rendered from the stored
    contact) carries the new address."""

    def stages(self) -> list[Stage]:
        p = self.p
        fields = [
            ("contact-email", str(p["email"])),
            ("contact-company", str(p["company"])),
            ("contact-phone", str(p["phone"])),
            ("contact-groups", str(p["group"])),
        ]

        async def done() -> bool:
            link = await self.one('[data-testid="contact-screen"] [data-testid="email-contact"]')
            if link is None or quote(str(p["email"]), safe="") not in str(link.get("href")):
                return False
            return all([await self.field_value(t) == want for t, want in fields])

        async def act() -> Act:
            if await self.one('[data-testid="contact-form"]') is not None:
                return await self.fill_step(fields) or await self.press(
                    "contact-save", "save the changes."
                )
            for row in await self.visible('[data-testid="contact-row"]'):
                if exact(row["attrs"].get("data-email")) in (p["old_email"], p["email"]):
                    link = await self.one(
                        f'[data-testid="contact-row"][data-email={self.css(row["attrs"]["data-email"])}]'
                        ' [data-testid="open-contact"]'
                    )
                    if link is not None:
                        return await self.reach(link, f"open {p['name']}.")
            return await self.nav("nav-contacts", "open Contacts.")

        return [Stage("update the contact", done, act, tries=14)]


class RenameLabelOracle(MailOracle):
    """``rename-label``: Labels, the label's Edit, its name and colour, Save."""

    def stages(self) -> list[Stage]:
        old, new = str(self.p["old"]), str(self.p["new"])
        colour = str(self.p["color"]).capitalize()

        async def done() -> bool:
            cells = await self.all(f'[data-testid="label-row"][data-label={self.css(new)}] td')
            return len(cells) > 1 and exact(cells[1]["text"]) == colour

        async def act() -> Act:
            if await self.one('[data-testid="edit-label-name"]') is not None:
                step = await self.fill_step([("edit-label-name", new)])
                if step is not None:
                    return step
                box = await self.one('[data-testid="edit-label-color"]')
                if box is None:
                    raise PageBusy("no colour drop-down")
                if exact(box.get("selected_text")) != colour:
                    picks = await self.choose('[data-testid="edit-label-color"]', colour)
                    return Act.of(f"pick the colour {colour}.", *picks)
                return await self.press("edit-label-save", "save the label.")
            edit = await self.one(
                f'[data-testid="label-row"][data-label={self.css(old)}] [data-testid="edit-label"]'
            )
            if edit is not None:
                return await self.reach(edit, f"edit the label {old}.")
            # The "+" beside the sidebar's Labels heading: the Labels entry at the bottom can
            # sit below the fold when the mailbox has many labels.
            return await self.nav("nav-labels-manage", "open the Labels screen.")

        return [Stage("rename the label", done, act, tries=10)]


ORACLES: dict[str, type[MailOracle]] = {
    "star-thread": StarThreadOracle,
    "create-label": CreateLabelOracle,
    "add-contact": AddContactOracle,
    "archive-sender": ArchiveSenderOracle,
    "reply-to-thread": ReplyToThreadOracle,
    "label-domain": LabelDomainOracle,
    "create-template": CreateTemplateOracle,
    "send-template-to-group": SendTemplateToGroupOracle,
    "forward-attachment": ForwardAttachmentOracle,
    "inbox-triage": InboxTriageOracle,
    "update-signature": UpdateSignatureOracle,
    "label-attachments": LabelAttachmentsOracle,
    "update-contact": UpdateContactOracle,
    "rename-label": RenameLabelOracle,
}
