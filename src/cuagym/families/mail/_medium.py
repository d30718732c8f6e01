"""Medium mail families: several entities, or a compose with a few fields to get right."""

from __future__ import annotations

import random
from typing import ClassVar

from cuagym.apps.mail import add_thread, march_date, pick_people
from cuagym.apps.mail.ops import (
    add_label,
    create_label,
    create_template,
    prefill,
    send_message,
    set_folder,
)
from cuagym.apps.mail.pools import COLLEAGUES, COMPANIES, LABEL_NAMES, REPLIES, SUBJECTS, TEMPLATES
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families.mail._easy import thread_by_subject
from cuagym.families.mail._scripts import reward_script
from cuagym.families.mail._world import GOLD_NOW, MailFamily, State, params
from cuagym.scripts import inlined_file

__all__ = ["ArchiveSender", "CreateTemplate", "LabelDomain", "ReplyToThread"]

#: the package of this module's reward checks (one module per family)
_CHECKS = "cuagym.families.mail._checks"


def _senders_threads(state: State, email: str) -> list[str]:
    return sorted(
        {m["threadId"] for m in state["messages"].values() if m["from"]["email"] == email}
    )


# Sentence frames: each states every fact the reward checks, in its own words.
_ARCHIVE_FRAMES = (
    "Archive every conversation in the inbox from {name} ({email}). Leave all other mail where "
    "it is.",
    "Clear {name}'s mail ({email}) out of my inbox by archiving all of it; nothing else should "
    "move.",
    "Every inbox conversation from {email} ({name}) should go to the archive. Don't touch "
    "anyone else's mail.",
    "Move all of {name}'s conversations ({email}) from the inbox into the archive, and only those.",
    "I have dealt with everything {name} <{email}> sent me: get those conversations out of the "
    "inbox and into the archive, leaving the rest of the mailbox as it is.",
)


class ArchiveSenderParams(TaskParams):
    """``archive-sender``'s task parameters."""

    sender_name: str
    sender_email: str
    colleague_name: str
    colleague_email: str
    count: int


class ArchiveSender(MailFamily):
    id = "archive-sender"
    params_type = ArchiveSenderParams
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path = ("conversations", "organize", "archive")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        company, domain = rng.choice(COMPANIES)
        sender, colleague = pick_people(rng, 2, lambda _: domain)
        n = rng.randint(2, 3)
        frame = rng.choice(_ARCHIVE_FRAMES)  # drawn last: the facts stay those of the seed
        return self.make_task(
            task_id,
            frame.format(name=sender["name"], email=sender["email"]),
            f"The inbox has {n} conversations from {sender['name']} <{sender['email']}> of "
            f"{company}, and one from their colleague {colleague['name']} <{colleague['email']}>.",
            sender_name=sender["name"],
            sender_email=sender["email"],
            colleague_name=colleague["name"],
            colleague_email=colleague["email"],
            count=n,
        )

    def build(self, task: TaskConfig, world: State, rng: random.Random) -> None:
        p = ArchiveSenderParams.of(task)
        who = {"name": p.sender_name, "email": p.sender_email}
        picked = rng.sample(SUBJECTS, p.count + 1)
        for subject, line in picked[:-1]:
            add_thread(
                world,
                who,
                subject,
                f"Hi Nora,\n\n{line}\n\nThanks",
                march_date(rng),
                unread=rng.random() < 0.5,
            )
        other = {"name": p.colleague_name, "email": p.colleague_email}
        subject, line = picked[-1]
        add_thread(world, other, subject, f"Hello Nora,\n\n{line}", march_date(rng))

    def solve(self, task: TaskConfig, state: State) -> None:
        tids = _senders_threads(state, ArchiveSenderParams.of(task).sender_email)
        set_folder(state, [t for t in tids if state["threads"][t]["folder"] == "inbox"], "archive")

    def write_reward(self, task: TaskConfig) -> str:
        body = inlined_file(_CHECKS, "archive_sender.py")
        return reward_script(params(task), body, task.task_id)


