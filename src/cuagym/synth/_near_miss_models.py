"""What C7 records: the near misses of a gold state that were tried, allowed or accepted.

A *near miss* (DESIGN.md §13) is a state one small step away from s_gold that an RL policy can
reach: part of the work left undone, one value slightly wrong, one thing changed that the task
does not touch, one action done twice, a symlink or an extra copy where a file was asked for.
The reward must score each below 1. These models are what ``meta.json`` (``near_misses``) and
REVIEW.md carry; the candidates themselves (with the state to materialize) live in
``_near_miss_web`` / ``_near_miss_files`` and never leave the orchestrator.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from cuagym.core.near_misses import (
    NEAR_MISS_KINDS,
    AcceptedNearMiss,
    AllowedNearMiss,
    NearMissKind,
    NearMissReport,
    TriedNearMiss,
)

__all__ = [
    "NEAR_MISS_KINDS",
    "AcceptedNearMiss",
    "AllowedNearMiss",
    "FileOp",
    "NearMissCandidate",
    "NearMissKind",
    "NearMissReport",
    "TriedNearMiss",
]


@dataclass(frozen=True)
class FileOp:
    """One change to a home, relative path inside it: write bytes, delete, symlink, chmod."""

    op: Literal["write", "delete", "symlink", "chmod", "rmdir"]
    path: str
    data: bytes = b""
    target: str = ""
    mode: int = 0o644


@dataclass
class NearMissCandidate:
    """A derived near miss: what it is, and how to make it.

    Web: ``app`` and ``state`` (the app's whole current state to ``set_current``). Desktop:
    ``build`` returns the file operations on the gold home (built lazily: only sampled
    candidates pay for an office round trip)."""

    kind: NearMissKind
    path: str
    state: str
    app: str | None = None
    web_state: Any = None
    build: Any = None  # Callable[[], list[FileOp]] for desktop candidates
    extra: dict[str, Any] = field(default_factory=dict)
