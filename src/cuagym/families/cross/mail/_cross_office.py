"""Cross-app families homed in mail that read the team chat or the issue tracker (one hub
session holds the apps' states, :mod:`cuagym.families.cross._office`).

- ``chat-request-by-mail``: a colleague asks in a channel for an email to an outside contact
  with two facts; the thread under the request gives them, one corrected on the way. The email
  goes to the contact alone, with the subject the request names and the settled values.
- ``issue-status-by-mail``: a colleague's email asks where some tracker issues stand; the
  reply gives one ``KEY: Status`` line per issue, in the order asked, and the conversation is
  filed under a label.

Each reward reads its facts from the other app's initial state (pinned to the params), checks
the one new message and guards both apps' whole diffs (the other app is only read).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from typing import Any, ClassVar

from cuagym.apps import mail as mail_app
from cuagym.apps.issue_tracker import build_seed as tracker_seed
from cuagym.apps.mail import REWARD_LIBRARY, WORLD_NOW, add_thread, march_date
from cuagym.apps.mail.ops import ComposeFields, add_label, prefill, send_message
from cuagym.apps.team_chat import DISPLAY, add_message, channel_id, ensure_member, finish
from cuagym.core import Difficulty, Policy, StartWindow, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskFamily, TaskParams, family_rng
from cuagym.families.cross._chat_tracker import CHAT_HELPERS
from cuagym.families.cross._office import (
    CHAT,
    MAIL,
    OWNER_HANDLE,
    OWNER_ID,
    TRACKER,
    cross_reward,
    cross_scripts,
    office_chat,
    owner_in_tracker,
)
from cuagym.families.cross._office_text import request_body, status_body
from cuagym.families.cross.mail._oracle_office import ChatRequestOracle, IssueStatusOracle
from cuagym.families.issue_tracker.shared import gold_from, task_world
from cuagym.families.team_chat.shared import validate
from cuagym.scripts import inlined, inlined_file

__all__ = [
    "ChatRequestByMail",
    "ChatRequestByMailParams",
    "IssueStatusByMail",
    "IssueStatusByMailParams",
]

State = dict[str, Any]
_CHECKS = "cuagym.families.cross.mail._checks"
_CHANNELS = ("general", "customer-feedback", "design", "random")
_ASKERS = ("u-elena", "u-rachel", "u-liam", "u-sofia", "u-maya", "u-sam")
# (what it is about, contact, first fact and its values, second fact and its values)
_ERRANDS: tuple[tuple[str, tuple[str, str], str, tuple[str, ...], str, tuple[str, ...]], ...] = (
    ("the trade show booth delivery", ("Marta Alves", "marta.alves@brightline-events.example"),
     "loading dock", ("Dock 4", "Dock 7", "Dock 2", "Dock 9"),
     "delivery window", ("Tuesday 7:30 to 9:00", "Monday 14:00 to 16:00",
                         "Wednesday 8:00 to 10:00")),
    ("the all-hands catering", ("Ben Osei", "ben.osei@harvesttable.example"),
     "headcount", ("48 people", "52 people", "61 people", "45 people"),
     "purchase order number", ("PO-48213", "PO-50977", "PO-51320", "PO-49904")),
    ("the printed brochures", ("Ines Duarte", "ines.duarte@copperleaf-print.example"),
     "print run", ("1,500 copies", "2,000 copies", "2,500 copies", "3,000 copies"),
     "cost centre", ("CC-410 Marketing", "CC-220 Sales", "CC-130 Operations")),
    ("the workshop venue", ("Tom Reilly", "tom.reilly@riverside-venues.example"),
     "room size", ("40 seats", "60 seats", "80 seats", "100 seats"),
     "invoice reference", ("INV-2025-0318", "INV-2025-0402", "INV-2025-0417")),
    ("the laptop order", ("Priyanka Shah", "priyanka.shah@northwind-it.example"),
     "quantity", ("12 laptops", "15 laptops", "9 laptops", "20 laptops"),
     "delivery address", ("14 Canal Street, 3rd floor", "220 Lake Avenue, reception",
                          "8 Mill Lane, loading bay")),
    ("the photo shoot", ("Lucas Berg", "lucas.berg@brightframe-studio.example"),
     "shoot date", ("April 22", "April 29", "May 6", "May 13"),
     "number of portraits", ("14 portraits", "18 portraits", "25 portraits")),
)  # fmt: skip
_REQ_SUBJECTS = ("Details for {occasion}", "{Occasion}: the details", "Re {occasion}",
                 "Information for {occasion}", "{Occasion} - what you asked for")  # fmt: skip

# Four parts drawn apart (who asked, what to send, how to address it, which values), each with
# many wordings: the contact and the facts are in the chat only.
_REQ_OPENERS = (
    "{asker_first} asked you in #{channel} to email {contact} on the team's behalf.",
    "There is a request for you in #{channel} from {asker}.",
    "In #{channel}, {asker} tagged you about {occasion}.",
    "A colleague, {asker}, needs you to write to {contact} about {occasion}.",
    "Check #{channel} in the team chat: {asker_first} is waiting for you to contact {contact}.",
    "{asker} would like {contact} to hear from you; the request is in #{channel}.",
    "Somebody has to get back to {contact} about {occasion}, and {asker_first} picked you.",
    "The team chat has a job for you from {asker} in #{channel}.",
)
_REQ_ASKS = (
    "Send {contact_first} one email with the details the request asks for.",
    "Email {contact} the two facts asked for.",
    "Write to {contact_first} at the address given in the request with the information it names.",
    "Answer the request by mailing {contact} the requested details.",
    "Get the requested details to {contact} in a single email.",
    "{contact_first} should receive, by email, both things the request mentions.",
    "Mail {contact_first} what the request says they need, in one message.",
    "One email to {contact} has to carry the two details asked for.",
)
_REQ_ADDRESSES = (
    "Use the subject the request names and put only {contact_first} in To.",
    "Nobody else is copied, and the subject is the one asked for in the chat.",
    "Keep Cc and Bcc empty and use the requested subject.",
    "Its subject line is the one given in the chat message.",
    "Address it to {contact_first} alone, with the subject from the request.",
    "The subject comes from the request; To holds {contact_first} and no one else.",
    "Copy no colleague on it and title it as {asker_first} asked.",
    "Send it to that one address, under the subject the chat message spells out.",
)
_REQ_VALUES = (
    "Write each value exactly as the thread does.",
    "The values are copied word for word from the thread.",
    "Leave out any value that was later corrected.",
    "The values must match the thread exactly, with the outdated one left out.",
    "Quote the settled values verbatim.",
    "Take the final answers from the thread under the request, as written there.",
    "Where the thread corrected itself, only the corrected value counts.",
    "The replies in the thread settle the values; use their latest wording.",
)


class _MailHome(TaskFamily):
    """A family homed in mail that reads another app: the mailbox is on top at the start."""

    domain: ClassVar[str] = MAIL
    other: ClassVar[str] = ""

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The other app, then the mailbox on top (where the email is written)."""
        return [StartWindow(app=self.other, page="/"), StartWindow(app=MAIL, page="/")]


