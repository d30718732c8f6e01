"""Hard mail families: several screens, lookups across entities, many fields to get right."""

from __future__ import annotations

import random
from importlib import resources
from pathlib import Path
from typing import ClassVar

from cuagym.apps.mail import SEED_FILES_URL, add_contact, add_thread, march_date, pick_people
from cuagym.apps.mail.ops import (
    ComposeFields,
    add_label,
    create_label,
    create_template,
    prefill,
    send_message,
    set_folder,
    set_unread,
)
from cuagym.apps.mail.pools import (
    COLLEAGUES,
    COMPANIES,
    FILES,
    LABEL_NAMES,
    NOTES,
    SUBJECTS,
    TEMPLATES,
)
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families.mail._easy import thread_by_subject
from cuagym.families.mail._scripts import reward_script
from cuagym.families.mail._world import GOLD_NOW, MailFamily, State, params
from cuagym.scripts import inlined_file

__all__ = ["ForwardAttachment", "InboxTriage", "SendTemplateToGroup"]

#: the package of this module's reward checks (one module per family)
_CHECKS = "cuagym.families.mail._checks"

_FILES_DIR = Path(str(resources.files("cuagym.apps.mail"))) / "static" / "seed-files"


# Sentence frames: each states every fact the reward checks, in its own words.
_GROUP_FRAMES = (
    "Send the \u201c{template}\u201d template as a single email to everyone in your "
    "\u201c{group}\u201d contact group. Put all of them in Bcc (leave To and Cc empty) and "
    "keep the template's subject and text.",
    "Email the \u201c{template}\u201d template to the whole \u201c{group}\u201d contact group "
    "in one message, everyone in Bcc and nobody in To or Cc, with its subject and text "
    "unchanged.",
    "Everyone in my \u201c{group}\u201d group should get the \u201c{template}\u201d template. "
    "Send it as one email with all of them as Bcc recipients (To and Cc empty), without "
    "editing the subject or the text.",
    "Use the saved template \u201c{template}\u201d for a single message to the "
    "\u201c{group}\u201d contacts: every member goes in Bcc, To and Cc stay blank, and the "
    "template's subject and wording are kept as they are.",
    "Send one email to all members of \u201c{group}\u201d using the \u201c{template}\u201d "
    "template as it is. They should be blind-copied only, with the To and Cc lines left empty.",
)


class SendTemplateToGroupParams(TaskParams):
    """``send-template-to-group``'s task parameters."""

    template: str
    subject: str
    text: str
    group: str
    members: list[dict[str, str]]


class SendTemplateToGroup(MailFamily):
    """The paper's example: "send every customer the template"."""

    id = "send-template-to-group"
    params_type = SendTemplateToGroupParams
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path = ("compose", "templates", "insert")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        name, subject, text = rng.choice(TEMPLATES)
        group = rng.choice(["customers", "pilot-customers", "webinar-list"])
        domains = [d for _, d in rng.sample(COMPANIES, rng.randint(3, 5))]
        members = pick_people(rng, len(domains), lambda i: domains[i])
        listing = "; ".join(f"{m['name']} <{m['email']}>" for m in members)
        frame = rng.choice(_GROUP_FRAMES)  # drawn last: the facts stay those of the seed
        return self.make_task(
            task_id,
            frame.format(template=name, group=group),
            f"The saved template \u201c{name}\u201d has the subject \u201c{subject}\u201d and "
            f"the text \u201c{text}\u201d. The contact group \u201c{group}\u201d has exactly "
            f"these members: {listing}. Other "
            "contacts belong to other groups.",
            template=name,
            subject=subject,
            text=text,
            group=group,
            members=members,
        )

    def build(self, task: TaskConfig, world: State, rng: random.Random) -> None:
        p = SendTemplateToGroupParams.of(task)
        create_template(world, p.template, p.subject, p.text)
        company_of = {d: c for c, d in COMPANIES}
        for m in p.members:
            add_contact(world, m, company_of[m["email"].split("@", 1)[1]], [p.group])
        # A near miss: someone at a member's company who is not in the group.
        domain = p.members[0]["email"].split("@", 1)[1]
        other = pick_people(rng, 1, lambda _: domain)[0]
        if other["email"] not in {m["email"] for m in p.members}:
            add_contact(world, other, company_of[domain], ["prospects"])

    def solve(self, task: TaskConfig, state: State) -> None:
        p = SendTemplateToGroupParams.of(task)
        fields = ComposeFields(
            bcc=", ".join(f"{m['name']} <{m['email']}>" for m in p.members),
            subject=p.subject,
            body=p.text,
        )
        send_message(state, fields, now=GOLD_NOW)

    def write_reward(self, task: TaskConfig) -> str:
        body = inlined_file(_CHECKS, "send_template_to_group.py")
        return reward_script(params(task), body, task.task_id)


