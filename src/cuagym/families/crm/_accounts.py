"""Families on accounts: creating a company record with typed fields."""

from __future__ import annotations

import copy
import random
from typing import ClassVar

from cuagym.apps.crm import format_money, phone
from cuagym.apps.crm.ops import create_record
from cuagym.core import Difficulty, TaskConfig
from cuagym.families._family import GeneratedScripts, TaskParams
from cuagym.families.crm._common import GEN_NOW, build_world, params_of, reward_script
from cuagym.families.crm._records import ME, _Family
from cuagym.scripts import inlined_file

__all__ = ["CreateAccount"]

#: the package of this module's reward checks (one module per family)
_CHECKS = "cuagym.families.crm._checks"

# (name, web domain, industry, billing city, billing state): none of them is in the seed.
_COMPANIES = (
    ("Lakeview Transit Services", "lakeviewtransit.example", "Transportation", "Madison", "WI"),
    ("Silver Creek Utilities", "silvercreek-utilities.example", "Utilities", "Boise", "ID"),
    ("Northwind Cold Storage", "northwindcold.example", "Logistics", "Duluth", "MN"),
    ("Prairie Lane Senior Care", "prairielane.example", "Healthcare", "Lincoln", "NE"),
    ("Harbor Light Hotels", "harborlighthotels.example", "Hospitality", "Portland", "ME"),
    ("Quarry Ridge Construction", "quarryridge.example", "Construction", "Knoxville", "TN"),
    ("Beacon Hill Academies", "beaconhillacademies.example", "Education", "Worcester", "MA"),
    ("Tallpine Energy Partners", "tallpine-energy.example", "Energy", "Tulsa", "OK"),
)

# Sentence frames: each gives every field the reward checks; the revenue in dollars.
_FRAMES = (
    "Create an account for {name}: a {type} in {industry}, website {website}, phone {phone}, "
    "{employees} employees, annual revenue {revenue}, billed in {city}, {state}.",
    "We are starting to work with {name} ({website}). Add them to the CRM as a {type} account "
    "in the {industry} industry with {employees} employees, {revenue} in annual revenue, the "
    "phone number {phone} and a billing address in {city}, {state}.",
    "Please set up {name} as a new account. Type: {type}; industry: {industry}; website: "
    "{website}; phone: {phone}; employees: {employees}; annual revenue: {revenue}; billing "
    "city and state: {city}, {state}.",
    "{name} needs an account record: it is a {industry} company ({type}) based in {city}, "
    "{state}, with {employees} staff and {revenue} of yearly revenue. Its website is {website} "
    "and its phone {phone}.",
    "Add the company {name} to our accounts with the type {type}, the industry {industry}, "
    "{revenue} annual revenue and {employees} employees; contact details {website} and "
    "{phone}; billing city {city}, state {state}.",
)


class CreateAccountParams(TaskParams):
    """``create-account``'s task parameters."""

    name: str
    type: str
    industry: str
    website: str
    phone: str
    employees: int
    annual_revenue_cents: int
    city: str
    state: str


class CreateAccount(_Family):
    id: ClassVar[str] = "create-account"
    params_type = CreateAccountParams
    difficulty: ClassVar[Difficulty] = "medium"
    taxonomy_path: ClassVar[tuple[str, ...]] = ("accounts", "manage", "new-account")

    def sample_task(self, rng: random.Random, task_id: str) -> TaskConfig:
        name, domain, industry, city, state = rng.choice(_COMPANIES)
        kind = rng.choice(["Prospect", "Customer", "Partner"])
        number = phone(rng)
        employees = rng.randint(4, 90) * 25
        revenue = rng.randint(8, 400) * 25_000 * 100  # whole dollars, in cents
        website = f"www.{domain}"
        frame = rng.choice(_FRAMES)  # drawn last: the facts do not depend on the wording
        return self.make_task(
            task_id,
            frame.format(name=name, type=kind, industry=industry, website=website, phone=number,
                         employees=f"{employees:,}", revenue=format_money(revenue), city=city,
                         state=state),
            f"There is no account for {name} in the CRM yet. Accounts have a type, an industry, "
            f"a website, a phone, an employee count, an annual revenue in dollars and a billing "
            f"address. You are signed in as {ME}.",
            name=name, type=kind, industry=industry, website=website, phone=number,
            employees=employees, annual_revenue_cents=revenue, city=city, state=state,
        )  # fmt: skip

    def generate(self, task: TaskConfig) -> GeneratedScripts:
        p = CreateAccountParams.of(task)
        world = build_world(task)
        gold = copy.deepcopy(world)
        values = {
            "name": p.name, "type": p.type, "industry": p.industry, "rating": None,
            "website": p.website, "phone": p.phone, "employees": p.employees,
            "annualRevenueCents": p.annual_revenue_cents, "billingStreet": "",
            "billingCity": p.city, "billingState": p.state, "billingPostalCode": "",
            "billingCountry": "", "description": "", "ownerId": world["currentUser"],
        }  # fmt: skip
        create_record(gold, "accounts", values, now=GEN_NOW)
        return self.scripts(task, world, gold)

    def write_reward(self, task: TaskConfig) -> str:
        body = inlined_file(_CHECKS, "create_account.py")
        return reward_script(params_of(task), body, self.id)
