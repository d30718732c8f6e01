"""Canonical JSON: the bytes a state or record is compared and hashed by."""

from cuagym.core._json import canonical_bytes, loads, state_id

__all__ = ["canonical_bytes", "loads", "state_id"]