_FORWARD_FRAMES = (
    "Forward {sender}'s email \u201c{subject}\u201d, including its attachment {file}, to your "
    "colleague {colleague} ({cemail}) with the note \u201c{note}\u201d. Nobody else should "
    "receive it.",
    "Pass {sender}'s email \u201c{subject}\u201d on to {colleague} ({cemail}) together with "
    "its attachment {file}, adding the note \u201c{note}\u201d above it. Send it to "
    "{colleague} only.",
    "{colleague} ({cemail}) needs {file} from {sender}'s \u201c{subject}\u201d email. Forward "
    "that email to {colleague} alone, attachment included, with the note \u201c{note}\u201d.",
    "Forward \u201c{subject}\u201d from {sender} to {cemail} ({colleague}) with {file} still "
    "attached and \u201c{note}\u201d written on top; there should be no other recipients.",
    "Send {colleague} <{cemail}> a forward of {sender}'s message \u201c{subject}\u201d that "
    "keeps the attachment {file} and says \u201c{note}\u201d as your note. Nobody else should "
    "get it.",
)


class ForwardAttachmentParams(TaskParams):
    """``forward-attachment``'s task parameters."""

    sender_name: str
    sender_email: str
    subject: str
    file: str
    colleague: str
    colleague_email: str
    note: str


class ForwardAttachment(MailFamily):
    id = "forward-attachment"
    params_type = ForwardAttachmentParams
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path = ("compose", "respond", "forward")
    # The oracle opens the conversation and forwards its message; the reward checks the
    # original's attachment and text travel in that conversation.
    also_covers: ClassVar[tuple[str, ...]] = ("mail:conversations/read/open",)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        company, domain = rng.choice(COMPANIES)
        sender = pick_people(rng, 1, lambda _: domain)[0]
        subject, _ = rng.choice(SUBJECTS)
        file, _ = rng.choice(FILES)
        colleague, cemail = rng.choice(COLLEAGUES)
        note = rng.choice(NOTES)
        frame = rng.choice(_FORWARD_FRAMES)
        return self.make_task(
            task_id,
            frame.format(
                sender=sender["name"],
                subject=subject,
                file=file,
                colleague=colleague,
                cemail=cemail,
                note=note,
            ),
            f"The inbox holds an email from {sender['name']} <{sender['email']}> of {company} "
            f"with the subject \u201c{subject}\u201d and the attachment {file}. {colleague} is "
            "in your contacts (team group).",
            sender_name=sender["name"],
            sender_email=sender["email"],
            subject=subject,
            file=file,
            colleague=colleague,
            colleague_email=cemail,
            note=note,
        )

    def build(self, task: TaskConfig, world: State, rng: random.Random) -> None:
        p = ForwardAttachmentParams.of(task)
        add_contact(
            world,
            {"name": p.colleague, "email": p.colleague_email},
            "Fernhill Analytics",
            ["team"],
        )
        size = (_FILES_DIR / p.file).stat().st_size
        att = {
            "name": p.file,
            "url": f"{SEED_FILES_URL}/{p.file}",
            "size": size,
            "contentType": dict(FILES)[p.file],
        }
        who = {"name": p.sender_name, "email": p.sender_email}
        line = dict(SUBJECTS)[p.subject]
        add_thread(
            world,
            who,
            p.subject,
            f"Hi Nora,\n\n{line} The file is attached.",
            march_date(rng),
            attachments=(att,),
            unread=rng.random() < 0.5,
        )

    def solve(self, task: TaskConfig, state: State) -> None:
        p = ForwardAttachmentParams.of(task)
        tid = thread_by_subject(state, p.subject, p.sender_email)
        first = next(m for m in state["messages"].values() if m["threadId"] == tid)
        _, fields = prefill(state, first["id"], "forward")
        fields.to = f"{p.colleague} <{p.colleague_email}>"
        fields.body = p.note + "\n\n" + fields.body
        send_message(state, fields, None, tid, GOLD_NOW)

    def write_reward(self, task: TaskConfig) -> str:
        body = inlined_file(_CHECKS, "forward_attachment.py")
        return reward_script(params(task), body, task.task_id)


