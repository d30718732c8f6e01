"""C7's record (DESIGN.md §13): the near misses of a gold state that were tried or allowed.

A *near miss* is a state one small step away from s_gold that an RL policy can reach: part of
the work left undone, one value slightly wrong, one thing changed that the task does not touch,
one action done twice, a symlink or an extra copy where a file was asked for. The reward must
score each below 1. ``NearMissReport`` is ``meta.json``'s ``near_misses`` and the table of
REVIEW.md; cuagym.synth derives, materializes and scores the near misses.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, NonNegativeInt

__all__ = [
    "NEAR_MISS_KINDS",
    "AcceptedNearMiss",
    "AllowedNearMiss",
    "NearMissKind",
    "NearMissReport",
    "TriedNearMiss",
]

NearMissKind = Literal["partial", "perturb", "collateral", "duplicate", "symlink", "extra_copy"]
#: The order candidates are drawn in (round-robin): every kind gets a turn before any repeats.
NEAR_MISS_KINDS: tuple[NearMissKind, ...] = (
    "partial",
    "perturb",
    "collateral",
    "duplicate",
    "symlink",
    "extra_copy",
)


class AllowedNearMiss(BaseModel):
    """A near miss not tried because no reasonable reading of the instruction forbids it."""

    model_config = ConfigDict(frozen=True)

    kind: NearMissKind
    path: str
    why: str


class AcceptedNearMiss(BaseModel):
    """A near miss the reward scored 1.0: C7 fails. ``state`` describes it (never a patch)."""

    model_config = ConfigDict(frozen=True)

    kind: NearMissKind
    path: str
    state: str = Field(description="the near-miss state in words, for the Discriminator")
    reward: float


class TriedNearMiss(BaseModel):
    """One near miss that was materialized and scored (REVIEW.md's table; not in meta.json)."""

    model_config = ConfigDict(frozen=True)

    kind: NearMissKind
    path: str
    state: str
    reward: float | None = Field(description="None: the reward printed no score")


class NearMissReport(BaseModel):
    """``meta.json``'s ``near_misses``: C7 holds iff ``accepted`` is empty."""

    model_config = ConfigDict(frozen=True)

    tried: NonNegativeInt = 0
    rejected: NonNegativeInt = 0
    allowed: list[AllowedNearMiss] = Field(default_factory=list)
    accepted: list[AcceptedNearMiss] = Field(default_factory=list)
    derived: NonNegativeInt = Field(
        default=0, description="candidates derived before the per-tuple bound was applied"
    )
    skipped: list[str] = Field(
        default_factory=list,
        description="candidates that could not be materialized (the app refused the state), "
        "with the reason; not counted as tried",
    )

    results: list[TriedNearMiss] = Field(
        default_factory=list,
        exclude=True,  # REVIEW.md's table; meta.json keeps the counts
        description="every tried near miss with its score (REVIEW.md)",
    )

    @property
    def ok(self) -> bool:
        return not self.accepted

    def meta_json(self) -> dict[str, Any]:
        """The ``near_misses`` object of meta.json (DESIGN.md §13's keys, and the counts)."""
        return self.model_dump(mode="json")
