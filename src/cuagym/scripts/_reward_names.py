"""The names every reward's ``main`` has, for the type checker of check blocks kept as code.

A family's check block is the body of a function that is never called
(:func:`cuagym.scripts.statements_of`); in reward.py it runs inside ``main``, where ``P`` (the
task's params, a module constant) and ``checks`` (the list the frame reports) exist. A checks
module imports them from here under ``TYPE_CHECKING`` only: they have no value on the host.
"""

from typing import Any

__all__ = ["P", "checks"]

#: the task's params (``P = json.loads(...)`` in every reward)
P: dict[str, Any]
#: ``(name, points, passed, detail)``; 0 points = a guard that must hold
checks: list[tuple[str, float, bool, str]]
