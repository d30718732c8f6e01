"""Figures a person typed into a message: the numbers a text states (inlined into reward.py).

A task that asks to *report* a figure ("post the North total to #general, to the cent") must
accept the ways people write one: ``12,345.60``, ``$12,345.60``, ``12345.6 USD``, ``Total:
12,345.60.``. :func:`figures_in` reads every number of a text under one convention, the
families' own: a point for decimals, commas (optional) for thousands in groups of three, any
currency sign or code around it. A string that is not one number under that convention
(``1,2``, ``12,34``) states no figure, and digits glued to letters (``Q1``, ``v2``) are not
figures either. :func:`states_figure` compares at a tolerance the family picks (half a cent
for an amount "to the cent", exact for a count).
"""

# -- inlined into reward.py --
import re
from typing import Any

FIGURE = re.compile(r"(?<![\w.,])(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(?!\w|[.,]\d)")


def figures_in(text: Any) -> list[float]:
    """Every number ``text`` states, in order (thousands commas dropped, currency ignored)."""
    found = []
    for match in FIGURE.finditer(str(text if text is not None else "")):
        found.append(float(match.group(1).replace(",", "") + (match.group(2) or "")))
    return found


def states_figure(text: Any, figure: float, tol: float = 0.005) -> bool:
    """Does ``text`` state ``figure`` (within ``tol``)?"""
    return any(abs(value - figure) <= tol for value in figures_in(text))
