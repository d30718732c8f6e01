"""The domain registry: app domains are plugins found through ``cuagym.domains`` entry points."""

from __future__ import annotations

from dataclasses import dataclass
from importlib.metadata import entry_points
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from cuagym.domains._family import TaskFamily

if TYPE_CHECKING:  # the hub's server stack is a third of cuagym.agent's import; a web
    from cuagym.hub import WebApp  # domain's plugin imports it when it is loaded

__all__ = ["Domain", "DomainError", "load_domain", "load_domains"]

ENTRY_POINT_GROUP = "cuagym.domains"


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


def load_domains() -> dict[str, Domain]:
    """Every installed domain, by id, in id order."""
    found: dict[str, Domain] = {}
    for ep in entry_points(group=ENTRY_POINT_GROUP):
        obj = ep.load()
        if not isinstance(obj, Domain):
            raise DomainError(
                f"entry point {ep.name!r} ({ep.value}) is a {type(obj).__name__}, not a Domain"
            )
        if obj.id != ep.name:
            raise DomainError(f"entry point {ep.name!r} provides a domain named {obj.id!r}")
        found[obj.id] = obj
    return dict(sorted(found.items()))


def load_domain(domain_id: str) -> Domain:
    domains = load_domains()
    try:
        return domains[domain_id]
    except KeyError:
        known = ", ".join(domains) or "none installed"
        raise DomainError(f"unknown domain {domain_id!r} (known: {known})") from None
