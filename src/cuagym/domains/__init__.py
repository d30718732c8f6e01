"""App domains: one package per app, found through the ``cuagym.domains`` entry points."""

from cuagym.domains._family import GeneratedScripts, TaskFamily, family_rng, task_id_for
from cuagym.domains._registry import Domain, DomainError, load_domain, load_domains

__all__ = [
    "Domain",
    "DomainError",
    "GeneratedScripts",
    "TaskFamily",
    "family_rng",
    "load_domain",
    "load_domains",
    "task_id_for",
]
