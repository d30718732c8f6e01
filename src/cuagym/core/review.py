"""REVIEW.md (DESIGN.md §2, §5): the consensus conditions and their results."""

from cuagym.core._review import (
    CONDITION_IDS,
    REQUIRED_OK,
    ConditionId,
    ConditionResult,
    ForbiddenHit,
)

__all__ = ["CONDITION_IDS", "REQUIRED_OK", "ConditionId", "ConditionResult", "ForbiddenHit"]
