"""The state of a fresh session: four notes of a small team."""

from __future__ import annotations

from typing import Any

__all__ = ["build_seed"]


def build_seed() -> dict[str, Any]:
    """A new copy each call (callers edit it)."""
    return {
        "notes": {
            "n1": {"title": "Standup agenda", "body": "Blockers first.", "tags": ["team"]},
            "n2": {"title": "Groceries", "body": "Oats, lemons, rice.", "tags": []},
            "n3": {"title": "Quarterly goals", "body": "Ship the export.", "tags": ["plan"]},
            "n4": {"title": "Reading list", "body": "Two papers on RL.", "tags": []},
        }
    }