class ChatRequestByMailParams(TaskParams):
    """``chat-request-by-mail``'s task parameters."""

    asker: str
    helper: str
    channel: str
    occasion: str
    contact_name: str
    contact_email: str
    subject: str
    fact_a: str
    value_a: str
    stale_a: str
    fact_b: str
    value_b: str


class ChatRequestByMail(_MailHome):
    """Chat -> mail: the request and its thread read in the chat, the email sent."""

    id: ClassVar[str] = "chat-request-by-mail"
    params_type: ClassVar[type[TaskParams] | None] = ChatRequestByMailParams
    apps: ClassVar[tuple[str, ...]] = (CHAT, MAIL)
    other: ClassVar[str] = CHAT
    difficulty: ClassVar[Difficulty] = "hard"
    # A new email to an outside address the chat gives (not a contact), nobody else copied.
    taxonomy_path: ClassVar[tuple[str, ...]] = ("compose", "write", "recipients")
    also_covers: ClassVar[tuple[str, ...]] = ("team-chat:messaging/threads/reply-in-thread",)

    def oracle(self, task: TaskConfig) -> Policy | None:
        return ChatRequestOracle(task)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        occasion, (name, email), fact_a, values_a, fact_b, values_b = rng.choice(_ERRANDS)
        value_a, stale_a = rng.sample(values_a, 2)
        value_b = rng.choice(values_b)
        asker, helper = rng.sample(_ASKERS, 2)
        channel = rng.choice(_CHANNELS)
        subject = rng.choice(_REQ_SUBJECTS).format(
            occasion=occasion, Occasion=occasion[0].upper() + occasion[1:]
        )
        words = {
            "asker": DISPLAY[asker], "asker_first": DISPLAY[asker].split()[0],
            "channel": channel, "contact": name, "contact_first": name.split()[0],
            "occasion": occasion,
        }  # fmt: skip
        parts = [rng.choice(x) for x in (_REQ_OPENERS, _REQ_ASKS, _REQ_ADDRESSES, _REQ_VALUES)]
        return self.make_task(
            task_id,
            " ".join(part.format(**words) for part in parts),
            f"You are Nora Castellanos: your mailbox and the team chat of Fernhill Analytics are "
            f"both open. In #{channel}, {DISPLAY[asker]} asked you to email {name} <{email}> the "
            f"{fact_a} and the {fact_b} for {occasion}, with the subject \u201c{subject}\u201d; "
            f"in its thread {DISPLAY[helper]} gave the {fact_a} as {stale_a}, {DISPLAY[asker]} "
            f"corrected it to {value_a}, and the {fact_b} is {value_b}.",
            asker=DISPLAY[asker], helper=DISPLAY[helper], channel=channel, occasion=occasion,
            contact_name=name, contact_email=email, subject=subject, fact_a=fact_a,
            value_a=value_a, stale_a=stale_a, fact_b=fact_b, value_b=value_b,
        )  # fmt: skip

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = ChatRequestByMailParams.of(task)
        mail = mail_app.varied_seed(family_rng(task, "world"))
        rng = family_rng(task, "chat-world")
        chat = office_chat(rng, mail["account"])
        asker = next(u for u, n in DISPLAY.items() if n == p.asker)
        helper = next(u for u, n in DISPLAY.items() if n == p.helper)
        cid = channel_id(chat, p.channel)
        for uid in (OWNER_ID, asker, helper):
            ensure_member(chat, cid, uid)
        mid = add_message(
            chat,
            cid,
            asker,
            f"@{OWNER_HANDLE} could you email {p.contact_name} ({p.contact_email}) the {p.fact_a} "
            f"and the {p.fact_b} for {p.occasion}? Subject \u201c{p.subject}\u201d please.",
            minutes=rng.randrange(30, 240),
        )
        add_message(chat, cid, helper, f"The {p.fact_a} is {p.stale_a}.", minutes=6, parent=mid)
        add_message(chat, cid, asker, f"Careful, that changed this morning: it is now "
                    f"{p.value_a}.", minutes=9, parent=mid)  # fmt: skip
        add_message(chat, cid, helper, f"And the {p.fact_b} is {p.value_b}.", minutes=3,
                    parent=mid)  # fmt: skip
        add_message(chat, cid, helper, "Lunch order closes at 11:30 today.", minutes=20)
        finish(chat, rng)
        validate(chat, f"{task.task_id} chat world")
        gold = copy.deepcopy(mail)
        fields = ComposeFields(
            to=f"{p.contact_name} <{p.contact_email}>",
            subject=p.subject,
            body=request_body(p.model_dump()),
        )
        send_message(gold, fields, now=WORLD_NOW)
        return cross_scripts(task, {MAIL: mail, CHAT: chat}, {MAIL: gold})

    def write_reward(self, task: TaskConfig) -> str:
        body = inlined_file(_CHECKS, "chat_request_by_mail.py")
        return cross_reward(task, _READ_CHAT, [inlined(REWARD_LIBRARY), CHAT_HELPERS], body)


