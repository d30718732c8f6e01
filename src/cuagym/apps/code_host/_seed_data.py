"""Vocabularies the seed forge is generated from: people, repositories, the work in them.

Each repository lists its own pull requests (branch, title) and issues, written the way a
team writes them; commit messages, review comments and failing CI steps come from shared
lists. No name here is a brand: the organisation and its products are invented.
"""

from __future__ import annotations

__all__ = [
    "ISSUE_BODIES",
    "MILESTONES",
    "ORG",
    "PEOPLE",
    "REPOS",
    "REVIEW_COMMENTS",
    "RUN_STEPS",
    "SHARED_ISSUES",
    "WORK_COMMITS",
]

ORG = ("Larkspur Systems", "larkspur")

# (user id, login, full name, avatar colour)
PEOPLE: tuple[tuple[str, str, str, str], ...] = (
    ("u-mara", "mara-okafor", "Mara Okafor", "#33658a"),
    ("u-theo", "theo-lindgren", "Theo Lindgren", "#7d4a63"),
    ("u-priya", "priya-raman", "Priya Raman", "#2f6b5e"),
    ("u-jonas", "jonas-weber", "Jonas Weber", "#8a5442"),
    ("u-aiko", "aiko-tanaka", "Aiko Tanaka", "#6b4f7d"),
    ("u-diego", "diego-alvarez", "Diego Alvarez", "#4b5a9b"),
    ("u-hana", "hana-novak", "Hana Novak", "#4d6b57"),
    ("u-samir", "samir-haddad", "Samir Haddad", "#7a5f1f"),
    ("u-lucia", "lucia-ferrante", "Lucia Ferrante", "#2c6e76"),
    ("u-owen", "owen-brady", "Owen Brady", "#57534e"),
    ("u-nadia", "nadia-petrova", "Nadia Petrova", "#475569"),
    ("u-kofi", "kofi-mensah", "Kofi Mensah", "#3f3f46"),
    ("u-elin", "elin-sorensen", "Elin Sorensen", "#33658a"),
    ("u-rafael", "rafael-costa", "Rafael Costa", "#7d4a63"),
)

