"""The state of a fresh session (a new copy each call: callers edit it)."""

from __future__ import annotations

from typing import Any

__all__ = ["build_seed"]


def build_seed() -> dict[str, Any]:
    return {
        "cooks": {"c1": {"name": "Ada"}},
        "recipes": {
            "lentil-soup": {"title": "Lentil soup", "cookId": "c1", "steps": "Simmer 30 min."},
            "flatbread": {"title": "Flatbread", "cookId": "c1", "steps": "Knead, rest, bake."},
        },
    }
