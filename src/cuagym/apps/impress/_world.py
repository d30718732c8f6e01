"""The impress world: business decks built from a pool of titled slides.

``sample_task`` picks the deck (file, title, which slides in which order): the context states
the slide titles, because rewards identify slides by title. ``files`` adds what the task does
not state (speaker notes on other slides, the subtitle's date) with the Generator's RNG.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

__all__ = ["POOL", "DeckPlan", "deck_spec", "pick_deck", "slide_list"]

Slide = dict[str, Any]

# (deck title, file stem, company)
DECKS: tuple[tuple[str, str, str], ...] = (
    ("Q3 Business Review", "q3_business_review", "Northwind Traders"),
    ("Project Atlas Kickoff", "atlas_kickoff", "Halvorsen Logistics"),
    ("Customer Success Update", "customer_success_update", "Pinecrest Software"),
    ("Sales Strategy 2025", "sales_strategy_2025", "Copperleaf Retail"),
    ("Board Meeting Briefing", "board_briefing", "Tidewater Energy"),
    ("Operations Monthly Update", "operations_update", "Brightwater Foods"),
)

# Slide title -> bullet points. No bullet contains a word of the typo family's list.
POOL: dict[str, tuple[str, ...]] = {
    "Where We Are Today": (
        "Three sites live on the new process",
        "Order volume up 12% on last year",
        "Support backlog down to two days",
    ),
    "Goals for Next Quarter": (
        "Launch the partner portal",
        "Cut onboarding time to one week",
        "Reach 95% on-time delivery",
    ),
    "Customer Feedback": (
        "NPS rose from 31 to 38",
        "Most praised: faster replies",
        "Most requested: better reporting",
        "Two enterprise renewals at risk",
    ),
    "Key Metrics": (
        "Revenue: $4.2M (+9%)",
        "Gross margin: 61%",
        "Churn: 1.8% monthly",
        "Active accounts: 1,240",
    ),
    "Budget Overview": (
        "Spend at 48% of the annual plan",
        "Travel over plan by $18k",
        "Hiring budget unchanged",
    ),
    "Timeline": (
        "Design complete by 15 May",
        "Pilot in two regions in June",
        "Full rollout in September",
    ),
    "Team and Roles": (
        "Sponsor: Priya Raman",
        "Project lead: Lucas Moreau",
        "Analysts: Mei Tanaka, Omar Haddad",
    ),
    "Risks and Mitigations": (
        "Vendor delays: second supplier lined up",
        "Staff turnover: cross-training plan",
        "Data migration: dry run in July",
    ),
    "Competitive Landscape": (
        "Two new entrants in the mid-market",
        "Price pressure on small plans",
        "Our edge: integrations and support",
    ),
    "Pricing Update": (
        "List prices rise 4% in January",
        "Legacy plans retired in March",
        "Discount approvals move to finance",
    ),
    "Hiring Plan": (
        "Six engineers by year end",
        "Two customer success managers",
        "One data analyst",
    ),
    "Product Roadmap": (
        "Q3: reporting dashboards",
        "Q4: mobile app refresh",
        "Q1: single sign-on for all plans",
    ),
    "Lessons Learned": (
        "Start legal review earlier",
        "Keep pilot groups small",
        "Share weekly status in one place",
    ),
    "Open Questions": (
        "Who owns the partner programme?",
        "Do we renew the warehouse lease?",
        "How do we measure adoption?",
    ),
}

_CLOSERS = ("Next Steps", "Questions?", "Thank You")


@dataclass(frozen=True)
class DeckPlan:
    """The facts of one deck a task may state: file, title, and slide titles in order."""

    title: str
    path: str
    company: str
    slides: tuple[str, ...]  # every slide's title, the title slide first

    @property
    def file(self) -> str:
        return self.path.rsplit("/", 1)[-1]


def pick_deck(rng: random.Random, n_content: int = 6, avoid: tuple[str, ...] = ()) -> DeckPlan:
    title, stem, company = rng.choice(DECKS)
    pool = [t for t in POOL if t not in avoid]
    content = rng.sample(pool, n_content)
    return DeckPlan(
        title=title,
        path=f"/home/user/Documents/{stem}.pptx",
        company=company,
        slides=(title, *content, rng.choice(_CLOSERS)),
    )


_NEXT_STEPS = ("Confirm owners by Friday", "Circulate the minutes", "Book the follow-up review")
_NOTES = (
    "Pause here for questions from the floor.",
    "Mention that the numbers are still preliminary.",
    "Hand over to the project lead for this slide.",
    "Keep this one short: two minutes at most.",
)


def slide_list(rng: random.Random, plan: DeckPlan, notes: bool = True) -> list[Slide]:
    """The slides of ``plan``: a title slide, pool slides with bullets, a closing slide."""
    month = rng.choice(["March", "June", "September", "November"])
    slides: list[Slide] = [
        {"layout": 0, "title": plan.slides[0], "subtitle": f"{plan.company} \u00b7 {month} 2025"}
    ]
    for title in plan.slides[1:]:
        if title in POOL:
            slides.append({"layout": 1, "title": title, "bullets": list(POOL[title])})
        elif title == "Next Steps":
            slides.append({"layout": 1, "title": title, "bullets": list(_NEXT_STEPS)})
        else:
            slides.append({"layout": 5, "title": title})
    if notes:
        for slide in rng.sample(slides[1:], 2):
            slide["notes"] = rng.choice(_NOTES)
    return slides


def deck_spec(plan: DeckPlan, slides: list[Slide]) -> dict[str, Any]:
    return {"kind": "pptx", "path": plan.path, "title": plan.title, "slides": slides}