# name -> description, language, topics, visibility, README lines, team (user ids, admin first),
# pull requests (source branch, title), repository issues (title, labels)
REPOS: dict[str, dict[str, object]] = {
    "storefront-web": {
        "description": "Customer-facing storefront: catalogue, basket and checkout.",
        "language": "TypeScript",
        "topics": ["ecommerce", "nextjs", "storefront"],
        "visibility": "public",
        "readme": [
            "# Storefront Web",
            "The shop our customers see: product pages, search, basket and checkout.",
            "## Getting started",
            "Install dependencies, copy .env.example to .env and start the dev server.",
            "## Releases",
            "Every merge to main deploys to staging; tagged releases go to production.",
        ],
        "team": ["u-mara", "u-theo", "u-priya", "u-aiko", "u-diego", "u-hana", "u-owen"],
        "pulls": [
            ("feature/guest-checkout", "Allow guest checkout without an account"),
            ("fix/basket-rounding", "Fix rounding of basket totals with percentage discounts"),
            ("feature/saved-cards", "Offer saved cards at checkout"),
            ("fix/search-plurals", "Match plural search terms to singular product names"),
            ("chore/upgrade-router", "Upgrade the router to the next major version"),
            ("feature/wishlist-sync", "Sync the wishlist across devices"),
            ("fix/size-filter-paging", "Keep the size filter when paging through results"),
            ("perf/image-lazy-load", "Lazy-load product images below the fold"),
            ("feature/promo-lowercase", "Accept promo codes in any letter case"),
            ("docs/checkout-flow", "Document the checkout state machine"),
        ],
        "issues": [
            ("Promo code field rejects lower-case codes", ["bug"]),
            ("Basket badge shows a stale count after removing an item", ["bug"]),
            ("Add structured data for product pages", ["enhancement"]),
            ("Checkout button is hard to reach on small screens", ["bug", "good first issue"]),
            ("Product gallery loads full-size images on mobile", ["performance"]),
        ],
    },
    "payments-api": {
        "description": "Payment intents, refunds and payouts behind one internal API.",
        "language": "Go",
        "topics": ["payments", "api", "golang"],
        "visibility": "private",
        "readme": [
            "# Payments API",
            "Creates payment intents, captures and refunds them, and schedules payouts to sellers.",
            "## Running locally",
            "Start the database with the compose file, then run the server with sandbox keys.",
            "## On call",
            "Alerts page the payments rotation; the runbook lives in the wiki.",
        ],
        "team": ["u-jonas", "u-samir", "u-lucia", "u-nadia", "u-mara", "u-kofi"],
        "pulls": [
            ("feature/partial-refunds", "Support partial refunds on captured payments"),
            ("fix/idempotency-keys", "Reject reused idempotency keys with a different body"),
            ("feature/payout-schedule", "Let sellers pick a weekly payout day"),
            ("fix/currency-minor-units", "Use minor units for currencies without decimals"),
            ("chore/go-toolchain", "Bump the Go toolchain and linters"),
            ("feature/webhook-retries", "Retry failed webhooks with exponential backoff"),
            ("fix/refund-race", "Lock the payment row while a refund is created"),
            ("security/mask-card-numbers", "Mask card numbers in structured logs"),
            ("feature/3ds-fallback", "Fall back to frictionless 3-D Secure when possible"),
        ],
        "issues": [
            ("Refund endpoint returns 500 for already refunded payments", ["bug"]),
            ("Payout report is missing the fee column", ["bug"]),
            ("Add a dry-run flag to the payout job", ["enhancement"]),
            ("Upgrade the database driver for the security advisory", ["security", "dependencies"]),
            ("Webhook signature docs use the old header name", ["documentation"]),
        ],
    },
    "mobile-app": {
        "description": "The trail companion app for Android and iOS.",
        "language": "Kotlin",
        "topics": ["android", "ios", "maps", "offline"],
        "visibility": "public",
        "readme": [
            "# Trail Companion",
            "Plan hikes, record tracks and keep maps for places without signal.",
            "## Build",
            "Open the project, pick the debug variant and run it with location mocking on.",
            "## Beta",
            "Beta builds go out every Friday from the release branch.",
        ],
        "team": ["u-aiko", "u-rafael", "u-elin", "u-diego", "u-owen", "u-hana"],
        "pulls": [
            ("feature/offline-maps", "Manage downloaded offline map regions"),
            ("fix/apple-login", "Fix sign in with Apple on fresh installs"),
            ("feature/route-sharing", "Share a planned route with friends"),
            ("fix/track-drift", "Stop track drift while the screen is locked"),
            ("perf/map-cache", "Shrink the map tile cache on low-storage phones"),
            ("feature/elevation-profile", "Show an elevation profile for offline routes"),
            ("fix/saved-routes-migration", "Keep saved routes through the database migration"),
            ("chore/gradle-8", "Move the build to the new Gradle version"),
        ],
        "issues": [
            ("Saved routes vanish after an app update", ["bug"]),
            ("Recorded track drifts while the screen is locked", ["bug"]),
            ("Dark mode map labels are unreadable", ["bug", "good first issue"]),
            ("Battery use is high during long recordings", ["performance"]),
            ("Add a widget for the current hike", ["enhancement"]),
        ],
    },
    "infra-live": {
        "description": "Infrastructure as code for every environment, applied through CI.",
        "language": "HCL",
        "topics": ["terraform", "infrastructure", "kubernetes"],
        "visibility": "private",
        "readme": [
            "# Infra Live",
            "The state of staging and production: networks, clusters, databases and DNS.",
            "## Changing infrastructure",
            "Open a pull request; the plan is posted as a check and applied on merge.",
            "## Secrets",
            "Nothing secret belongs here; reference the vault paths instead.",
        ],
        "team": ["u-kofi", "u-nadia", "u-jonas", "u-samir", "u-theo"],
        "pulls": [
            ("feature/backup-alerts", "Alert when the nightly backup misses its window"),
            ("fix/disk-alert-threshold", "Raise the disk alert threshold on log volumes"),
            ("feature/cheaper-runners", "Move CI runners to spot instances"),
            ("chore/provider-upgrade", "Upgrade the cloud provider plugin"),
            ("feature/db-upgrade-plan", "Plan the zero-downtime upgrade of the orders database"),
            ("fix/dns-ttl", "Lower the DNS TTL before the migration"),
            ("security/rotate-keys", "Rotate the deploy keys of the staging cluster"),
        ],
        "issues": [
            ("Nightly backup job reports success on failure", ["bug"]),
            ("Staging cluster nodes run out of disk every Monday", ["bug"]),
            ("Document how to request a new environment", ["documentation"]),
            ("Tag every resource with its cost centre", ["enhancement"]),
        ],
    },
    "design-system": {
        "description": "Shared UI components, tokens and icons for every web front end.",
        "language": "TypeScript",
        "topics": ["design-system", "components", "accessibility"],
        "visibility": "internal",
        "readme": [
            "# Design System",
            "Buttons, forms, tables, dialogs and their tokens, accessible by default.",
            "## Using it",
            "Add the package to your front end and wrap the app in the theme provider.",
            "## Contributing",
            "Every component needs a story, keyboard support and a visual test.",
        ],
        "team": ["u-hana", "u-theo", "u-mara", "u-elin", "u-priya"],
        "pulls": [
            ("feature/date-picker", "Add an accessible date picker"),
            ("fix/dialog-focus-trap", "Return focus to the trigger when a dialog closes"),
            ("feature/dark-tokens", "Add dark theme colour tokens"),
            ("fix/table-sort-aria", "Announce the sort order of table columns"),
            ("chore/storybook-upgrade", "Upgrade the component workshop"),
            ("feature/toast-queue", "Queue toasts instead of stacking them"),
            ("docs/contrast-guide", "Write the colour contrast guide"),
        ],
        "issues": [
            ("Select loses its value when options change", ["bug"]),
            ("Tooltips are not reachable by keyboard", ["bug"]),
            ("Add a compact density for tables", ["enhancement"]),
            ("Icon names are inconsistent", ["documentation", "good first issue"]),
        ],
    },
    "data-pipeline": {
        "description": "Nightly jobs that load orders and events into the warehouse.",
        "language": "Python",
        "topics": ["etl", "warehouse", "python"],
        "visibility": "private",
        "readme": [
            "# Data Pipeline",
            "Loads orders, payments and app events into the warehouse every night.",
            "## Running a job",
            "Use the job runner with the job name and a date; backfills take a date range.",
            "## Data contracts",
            "Schemas are versioned; a breaking change needs a new version and a migration note.",
        ],
        "team": ["u-lucia", "u-samir", "u-nadia", "u-rafael", "u-jonas"],
        "pulls": [
            ("feature/events-partitioning", "Partition app events by day"),
            ("fix/timezone-orders", "Load order timestamps in UTC"),
            ("feature/refunds-table", "Add a refunds table to the warehouse"),
            ("fix/duplicate-events", "Deduplicate events replayed by the mobile client"),
            ("chore/python-312", "Run the jobs on the newer Python runtime"),
            ("perf/incremental-orders", "Load orders incrementally instead of in full"),
            ("docs/backfill-howto", "Explain how to run a backfill safely"),
        ],
        "issues": [
            ("Order totals differ from the payments report", ["bug"]),
            ("Backfill job ignores the end date", ["bug"]),
            ("Add freshness checks for every table", ["enhancement"]),
            ("Pin the warehouse client version", ["dependencies"]),
        ],
    },
}

