"""What the cross layer may build on from the code-host families (DESIGN.md §11): worlds,
lookups, the reward's helper library, and the oracles whose stages a cross oracle reuses."""

from __future__ import annotations

from cuagym.families.code_host._common import (
    GEN_NOW,
    ME,
    REWARD_HELPERS,
    SEED,
    build_world,
    params_of,
    pull_of,
    uid_of,
)
from cuagym.families.code_host._oracle import (
    LabelsOracle,
    ReleaseOracle,
    RerunOracle,
    ReviewersOracle,
)
from cuagym.families.code_host._pulls import open_pulls
from cuagym.families.code_host._work import failed_head_runs, next_tag

__all__ = [
    "GEN_NOW",
    "ME",
    "REWARD_HELPERS",
    "SEED",
    "LabelsOracle",
    "ReleaseOracle",
    "RerunOracle",
    "ReviewersOracle",
    "build_world",
    "failed_head_runs",
    "next_tag",
    "open_pulls",
    "params_of",
    "pull_of",
    "uid_of",
]
