"""The team-chat web app as the hub sees it: schema, seed, invariants, volatile keys, routes."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

from pydantic import BaseModel
from starlette.routing import BaseRoute

from cuagym.apps.team_chat._invariants import check_invariants, invariants_hold_after
from cuagym.apps.team_chat._schema import TeamChatState
from cuagym.apps.team_chat._seed import build_seed
from cuagym.hub import ReleaseDisclosure, Violation, WebApp

__all__ = ["TeamChat"]


class TeamChat(WebApp):
    """A workspace chat app: channels, DMs, threads, reactions (the paper's chat mock)."""

    app_id: ClassVar[str] = "team-chat"
    title: ClassVar[str] = "Team Chat"
    state_model: ClassVar[type[BaseModel]] = TeamChatState
    # ``ui`` holds what a person has looked at (read markers, last conversation); a visit must
    # never count as a change in a reward's state_diff.
    volatile: ClassVar[tuple[str, ...]] = ("ui",)
    release: ClassVar[ReleaseDisclosure] = ReleaseDisclosure(
        category="Communication / messaging",
        measures=("generic_name", "no_brand_assets", "neutral_palette", "original_ui_copy"),
    )

    def seed(self) -> dict[str, Any]:
        return build_seed()

    def invariants(self, state: Any) -> Iterable[Violation]:
        if not isinstance(state, TeamChatState):  # the hub always passes the validated model
            raise TypeError(f"expected TeamChatState, got {type(state).__name__}")
        return check_invariants(state)

    def invariants_hold_after(self, before: Any, after: Any) -> bool:
        # Only what an edit changed is checked (see _invariants.invariants_hold_after).
        if not isinstance(before, TeamChatState) or not isinstance(after, TeamChatState):
            return False
        return invariants_hold_after(before, after)

    def routes(self) -> Sequence[BaseRoute]:
        from cuagym.apps.team_chat._ui import (
            build_routes,  # deferred: the UI pulls in templates machinery
        )

        return build_routes()
