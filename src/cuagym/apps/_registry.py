"""The app registry (DESIGN.md §11): an app is a plugin found through ``cuagym.apps`` entry points.

An app is an environment an agent works in — a mock web app served by the hub, or a desktop
app the environment launches — and it knows no task family. Families (``cuagym.families``)
generate tasks in one or more apps and reach them only through each app's public surface.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib.metadata import entry_points
from pathlib import Path
from typing import TYPE_CHECKING, Literal, get_args

if TYPE_CHECKING:  # the hub's server stack is heavy; a web app's plugin imports it when loaded
    from cuagym.hub import WebApp

__all__ = [
    "AppCategory",
    "AppError",
    "AppSpec",
    "PaperDomain",
    "Release",
    "load_app",
    "load_apps",
]

ENTRY_POINT_GROUP = "cuagym.apps"

#: The paper's app categories (its environment inventory), plus the desktop side's.
AppCategory = Literal[
    "Communication / messaging",
    "Social / publishing",
    "Project management",
    "Document collaboration",
    "Code hosting / DevOps",
    "Cloud / infrastructure",
    "E-commerce / marketplace",
    "Travel",
    "Finance / payments",
    "HR / hiring",
    "CRM / customer service",
    "Marketing / ads",
    "Analytics",
    "Healthcare / legal",
    "Government / education",
    "Real estate / utilities",
    "Office productivity",
    "System / OS",
    "Development tools",
    "Media",
    "Image editing",
]

#: The paper's Table-10 domains a task counts toward.
PaperDomain = Literal[
    "Cross-Desktop",
    "Spreadsheet",
    "Document Editing",
    "Presentation",
    "System & OS",
    "Code Editing",
    "Desktop × Web",
    "PDF",
    "Cross-Web",
    "E-Commerce",
    "Cloud & Productivity",
    "Social Media",
    "Project Management",
    "Communication",
    "Business & CRM",
    "Media",
    "Development Tools",
    "Image Editing",
]


class AppError(LookupError):
    """An app id that no installed plugin provides, or a plugin that is not an AppSpec."""


@dataclass(frozen=True)
class Release:
    """The release disclosure of a mock: a generic name, no brand assets, a neutral palette,
    original copy (the paper's release rules). ``check`` names what breaks them."""

    generic_name: str
    palette: str = "neutral"
    brand_assets: bool = False
    original_copy: bool = True

    def problems(self) -> list[str]:
        found = []
        if not self.generic_name.strip():
            found.append("the release has no generic name")
        if self.brand_assets:
            found.append("the release ships brand assets")
        if not self.original_copy:
            found.append("the release copies a product's text")
        return found


@dataclass(frozen=True)
class AppSpec:
    """One app: what it is, where it counts, and what it ships (§11's app plugin contract).

    ``web_app`` is set for a web app (the hub serves it: schema, seed, invariants, volatile
    keys, routes); a desktop app names the ``launcher`` the environment starts (the desktop
    app id of DESIGN.md §6, e.g. ``calc``). ``surface`` is the module families may import.
    """

    app_id: str
    kind: Literal["web", "desktop"]
    title: str
    category: AppCategory
    paper_domain: PaperDomain
    release: Release
    skill_file: Path | None = None
    taxonomy_file: Path | None = None
    web_app: WebApp | None = None
    launcher: str | None = None
    surface: str = ""
    notes: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        if self.kind == "web" and self.web_app is None:
            raise AppError(f"web app {self.app_id!r} has no web_app to serve")
        if self.kind == "desktop" and not self.launcher:
            raise AppError(f"desktop app {self.app_id!r} names no launcher")
        if self.category not in get_args(AppCategory):
            raise AppError(f"app {self.app_id!r}: unknown category {self.category!r}")
        if self.paper_domain not in get_args(PaperDomain):
            raise AppError(f"app {self.app_id!r}: unknown paper domain {self.paper_domain!r}")

    @property
    def skill(self) -> str:
        """The app's SKILL.md text (empty when it ships none)."""
        return self.skill_file.read_text(encoding="utf-8") if self.skill_file else ""


def load_apps() -> dict[str, AppSpec]:
    """Every installed app, by id, in id order."""
    found: dict[str, AppSpec] = {}
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        obj = ep.load()
        if not isinstance(obj, AppSpec):
            raise AppError(
                f"entry point {ep.name!r} ({ep.value}) is a {type(obj).__name__}, not an AppSpec"
            )
        if obj.app_id != ep.name:
            raise AppError(f"entry point {ep.name!r} provides an app named {obj.app_id!r}")
        found[obj.app_id] = obj
    return dict(sorted(found.items()))


def load_app(app_id: str) -> AppSpec:
    apps = load_apps()
    try:
        return apps[app_id]
    except KeyError:
        known = ", ".join(apps) or "none installed"
        raise AppError(f"unknown app {app_id!r} (known: {known})") from None
