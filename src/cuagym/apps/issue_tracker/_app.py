"""The issue-tracker web app as the hub sees it: schema, seed, invariants, volatile keys, routes."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

from pydantic import BaseModel
from starlette.routing import BaseRoute

from cuagym.apps.issue_tracker._invariants import check_invariants, invariants_hold_after
from cuagym.apps.issue_tracker._schema import IssueTrackerState
from cuagym.apps.issue_tracker._seed import build_seed
from cuagym.hub import ReleaseDisclosure, Violation, WebApp

__all__ = ["IssueTracker"]


class IssueTracker(WebApp):
    """A project issue tracker: projects, sprints, a board, a backlog, issues (the paper's Jira)."""

    app_id: ClassVar[str] = "issue-tracker"
    title: ClassVar[str] = "Issue Tracker"
    state_model: ClassVar[type[BaseModel]] = IssueTrackerState
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

    def invariants(self, state: Any) -> Iterable[Violation]:
        if not isinstance(state, IssueTrackerState):  # the hub passes the validated model
            raise TypeError(f"expected IssueTrackerState, got {type(state).__name__}")
        return check_invariants(state)

    def invariants_hold_after(self, before: Any, after: Any) -> bool:
        # Only the checks that read an edited collection run (see _invariants.CHECKS).
        if not isinstance(before, IssueTrackerState) or not isinstance(after, IssueTrackerState):
            return False
        return invariants_hold_after(before, after)

    def routes(self) -> Sequence[BaseRoute]:
        from cuagym.apps.issue_tracker._ui import (
            build_routes,  # deferred: the UI pulls in templates machinery
        )

        return build_routes()
