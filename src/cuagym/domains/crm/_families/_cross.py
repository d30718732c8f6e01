"""Cross-app families that start in the mailbox and end in the CRM (apps: mail, crm).

One hub session holds both apps' states (:mod:`cuagym.domains._web_cross`); the two worlds
belong to one person (:mod:`cuagym.domains._mailcrm`). The reward reads both apps' ``/go``:
the CRM must hold exactly the asked changes, and the mailbox, which the task only reads, must
hold none.
"""

from __future__ import annotations

import copy
import json
import random
from collections.abc import Mapping
from datetime import date, timedelta
from pathlib import Path
from typing import Any, ClassVar

from cuagym.core import Difficulty, StartWindow, TaskConfig
from cuagym.domains._family import GeneratedScripts, family_rng
from cuagym.domains._mailcrm import OWNER, office_worlds
from cuagym.domains._reward import WEB_LIBRARIES, inlined
from cuagym.domains._reward import reward_script as compose_reward
from cuagym.domains._web_cross import patch_script, record_edits, setup_script

from .._fields import format_money
from .._ops import create_activity, update_record
from .._schema import STAGE_PROBABILITY, STAGES
from .._seed import build_seed
from ._common import GEN_NOW, params_of
from ._records import _Family, long_date

__all__ = ["DealChangeFromEmail"]

_HELPERS = inlined(Path(__file__).with_name("_reward_lib.py"))
#: Stages a deal can still move forward from without closing.
_EARLY = ("Qualification", "Needs Analysis", "Proposal")
_SUBJECTS = ("Final numbers", "Confirmed terms", "Our decision on the rollout", "Go-ahead")
_FIRST_SUBJECTS = ("First thoughts on budget", "Rough numbers", "Early read on scope")

# Sentence frames: the numbers are in the email; every frame names the email, the deal, the
# three terms to take from it and the activity to log.
_FRAMES = (
    "{contact} of {account} emailed me the final terms for \u201c{opp}\u201d. Update that "
    "opportunity's amount, close date and stage to what the latest email says, and log the "
    "email on the opportunity as a completed Email activity with the email's subject.",
    "Make the CRM match {contact}'s latest email about \u201c{opp}\u201d: set the deal's "
    "amount, close date and stage as written there, then record that email on the deal as a "
    "logged Email activity named after its subject.",
    "The newest message from {contact} ({account}) settles the terms of \u201c{opp}\u201d. "
    "Copy its amount, close date and stage into the opportunity and log it there as an Email "
    "activity whose subject is the email's subject.",
    "Please bring the opportunity \u201c{opp}\u201d up to date from {contact}'s most recent "
    "email (its amount, its expected close date and its stage), and keep a record of that "
    "email on the opportunity: a completed activity of type Email, subject as in the email.",
    "{contact} has written from {account} with the confirmed deal for \u201c{opp}\u201d. Enter "
    "the amount, the close date and the stage from that final email on the opportunity, and "
    "log the email itself there as an Email activity under its own subject.",
)


def _mail_date(day: date, rng: random.Random) -> str:
    return f"{day.isoformat()}T{rng.randint(13, 21):02d}:{rng.randint(0, 59):02d}:00Z"


