"""The hard families: lead conversion through the multi-step form, verified by values.

The reward checks the converted lead's status and the records it produced (matched by
content: names, e-mail, the lead's conversion links), never the screens the agent went through.
"""

from __future__ import annotations

import copy
import random
from typing import Any, ClassVar

from cuagym.apps.crm import (
    STAGE_PROBABILITY,
    build_seed,
    format_money,
    long_date,
    money_input,
    phone,
    slug,
)
from cuagym.apps.crm.ops import (
    convert_defaults,
    convert_lead,
    matching_accounts,
    new_id,
    parse_convert_form,
)
from cuagym.apps.crm.pools import FIRST, LAST, TITLES
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskParams
from cuagym.families.crm._common import (
    GEN_NOW,
    build_world,
    lead_of,
    params_of,
    reward_script,
)
from cuagym.families.crm._records import ME, _Family, future_date
from cuagym.scripts import inlined_file

__all__ = ["ConvertLeadExistingAccount", "ConvertLeadNewAccount"]

#: the package of this module's reward checks (one module per family)
_CHECKS = "cuagym.families.crm._checks"

_PRODUCTS = ["Dispatch Rollout", "Scheduling Pilot", "Field Service Suite", "Route Planner"]
_SUFFIXES = [" Inc.", " LLC", " Holdings", " Group"]

# Sentence frames: each states every fact the reward checks, in its own words. Company and
# account names may end in a period ("Cascade Elevator Co.", "Atlas Inc."): no frame ends a
# sentence on one.
_NEW_ACCOUNT_FRAMES = (
    'Convert the lead {name} from {company} into a new account named "{account}" of type '
    '{kind}. On the contact, set the title to "{title}" and the phone to {phone}. Also create '
    'the opportunity "{opp}" at the {stage} stage, worth {money}, closing on {close}.',
    'Convert {name}\'s lead ({company}): a new {kind} account called "{account}", a contact '
    'whose title is "{title}" and phone is {phone}, and an opportunity "{opp}" in the {stage} '
    "stage worth {money} that closes on {close}.",
    '{name} of {company} is ready to buy. Convert the lead, creating the account "{account}" '
    '(type {kind}); give the contact the title "{title}" and the phone number {phone}; open the '
    'deal "{opp}" at {stage} for {money}, expected to close on {close}.',
    'Please turn the lead {name} ({company}) into a new account "{account}" of the {kind} '
    'type, with its contact titled "{title}" (phone {phone}) and an opportunity "{opp}": '
    "{stage} stage, {money}, closing {close}.",
    "Time to convert {name}, our lead at {company}, onto a brand-new account. Name it "
    '"{account}" and make it a {kind}; the contact gets "{title}" as the title and {phone} as '
    'the phone; the opportunity "{opp}" is worth {money}, sits in stage {stage} and closes on '
    "{close}.",
)
_EXISTING_ACCOUNT_FRAMES = (
    '{name} (a lead from "{company}") works for our existing account {account}, so convert the '
    "lead onto that account: don't create a new account or an opportunity, and put the contact "
    "in the {dept} department.",
    'Convert the lead {name} ("{company}") onto {account}, an account we already have. No new '
    "account and no opportunity; the contact's department should be {dept}.",
    'The lead {name} from "{company}" is really part of our existing account {account}: attach '
    "the conversion to it without creating an opportunity or another account, with {dept} as "
    "the contact's department.",
    'Please convert {name}\'s lead ("{company}") so the contact lands in the {dept} department '
    "of the existing account {account}; skip the opportunity and add no new account.",
    '{name}, listed as a lead at "{company}", belongs to {account}, which is already in the CRM. '
    "Turn the lead into a contact there in the {dept} department, with no new account or "
    "opportunity.",
)


def with_suffix(name: str, suffix: str) -> str:
    """A company's legal name, ``name`` and ``suffix`` ("Acme" + " Inc."), never the name
    itself: a name that already ends with the suffix's word takes the next suffix instead
    ("Keystone Property Group" + " Group" is "Keystone Property Group Inc.", not "... Group
    Group"), and "Co." is replaced, not stacked ("Cascade Elevator Co." + " LLC")."""
    base = name.removesuffix(" Co.")
    if base.rsplit(" ", 1)[-1] == suffix.strip():
        suffix = _SUFFIXES[(_SUFFIXES.index(suffix) + 1) % len(_SUFFIXES)]
    return base + suffix


def _convert(world: dict[str, Any], lid: str, overrides: dict[str, str]) -> dict[str, Any]:
    """The golden world: the real conversion form, prefilled from the lead, with edits."""
    gold = copy.deepcopy(world)
    form = convert_defaults(gold, gold["leads"][lid]) | overrides
    req, errors = parse_convert_form(gold, form)
    if req is None:  # pragma: no cover - a family bug, not an agent's
        raise ValueError(f"golden conversion form is invalid: {errors}")
    convert_lead(gold, lid, req, now=GEN_NOW)
    return gold


class ConvertLeadNewAccountParams(TaskParams):
    """``convert-lead-new-account``'s task parameters."""

    first: str
    last: str
    company: str
    email: str
    account_name: str
    account_type: str
    contact_title: str
    contact_phone: str
    opportunity: str
    stage: str
    amount_cents: int
    close_date: str
    probability: int