_READ_CHAT = """
mail = hub_state("mail")
minit, mcur, mdiff = mail["initial_state"], mail["current_state"], mail["state_diff"]
me_mail = minit["account"]["email"].lower()
chat = hub_state("team-chat")
cinit, cdiff = chat["initial_state"], chat["state_diff"]
"""

# -- issue-status-by-mail --------------------------------------------------------------------
_COLLEAGUES = (("Owen Pryce", "owen.pryce@fernhill.example"),
               ("Lena Fischer", "lena.fischer@fernhill.example"),
               ("Sam Ortiz", "sam.ortiz@fernhill.example"),
               ("Grace Kim", "grace.kim@fernhill.example"))  # fmt: skip
_STATUS_SUBJECTS = ("Status of a few tickets", "Quick status check", "Where are these issues?",
                    "Ticket update for the customer call", "Can you check these in the tracker?",
                    "Progress on the reported bugs")  # fmt: skip
# Four parts drawn apart (the question, the answer asked, the reply's shape, what else): the
# keys and their statuses are in the email and the tracker only.
_STATUS_OPENERS = (
    "{sender} emailed you \u201c{subject}\u201d asking where some tracker issues stand.",
    "In \u201c{subject}\u201d, {sender_first} wants to know the state of a few issues.",
    "{sender_first} needs an update on some tickets (the email \u201c{subject}\u201d).",
    "A status question from {sender} is waiting in your inbox: \u201c{subject}\u201d.",
    "Your colleague {sender} asked about several issues in \u201c{subject}\u201d.",
    "\u201c{subject}\u201d from {sender_first} lists issues a customer asked about.",
    "{sender} is preparing a customer call and mailed you \u201c{subject}\u201d.",
    "Some tickets need a status check for {sender_first}; see \u201c{subject}\u201d.",
)
_STATUS_ASKS = (
    "Reply with the current status of each issue the email lists, as the tracker shows it.",
    "Look the issues up in the tracker and answer the email with where each one is now.",
    "Answer {sender_first} in that conversation with every listed issue's tracker status.",
    "Send a reply that tells {sender_first} the tracker status of each issue asked about.",
    "Check each of those issues in the tracker and reply with their statuses.",
    "Give {sender_first} each issue's status from the tracker in a reply to the email.",
    "The reply reports, for every issue in the email, the status the tracker has for it.",
    "Find where each listed ticket stands in the tracker and reply to {sender_first}.",
)
_STATUS_SHAPES = (
    "Write one line per issue, in the email's order, as KEY: Status (like WEB-1: To Do).",
    "Each line is an issue key, a colon and the status name as the tracker spells it.",
    "Use the form KEY: Status, a line each, in the same order as the question.",
    "Only lines like MOB-3: In Review belong in it, one per issue, in the order given.",
    "Its text is one KEY: Status line per issue, in the order listed.",
    "Put the issues in the order the email names them, one KEY: Status line each.",
    "Format every line as the key, a colon, a space and the tracker's status name.",
    "Answer with lines of the shape OPS-2: Done, keeping the email's order.",
)
_STATUS_EXTRAS = (
    "Nothing else goes above your signature.",
    "Add no greeting or other words before the signature.",
    "Reply to the sender only and add no other text.",
    "Status names are written exactly as the tracker shows them, with nothing more.",
    "Only the sender gets it, and the lines stand alone above the signature.",
    "No introduction, no sign-off text of your own: just those lines.",
    "Keep it to those lines; copy nobody else.",
    "Leave out any comment; the status names are the tracker's own.",
)


