"""The hard families: lead conversion through the multi-step form, verified by values.

The reward checks the converted lead's status and the records it produced (matched by
content: names, e-mail, the lead's conversion links), never the screens the agent went through.
"""

from __future__ import annotations

import copy
import random
from typing import Any, ClassVar

from cuagym.core import Difficulty, TaskConfig
from cuagym.domains._family import GeneratedScripts

from .._convert import convert_defaults, matching_accounts, parse_convert_form
from .._fields import format_money, money_input
from .._ops import convert_lead, new_id
from .._schema import STAGE_PROBABILITY
from .._seed import build_seed, slug
from ._common import GEN_NOW, build_world, lead_of, params_of, reward_script
from ._records import FIRST, LAST, ME, TITLES, _Family, future_date, long_date, phone

__all__ = ["ConvertLeadExistingAccount", "ConvertLeadNewAccount"]

_PRODUCTS = ["Dispatch Rollout", "Scheduling Pilot", "Field Service Suite", "Route Planner"]
_SUFFIXES = [" Inc.", " LLC", " Holdings", " Group"]


def _convert(world: dict[str, Any], lid: str, overrides: dict[str, str]) -> dict[str, Any]:
    """The golden world: the real conversion form, prefilled from the lead, with edits."""
    gold = copy.deepcopy(world)
    form = convert_defaults(gold, gold["leads"][lid]) | overrides
    req, errors = parse_convert_form(gold, form)
    if req is None:  # pragma: no cover - a family bug, not an agent's
        raise ValueError(f"golden conversion form is invalid: {errors}")
    convert_lead(gold, lid, req, now=GEN_NOW)
    return gold


