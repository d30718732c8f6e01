"""What a plan must satisfy beyond its schema, checked by code before anything is written.

Each problem is one line that starts with what it is about (``release:``, ``palette:``,
``assets:``, ``SKILL.md:``, ``taxonomy.yaml:``, ``entities:``, ``invariants:``, ``routes:``,
``features:``) so a model (or a person) can find and fix it.
"""

from __future__ import annotations

import re
from collections import Counter

from cuagym.appgen._forms import skill_problems, taxonomy_problems
from cuagym.appgen._plan_models import AppPlan
from cuagym.appgen._release import BrandList
from cuagym.appgen._render import render_skill, render_taxonomy
from cuagym.apps.webkit import NEUTRAL_PALETTE

__all__ = ["plan_problems"]

_URL = re.compile(r"^[a-z]+://", re.IGNORECASE)
_IMAGE = re.compile(r"\.(png|jpe?g|gif|svg|webp|ico)$", re.IGNORECASE)
_BRAND_WORDS = ("logo", "brand", "trademark")
#: the paper's terms-sensitive fields: their mocks get a person's review of the terms
TERMS_SENSITIVE = frozenset({"Finance / payments", "Healthcare / legal", "Government / education"})


def plan_problems(plan: AppPlan, product: str = "") -> list[str]:
    """Every problem of ``plan``; ``product``: the real product it stands in for (a brand)."""
    brands = BrandList.load(product)
    return [
        *_release(plan, brands),
        *_entities(plan),
        *_routes(plan),
        *skill_problems(render_skill(plan)),
        *taxonomy_problems(render_taxonomy(plan), plan.app_id),
    ]


def _release(plan: AppPlan, brands: BrandList) -> list[str]:
    problems = []
    for what, text in (
        ("app_id", plan.app_id),
        ("title", plan.title),
        ("generic name", plan.release.generic_name),
    ):
        for name in brands.found_in(text):
            problems.append(f"release: the {what} {text!r} names the product {name!r}")
    for route in plan.routes:
        for name in brands.found_in(route.title):
            problems.append(f"release: route {route.path} is titled after {name!r}")
    for path, control in plan.controls():
        for name in brands.found_in(control.label):
            problems.append(f"release: control {control.testid} on {path} names {name!r}")
    if plan.category in TERMS_SENSITIVE and not plan.release.terms_review:
        problems.append(
            f"release: a {plan.category} mock needs terms_review (a person reviews the terms)"
        )
    if not plan.release.original_copy:
        problems.append("release: the copy must be original (original_copy is false)")
    if plan.theme.accent not in NEUTRAL_PALETTE:
        known = ", ".join(NEUTRAL_PALETTE)
        problems.append(
            f"palette: accent {plan.theme.accent!r} is not in the neutral palette ({known})"
        )
    for asset in plan.release.brand_assets:
        problems.append(f"assets: brand asset {asset!r} (ship no logos or brand images)")
    for asset in plan.release.assets:
        if _URL.match(asset):
            problems.append(f"assets: {asset!r} is on another site (ship no remote files)")
        elif _IMAGE.search(asset) and any(w in asset.lower() for w in _BRAND_WORDS):
            problems.append(f"assets: {asset!r} looks like a logo or brand image")
    return problems


def _entities(plan: AppPlan) -> list[str]:
    problems = []
    names = Counter(e.name for e in plan.entities)
    collections = Counter(e.collection for e in plan.entities)
    problems += [f"entities: {n!r} is declared {k} times" for n, k in names.items() if k > 1]
    problems += [
        f"entities: collection {c!r} is used by {k} entities"
        for c, k in collections.items()
        if k > 1
    ]
    fields = {e.name: {f.name: f for f in e.fields} for e in plan.entities}
    for entity in plan.entities:
        seen = Counter(f.name for f in entity.fields)
        problems += [
            f"entities: {entity.name}.{n} is declared twice" for n, k in seen.items() if k > 1
        ]
        for field in entity.fields:
            where = f"entities: {entity.name}.{field.name}"
            if field.ref is not None and field.ref not in names:
                problems.append(f"{where} references {field.ref!r}, which is no entity")
            if field.type == "reference" and field.ref is None:
                problems.append(f"{where} is a reference without ref (name the entity)")
            if field.type == "enum" and len(field.values) < 2:
                problems.append(f"{where} is an enum with fewer than two values")
    for inv in plan.invariants:
        if inv.entity not in fields:
            problems.append(f"invariants: {inv.rule!r} constrains {inv.entity!r}, no entity")
        elif inv.field not in fields[inv.entity]:
            problems.append(
                f"invariants: {inv.rule!r} constrains {inv.entity}.{inv.field}, no such field"
            )
    return problems


def _routes(plan: AppPlan) -> list[str]:
    problems = []
    paths = Counter(r.path for r in plan.routes)
    problems += [f"routes: {p} is declared {k} times" for p, k in paths.items() if k > 1]
    if "/" not in paths:
        problems.append("routes: no home route '/'")
    for route in plan.routes:
        ids = Counter(c.testid for s in route.components for c in s.controls)
        problems += [
            f"routes: {route.path} has {k} controls with data-testid {t!r}"
            for t, k in ids.items()
            if k > 1
        ]
    for feature in plan.features:
        for path in feature.routes:
            if path not in paths:
                problems.append(f"features: {feature.id} is done on {path}, which is no route")
    return problems
