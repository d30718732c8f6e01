"""The seed's issues, written as literal data (see ``_seed``).

Dates are ``MM-DD HH:MM`` in 2025, UTC. People are short names (``priya`` is ``u-priya``),
sprints short ids (``w23`` is ``spr-web-23``). Within a project, the order of this list is the
rank order (the backlog's top-to-bottom order).
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["ISSUES", "SeedIssue"]


@dataclass(frozen=True)
class SeedIssue:
    key: str
    type: str
    title: str
    status: str
    priority: str
    assignee: str | None
    reporter: str
    labels: tuple[str, ...]
    points: int | None
    sprint: str | None
    parent: str | None
    created: str
    description: str = ""
    comments: tuple[tuple[str, str, str], ...] = field(default_factory=tuple)


S = SeedIssue
# fmt: off
WEB: list[SeedIssue] = [
    S("WEB-1", "epic", "Checkout redesign", "in-progress", "high", "nina", "nina",
      ("checkout",), None, None, None, "01-06 10:00",
      "Cut checkout from four steps to one page and make payment faster for returning "
      "customers. Success metric: checkout completion rate from 61% to 70% by end of Q1."),
    S("WEB-2", "epic", "Search relevance improvements", "todo", "medium", "priya", "nina",
      ("search",), None, None, None, "01-06 10:20",
      "Customers give up when search finds nothing. Handle plurals, typos and filters."),
    S("WEB-3", "epic", "Accessibility audit fixes", "in-progress", "high", "hana", "hana",
      ("a11y",), None, None, None, "01-13 09:00",
      "Findings from the January WCAG 2.1 AA audit of the storefront."),
    S("WEB-4", "story", "One-page checkout: shipping and payment on a single step", "done",
      "high", "devon", "nina", ("checkout",), 8, "w22", "WEB-1", "01-20 11:00",
      "As a shopper I want to enter shipping and payment details on one page so that I can "
      "finish my order quickly."),
    S("WEB-5", "story", "Show delivery estimate before payment", "done", "medium", "priya",
      "nina", ("checkout", "shipping"), 5, "w22", "WEB-1", "01-21 14:30",
      "Show the carrier's delivery window next to each shipping option."),
    S("WEB-6", "bug", "Promo code field accepts expired codes", "done", "high", "priya", "grace",
      ("checkout", "promotions"), 3, "w22", None, "02-12 16:05",
      "Steps: add any item, apply WINTER24 (expired 31 Jan). Expected: error. Actual: 20% off.",
      (("grace", "02-12 16:09", "Reproduced on production as well, so this is costing us money."),
       ("priya", "02-13 09:41", "Fix is up: the expiry check compared dates as strings."),
       ("grace", "02-14 11:20", "Verified on staging. Closing."))),
    S("WEB-7", "task", "Add analytics events for checkout funnel", "done", "low", "devon",
      "nina", ("analytics", "checkout"), 2, "w22", None, "02-03 10:15",
      "Track step_viewed and step_completed for every checkout step."),
    S("WEB-8", "story", "Save card details for returning customers", "in-progress", "high",
      "priya", "nina", ("checkout", "payments"), 8, "w23", "WEB-1", "02-10 10:00",
      "Returning customers can save a card (tokenised by the payment provider) and pick it "
      "at checkout. Needs explicit consent checkbox.",
      (("theo", "03-03 15:12", "Legal signed off on the consent wording, it's in the doc."),
       ("priya", "03-05 10:30", "Tokenisation works end to end on staging. UI next."))),
    S("WEB-9", "bug", "Checkout button misaligned on Safari 17", "in-review", "medium", "devon",
      "grace", ("checkout", "safari"), 2, "w23", None, "03-03 09:40",
      "The Place order button overlaps the terms text on Safari 17 at widths below 400px.",
      (("devon", "03-05 17:02", "Flexbox gap fallback. PR is ready for review."),)),
    S("WEB-10", "story", "Guest checkout with email only", "todo", "high", "devon", "nina",
      ("checkout",), 5, "w23", "WEB-1", "02-17 13:00",
      "Let shoppers check out without an account; ask only for an email address."),
    S("WEB-11", "subtask", "Validate email format on guest checkout", "todo", "medium", "devon",
      "devon", (), 1, "w23", "WEB-10", "03-03 10:05"),
    S("WEB-12", "bug", "Cart badge count does not update after removing an item",
      "in-progress", "high", "devon", "grace", ("cart",), 3, "w23", None, "02-26 15:45",
      "Remove an item from the mini cart: the badge keeps the old count until reload."),
    S("WEB-13", "task", "Keyboard focus order on product gallery", "todo", "medium", "hana",
      "hana", ("a11y",), 3, "w23", "WEB-3", "01-14 09:30",
      "Tab order jumps from the first thumbnail to the footer."),
    S("WEB-14", "bug", "Colour contrast of sale price below 4.5:1", "done", "medium", "hana",
      "hana", ("a11y", "design"), 1, "w23", "WEB-3", "01-14 09:45"),
    S("WEB-15", "story", "Typo tolerance in product search", "in-review", "medium", "priya",
      "nina", ("search",), 5, "w23", "WEB-2", "02-04 11:10",
      "'hiking boots' should match 'hikng boots'. Edit distance 1 for words over 4 letters."),
    S("WEB-16", "bug", "Search returns no results for plural terms like 'tents'", "todo",
      "highest", "priya", "grace", ("search",), 3, "w23", "WEB-2", "03-04 08:55",
      "Searching 'tents' returns nothing while 'tent' returns 42 products.",
      (("nina", "03-04 09:20", "Raising to highest: this is our top search term in March."),
       ("priya", "03-04 10:02", "Stemming is off for the English analyzer. Will pick it up."))),
    S("WEB-17", "task", "Upgrade payment SDK to v4", "todo", "high", None, "theo",
      ("payments", "tech-debt"), 3, "w24", None, "02-20 12:00",
      "v3 reaches end of support on 30 April."),
    S("WEB-18", "story", "Search filters for size and colour", "todo", "medium", None, "nina",
      ("search",), 8, "w24", "WEB-2", "02-04 11:30"),
    S("WEB-19", "bug", "Newsletter signup modal reopens on every page", "todo", "low", None,
      "grace", ("marketing",), 2, "w24", None, "02-27 14:00",
      "Dismissing the modal should remember the choice for 30 days."),
    S("WEB-20", "story", "Screen reader labels for size picker", "todo", "medium", "hana",
      "hana", ("a11y",), 3, None, "WEB-3", "01-14 10:00"),
    S("WEB-21", "bug", "Product images flicker on slow connections", "todo", "low", None,
      "grace", ("performance",), 2, None, None, "02-18 16:20"),
    S("WEB-22", "task", "Remove legacy jQuery carousel", "todo", "lowest", "devon", "devon",
      ("performance", "tech-debt"), 5, None, None, "01-28 09:00"),
    S("WEB-23", "story", "Gift wrapping option at checkout", "todo", "low", None, "nina",
      ("checkout",), 5, None, "WEB-1", "02-24 10:40"),
    S("WEB-24", "bug", "Order confirmation email shows wrong currency for CAD", "todo", "high",
      None, "grace", ("email", "payments"), 3, None, None, "03-05 13:15",
      "Canadian orders are charged in CAD but the email says USD.",
      (("theo", "03-05 14:01", "Template uses the store default currency, not the order's."),)),
    S("WEB-25", "story", "Recently viewed products carousel", "todo", "medium", None, "nina",
      ("personalization",), 5, None, None, "02-25 11:00"),
    S("WEB-26", "task", "Document checkout feature flags", "todo", "low", "nina", "nina",
      ("docs",), 1, None, None, "03-06 15:30"),
]

MOB: list[SeedIssue] = [
    S("MOB-1", "epic", "Offline trail maps", "in-progress", "high", "omar", "omar",
      ("maps", "offline"), None, None, None, "01-08 09:00",
      "Hikers lose signal on the trail. Let them download map regions ahead of time."),
    S("MOB-2", "epic", "Push notification preferences", "todo", "medium", "omar", "nina",
      ("notifications",), None, None, None, "01-22 10:00"),
    S("MOB-3", "story", "Download trail map region for offline use", "done", "high", "lena",
      "omar", ("maps", "offline"), 8, "m11", "MOB-1", "01-09 11:00"),
    S("MOB-4", "bug", "App crashes when rotating during photo upload (Android 14)", "done",
      "highest", "marco", "grace", ("android", "crash"), 3, "m11", None, "02-11 08:30",
      "Crash rate 0.8% of sessions on Android 14 since 4.1.0.",
      (("marco", "02-12 10:15", "Activity recreated mid-upload; moved the upload to a worker."),
       ("grace", "02-18 15:00", "No crashes in 500 rotations on Pixel 8. Verified."))),
    S("MOB-5", "task", "Migrate image cache to new storage API", "done", "medium", "marco",
      "marco", ("android", "tech-debt"), 5, "m11", None, "01-27 14:00"),
    S("MOB-6", "story", "Show downloaded maps in settings with sizes", "in-progress", "medium",
      "lena", "omar", ("maps", "offline"), 5, "m12", "MOB-1", "02-10 09:30",
      "List each downloaded region with its size on disk and date.",
      (("hana", "02-25 16:40", "Mockups are linked in the design file, page 'Offline'."),)),
    S("MOB-7", "bug", "GPS track drifts when the screen is locked", "in-review", "high",
      "marco", "grace", ("android", "gps"), 5, "m12", None, "02-19 12:10",
      "Recorded track shows 300 m jumps after the phone is locked for 10+ minutes."),
    S("MOB-8", "story", "Delete an offline map to free space", "todo", "medium", "lena", "omar",
      ("offline",), 3, "m12", "MOB-1", "02-10 09:45"),
    S("MOB-9", "subtask", "Confirm dialog before deleting a map", "todo", "low", "lena", "lena",
      (), 1, "m12", "MOB-8", "02-24 11:00"),
    S("MOB-10", "bug", "Login with Apple fails on iOS 17.3", "in-progress", "highest", "lena",
      "grace", ("auth", "ios"), 3, "m12", None, "03-03 07:50",
      "Sign in with Apple returns to the login screen with no error on iOS 17.3.",
      (("omar", "03-03 08:30", "This blocks about 12% of new sign-ups. Top priority."),
       ("lena", "03-04 13:05", "The nonce is URL-encoded twice. Fix in progress."))),
    S("MOB-11", "task", "Update onboarding screenshots for app stores", "done", "low", "hana",
      "omar", ("design", "release"), 2, "m12", None, "02-20 10:00"),
    S("MOB-12", "story", "Per-category notification toggles", "todo", "medium", None, "nina",
      ("notifications",), 5, "m13", "MOB-2", "01-22 10:30"),
    S("MOB-13", "bug", "Dark mode: elevation chart unreadable", "todo", "medium", None, "grace",
      ("design", "ios"), 2, "m13", None, "02-28 17:20"),
    S("MOB-14", "story", "Quiet hours for notifications", "todo", "low", None, "nina",
      ("notifications",), 3, "m13", "MOB-2", "01-22 10:45"),
    S("MOB-15", "bug", "Battery drain while recording long hikes", "todo", "high", "marco",
      "omar", ("gps", "performance"), 8, None, None, "02-14 09:00",
      "Users report 30% battery per hour while recording.",
      (("marco", "02-14 13:30", "Location updates are requested every second; 5 s is enough."),)),
    S("MOB-16", "task", "Add crash reporting breadcrumbs", "todo", "medium", None, "marco",
      ("crash", "observability"), 3, None, None, "02-12 10:00"),
    S("MOB-17", "story", "Share a hike summary as an image", "todo", "low", None, "nina",
      ("social",), 5, None, None, "02-05 15:00"),
    S("MOB-18", "bug", "Units switch back to miles after app update", "todo", "medium", None,
      "grace", ("settings",), 2, None, None, "03-06 09:10"),
    S("MOB-19", "task", "Release 4.2 checklist", "todo", "medium", "omar", "omar", ("release",),
      1, None, None, "03-06 16:00"),
]

OPS: list[SeedIssue] = [
    S("OPS-1", "epic", "Move CI to self-hosted runners", "in-progress", "high", "samir", "theo",
      ("ci",), None, None, None, "01-15 09:00",
      "Hosted CI minutes cost us more than a small runner fleet. Target: April."),
    S("OPS-2", "story", "Provision runner autoscaling group", "done", "high", "samir", "samir",
      ("ci", "infra"), 5, "o6", "OPS-1", "01-16 10:00"),
    S("OPS-3", "task", "Rotate database credentials", "done", "highest", "samir", "theo",
      ("security",), 2, "o6", None, "02-03 08:00"),
    S("OPS-4", "bug", "Nightly backup job times out on orders DB", "in-progress", "highest",
      "samir", "samir", ("backups", "database"), 3, "o7", None, "03-03 06:10",
      "The job hits its 2 h timeout since the orders table passed 400 GB.",
      (("theo", "03-03 09:00", "Do we have a valid backup from this week at all?"),
       ("samir", "03-03 09:25", "Yes, Sunday's snapshot. Switching to incremental dumps."))),
    S("OPS-5", "story", "Cache dependencies between CI runs", "in-review", "medium", "priya",
      "samir", ("ci",), 3, "o7", "OPS-1", "02-24 11:00"),
    S("OPS-6", "task", "Alert when disk usage exceeds 85%", "todo", "high", "samir", "theo",
      ("monitoring",), 2, "o7", None, "03-03 10:00"),
    S("OPS-7", "bug", "Staging certificate expires in 10 days", "todo", "highest", None, "grace",
      ("security", "staging"), 1, "o7", None, "03-06 08:45"),
    S("OPS-8", "task", "Write runbook for payment gateway outage", "todo", "medium", "theo",
      "theo", ("docs", "incident"), 3, "o7", None, "03-03 10:30"),
    S("OPS-9", "story", "Ephemeral preview environments for pull requests", "todo", "medium",
      None, "devon", ("ci", "staging"), 8, "o8", "OPS-1", "02-11 15:00"),
    S("OPS-10", "task", "Upgrade Postgres 14 to 16 on staging", "todo", "medium", None, "samir",
      ("database", "staging"), 5, "o8", None, "02-26 09:30"),
    S("OPS-11", "bug", "Log shipping drops lines longer than 16 KB", "todo", "low", None,
      "priya", ("logging",), 3, None, None, "02-07 14:20"),
    S("OPS-12", "task", "Tag cloud resources by team for cost reports", "todo", "low", None,
      "theo", ("cost",), 2, None, None, "02-13 11:00"),
    S("OPS-13", "task", "Decommission old build server", "todo", "lowest", "samir", "samir",
      ("ci", "cleanup"), 1, None, None, "02-27 16:00"),
    S("OPS-14", "subtask", "Archive old build artifacts to cold storage", "todo", "low", "samir",
      "samir", (), 1, None, "OPS-13", "02-27 16:10"),
]
# fmt: on

ISSUES: list[SeedIssue] = [*WEB, *MOB, *OPS]
