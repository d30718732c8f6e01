"""mail -> issue-tracker, owned by the tracker: a customer's bug report received by mail
becomes a bug in the project of the product it is about, judged the way the instruction says.

``bug-from-customer-mail``: the instruction names the customer and the title; which project
(the web shop or the hiking app), which priority (High when the customer has no workaround,
Low when they mention one) and who is assigned (that project's lead) are for the agent to work
out from the email and the tracker. Another customer's report sits in the inbox too. The
reward wants exactly one new bug with those fields, the customer's address in its
description, nothing else set, and both apps otherwise unchanged (the mailbox is only read).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from cuagym.apps import mail as mail_app
from cuagym.apps.issue_tracker import CURRENT_USER
from cuagym.apps.issue_tracker import build_seed as tracker_seed
from cuagym.apps.issue_tracker.edits import create_issue
from cuagym.apps.mail import ACCOUNT, REWARD_LIBRARY, add_thread, march_date
from cuagym.core import Difficulty, Policy, StartWindow, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskParams, family_rng
from cuagym.families.cross._office import (
    MAIL,
    TRACKER,
    cross_reward,
    cross_scripts,
    owner_in_tracker,
)
from cuagym.families.cross.issue_tracker._oracle_mail import BugFromMailOracle
from cuagym.families.issue_tracker.shared import (
    NOW,
    IssueFamily,
    gold_from,
    task_world,
)
from cuagym.scripts import inlined, inlined_file

__all__ = ["BugFromCustomerMail", "BugFromCustomerMailParams", "description_of"]

State = dict[str, Any]
LABEL = "customer-reported"
# (project, title, what the customer saw)
_REPORTS: tuple[tuple[str, str, str], ...] = (
    ("WEB", "Discount code rejected at checkout",
     "the discount code from your newsletter is rejected at checkout as an invalid code"),
    ("WEB", "Order history page shows no orders",
     "my order history page on your website is empty although I ordered twice last month"),
    ("WEB", "Size guide link opens a blank page",
     "the size guide link on the product pages of your web shop opens a blank page"),
    ("WEB", "Card payment fails with error 402",
     "paying by card in your online shop fails with an error 402 after I confirm"),
    ("WEB", "Address autocomplete picks the wrong city",
     "the address autocomplete in your web shop's checkout keeps picking the wrong city"),
    ("MOB", "Offline maps fail to download over Wi-Fi",
     "offline maps in your trail app stop downloading halfway whenever I am on Wi-Fi"),
    ("MOB", "App logs me out after every restart",
     "your hiking app logs me out every time I restart my phone"),
    ("MOB", "Elevation profile missing on saved hikes",
     "the elevation profile is missing on every hike I saved in your trail app"),
    ("MOB", "Hike recording stops after ten minutes",
     "recording a hike in your trail app stops by itself after about ten minutes"),
    ("MOB", "Photos attached to a hike do not upload",
     "photos I attach to a hike in your trail app never finish uploading"),
)  # fmt: skip
_CUSTOMERS = (("Julia Brandt", "julia.brandt@mailbox.example"),
              ("Marcus Webb", "m.webb@fastpost.example"),
              ("Aiko Tanaka", "aiko.tanaka@inbox.example"),
              ("Pedro Alvarez", "pedro.alvarez@letterbox.example"),
              ("Hannah Cole", "hannah.cole@fastpost.example"),
              ("Yusuf Demir", "yusuf.demir@mailbox.example"))  # fmt: skip
_BLOCKED = "I cannot get past this at all, so right now I am stuck."
_WORKAROUND = "For now I can get around it by {how}, so it is not urgent."
_HOW = {"WEB": "ordering by phone instead", "MOB": "using the website on my laptop instead"}
_SUBJECTS = ("Problem with {thing}", "Something is broken", "Bug report", "Help please",
             "Issue with {thing}", "Is this a known problem?")  # fmt: skip
_THINGS = {"WEB": "your web shop", "MOB": "the trail app"}

# Four parts drawn apart (the report, where to file it, who owns it, how to judge and describe
# it), each with many wordings: the product, the workaround and the lead are the agent's to find.
_OPENERS = (
    "{customer} emailed you about a problem with one of our products.",
    "A customer, {customer}, reported a bug by email.",
    "Your inbox has a bug report from {customer}.",
    "{first} wrote to you that something of ours is broken.",
    "There is a complaint from the customer {customer} in your mailbox.",
    "{customer} sent you an email describing a defect.",
    "A bug reached you by mail this week: {customer} describes it.",
    "{first}, one of our customers, emailed about something that does not work.",
)
_WHERES = (
    "File it as a bug titled \u201c{title}\u201d in the project of the product it is about.",
    "Create a bug \u201c{title}\u201d in whichever tracker project owns the affected product.",
    "Log it as the bug \u201c{title}\u201d in the tracker project for the product in question.",
    "Turn it into a bug named \u201c{title}\u201d in the project of the product {first} uses.",
    "The tracker needs a bug \u201c{title}\u201d in the project responsible for it.",
    "Record \u201c{title}\u201d as a bug, under the project that builds what {first} uses.",
    "Open the bug \u201c{title}\u201d in the right project: the one for the product concerned.",
    "A new bug, \u201c{title}\u201d, belongs in the project of the product the email mentions.",
)
_OWNERS = (
    "Assign it to that project's lead and label it customer-reported.",
    "Its assignee is the project lead; its single label is customer-reported.",
    "The project lead gets it, with the label customer-reported and no other.",
    "Give it to whoever leads that project, labelled customer-reported.",
    "Make the project's lead its assignee and tag it customer-reported.",
    "It carries only the label customer-reported and goes to the project lead.",
    "Whoever leads that project owns it; label: customer-reported.",
    "Set the lead of the project as assignee and add the customer-reported label.",
)
_RULES = (
    "Priority is High if the customer has no workaround and Low if they mention one; put their "
    "email address in the description.",
    "Set the priority to High when the customer is blocked and to Low when they can get around "
    "it, and include their address in the description.",
    "Judge the priority from the email (High: no way around it, Low: a workaround exists) and "
    "write the customer's address into the description.",
    "Give it High priority only when {first} has no workaround, otherwise Low, and mention "
    "{first}'s email address in the description.",
    "Priority follows the workaround: none means High, one means Low. The description contains "
    "the address the customer wrote from.",
    "A stuck customer means High priority, one with a workaround Low; the description must "
    "let support reply, so it holds {first}'s address.",
    "Decide High or Low by whether {first} can work around it (Low if so), and quote their "
    "email address in the description.",
    "Choose Low when the email offers a workaround and High when it does not; the customer's "
    "address goes into the description.",
)


def description_of(p: Mapping[str, Any]) -> str:
    """The golden (and the oracle's) description: who reported it, and how to reach them."""
    return f"Reported by {p['customer']} <{p['customer_email']}> by email: {p['problem']}."


class BugFromCustomerMailParams(TaskParams):
    """``bug-from-customer-mail``'s task parameters."""

    customer: str
    customer_email: str
    subject: str
    project: str
    title: str
    problem: str
    blocked: bool
    priority: str
    lead_name: str
    label: str
    other_customer: str
    other_email: str


class BugFromCustomerMail(IssueFamily):
    """Mail -> tracker: the customer's report filed where it belongs, judged as asked."""

    id: ClassVar[str] = "bug-from-customer-mail"
    params_type: ClassVar[type[TaskParams] | None] = BugFromCustomerMailParams
    apps: ClassVar[tuple[str, ...]] = (MAIL, TRACKER)
    difficulty: ClassVar[Difficulty] = "hard"
    # The judgement is made in the project directory (which project builds the product, who
    # leads it); the bug is then created with the tracker's create dialog.
    taxonomy_path: ClassVar[tuple[str, ...]] = ("projects", "directory")
    also_covers: ClassVar[tuple[str, ...]] = (
        "mail:conversations/read/open",
        "issue-tracker:issues/create/modal",
    )

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The tracker, then the mailbox on top: the task starts from the email."""
        return [StartWindow(app=TRACKER, page="/"), StartWindow(app=MAIL, page="/")]

    def oracle(self, task: TaskConfig) -> Policy | None:
        return BugFromMailOracle(
            task, description_of(BugFromCustomerMailParams.of(task).model_dump())
        )

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        project, title, problem = rng.choice(_REPORTS)
        (customer, email), (other_customer, other_email) = rng.sample(_CUSTOMERS, 2)
        blocked = rng.random() < 0.5
        seed = tracker_seed()
        lead = seed["projects"][project]["lead"]
        # The signed-in user becomes the mailbox's owner (``owner_in_tracker``).
        lead_name = ACCOUNT["name"] if lead == CURRENT_USER else seed["users"][lead]["displayName"]
        subject = rng.choice(_SUBJECTS).format(thing=_THINGS[project])
        first = customer.split()[0]
        words = {"customer": customer, "first": first, "title": title}
        parts = [rng.choice(x) for x in (_OPENERS, _WHERES, _OWNERS, _RULES)]
        return self.make_task(
            task_id,
            " ".join(part.format(**words) for part in parts),
            f"You are {ACCOUNT['name']}, signed in to your mailbox and to the issue tracker. "
            f"{customer} <{email}> wrote \u201c{subject}\u201d that {problem} "
            f"({'no workaround' if blocked else 'with a workaround'}); {other_customer} "
            f"<{other_email}> reported "
            f"another problem. The tracker's projects are Storefront Web (WEB, the web shop) and "
            f"Trail Companion App (MOB, the hiking app), among others; {lead_name} leads "
            f"{project}. No issue with that title exists yet.",
            customer=customer, customer_email=email, subject=subject, project=project,
            title=title, problem=problem, blocked=blocked,
            priority="high" if blocked else "low", lead_name=lead_name, label=LABEL,
            other_customer=other_customer, other_email=other_email,
        )  # fmt: skip

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = BugFromCustomerMailParams.of(task)
        mail = mail_app.varied_seed(family_rng(task, "world"))
        rng = family_rng(task, "inject")
        how = _BLOCKED if p.blocked else _WORKAROUND.format(how=_HOW[p.project])
        other = next(r for r in _REPORTS if r[0] != p.project and r[1] != p.title)
        for name, email, subject, problem, tail in (
            (p.other_customer, p.other_email, "Bug report", other[2],
             "I cannot get past this at all."),
            (p.customer, p.customer_email, p.subject, p.problem, how),
        ):  # fmt: skip
            add_thread(
                mail,
                {"name": name, "email": email},
                subject,
                f"Hello,\n\nI want to let you know that {problem}. {tail}\n\nBest regards,\n{name}",
                march_date(rng),
                unread=True,
            )
        tracker = task_world(task, ())
        owner_in_tracker(tracker, mail["account"])
        fields = {
            "type": "bug",
            "title": p.title,
            "description": description_of(p.model_dump()),
            "priority": p.priority,
            "assignee": self.uid(tracker, p.lead_name),
            "labels": [p.label],
            "storyPoints": None,
            "sprint": None,
        }
        gold = gold_from(tracker, lambda s: create_issue(s, CURRENT_USER, p.project, fields, NOW))
        return cross_scripts(task, {MAIL: mail, TRACKER: tracker}, {TRACKER: gold})

    def write_reward(self, task: TaskConfig) -> str:
        body = inlined_file("cuagym.families.cross.issue_tracker._checks", "bug_from_mail.py")
        return cross_reward(task, _READ, [inlined(REWARD_LIBRARY)], body)


_READ = """
tracker = hub_state("issue-tracker")
tinit, tcur, tdiff = tracker["initial_state"], tracker["current_state"], tracker["state_diff"]
mail = hub_state("mail")
minit, mdiff = mail["initial_state"], mail["state_diff"]
"""
