"""The writer world: business documents (memos, reports, contracts) built from small banks.

``sample_task`` picks the facts a task states (file, title, section headings, terms) with the
task RNG; ``files`` fills everything else (body sentences, numbers, names) with the Generator's
own RNG, so two tasks with the same facts still get different documents. Filler sentences never
contain a task's terms: they have no company names, no contract phrases and no headings.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

__all__ = [
    "BUDGETS",
    "COMPANIES",
    "MONTHS",
    "PEOPLE",
    "SECTIONS",
    "DocPlan",
    "body_blocks",
    "doc_spec",
    "filler",
    "heading_block",
    "para",
    "pick_plan",
]

Block = dict[str, Any]

COMPANIES: tuple[str, ...] = (
    "Northwind Traders",
    "Halvorsen Logistics",
    "Brightwater Foods",
    "Kestrel Analytics",
    "Marlow & Finch",
    "Oakridge Medical Supply",
    "Tidewater Energy",
    "Pinecrest Software",
    "Larkspur Labs",
    "Copperleaf Retail",
)

PEOPLE: tuple[str, ...] = (
    "Priya Raman",
    "Jonah Weiss",
    "Amara Okafor",
    "Lucas Moreau",
    "Mei Tanaka",
    "Daniel Sousa",
    "Hannah Becker",
    "Omar Haddad",
    "Sofia Lindqvist",
    "Arjun Mehta",
)

# (document title, file stem, what it is about — used in filler sentences)
SUBJECTS: tuple[tuple[str, str, str], ...] = (
    ("Warehouse Scanner Pilot Report", "scanner_pilot_report", "the scanner pilot"),
    ("Customer Onboarding Redesign", "onboarding_redesign", "the onboarding redesign"),
    ("Vendor Consolidation Review", "vendor_review", "the vendor consolidation"),
    ("Office Relocation Plan", "office_relocation", "the office move"),
    ("Quarterly Support Review", "support_review", "the support review"),
    ("Fleet Electrification Study", "fleet_study", "the fleet study"),
    ("Website Migration Plan", "website_migration", "the website migration"),
    ("Annual Security Audit", "security_audit", "the security audit"),
    ("Hybrid Work Policy Review", "hybrid_work_review", "the hybrid work review"),
    ("Loyalty Program Proposal", "loyalty_proposal", "the loyalty program"),
)

# Section headings in a plausible document order; plans take an ordered subset.
SECTIONS: tuple[str, ...] = (
    "Executive Summary",
    "Background",
    "Scope",
    "Methodology",
    "Findings",
    "Analysis",
    "Budget",
    "Timeline",
    "Stakeholders",
    "Recommendations",
    "Open Questions",
    "Next Steps",
)

TEAMS = ("operations", "finance", "customer success", "platform", "logistics", "facilities")
MONTHS = ("January", "February", "March", "April", "May", "June", "July", "September", "October")

#: Budget documents: (title, file stem, section holding the line-item table, line items with a
#: unit price range)
BUDGETS: tuple[tuple[str, str, str, tuple[tuple[str, float, float], ...]], ...] = (
    (
        "Team Offsite Budget",
        "offsite_budget",
        "Costs",
        (
            ("Venue hire (per day)", 400, 1500),
            ("Lunch (per person)", 12, 30),
            ("Coach transport", 300, 900),
            ("Facilitator (per day)", 500, 1200),
            ("Printed workbooks", 4, 15),
            ("Team dinner (per person)", 35, 80),
            ("Projector rental", 60, 150),
            ("Hotel room (per night)", 90, 220),
            ("Welcome packs", 8, 25),
            ("Photographer", 250, 700),
        ),
    ),
    (
        "Laptop Refresh Proposal",
        "laptop_refresh",
        "Equipment",
        (
            ("Laptop 14-inch", 800, 1400),
            ("Laptop 16-inch", 1200, 2200),
            ("Docking station", 120, 260),
            ("External monitor", 150, 400),
            ("Keyboard and mouse set", 35, 90),
            ("Laptop bag", 25, 70),
            ("Extended warranty", 90, 200),
            ("USB-C charger", 30, 75),
            ("Headset", 40, 150),
            ("Privacy screen", 25, 60),
        ),
    ),
    (
        "Warehouse Safety Upgrade",
        "safety_upgrade",
        "Purchases",
        (
            ("Safety helmet", 15, 45),
            ("High-visibility vest", 6, 20),
            ("First aid kit", 40, 120),
            ("Fire extinguisher", 45, 140),
            ("Anti-fatigue mat", 30, 90),
            ("Safety boots (pair)", 55, 140),
            ("Floor marking tape (roll)", 9, 25),
            ("Eye wash station", 150, 400),
            ("Ear protection", 8, 30),
            ("Warning sign", 10, 35),
        ),
    ),
)

_SENTENCES: tuple[str, ...] = (
    "In {month}, the {team} team reviewed {subject} across all {n} sites.",
    "Average handling time fell by {pct}% compared with the previous quarter.",
    "{person} coordinated the work with the finance and operations leads.",
    "The remaining open items are tracked on the shared project board.",
    "Feedback from the {n} participating customers was broadly positive.",
    "Costs stayed within the approved budget, with a small overrun on travel.",
    "Two vendors were shortlisted after the second round of interviews.",
    "The work exposed gaps in our internal documentation.",
    "We expect the change to free up roughly {n} hours per week.",
    "Training sessions for the {team} team are planned for {month}.",
    "Most of the delay came from waiting on third-party approvals.",
    "The current process relies on manual spreadsheets that are updated weekly.",
    "Complaints about late deliveries dropped by {pct}% over the period.",
    "A follow-up review will take place at the end of {month}.",
    "Data quality issues affected about {pct}% of the records we sampled.",
    "A phased rollout, starting with the largest site, keeps the risk manageable.",
    "Headcount stays unchanged; existing staff absorb the extra work.",
    "Progress will be reported monthly to the leadership team.",
    "{person} raised concerns about the reporting workload during the pilot.",
    "Usage grew steadily once the {team} team had access to the new tools.",
    "The steering group met {n} times and agreed on the main priorities.",
    "Several suppliers asked for longer notice periods before changes take effect.",
    "Survey responses show that {pct}% of staff prefer the new arrangement.",
    "Licensing costs are expected to rise by {pct}% next year.",
)


@dataclass(frozen=True)
class DocPlan:
    """The facts of one document that a task may state."""

    title: str
    path: str
    subject: str
    company: str
    author: str
    sections: tuple[str, ...]

    @property
    def file(self) -> str:
        return self.path.rsplit("/", 1)[-1]


def pick_plan(rng: random.Random, n_sections: int = 4, folder: str = "Documents") -> DocPlan:
    title, stem, subject = rng.choice(SUBJECTS)
    picked = sorted(rng.sample(range(len(SECTIONS)), n_sections))
    return DocPlan(
        title=title,
        path=f"/home/user/{folder}/{stem}.docx",
        subject=subject,
        company=rng.choice(COMPANIES),
        author=rng.choice(PEOPLE),
        sections=tuple(SECTIONS[i] for i in picked),
    )


def filler(rng: random.Random, subject: str, sentences: int = 3) -> str:
    """One body paragraph of plausible business prose."""
    picked = rng.sample(_SENTENCES, sentences)
    return " ".join(
        s.format(
            month=rng.choice(MONTHS),
            team=rng.choice(TEAMS),
            subject=subject,
            n=rng.randint(3, 40),
            pct=rng.randint(4, 35),
            person=rng.choice(PEOPLE),
        )
        for s in picked
    )


def para(text: str, fmt: str = "", **extra: Any) -> Block:
    return {"t": "para", "runs": [[text, fmt]], **extra}


def heading_block(text: str, level: int = 1) -> Block:
    return {"t": "heading", "level": level, "text": text}


def body_blocks(rng: random.Random, subject: str, low: int = 1, high: int = 3) -> list[Block]:
    return [para(filler(rng, subject, rng.randint(2, 4))) for _ in range(rng.randint(low, high))]


def doc_spec(plan: DocPlan, blocks: list[Block], **extra: Any) -> dict[str, Any]:
    """A docx file spec for the setup builder."""
    return {
        "kind": "docx",
        "path": plan.path,
        "title": plan.title,
        "author": plan.author,
        "blocks": blocks,
        **extra,
    }