_STATUS_LABELS = (
    "Then file the conversation under the label {label}.",
    "Afterwards, label the conversation {label}.",
    "The conversation also gets the label {label}.",
    "Put the {label} label on that conversation as well.",
    "Finally, tag the conversation with the {label} label.",
    "Label that conversation {label} once you have replied.",
    "File the thread under {label} too.",
    "Mark the conversation with the label {label}.",
)
#: the label the conversation is filed under (the seed's own labels)
_LABELS = ("Clients", "Vendors", "Finance")


class IssueStatusByMailParams(TaskParams):
    """``issue-status-by-mail``'s task parameters."""

    sender_name: str
    sender_email: str
    subject: str
    keys: list[str]
    statuses: dict[str, str]
    label: str


class IssueStatusByMail(_MailHome):
    """Tracker -> mail: a status question answered from the tracker, one line per issue."""

    id: ClassVar[str] = "issue-status-by-mail"
    params_type: ClassVar[type[TaskParams] | None] = IssueStatusByMailParams
    apps: ClassVar[tuple[str, ...]] = (TRACKER, MAIL)
    other: ClassVar[str] = TRACKER
    difficulty: ClassVar[Difficulty] = "hard"
    # The reply, then the conversation filed under a label: the errand's end in the mailbox.
    taxonomy_path: ClassVar[tuple[str, ...]] = ("labels", "apply", "single")
    also_covers: ClassVar[tuple[str, ...]] = (
        "issue-tracker:search/filters/basic",
        "mail:compose/respond/reply",
    )

    def oracle(self, task: TaskConfig) -> Policy | None:
        return IssueStatusOracle(task)

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = tracker_seed()
        names = {s["id"]: s["name"] for s in seed["workflow"]["statuses"]}
        pool = sorted(k for k, i in seed["issues"].items() if i["type"] in ("story", "bug", "task"))
        while True:
            keys = rng.sample(pool, rng.choice((2, 3, 3, 4)))
            statuses = {k: names[seed["issues"][k]["status"]] for k in keys}
            if len(set(statuses.values())) >= 2:
                break
        sender, email = rng.choice(_COLLEAGUES)
        subject = rng.choice(_STATUS_SUBJECTS)
        label = rng.choice(_LABELS)
        words = {"sender": sender, "sender_first": sender.split()[0], "subject": subject,
                 "label": label}  # fmt: skip
        pools = (_STATUS_OPENERS, _STATUS_ASKS, _STATUS_SHAPES, _STATUS_EXTRAS, _STATUS_LABELS)
        parts = [rng.choice(x) for x in pools]
        listing = ", ".join(keys)
        return self.make_task(
            task_id,
            " ".join(part.format(**words) for part in parts),
            f"You are Nora Castellanos, signed in to your mailbox and to the issue tracker. "
            f"{sender} <{email}> asks about {listing}; the tracker shows "
            + ", ".join(f"{k} {v}" for k, v in statuses.items())
            + ".",
            sender_name=sender,
            sender_email=email,
            subject=subject,
            keys=keys,
            statuses=statuses,
            label=label,
        )

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = IssueStatusByMailParams.of(task)
        mail = mail_app.varied_seed(family_rng(task, "world"))
        tracker = task_world(task, ())
        owner_in_tracker(tracker, mail["account"])
        gold_from(tracker, lambda s: None)  # validates; the tracker does not change
        listing = ", ".join(p.keys[:-1]) + f" and {p.keys[-1]}"
        tid = add_thread(
            mail,
            {"name": p.sender_name, "email": p.sender_email},
            p.subject,
            f"Hi Nora,\n\nA customer asked me about a few tickets. Where do {listing} stand "
            f"in the tracker right now?\n\nThanks,\n{p.sender_name.split()[0]}",
            march_date(family_rng(task, "inject")),
            unread=True,
        )
        gold = copy.deepcopy(mail)
        first = next(m for m in gold["messages"].values() if m["threadId"] == tid)
        _, fields = prefill(gold, first["id"], "reply")
        fields.body = status_body(p.keys, p.statuses)
        send_message(gold, fields, None, tid, WORLD_NOW)
        lid = next(k for k, v in gold["labels"].items() if v["name"] == p.label)
        add_label(gold, [tid], lid)
        return cross_scripts(task, {MAIL: mail, TRACKER: tracker}, {MAIL: gold})

    def write_reward(self, task: TaskConfig) -> str:
        body = inlined_file(_CHECKS, "issue_status_by_mail.py")
        return cross_reward(task, _READ_TRACKER, [inlined(REWARD_LIBRARY)], body)


_READ_TRACKER = """
mail = hub_state("mail")
minit, mcur, mdiff = mail["initial_state"], mail["current_state"], mail["state_diff"]
me_mail = minit["account"]["email"].lower()
tracker = hub_state("issue-tracker")
tinit, tdiff = tracker["initial_state"], tracker["state_diff"]
"""