class DealChangeFromEmail(_Family):
    """A customer's latest email (an earlier one has superseded figures) sets a deal's terms:
    the agent finds it in the mailbox, updates the opportunity and logs the email on it."""

    id: ClassVar[str] = "deal-change-from-email"
    apps: ClassVar[tuple[str, ...]] = ("mail", "crm")
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("activities", "tasks", "log-activity")
    also_covers: ClassVar[tuple[str, ...]] = ("crm:opportunities/edit/deal-terms",)

    def start_windows(self, params: Mapping[str, Any]) -> list[StartWindow]:
        """The mailbox, then the CRM on top (where the changes go)."""
        return [StartWindow(app="mail", page="/"), StartWindow(app="crm", page="/")]

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        opp = rng.choice(
            [
                o
                for _, o in sorted(seed["opportunities"].items())
                if o["stage"] in _EARLY and o["contactId"] and o["amountCents"]
            ]
        )
        contact = seed["contacts"][opp["contactId"]]
        account = seed["accounts"][opp["accountId"]]["name"]
        stage = rng.choice(STAGES[STAGES.index(opp["stage"]) + 1 : STAGES.index("Closed Won")])
        amount = opp["amountCents"] + rng.choice([-1, 1]) * rng.randint(4, 40) * 250_000
        amount = max(amount, 1_000_000)
        first_amount = amount + rng.choice([-1, 1]) * rng.randint(2, 12) * 500_000
        close = (date(2027, 1, 11) + timedelta(days=rng.randint(0, 150))).isoformat()
        first_close = (date.fromisoformat(close) - timedelta(days=rng.randint(14, 60))).isoformat()
        subject = f"{rng.choice(_SUBJECTS)} - {account}"
        first_subject = f"{rng.choice(_FIRST_SUBJECTS)} - {account}"
        name = f"{contact['firstName']} {contact['lastName']}"
        frame = rng.choice(_FRAMES)  # drawn last: the facts do not depend on the wording
        return self.make_task(
            task_id,
            frame.format(contact=name, account=account, opp=opp["name"]),
            f"You are {OWNER}: your mailbox and the CRM you are signed in to are both open. "
            f"{name} <{contact['email']}>, the primary contact on \u201c{opp['name']}\u201d (now "
            f"in stage {opp['stage']}), sent two emails about it. The earlier one, "
            f"\u201c{first_subject}\u201d, floated {format_money(first_amount)} and "
            f"{long_date(first_close)}; the latest, \u201c{subject}\u201d, confirms "
            f"{format_money(amount)}, a close on {long_date(close)} and the move to {stage}.",
            opportunity=opp["name"], account=account, contact=name, contact_email=contact["email"],
            from_stage=opp["stage"], stage=stage, probability=STAGE_PROBABILITY[stage],
            amount_cents=amount, close_date=close, subject=subject, first_subject=first_subject,
            first_amount_cents=first_amount, first_close_date=first_close,
        )  # fmt: skip

    def worlds(self, task: TaskConfig) -> tuple[dict[str, Any], dict[str, Any]]:
        """``(mail, crm)`` initial worlds: the two emails in the mailbox, the deal in the CRM."""
        from cuagym.domains.mail._families._world import add_thread

        p = params_of(task)
        seed = build_seed()
        oid = next(k for k, o in seed["opportunities"].items() if o["name"] == p["opportunity"])
        mail, crm = office_worlds(task, protect={oid})
        rng = family_rng(task, "inject")
        first = p["contact"].split()[0]
        who = {"name": p["contact"], "email": p["contact_email"]}
        early = date(2025, 3, rng.randint(10, 11))
        add_thread(
            mail, who, p["first_subject"],
            f"Hi Nora,\n\nBefore we finalize {p['opportunity']}: we are looking at roughly "
            f"{format_money(p['first_amount_cents'])}, with a close around "
            f"{long_date(p['first_close_date'])}. I'll confirm once finance has signed off.\n\n"
            f"Best,\n{first}",
            _mail_date(early, rng),
        )  # fmt: skip
        add_thread(
            mail, who, p["subject"],
            f"Hi Nora,\n\nFinance signed off, so this replaces my earlier numbers. Please go "
            f"ahead with {format_money(p['amount_cents'])} for {p['opportunity']}; we plan to "
            f"sign by {long_date(p['close_date'])}. We are ready to move to {p['stage']} on our "
            f"side.\n\nThanks,\n{first}",
            _mail_date(early + timedelta(days=rng.randint(2, 3)), rng), unread=True,
        )  # fmt: skip
        return mail, crm

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = params_of(task)
        mail, crm = self.worlds(task)
        gold = copy.deepcopy(crm)
        oid = next(k for k, o in gold["opportunities"].items() if o["name"] == p["opportunity"])
        terms = {
            "stage": p["stage"],
            "amountCents": p["amount_cents"],
            "closeDate": p["close_date"],
        }
        update_record(gold, "opportunities", oid, terms)
        logged = {"subject": p["subject"], "type": "Email", "dueDate": None, "description": ""}
        create_activity(gold, "opportunity", oid, logged, completed=True, now=GEN_NOW)
        return GeneratedScripts(
            initial_setup=setup_script({"mail": mail, "crm": crm}, task.task_id),
            golden_patch=patch_script({"crm": record_edits(crm, gold)}, task.task_id),
        )

    def write_reward(self, task: TaskConfig) -> str:
        body = """
        oid = named(init, "opportunities", P["opportunity"])
        opp = cur["opportunities"].get(oid) or {}
        checks.append(("opportunity_found", 0, oid is not None, f"opportunity {oid}"))
        # The latest email's terms, not the earlier email's superseded ones.
        checks.append(("amount", 2, opp.get("amountCents") == P["amount_cents"], f"amountCents is {opp.get('amountCents')!r}"))
        checks.append(("close_date", 2, opp.get("closeDate") == P["close_date"], f"closeDate is {opp.get('closeDate')!r}"))
        checks.append(("stage", 2, opp.get("stage") == P["stage"], f"stage is {opp.get('stage')!r}"))
        checks.append(("probability", 1, opp.get("stage") == P["stage"] and opp.get("probability") == P["probability"], f"probability is {opp.get('probability')!r}"))
        new_acts = added(diff, "activities")
        logged = [cur["activities"][a] for a in new_acts
                  if (cur["activities"][a]["relatedType"], cur["activities"][a]["relatedId"]) == ("opportunity", oid)]
        act = logged[0] if len(logged) == 1 else {}
        checks.append(("email_logged", 2, bool(act) and act.get("status") == "Completed" and act.get("type") == "Email", f"{len(logged)} new activity(ies) on the deal; type {act.get('type')!r}, status {act.get('status')!r}"))
        checks.append(("logged_subject", 1, bool(act) and exact(act.get("subject")) == exact(P["subject"]), f"subject is {act.get('subject')!r}"))
        # Its date and comments are free (the email's date, a pasted excerpt): not part of the ask.
        checks.append(("one_activity", 0, len(new_acts) <= 1, f"{len(new_acts)} new activities"))
        terms = [f"opportunities.{oid}.{k}" for k in ("amountCents", "closeDate", "stage", "probability")]
        extra = diff_outside(diff, terms + ["activities." + a for a in new_acts])
        checks.append(("nothing_else_changed", 0, not extra, "other changes: " + listing(extra)))
        # The mailbox is only read: no reply, no label, no archive (a read flag only where the
        # account marks what it opens as read).
        opened = []
        if minit["settings"].get("markReadOnOpen"):
            opened = ["threads." + t + ".unread" for t in sorted(minit["threads"])]
        mail_extra = diff_outside(mdiff, opened)
        checks.append(("mailbox_untouched", 0, not mail_extra, "mail changes: " + listing(mail_extra)))
        """  # noqa: E501
        return compose_reward(
            header=f"# reward.py - {task.task_id}",
            imports="import json\n",
            libraries=[*WEB_LIBRARIES, _HELPERS],
            constants=f"P = json.loads({json.dumps(params_of(task), sort_keys=True)!r})",
            read=_READ,
            body=body,
        )


_READ = """
crm = hub_state("crm")
init, cur, diff = crm["initial_state"], crm["current_state"], crm["state_diff"]
mail = hub_state("mail")
minit, mdiff = mail["initial_state"], mail["state_diff"]
"""
