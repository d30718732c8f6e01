"""App domains: one package per app, found through the ``cuagym.domains`` entry points."""

from cuagym.domains._registry import Domain, DomainError, load_domain, load_domains
from cuagym.domains._start import (
    DESKTOP_APPS,
    StartScreenError,
    start_screen,
    start_screen_json,
)
from cuagym.families._family import TaskFamily

__all__ = [
    "DESKTOP_APPS",
    "Domain",
    "DomainError",
    "StartScreenError",
    "TaskFamily",
    "load_domain",
    "load_domains",
    "start_screen",
    "start_screen_json",
]
