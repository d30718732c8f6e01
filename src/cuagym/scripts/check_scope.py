"""Typed stand-ins for what a web reward's ``main`` has in scope where its checks run.

A family may keep its reward checks as a module (the body of ``main`` below the inline marker,
pasted by :func:`cuagym.scripts.inlined_file`) so that ruff and mypy read them; such a module
imports these names (through its family's scope, which adds the app's reward library and
what the app's read block defines). Nothing imports them at run time: in ``reward.py`` they are
the frame's, the read block's and the inlined libraries' own.
"""

from typing import Any

from cuagym.scripts._globs import listing
from cuagym.scripts._hub import diff_outside, hub_state, records_changed

__all__ = ["P", "checks", "cur", "diff", "diff_outside", "hub_state", "init", "listing",
           "records_changed"]  # fmt: skip

#: the task's params (``json.loads`` of the task's ``params``)
P: Any = None
#: ``(name, points, passed, detail)``; 0 points = a guard that must hold
checks: list[tuple[str, int, bool, str]] = []
#: the app's ``/go``: its initial and current state and their diff
init: Any = None
cur: Any = None
diff: Any = None