_TRIAGE_FRAMES = (
    "Triage the unread inbox emails from {company} (addresses ending in @{domain}): give each "
    "the label \u201c{label}\u201d, mark it as read and archive it. Don't change read emails "
    "or anyone else's mail.",
    "Go through the unread inbox mail from {company} (@{domain}). Each of those emails should "
    "end up labelled \u201c{label}\u201d, read and archived, while read emails and other "
    "senders' mail stay untouched.",
    "Label every unread inbox email from @{domain} ({company}) \u201c{label}\u201d, mark it "
    "read and move it out of the inbox to the archive; leave the already-read ones and "
    "everyone else's mail alone.",
    "Process the unread {company} emails in my inbox (addresses @{domain}): archive them as "
    "read, with the label \u201c{label}\u201d on each. Nothing else in the mailbox should "
    "change.",
    "The unread messages from @{domain} ({company}) sitting in the inbox need triage: apply "
    "\u201c{label}\u201d, mark them as read and archive them, without touching read mail or "
    "other senders.",
)


class InboxTriageParams(TaskParams):
    """``inbox-triage``'s task parameters."""

    company: str
    domain: str
    other_domain: str
    label: str
    count: int


class InboxTriage(MailFamily):
    id = "inbox-triage"
    params_type = InboxTriageParams
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path = ("conversations", "organize", "bulk")
    # Marking read is a third of the reward (read_<tid>) and of the oracle (bulk-read).
    also_covers: ClassVar[tuple[str, ...]] = ("mail:conversations/flags/read-state",)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        (company, domain), (_, other_domain) = rng.sample(COMPANIES, 2)
        label = rng.choice(LABEL_NAMES)
        n = rng.randint(2, 3)
        frame = rng.choice(_TRIAGE_FRAMES)
        return self.make_task(
            task_id,
            frame.format(company=company, domain=domain, label=label),
            f"The inbox has {n} unread conversations from @{domain}, one read one from "
            f"@{domain}, and an unread one from @{other_domain}. The label \u201c{label}\u201d "
            "already exists.",
            company=company,
            domain=domain,
            other_domain=other_domain,
            label=label,
            count=n,
        )

    def build(self, task: TaskConfig, world: State, rng: random.Random) -> None:
        p = InboxTriageParams.of(task)
        create_label(world, p.label, rng.choice(["blue", "orange", "purple"]))
        n = p.count
        people = pick_people(rng, n + 2, lambda i: p.other_domain if i == n + 1 else p.domain)
        subjects = rng.sample(SUBJECTS, n + 2)
        for i, (who, (subject, line)) in enumerate(zip(people, subjects, strict=True)):
            add_thread(world, who, subject, f"Hi Nora,\n\n{line}", march_date(rng), unread=i != n)

    def solve(self, task: TaskConfig, state: State) -> None:
        p = InboxTriageParams.of(task)
        lid = next(k for k, v in state["labels"].items() if v["name"] == p.label)
        targets = sorted(
            {
                m["threadId"]
                for m in state["messages"].values()
                if m["from"]["email"].endswith("@" + p.domain)
                and state["threads"][m["threadId"]]["folder"] == "inbox"
                and state["threads"][m["threadId"]]["unread"]
            }
        )
        add_label(state, targets, lid)
        set_unread(state, targets, False)
        set_folder(state, targets, "archive")

    def write_reward(self, task: TaskConfig) -> str:
        body = inlined_file(_CHECKS, "inbox_triage.py")
        return reward_script(params(task), body, task.task_id)
