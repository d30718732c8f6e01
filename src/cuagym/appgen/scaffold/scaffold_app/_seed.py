"""The state of a fresh session (a new copy each call: callers edit it)."""

from __future__ import annotations

from typing import Any

__all__ = ["build_seed"]


def build_seed() -> dict[str, Any]:
    return {
        "records": {
            "r1": {"title": "First record", "createdAt": "2025-03-03T09:00:00Z", "notes": ""},
            "r2": {"title": "Second record", "createdAt": "2025-03-04T10:30:00Z", "notes": ""},
        }
    }