SHARED_ISSUES: tuple[tuple[str, list[str]], ...] = (
    ("Flaky test in the integration suite", ["ci"]),
    ("Update dependencies flagged by the weekly audit", ["dependencies"]),
    ("Document local setup on ARM laptops", ["documentation", "good first issue"]),
)

ISSUE_BODIES: tuple[str, ...] = (
    "Steps to reproduce are in the thread linked from the support ticket. It happens on every try.",
    "Seen by two customers this week. Expected the page to keep working; it did not.",
    "This keeps coming up in retros. A small change would save everyone time.",
    "Happens since the last release. Logs attached to the incident channel.",
    "Nice to have before the next milestone; not blocking anything yet.",
)

MILESTONES: tuple[tuple[str, str], ...] = (
    ("Q4 hardening", "2026-12-18"),
    ("Winter launch", "2027-01-29"),
)

# Follow-up commits on a branch after the first one (which repeats the pull request's title)
WORK_COMMITS: tuple[str, ...] = (
    "Add tests for the new behaviour",
    "Address review comments",
    "Fix lint warnings",
    "Rename helpers for clarity",
    "Handle the empty case",
    "Update snapshots",
)

REVIEW_COMMENTS: dict[str, tuple[str, ...]] = {
    "approved": (
        "Looks good to me.",
        "Nice and small. Ship it.",
        "Tested locally, works as described.",
    ),
    "changes_requested": (
        "Please add a test for the error path before we merge.",
        "This changes the public API; we need a migration note.",
        "The new query misses an index; see the comment inline.",
    ),
    "commented": (
        "Could we log the old value too?",
        "Question: does this need a feature flag?",
        "Minor: the naming differs from the rest of the module.",
    ),
}

# workflow -> steps, in order; a failing run names one of them
RUN_STEPS: dict[str, tuple[str, ...]] = {
    "CI": ("Check out", "Install dependencies", "Build", "Run unit tests", "Run integration tests"),
    "Lint": ("Check out", "Install dependencies", "Lint", "Type check"),
    "Deploy preview": ("Check out", "Build", "Upload preview", "Smoke test"),
    "Release": ("Check out", "Build", "Publish artefacts", "Create release notes"),
}
