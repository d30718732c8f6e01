"""Models and helpers shared by every part of cuagym. Imports nothing else of ours."""

from cuagym.core._json import canonical_bytes, canonical_json, dumps, loads, state_id

__all__ = ["canonical_bytes", "canonical_json", "dumps", "loads", "state_id"]