class ConvertLeadNewAccount(_Family):
    id: ClassVar[str] = "convert-lead-new-account"
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("leads", "convert", "new-account")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        lead = rng.choice([
            v for _, v in sorted(seed["leads"].items())
            if v["status"] in ("Working", "Qualified") and not matching_accounts(seed, v["company"])
        ])  # fmt: skip
        name = f"{lead['firstName']} {lead['lastName']}"
        account = lead["company"].removesuffix(" Co.") + rng.choice(_SUFFIXES)
        kind = rng.choice(["Customer", "Prospect"])
        title = rng.choice([t for t, _ in TITLES if t != lead["title"]])
        number = phone(rng)
        stage = rng.choice(["Qualification", "Needs Analysis", "Proposal"])
        amount = rng.randint(8, 90) * 500_000
        close = future_date(rng)
        opp = f"{lead['company']} - {rng.choice(_PRODUCTS)}"
        return self.make_task(
            task_id,
            f"Convert the lead {name} from {lead['company']}. Their company becomes a new account "
            f"named \"{account}\" of type {kind}. On the contact, set the title to \"{title}\" "
            f"and the phone to {number}. Also create the opportunity \"{opp}\" at the {stage} "
            f"stage, worth {format_money(amount)}, closing on {long_date(close)}.",
            f"The lead {name} ({lead['title']}, {lead['email']}) from {lead['company']} has status "
            f"{lead['status']}. No account for that company exists yet. You are signed in as {ME}.",
            first=lead["firstName"], last=lead["lastName"], company=lead["company"],
            email=lead["email"], account_name=account, account_type=kind, contact_title=title,
            contact_phone=number, opportunity=opp, stage=stage, amount_cents=amount,
            close_date=close, probability=STAGE_PROBABILITY[stage],
        )  # fmt: skip

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = params_of(task)
        lid = lead_of(build_seed(), p["first"], p["last"], p["company"])
        world = build_world(task, protect={lid})
        gold = _convert(world, lid, {
            "account.name": p["account_name"], "account.type": p["account_type"],
            "contact.title": p["contact_title"], "contact.phone": p["contact_phone"],
            "opportunity.name": p["opportunity"], "opportunity.stage": p["stage"],
            "opportunity.amountCents": money_input(p["amount_cents"]),
            "opportunity.closeDate": p["close_date"],
        })  # fmt: skip
        return self.scripts(task, world, gold)

    def write_reward(self, task: TaskConfig) -> str:
        body = """
        lid = lead_id(init, P["first"], P["last"], P["company"])
        lead = cur["leads"].get(lid) or {}
        accounts = [a for a in added(diff, "accounts") if norm(cur["accounts"][a]["name"]) == norm(P["account_name"])]
        aid = accounts[0] if len(accounts) == 1 else None
        acc = cur["accounts"].get(aid) or {}
        contacts = [c for c in added(diff, "contacts")
                    if norm(cur["contacts"][c]["firstName"]) == norm(P["first"])
                    and norm(cur["contacts"][c]["lastName"]) == norm(P["last"])]
        cid = contacts[0] if len(contacts) == 1 else None
        con = cur["contacts"].get(cid) or {}
        opps = [o for o in added(diff, "opportunities") if norm(cur["opportunities"][o]["name"]) == norm(P["opportunity"])]
        oid = opps[0] if len(opps) == 1 else None
        opp = cur["opportunities"].get(oid) or {}
        checks.append(("lead_converted", 2, lead.get("status") == "Converted", f"lead status is {lead.get('status')!r}"))
        checks.append(("account_created", 2, aid is not None, f"{len(accounts)} new account(s) named {P['account_name']!r}"))
        checks.append(("account_type", 1, aid is not None and acc.get("type") == P["account_type"], f"type is {acc.get('type')!r}"))
        checks.append(("lead_links_account", 1, aid is not None and lead.get("convertedAccountId") == aid, f"convertedAccountId is {lead.get('convertedAccountId')!r}"))
        checks.append(("contact_on_account", 2, cid is not None and aid is not None and con.get("accountId") == aid, f"{len(contacts)} new contact(s); accountId {con.get('accountId')!r}"))
        checks.append(("contact_email", 1, cid is not None and norm(con.get("email")) == norm(P["email"]), f"email is {con.get('email')!r}"))
        checks.append(("contact_title", 1, norm(con.get("title")) == norm(P["contact_title"]), f"title is {con.get('title')!r}"))
        checks.append(("contact_phone", 1, cid is not None and digits(con.get("phone")) == digits(P["contact_phone"]), f"phone is {con.get('phone')!r}"))
        checks.append(("opportunity_created", 1, oid is not None and lead.get("convertedOpportunityId") == oid, f"{len(opps)} new opportunity(ies) named {P['opportunity']!r}"))
        checks.append(("opportunity_links", 1, oid is not None and opp.get("accountId") == aid and opp.get("contactId") == cid, f"accountId {opp.get('accountId')!r}, contactId {opp.get('contactId')!r}"))
        checks.append(("opportunity_stage", 1, opp.get("stage") == P["stage"], f"stage is {opp.get('stage')!r}"))
        checks.append(("opportunity_amount", 1, opp.get("amountCents") == P["amount_cents"], f"amountCents is {opp.get('amountCents')!r}"))
        checks.append(("opportunity_close", 1, opp.get("closeDate") == P["close_date"], f"closeDate is {opp.get('closeDate')!r}"))
        extra = sorted(
            path for path in diff
            if not path.startswith(f"leads.{lid}.")
            and not (path.partition(".")[0] in ("accounts", "contacts", "opportunities") and diff[path]["op"] == "added")
        )
        checks.append(("nothing_else_changed", 0, lid is not None and not extra, f"other changes: {extra[:5]}"))
        checks.append(("one_of_each", 0, len(added(diff, "accounts")) <= 1 and len(added(diff, "contacts")) <= 1 and len(added(diff, "opportunities")) <= 1, "no duplicate records"))
        """  # noqa: E501
        return reward_script(params_of(task), body, self.id)


