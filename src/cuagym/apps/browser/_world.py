"""The Generator's raw material: a company intranet of static pages under ~/intranet and a
browser profile that has been used for a while (bookmarks on the bar and in folders, settings
changed from the defaults), varied per task.

Everything here is data and pure functions: a family builds a :data:`World` (pages, files,
folders, the bookmark tree, the settings) from its params and a seeded RNG, and setup writes it
(:mod:`._write_profile`). Bookmark nodes are ``{"name", "url"}`` or ``{"name", "children"}``;
the two roots setup fills are ``bar`` (the bookmarks bar) and ``other`` (Other bookmarks).
"""

from __future__ import annotations

import html
import random
from typing import Any

__all__ = [
    "ARTICLES",
    "HOME",
    "INTRANET",
    "TEAM_PAGES",
    "World",
    "article_pages",
    "base_settings",
    "folder",
    "link",
    "page",
    "page_html",
    "page_url",
    "team_pages",
    "world",
]

HOME = "/home/user"
#: the intranet's folder, relative to the home
INTRANET = "intranet"
#: ``{"pages": [...], "files": [...], "dirs": [...], "bookmarks": {"bar": [...], "other":
#: [...]}, "settings": {...}}``: what setup writes (see :mod:`._write_profile`)
World = dict[str, Any]

#: slug -> title of the intranet's everyday pages
TEAM_PAGES: dict[str, str] = {
    "expenses": "Expense policy",
    "helpdesk": "IT helpdesk",
    "holidays": "Holiday calendar",
    "org-chart": "Org chart",
    "travel": "Travel booking",
    "benefits": "Benefits overview",
    "security": "Security guidelines",
    "office-map": "Office map",
    "onboarding": "Onboarding checklist",
    "releases": "Release calendar",
    "status": "Service status dashboard",
    "style-guide": "Brand style guide",
    "payroll": "Payroll calendar",
    "parking": "Parking permits",
    "canteen": "Canteen this week",
}

#: topic -> articles of the reading list about it (slug, title); every title names its topic
#: in words a person filing them would go by
ARTICLES: dict[str, tuple[tuple[str, str], ...]] = {
    "Security": (
        ("phishing-drills", "Running phishing drills that teach"),
        ("password-managers", "Password managers for the whole team"),
        ("threat-modeling", "Threat modeling in one afternoon"),
        ("zero-trust", "Zero trust networks explained"),
    ),
    "Accessibility": (
        ("alt-text", "Writing useful alt text"),
        ("screen-readers", "Testing with screen readers"),
        ("contrast", "Colour contrast for accessible charts"),
        ("keyboard-nav", "Keyboard navigation checklist"),
    ),
    "Performance": (
        ("web-vitals", "Core web vitals in practice"),
        ("image-budgets", "Image budgets for faster pages"),
        ("profiling", "Profiling slow database queries"),
        ("caching", "Caching strategies that scale"),
    ),
    "Hiring": (
        ("interview-loops", "Designing fair interview loops"),
        ("job-ads", "Job ads that attract senior engineers"),
        ("onboarding-buddies", "Onboarding buddies for new hires"),
        ("take-home", "Take-home exercises candidates like"),
    ),
}

_PARAGRAPHS = (
    "This page is maintained by the operations team and reviewed every quarter.",
    "Questions go to the helpdesk queue; urgent issues to the on-call phone.",
    "The latest changes are listed at the bottom of the page.",
    "Printed copies are out of date as soon as this page changes.",
    "Owners: see the org chart for the current contact person.",
)


def page_url(path: str) -> str:
    """The file:// address of a page of the home (``path`` relative to it)."""
    return f"file://{HOME}/{path}"


