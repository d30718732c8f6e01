"""Easy mail families: one entity, one or two fields."""

from __future__ import annotations

import random
from typing import ClassVar

from cuagym.apps.mail import LABEL_COLORS, add_thread, march_date, pick_people
from cuagym.apps.mail.ops import create_contact, create_label, set_starred
from cuagym.apps.mail.pools import COMPANIES, LABEL_NAMES, SUBJECTS
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import TaskParams
from cuagym.families.mail._scripts import reward_script
from cuagym.families.mail._world import MailFamily, State, params
from cuagym.scripts import inlined_file

__all__ = ["AddContact", "CreateLabel", "StarThread", "thread_by_subject"]

#: the package of this module's reward checks (one module per family)
_CHECKS = "cuagym.families.mail._checks"


def thread_by_subject(state: State, subject: str, sender: str) -> str:
    """The generator's own lookup (it built the world, so the match is unique)."""
    for m in state["messages"].values():
        if m["subject"] == subject and m["from"]["email"] == sender:
            return str(m["threadId"])
    raise LookupError(subject)


# Sentence frames: each states every fact the reward checks, in its own words.
_STAR_FRAMES = (
    "Star the email from {sender} with the subject \u201c{subject}\u201d.",
    "I want to come back to {sender}'s email \u201c{subject}\u201d later, so give it a star.",
    "Put a star on \u201c{subject}\u201d, the message that {sender} sent me.",
    "Of the emails {sender} sent, only \u201c{subject}\u201d should end up starred.",
    "Mark {sender}'s message \u201c{subject}\u201d with a star so that it stands out.",
)


class StarThreadParams(TaskParams):
    """``star-thread``'s task parameters."""

    sender_name: str
    sender_email: str
    subject: str
    other_subject: str


class StarThread(MailFamily):
    id = "star-thread"
    params_type = StarThreadParams
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path = ("conversations", "flags", "star")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        company, domain = rng.choice(COMPANIES)
        sender = pick_people(rng, 1, lambda _: domain)[0]
        (subject, _), (other, _) = rng.sample(SUBJECTS, 2)
        frame = rng.choice(_STAR_FRAMES)  # drawn last: the facts stay those of the seed
        return self.make_task(
            task_id,
            frame.format(sender=sender["name"], subject=subject),
            f"The inbox holds two unstarred emails from {sender['name']} <{sender['email']}> "
            f"of {company}: \u201c{subject}\u201d and \u201c{other}\u201d.",
            sender_name=sender["name"],
            sender_email=sender["email"],
            subject=subject,
            other_subject=other,
        )

    def build(self, task: TaskConfig, world: State, rng: random.Random) -> None:
        p = StarThreadParams.of(task)
        who = {"name": p.sender_name, "email": p.sender_email}
        for subject in (p.other_subject, p.subject):
            body = f"Hi Nora,\n\n{dict(SUBJECTS)[subject]}\n\nThanks!"
            add_thread(world, who, subject, body, march_date(rng), unread=rng.random() < 0.5)

    def solve(self, task: TaskConfig, state: State) -> None:
        p = StarThreadParams.of(task)
        set_starred(state, [thread_by_subject(state, p.subject, p.sender_email)], True)

    def write_reward(self, task: TaskConfig) -> str:
        body = inlined_file(_CHECKS, "star_thread.py")
        return reward_script(params(task), body, task.task_id)


_LABEL_FRAMES = (
    "Create a new label called \u201c{name}\u201d with the colour {color}.",
    "I need a {color} label named \u201c{name}\u201d in my mailbox.",
    "Add the label \u201c{name}\u201d to the mailbox and make it {color}.",
    "Set up a label \u201c{name}\u201d whose colour is {color}.",
    "Please make me a mail label, \u201c{name}\u201d, coloured {color}.",
)


class CreateLabelParams(TaskParams):
    """``create-label``'s task parameters."""

    name: str
    color: str


class CreateLabel(MailFamily):
    id = "create-label"
    params_type = CreateLabelParams
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path = ("labels", "manage", "create")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        name = rng.choice(LABEL_NAMES)
        color = rng.choice([c for c in LABEL_COLORS if c != "gray"])
        frame = rng.choice(_LABEL_FRAMES)
        return self.make_task(
            task_id,
            frame.format(name=name, color=color),
            f"The mailbox has a few labels (Clients, Finance, ...) but none called "
            f"\u201c{name}\u201d. "
            f"Label colours are picked from a fixed palette that includes {color}.",
            name=name,
            color=color,
        )

    def build(self, task: TaskConfig, world: State, rng: random.Random) -> None:
        pass  # the seed's labels, minus nothing: the new label must not exist yet

    def solve(self, task: TaskConfig, state: State) -> None:
        p = CreateLabelParams.of(task)
        create_label(state, p.name, p.color)

    def write_reward(self, task: TaskConfig) -> str:
        body = inlined_file(_CHECKS, "create_label.py")
        return reward_script(params(task), body, task.task_id)


_CONTACT_FRAMES = (
    "Add {name} ({email}) of {company} to your contacts, with company \u201c{company}\u201d "
    "and in the \u201c{group}\u201d group.",
    "Save {name} <{email}> as a contact: company \u201c{company}\u201d, group \u201c{group}\u201d.",
    "Put {name} from {company} ({email}) in the address book, in the \u201c{group}\u201d "
    "group, with \u201c{company}\u201d as the company.",
    "Create a contact for {name}, email {email}, whose company is \u201c{company}\u201d and "
    "who belongs to the \u201c{group}\u201d group.",
    "{name} ({email}) at {company} should be in my contacts under the \u201c{group}\u201d "
    "group, company set to \u201c{company}\u201d.",
)


class AddContactParams(TaskParams):
    """``add-contact``'s task parameters."""

    name: str
    email: str
    company: str
    group: str


class AddContact(MailFamily):
    id = "add-contact"
    params_type = AddContactParams
    difficulty: ClassVar[Difficulty] = "easy"
    taxonomy_path = ("contacts", "manage", "create")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        company, domain = rng.choice(COMPANIES)
        who = pick_people(rng, 1, lambda _: domain)[0]
        group = rng.choice(["customers", "prospects", "partners"])
        frame = rng.choice(_CONTACT_FRAMES)
        return self.make_task(
            task_id,
            frame.format(name=who["name"], email=who["email"], company=company, group=group),
            f"{who['name']} is not in the contacts list yet. Contacts have a name, an email "
            "address, a company and comma-separated groups.",
            name=who["name"],
            email=who["email"],
            company=company,
            group=group,
        )

    def build(self, task: TaskConfig, world: State, rng: random.Random) -> None:
        pass

    def solve(self, task: TaskConfig, state: State) -> None:
        p = AddContactParams.of(task)
        create_contact(state, p.name, p.email, p.company, groups=p.group)

    def write_reward(self, task: TaskConfig) -> str:
        body = inlined_file(_CHECKS, "add_contact.py")
        return reward_script(params(task), body, task.task_id)
