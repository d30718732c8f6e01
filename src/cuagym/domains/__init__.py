"""App domains: one package per app, found through the ``cuagym.domains`` entry points."""

from cuagym.domains._registry import Domain, DomainError, load_domain, load_domains
from cuagym.domains._start import (
    DESKTOP_APPS,
    StartScreenError,
    start_screen,
    start_screen_json,
)
from cuagym.families._family import GeneratedScripts, TaskFamily, family_rng, task_id_for

__all__ = [
    "DESKTOP_APPS",
    "Domain",
    "DomainError",
    "GeneratedScripts",
    "StartScreenError",
    "TaskFamily",
    "family_rng",
    "load_domain",
    "load_domains",
    "start_screen",
    "start_screen_json",
    "task_id_for",
]