def page_html(title: str, paragraphs: list[str], links: list[tuple[str, str]] | None = None) -> str:
    """A plain intranet page: a heading, paragraphs (HTML allowed), a list of links
    (``(href relative to the page, text)``)."""
    items = "".join(
        f'<li><a href="{html.escape(href)}">{html.escape(text)}</a></li>\n'
        for href, text in links or []
    )
    body = "".join(f"<p>{p}</p>\n" for p in paragraphs)
    listing = f"<ul>\n{items}</ul>\n" if links else ""
    return (
        f"<!doctype html>\n<html><head><meta charset='utf-8'><title>{html.escape(title)}</title>"
        "<style>body{font-family:sans-serif;margin:24px 40px;max-width:820px}"
        "li{margin:6px 0}td,th{padding:4px 14px;text-align:left}</style></head>\n"
        f"<body><h1>{html.escape(title)}</h1>\n{body}{listing}</body></html>\n"
    )


def page(
    path: str, title: str, paragraphs: list[str], links: list[tuple[str, str]] | None = None
) -> dict[str, str]:
    """One page of the world: its path under the home and its HTML."""
    return {"path": path, "title": title, "html": page_html(title, paragraphs, links)}


def link(name: str, url: str) -> dict[str, Any]:
    return {"name": name, "url": url}


def folder(name: str, children: list[dict[str, Any]]) -> dict[str, Any]:
    return {"name": name, "children": children}


def team_pages(rng: random.Random) -> list[dict[str, str]]:
    """Every everyday page of the intranet, each with two plausible paragraphs."""
    return [
        page(f"{INTRANET}/{slug}.html", title, rng.sample(_PARAGRAPHS, 2))
        for slug, title in TEAM_PAGES.items()
    ]


def article_pages(rng: random.Random) -> list[dict[str, str]]:
    """The reading list's articles (``intranet/reading/<slug>.html``)."""
    return [
        page(f"{INTRANET}/reading/{slug}.html", title, [f"An article about {topic.lower()}.",
                                                         rng.choice(_PARAGRAPHS)])
        for topic, items in ARTICLES.items()
        for slug, title in items
    ]  # fmt: skip


def base_settings() -> dict[str, Any]:
    """The settings of a profile in use: the intranet's front page as home page (no home
    button), the last session restored at start, downloads into ~/Downloads without asking,
    the bookmarks bar shown. Every key a task or a guard reads is written, so the initial
    state never depends on Chromium's defaults."""
    return {
        "homepage": page_url(f"{INTRANET}/index.html"),
        "homepage_is_newtabpage": False,
        "browser.show_home_button": False,
        "session.restore_on_startup": 1,
        "session.startup_urls": [],
        "download.default_directory": f"{HOME}/Downloads",
        "download.prompt_for_download": False,
        "bookmark_bar.show_on_all_tabs": True,
    }


def world(
    rng: random.Random,
    bar: list[dict[str, Any]] | None = None,
    other: list[dict[str, Any]] | None = None,
    extra_pages: list[dict[str, str]] | None = None,
) -> World:
    """The intranet (front page, everyday pages, articles, ``extra_pages``) and a profile
    whose bookmarks are ``bar`` / ``other`` (default: a few everyday pages)."""
    pages = team_pages(rng) + article_pages(rng) + list(extra_pages or [])
    front = page(
        f"{INTRANET}/index.html",
        "Intranet - Home",
        ["Welcome to the company intranet."],
        [(p["path"].split("/", 1)[1], p["title"]) for p in pages if p["path"].count("/") == 1],
    )
    picks = rng.sample(sorted(TEAM_PAGES), 4)
    default_bar = [link("Intranet", page_url(f"{INTRANET}/index.html"))] + [
        link(TEAM_PAGES[s], page_url(f"{INTRANET}/{s}.html")) for s in picks[:2]
    ]
    default_other = [link(TEAM_PAGES[s], page_url(f"{INTRANET}/{s}.html")) for s in picks[2:]]
    return {
        "pages": [front, *pages],
        "files": [],
        "dirs": ["Downloads", "Documents"],
        "bookmarks": {
            "bar": default_bar if bar is None else bar,
            "other": default_other if other is None else other,
        },
        "settings": base_settings(),
    }
