"""App domains: one package per app, found through the ``cuagym.domains`` entry points."""

from cuagym.domains._registry import Domain, DomainError, load_domain, load_domains

__all__ = ["Domain", "DomainError", "load_domain", "load_domains"]
