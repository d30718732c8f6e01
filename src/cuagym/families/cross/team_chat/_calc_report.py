"""The words of ``report-workbook-figure``: the message its golden patch posts and its oracle
types, in one place that both import."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

__all__ = ["money", "report_text"]


def money(amount: float) -> str:
    """``12345.6`` -> ``12,345.60``: how the golden message (and the oracle) write an amount."""
    return f"{amount:,.2f}"


def report_text(p: Mapping[str, Any]) -> str:
    """The message the golden patch posts and the oracle types."""
    region = p["region"]
    if p["measure"] == "total":
        return f"Total Amount of the {region} orders: {money(p['figure'])}"
    if p["measure"] == "number":
        return f"The {region} region has {int(p['figure'])} orders."
    return f"Largest {region} order: {p['product']}, {money(p['figure'])}"
