"""The family registry (DESIGN.md §11): task families found through ``cuagym.families``.

Each entry point names a home app id and a tuple of :class:`TaskFamily` objects homed there (a
task's id and ``domain`` are its home app's). The tuple's order is the round-robin order
``cuagym synth --n`` samples in, so a cross-app family takes its place in its home app's list;
several entry points may name the same home (a third-party pack adds families to an app).
"""

from __future__ import annotations

from importlib.metadata import entry_points

from cuagym.families._family import TaskFamily

__all__ = ["FamilyError", "load_families"]

ENTRY_POINT_GROUP = "cuagym.families"


class FamilyError(LookupError):
    """A family entry point that is not a tuple of task families, or homes them elsewhere."""


def load_families() -> dict[str, tuple[TaskFamily, ...]]:
    """Every installed task family, by home app id (ids sorted; each app's families in order:
    cuagym's own entry point first, then others by entry-point value)."""
    found: dict[str, list[TaskFamily]] = {}
    eps = sorted(entry_points(group=ENTRY_POINT_GROUP), key=lambda ep: (ep.name, ep.value))
    for ep in sorted(eps, key=lambda ep: not ep.value.startswith("cuagym.")):
        obj = ep.load()
        if not isinstance(obj, tuple) or not all(isinstance(f, TaskFamily) for f in obj):
            raise FamilyError(
                f"entry point {ep.name!r} ({ep.value}) is not a tuple of TaskFamily objects"
            )
        home = ep.name.split(":", 1)[0]
        for family in obj:
            if family.domain != home:
                raise FamilyError(
                    f"entry point {ep.name!r}: family {family.id!r} is homed in "
                    f"{family.domain!r}, not {home!r}"
                )
        found.setdefault(home, []).extend(obj)
    for home, families in found.items():
        seen: set[str] = set()
        for family in families:
            if family.id in seen:
                raise FamilyError(f"app {home!r} has two task families named {family.id!r}")
            seen.add(family.id)
    return {home: tuple(found[home]) for home in sorted(found)}
