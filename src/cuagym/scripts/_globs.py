"""Path patterns for whole-state guards, inlined into reward.py before the guard libraries.

A guard says which changes are allowed, as patterns over the paths a comparison reports:
``issues.WEB-3.assignee`` in a hub ``state_diff``, ``Documents/report.docx`` in a home, a
sheet's cell ``Sales!F7``. In a pattern, ``*`` matches within one segment (it never crosses
the separator), ``**`` matches anything, and every other character stands for itself (so a
``["a.b"]`` key needs no escaping). A pattern also covers everything below the path it names
(``issues.WEB-3`` covers ``issues.WEB-3.assignee``), which is how a guard allows a whole new
record.
"""

# -- inlined into reward.py --
import re
from collections.abc import Iterable


def pattern_regex(pattern: str, sep: str) -> "re.Pattern[str]":
    """The compiled form of ``pattern``: anchored at the start, matching the path itself or
    anything below it (the next character is ``sep`` or ``[``)."""
    out = []
    i = 0
    while i < len(pattern):
        if pattern.startswith("**", i):
            out.append(".*")
            i += 2
        elif pattern[i] == "*":
            out.append("[^" + re.escape(sep) + "]*")
            i += 1
        else:
            out.append(re.escape(pattern[i]))
            i += 1
    return re.compile("(?:" + "".join(out) + ")(?:$|" + re.escape(sep) + "|\\[)", re.DOTALL)


def covered(path: str, patterns: Iterable[str], sep: str = ".") -> bool:
    """Does any of ``patterns`` cover ``path`` (the path itself, or one of its ancestors)?"""
    return any(pattern_regex(p, sep).match(path) is not None for p in patterns)


def uncovered(paths: Iterable[str], allowed: Iterable[str], sep: str = ".") -> list[str]:
    """The paths no pattern of ``allowed`` covers, sorted."""
    allowed = list(allowed)
    return sorted(p for p in paths if not covered(p, allowed, sep))


def listing(items: Iterable[str], limit: int = 5) -> str:
    """The first ``limit`` items and how many more: a CHECK detail that stays short."""
    items = list(items)
    more = len(items) - limit
    head = ", ".join(items[:limit])
    return head + (" and " + str(more) + " more" if more > 0 else "") if items else "none"