_REPLY_FRAMES = (
    "Reply to {name}'s email \u201c{subject}\u201d with the sentence \u201c{sentence}\u201d. "
    "Send the reply to {name} only, with no one in Cc or Bcc.",
    "Answer {name}'s email \u201c{subject}\u201d with just \u201c{sentence}\u201d, addressed "
    "to {name} alone and nobody in Cc or Bcc.",
    "Send {name} a reply to \u201c{subject}\u201d that says \u201c{sentence}\u201d. Only "
    "{name} should receive it: no Cc, no Bcc.",
    "Write back on \u201c{subject}\u201d with the text \u201c{sentence}\u201d, replying to "
    "{name} only and copying no one.",
    "{name} is waiting for an answer on \u201c{subject}\u201d. Reply with the sentence "
    "\u201c{sentence}\u201d and keep everyone else off the recipients, Cc and Bcc included.",
)


class ReplyToThreadParams(TaskParams):
    """``reply-to-thread``'s task parameters."""

    sender_name: str
    sender_email: str
    subject: str
    cc_name: str
    cc_email: str
    sentence: str


class ReplyToThread(MailFamily):
    id = "reply-to-thread"
    params_type = ReplyToThreadParams
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path = ("compose", "respond", "reply")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        company, domain = rng.choice(COMPANIES)
        sender = pick_people(rng, 1, lambda _: domain)[0]
        subject, _ = rng.choice(SUBJECTS)
        cc_name, cc_email = rng.choice(COLLEAGUES)
        sentence = rng.choice(REPLIES)
        frame = rng.choice(_REPLY_FRAMES)
        return self.make_task(
            task_id,
            frame.format(name=sender["name"], subject=subject, sentence=sentence),
            f"The inbox holds an email from {sender['name']} <{sender['email']}> of {company} "
            f"with the subject \u201c{subject}\u201d; your colleague {cc_name} <{cc_email}> is "
            "in Cc on it.",
            sender_name=sender["name"],
            sender_email=sender["email"],
            subject=subject,
            cc_name=cc_name,
            cc_email=cc_email,
            sentence=sentence,
        )

    def build(self, task: TaskConfig, world: State, rng: random.Random) -> None:
        p = ReplyToThreadParams.of(task)
        who = {"name": p.sender_name, "email": p.sender_email}
        add_thread(
            world,
            who,
            p.subject,
            f"Hi Nora,\n\n{dict(SUBJECTS)[p.subject]}\n\nBest",
            march_date(rng),
            unread=True,
            cc=({"name": p.cc_name, "email": p.cc_email},),
        )

    def solve(self, task: TaskConfig, state: State) -> None:
        p = ReplyToThreadParams.of(task)
        tid = thread_by_subject(state, p.subject, p.sender_email)
        first = next(m for m in state["messages"].values() if m["threadId"] == tid)
        _, fields = prefill(state, first["id"], "reply")
        fields.body = p.sentence
        send_message(state, fields, None, tid, GOLD_NOW)

    def write_reward(self, task: TaskConfig) -> str:
        body = inlined_file(_CHECKS, "reply_to_thread.py")
        return reward_script(params(task), body, task.task_id)


_LABEL_DOMAIN_FRAMES = (
    "Apply the label \u201c{label}\u201d to every conversation from anyone at {company} "
    "(addresses ending in @{domain}), except those in Spam or Trash.",
    "Every conversation from someone at {company} (@{domain}) should carry the label "
    "\u201c{label}\u201d, apart from the ones in Spam or Trash.",
    "Tag all mail from @{domain} ({company}) with \u201c{label}\u201d; leave Spam and Trash alone.",
    "Put the \u201c{label}\u201d label on each conversation sent from a {company} address "
    "(@{domain}) wherever it is filed, but not on anything in Spam or Trash.",
    "I want to find {company}'s mail quickly: label every conversation from @{domain} "
    "\u201c{label}\u201d, skipping whatever sits in Spam or Trash.",
)


class LabelDomainParams(TaskParams):
    """``label-domain``'s task parameters."""

    label: str
    company: str
    domain: str
    other_domain: str
    count: int


