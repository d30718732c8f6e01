"""The catalog: a domain is an app (``cuagym.apps``) joined with the task families homed in it
(``cuagym.families``). Apps and families are registered apart (DESIGN.md §11); the layers above
(synth, taskgen, agent) read them together through this view."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from cuagym.apps import AppError, AppSpec, PaperDomain, load_apps
from cuagym.families import FamilyError, TaskFamily, load_families

if TYPE_CHECKING:  # the hub's server stack is a third of cuagym.agent's import; a web
    from cuagym.hub import WebApp  # domain's plugin imports it when it is loaded

__all__ = ["Domain", "DomainError", "domain_of", "load_domain", "load_domains"]


class DomainError(LookupError):
    """A domain id that no installed plugin provides, or a plugin that is not a Domain."""


@dataclass(frozen=True)
class Domain:
    """One app domain: id, platform, SKILL.md, taxonomy, task families and, for web, the app."""

    id: str
    title: str
    platform: Literal["desktop", "web"]
    skill_file: Path | None = None
    web_app: WebApp | None = None
    taxonomy_file: Path | None = None
    families: tuple[TaskFamily, ...] = ()
    #: The paper's Table-10 domain the app's own tasks count toward (its plugin says which).
    paper_domain: PaperDomain | None = None
    #: the desktop app a desktop domain's default start window opens (its plugin's launcher)
    launcher: str | None = None

    def family(self, family_id: str) -> TaskFamily:
        for family in self.families:
            if family.id == family_id:
                return family
        known = ", ".join(f.id for f in self.families) or "none"
        raise DomainError(f"domain {self.id!r} has no task family {family_id!r} (known: {known})")

    @property
    def skill(self) -> str:
        """The domain's SKILL.md text (empty when the domain ships none)."""
        return self.skill_file.read_text(encoding="utf-8") if self.skill_file else ""


def domain_of(app: AppSpec, families: tuple[TaskFamily, ...] = ()) -> Domain:
    """The catalog entry of ``app`` with the families homed in it."""
    return Domain(
        id=app.app_id,
        title=app.title,
        platform=app.kind,
        skill_file=app.skill_file,
        web_app=app.web_app,
        taxonomy_file=app.taxonomy_file,
        families=families,
        paper_domain=app.paper_domain,
        launcher=app.launcher,
    )


def load_domains() -> dict[str, Domain]:
    """Every installed app with its families, by id, in id order."""
    try:
        apps = load_apps()
        families = load_families()
    except (AppError, FamilyError) as exc:
        raise DomainError(str(exc)) from None
    homeless = sorted(set(families) - set(apps))
    if homeless:
        raise DomainError(
            f"task families are homed in app(s) no plugin provides: {', '.join(homeless)}"
        )
    return {app_id: domain_of(app, families.get(app_id, ())) for app_id, app in apps.items()}


def load_domain(domain_id: str) -> Domain:
    domains = load_domains()
    try:
        return domains[domain_id]
    except KeyError:
        known = ", ".join(domains) or "none installed"
        raise DomainError(f"unknown domain {domain_id!r} (known: {known})") from None
