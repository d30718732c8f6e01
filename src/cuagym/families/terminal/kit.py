"""The terminal kit: what a task family outside this package builds terminal tasks with.

The cross-app families homed in terminal (:mod:`cuagym.families.cross.terminal`) import these
names, never this package's private modules: the family base (:class:`TerminalFamily`, its
:data:`Entry` and :data:`Op`) and :func:`quote`.
"""

from cuagym.families.terminal._base import Entry, Op, TerminalFamily, quote

__all__ = ["Entry", "Op", "TerminalFamily", "quote"]
