"""C7's records (DESIGN.md §13): near misses tried, allowed and accepted."""

from cuagym.core._near_misses import (
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
    "NearMissKind",
    "NearMissReport",
    "TriedNearMiss",
]
