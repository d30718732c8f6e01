"""Easy mail families: one entity, one or two fields."""

from __future__ import annotations

import random
from typing import ClassVar

from cuagym.apps.mail import LABEL_COLORS, add_thread, march_date, pick_people
from cuagym.apps.mail.ops import create_contact, create_label, set_starred
from cuagym.apps.mail.pools import COMPANIES, LABEL_NAMES, SUBJECTS
from cuagym.core import Difficulty, TaskConfig
from cuagym.families.mail._scripts import reward_script
from cuagym.families.mail._world import MailFamily, State, params

__all__ = ["AddContact", "CreateLabel", "StarThread", "thread_by_subject"]


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


class StarThread(MailFamily):
    id = "star-thread"
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
        p = params(task)
        who = {"name": p["sender_name"], "email": p["sender_email"]}
        for subject in (p["other_subject"], p["subject"]):
            body = f"Hi Nora,\n\n{dict(SUBJECTS)[subject]}\n\nThanks!"
            add_thread(world, who, subject, body, march_date(rng), unread=rng.random() < 0.5)

    def solve(self, task: TaskConfig, state: State) -> None:
        p = params(task)
        set_starred(state, [thread_by_subject(state, p["subject"], p["sender_email"])], True)

    def write_reward(self, task: TaskConfig) -> str:
        body = """
        tid = find_thread(init, P["subject"], P["sender_email"])
        before = init["threads"].get(tid or "", {})
        after = cur["threads"].get(tid or "", {})
        checks.append(("thread_found", 0, tid is not None, f"thread {tid}"))
        checks.append(("starred", 2, after.get("starred") is True and not before.get("starred"),
                       f"starred {before.get('starred')} -> {after.get('starred')}"))
        # Only this star: not the sender's other email too, no label, archive or read flag.
        extra = diff_outside(diff, [f"threads.{tid}.starred", *opened(init, [tid])])
        checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
        """
        return reward_script(params(task), body, task.task_id)


_LABEL_FRAMES = (
    "Create a new label called \u201c{name}\u201d with the colour {color}.",
    "I need a {color} label named \u201c{name}\u201d in my mailbox.",
    "Add the label \u201c{name}\u201d to the mailbox and make it {color}.",
    "Set up a label \u201c{name}\u201d whose colour is {color}.",
    "Please make me a mail label, \u201c{name}\u201d, coloured {color}.",
)


class CreateLabel(MailFamily):
    id = "create-label"
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
        p = params(task)
        create_label(state, p["name"], p["color"])

    def write_reward(self, task: TaskConfig) -> str:
        body = """
        new = added_ids(init, cur, "labels")
        # The name as asked: "follow up" is not the label "Follow up".
        named = [cur["labels"][lid] for lid in new
                 if exact(cur["labels"][lid]["name"]) == exact(P["name"])]
        checks.append(("label_created", 2, len(named) == 1,
                       f"new labels {[cur['labels'][lid]['name'] for lid in new]}"))
        colour = named[0]["color"] if named else None
        checks.append(("colour", 1, colour == P["color"], f"colour {colour}"))
        checks.append(("one_label", 0, len(new) <= 1, f"{len(new)} new labels"))
        # A new label only: no existing label renamed or deleted, nothing labelled with it.
        extra = diff_outside(diff, ["labels." + lid for lid in new])
        checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
        """
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


class AddContact(MailFamily):
    id = "add-contact"
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
        p = params(task)
        create_contact(state, p["name"], p["email"], p["company"], groups=p["group"])

    def write_reward(self, task: TaskConfig) -> str:
        body = """
        new = added_ids(init, cur, "contacts")
        match = [cur["contacts"][cid] for cid in new
                 if cur["contacts"][cid]["email"].lower() == P["email"].lower()]
        c = match[0] if len(match) == 1 else {}
        checks.append(("contact_created", 2, len(match) == 1,
                       f"new contacts {[cur['contacts'][x]['email'] for x in new]}"))
        checks.append(("name", 1, bool(c) and exact(c["name"]) == exact(P["name"]),
                       f"name {c.get('name')!r}"))
        checks.append(("company", 1, bool(c) and exact(c["company"]) == exact(P["company"]),
                       f"company {c.get('company')!r}"))
        # In the group asked for, and in no other the instruction did not name.
        checks.append(("group", 1, bool(c) and c["groups"] == [P["group"]],
                       f"groups {c.get('groups')}"))
        unasked = {"phone": c.get("phone", ""), "notes": c.get("notes", "")}
        checks.append(("nothing_unasked", 0, unasked == {"phone": "", "notes": ""},
                       f"also set: {unasked}"))
        checks.append(("one_contact", 0, len(new) <= 1, f"{len(new)} new contacts"))
        extra = diff_outside(diff, ["contacts." + cid for cid in new])
        checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
        """
        return reward_script(params(task), body, task.task_id)