class ConvertLeadNewAccount(_Family):
    id: ClassVar[str] = "convert-lead-new-account"
    params_type = ConvertLeadNewAccountParams
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("leads", "convert", "new-account")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        lead = rng.choice([
            v for _, v in sorted(seed["leads"].items())
            if v["status"] in ("Working", "Qualified") and not matching_accounts(seed, v["company"])
        ])  # fmt: skip
        name = f"{lead['firstName']} {lead['lastName']}"
        account = with_suffix(lead["company"], rng.choice(_SUFFIXES))
        kind = rng.choice(["Customer", "Prospect"])
        title = rng.choice([t for t, _ in TITLES if t != lead["title"]])
        number = phone(rng)
        stage = rng.choice(["Qualification", "Needs Analysis", "Proposal"])
        amount = rng.randint(8, 90) * 500_000
        close = future_date(rng)
        opp = f"{lead['company']} - {rng.choice(_PRODUCTS)}"
        frame = rng.choice(_NEW_ACCOUNT_FRAMES)  # drawn last: the facts stay those of the seed
        return self.make_task(
            task_id,
            frame.format(name=name, company=lead["company"], account=account, kind=kind,
                         title=title, phone=number, opp=opp, stage=stage,
                         money=format_money(amount), close=long_date(close)),
            f"The lead {name} ({lead['title']}, {lead['email']}) from {lead['company']} has status "
            f"{lead['status']}. No account for that company exists yet. You are signed in as {ME}.",
            first=lead["firstName"], last=lead["lastName"], company=lead["company"],
            email=lead["email"], account_name=account, account_type=kind, contact_title=title,
            contact_phone=number, opportunity=opp, stage=stage, amount_cents=amount,
            close_date=close, probability=STAGE_PROBABILITY[stage],
        )  # fmt: skip

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = ConvertLeadNewAccountParams.of(task)
        lid = lead_of(build_seed(), p.first, p.last, p.company)
        world = build_world(task, protect={lid})
        gold = _convert(world, lid, {
            "account.name": p.account_name, "account.type": p.account_type,
            "contact.title": p.contact_title, "contact.phone": p.contact_phone,
            "opportunity.name": p.opportunity, "opportunity.stage": p.stage,
            "opportunity.amountCents": money_input(p.amount_cents),
            "opportunity.closeDate": p.close_date,
        })  # fmt: skip
        return self.scripts(task, world, gold)

    def write_reward(self, task: TaskConfig) -> str:
        body = inlined_file(_CHECKS, "convert_lead_new_account.py")
        return reward_script(params_of(task), body, self.id)


class ConvertLeadExistingAccountParams(TaskParams):
    """``convert-lead-existing-account``'s task parameters."""

    first: str
    last: str
    company: str
    title: str
    email: str
    phone: str
    status: str
    owner: str
    account: str
    department: str


class ConvertLeadExistingAccount(_Family):
    id: ClassVar[str] = "convert-lead-existing-account"
    params_type = ConvertLeadExistingAccountParams
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("leads", "convert", "existing-account")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        account = rng.choice([a for _, a in sorted(seed["accounts"].items())])
        first, last = rng.choice(FIRST), rng.choice(LAST)
        company = with_suffix(account["name"], rng.choice(_SUFFIXES))
        title, dept = rng.choice(TITLES)
        email = f"{slug(first)[0]}{slug(last)}@{account['website'].removeprefix('www.')}"
        number = phone(rng)
        status = rng.choice(["Working", "Qualified"])
        owner = rng.choice(["u-dana", "u-leo", "u-gabe"])
        owner_name = seed["users"][owner]["name"]
        name = f"{first} {last}"
        frame = rng.choice(_EXISTING_ACCOUNT_FRAMES)
        return self.make_task(
            task_id,
            frame.format(name=name, company=company, account=account["name"], dept=dept),
            f"The lead {name}, {title} at \"{company}\" ({email}, {number}), has status {status} "
            f"and is owned by {owner_name}. The account {account['name']} already exists with its "
            f"own contacts. You are signed in as {ME}.",
            first=first, last=last, company=company, title=title, email=email, phone=number,
            status=status, owner=owner_name, account=account["name"], department=dept,
        )  # fmt: skip

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = ConvertLeadExistingAccountParams.of(task)
        seed = build_seed()
        aid = next(k for k, a in seed["accounts"].items() if a["name"] == p.account)
        world = build_world(task, protect={aid})
        lid = new_id(world, "leads")
        owner = next(k for k, u in world["users"].items() if u["name"] == p.owner)
        account = world["accounts"][aid]
        world["leads"][lid] = {
            "id": lid, "salutation": None, "firstName": p.first, "lastName": p.last,
            "company": p.company, "title": p.title, "email": p.email, "phone": p.phone,
            "mobile": "", "website": account["website"], "industry": account["industry"],
            "leadSource": "Web", "status": p.status, "rating": "Warm", "employees": None,
            "annualRevenueCents": None, "street": account["billingStreet"],
            "city": account["billingCity"], "state": account["billingState"],
            "postalCode": account["billingPostalCode"], "country": account["billingCountry"],
            "description": "", "ownerId": owner, "createdAt": "2026-11-24T16:20:00Z",
            "convertedAt": None, "convertedAccountId": None, "convertedContactId": None,
            "convertedOpportunityId": None,
        }  # fmt: skip
        gold = _convert(world, lid, {
            "accountMode": "existing", "existingAccountId": aid,
            "contact.department": p.department, "createOpportunity": "",
        })  # fmt: skip
        return self.scripts(task, world, gold)

    def write_reward(self, task: TaskConfig) -> str:
        body = inlined_file(_CHECKS, "convert_lead_existing_account.py")
        return reward_script(params_of(task), body, self.id)
