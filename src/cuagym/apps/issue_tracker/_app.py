"""The issue-tracker web app as the hub sees it: schema, seed, invariants, volatile keys, routes."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from pydantic import BaseModel

from cuagym.apps.issue_tracker._invariants import (
    broken_states,
    check_invariants,
    invariants_hold_after,
)
from cuagym.apps.issue_tracker._schema import IssueTrackerState
from cuagym.apps.issue_tracker._seed import build_seed
from cuagym.apps.webkit import ModelWebApp, Theme
from cuagym.hub import ReleaseDisclosure, Violation

__all__ = ["IssueTracker"]


class IssueTracker(ModelWebApp[IssueTrackerState]):
    """A project issue tracker: projects, sprints, a board, a backlog, issues (the paper's Jira)."""

    app_id: ClassVar[str] = "issue-tracker"
    title: ClassVar[str] = "Issue Tracker"
    state_model: ClassVar[type[BaseModel]] = IssueTrackerState
    ui_module: ClassVar[str] = "cuagym.apps.issue_tracker._ui"
    # indigo, links in a dark header, a project side bar beside the board: a tracker's frame
    theme: ClassVar[Theme] = Theme(accent="indigo", nav="top", header="dark", surface="plain")
    # ``ui`` is what a person looked at (last project, recently viewed issues); ``updatedAt`` is
    # wall-clock bookkeeping touched by every edit. Neither is a change a reward should score,
    # and masking them keeps a diff down to the fields the person actually changed.
    volatile: ClassVar[tuple[str, ...]] = ("ui", "issues.*.updatedAt")
    release: ClassVar[ReleaseDisclosure] = ReleaseDisclosure(
        category="Project management",
        measures=("generic_name", "no_brand_assets", "neutral_palette", "original_ui_copy"),
    )

    def seed(self) -> dict[str, Any]:
        return build_seed()

    def broken_states(self) -> Mapping[str, dict[str, Any]]:
        return broken_states(build_seed())

    def check(self, state: IssueTrackerState) -> Iterable[Violation]:
        return check_invariants(state)

    def check_edit(self, before: IssueTrackerState, after: IssueTrackerState) -> bool:
        # Only the checks that read an edited collection run (see _invariants.CHECKS).
        return invariants_hold_after(before, after)