class ConvertLeadExistingAccount(_Family):
    id: ClassVar[str] = "convert-lead-existing-account"
    difficulty: ClassVar[Difficulty] = "hard"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("leads", "convert", "existing-account")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        seed = build_seed()
        account = rng.choice([a for _, a in sorted(seed["accounts"].items())])
        first, last = rng.choice(FIRST), rng.choice(LAST)
        company = account["name"].removesuffix(" Co.") + rng.choice(_SUFFIXES)
        title, dept = rng.choice(TITLES)
        email = f"{slug(first)[0]}{slug(last)}@{account['website'].removeprefix('www.')}"
        number = phone(rng)
        status = rng.choice(["Working", "Qualified"])
        owner = rng.choice(["u-dana", "u-leo", "u-gabe"])
        owner_name = seed["users"][owner]["name"]
        name = f"{first} {last}"
        return self.make_task(
            task_id,
            f"{name} (a lead from \"{company}\") works for our existing account {account['name']}. "
            f"Convert the lead onto that account: don't create a new account or an opportunity, "
            f"and put the contact in the {dept} department.",
            f"The lead {name}, {title} at \"{company}\" ({email}, {number}), has status {status} "
            f"and is owned by {owner_name}. The account {account['name']} already exists with its "
            f"own contacts. You are signed in as {ME}.",
            first=first, last=last, company=company, title=title, email=email, phone=number,
            status=status, owner=owner_name, account=account["name"], department=dept,
        )  # fmt: skip

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = params_of(task)
        seed = build_seed()
        aid = next(k for k, a in seed["accounts"].items() if a["name"] == p["account"])
        world = build_world(task, protect={aid})
        lid = new_id(world, "leads")
        owner = next(k for k, u in world["users"].items() if u["name"] == p["owner"])
        account = world["accounts"][aid]
        world["leads"][lid] = {
            "id": lid, "salutation": None, "firstName": p["first"], "lastName": p["last"],
            "company": p["company"], "title": p["title"], "email": p["email"], "phone": p["phone"],
            "mobile": "", "website": account["website"], "industry": account["industry"],
            "leadSource": "Web", "status": p["status"], "rating": "Warm", "employees": None,
            "annualRevenueCents": None, "street": account["billingStreet"],
            "city": account["billingCity"], "state": account["billingState"],
            "postalCode": account["billingPostalCode"], "country": account["billingCountry"],
            "description": "", "ownerId": owner, "createdAt": "2026-11-24T16:20:00Z",
            "convertedAt": None, "convertedAccountId": None, "convertedContactId": None,
            "convertedOpportunityId": None,
        }  # fmt: skip
        gold = _convert(world, lid, {
            "accountMode": "existing", "existingAccountId": aid,
            "contact.department": p["department"], "createOpportunity": "",
        })  # fmt: skip
        return self.scripts(task, world, gold)

    def write_reward(self, task: TaskConfig) -> str:
        body = """
        lid = lead_id(init, P["first"], P["last"], P["company"])
        lead = cur["leads"].get(lid) or {}
        aid = named(init, "accounts", P["account"])
        contacts = [c for c in added(diff, "contacts")
                    if norm(cur["contacts"][c]["firstName"]) == norm(P["first"])
                    and norm(cur["contacts"][c]["lastName"]) == norm(P["last"])]
        cid = contacts[0] if len(contacts) == 1 else None
        con = cur["contacts"].get(cid) or {}
        checks.append(("lead_converted", 2, lead.get("status") == "Converted", f"lead status is {lead.get('status')!r}"))
        checks.append(("lead_links_existing_account", 3, aid is not None and lead.get("convertedAccountId") == aid, f"convertedAccountId is {lead.get('convertedAccountId')!r}"))
        checks.append(("contact_on_account", 2, cid is not None and aid is not None and con.get("accountId") == aid and lead.get("convertedContactId") == cid, f"{len(contacts)} new contact(s); accountId {con.get('accountId')!r}"))
        checks.append(("contact_department", 1, norm(con.get("department")) == norm(P["department"]), f"department is {con.get('department')!r}"))
        checks.append(("contact_email", 1, cid is not None and norm(con.get("email")) == norm(P["email"]), f"email is {con.get('email')!r}"))
        checks.append(("no_new_account", 0, not added(diff, "accounts"), f"new accounts: {added(diff, 'accounts')}"))
        checks.append(("no_opportunity", 0, not added(diff, "opportunities") and lead.get("convertedOpportunityId") is None, f"new opportunities: {added(diff, 'opportunities')}"))
        extra = sorted(
            path for path in diff
            if not path.startswith(f"leads.{lid}.") and not (path.partition(".")[0] == "contacts" and diff[path]["op"] == "added")
        )
        checks.append(("nothing_else_changed", 0, lid is not None and not extra, f"other changes: {extra[:5]}"))
        """  # noqa: E501
        return reward_script(params_of(task), body, self.id)