class LabelDomain(MailFamily):
    id = "label-domain"
    params_type = LabelDomainParams
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path = ("labels", "apply", "bulk")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        (company, domain), (_, other_domain) = rng.sample(COMPANIES, 2)
        label = rng.choice(LABEL_NAMES)
        n = rng.randint(2, 3)
        frame = rng.choice(_LABEL_DOMAIN_FRAMES)
        return self.make_task(
            task_id,
            frame.format(label=label, company=company, domain=domain),
            f"The label \u201c{label}\u201d exists but is not used yet. {n} conversations from "
            f"@{domain} are in the inbox or archived, one more is in Trash, and other companies "
            f"(such as @{other_domain}) write about similar things.",
            label=label,
            company=company,
            domain=domain,
            other_domain=other_domain,
            count=n,
        )

    def build(self, task: TaskConfig, world: State, rng: random.Random) -> None:
        p = LabelDomainParams.of(task)
        create_label(world, p.label, "teal")
        people = pick_people(rng, p.count + 2, lambda i: p.other_domain if i == 0 else p.domain)
        subjects = rng.sample(SUBJECTS, p.count + 2)
        folders = [*["inbox", "archive", "inbox"][: p.count], "trash"]
        for who, (subject, line), folder in zip(people[1:], subjects[1:], folders, strict=True):
            add_thread(world, who, subject, f"Hi Nora,\n\n{line}", march_date(rng), folder=folder)
        add_thread(
            world, people[0], subjects[0][0], f"Hi Nora,\n\n{subjects[0][1]}", march_date(rng)
        )

    def solve(self, task: TaskConfig, state: State) -> None:
        p = LabelDomainParams.of(task)
        lid = next(k for k, v in state["labels"].items() if v["name"] == p.label)
        targets = sorted(
            {
                m["threadId"]
                for m in state["messages"].values()
                if m["from"]["email"].endswith("@" + p.domain)
                and state["threads"][m["threadId"]]["folder"] not in ("spam", "trash")
            }
        )
        add_label(state, targets, lid)

    def write_reward(self, task: TaskConfig) -> str:
        body = inlined_file(_CHECKS, "label_domain.py")
        return reward_script(params(task), body, task.task_id)


# The template's text follows each frame as a data block (":" and a blank line).
_TEMPLATE_FRAMES = (
    "Save a new email template named \u201c{name}\u201d with the subject \u201c{subject}\u201d "
    "and this text",
    "Create a template \u201c{name}\u201d whose subject is \u201c{subject}\u201d and whose body is",
    "I keep sending the same message, so store it as a template called \u201c{name}\u201d "
    "(subject \u201c{subject}\u201d) with this text",
    "Add a saved reply named \u201c{name}\u201d. Its subject should read \u201c{subject}\u201d "
    "and its text should be exactly",
    "Make \u201c{name}\u201d one of my email templates, with \u201c{subject}\u201d as the "
    "subject line and the following body",
)


class CreateTemplateParams(TaskParams):
    """``create-template``'s task parameters."""

    name: str
    subject: str
    text: str


class CreateTemplate(MailFamily):
    id = "create-template"
    params_type = CreateTemplateParams
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path = ("templates", "manage", "create")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        name, subject, text = rng.choice(TEMPLATES)
        frame = rng.choice(_TEMPLATE_FRAMES)
        return self.make_task(
            task_id,
            frame.format(name=name, subject=subject) + f":\n\n{text}",
            "The mailbox already has a few templates (saved replies), none with this name.",
            name=name,
            subject=subject,
            text=text,
        )

    def build(self, task: TaskConfig, world: State, rng: random.Random) -> None:
        pass

    def solve(self, task: TaskConfig, state: State) -> None:
        p = CreateTemplateParams.of(task)
        create_template(state, p.name, p.subject, p.text)

    def write_reward(self, task: TaskConfig) -> str:
        body = inlined_file(_CHECKS, "create_template.py")
        return reward_script(params(task), body, task.task_id)
