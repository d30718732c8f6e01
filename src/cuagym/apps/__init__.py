"""Apps: one plugin package per environment (web or desktop), found through ``cuagym.apps``.

Each app package exposes an :class:`AppSpec` named ``app`` and a small public surface (world
builders, state readers, UI skills) that task families import; no app imports another app,
and no app knows a task family (DESIGN.md §11).
"""

from cuagym.apps._registry import (
    AppCategory,
    AppError,
    AppSpec,
    PaperDomain,
    Release,
    load_app,
    load_apps,
)

__all__ = [
    "AppCategory",
    "AppError",
    "AppSpec",
    "PaperDomain",
    "Release",
    "load_app",
    "load_apps",
]
