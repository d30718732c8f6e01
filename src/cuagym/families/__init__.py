"""Task families: generators of tasks in one or more apps, found through ``cuagym.families``.

A family lives beside its app's public surface (``cuagym.families.<app>``) or, when it spans
apps, in the cross layer (``cuagym.families.cross``), which composes apps only through their
public surfaces (DESIGN.md §11).
"""

from cuagym.families._family import (
    GeneratedScripts,
    TaskFamily,
    TaskParams,
    family_rng,
    task_id_for,
)
from cuagym.families._registry import FamilyError, load_families

__all__ = [
    "FamilyError",
    "GeneratedScripts",
    "TaskFamily",
    "TaskParams",
    "family_rng",
    "load_families",
    "task_id_for",
]
