"""The team-chat web app as the hub sees it: schema, seed, invariants, volatile keys, routes."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from pydantic import BaseModel

from cuagym.apps.team_chat._invariants import (
    broken_states,
    check_invariants,
    invariants_hold_after,
)
from cuagym.apps.team_chat._schema import TeamChatState
from cuagym.apps.team_chat._seed import build_seed
from cuagym.apps.webkit import ModelWebApp, Theme
from cuagym.hub import ReleaseDisclosure, Violation

__all__ = ["TeamChat"]


class TeamChat(ModelWebApp[TeamChatState]):
    """A workspace chat app: channels, DMs, threads, reactions (the paper's chat mock)."""

    app_id: ClassVar[str] = "team-chat"
    title: ClassVar[str] = "Team Chat"
    state_model: ClassVar[type[BaseModel]] = TeamChatState
    ui_module: ClassVar[str] = "cuagym.apps.team_chat._ui"
    # pine, a dark side bar of channels and people under a thin top bar: a chat workspace
    theme: ClassVar[Theme] = Theme(accent="pine", nav="side", header="dark", radius="soft")
    # ``ui`` holds what a person has looked at (read markers, last conversation); a visit must
    # never count as a change in a reward's state_diff.
    volatile: ClassVar[tuple[str, ...]] = ("ui",)
    release: ClassVar[ReleaseDisclosure] = ReleaseDisclosure(
        category="Communication / messaging",
        measures=("generic_name", "no_brand_assets", "neutral_palette", "original_ui_copy"),
    )

    def seed(self) -> dict[str, Any]:
        return build_seed()

    def broken_states(self) -> Mapping[str, dict[str, Any]]:
        return broken_states(build_seed())

    def check(self, state: TeamChatState) -> Iterable[Violation]:
        return check_invariants(state)

    def check_edit(self, before: TeamChatState, after: TeamChatState) -> bool:
        # Only what an edit changed is checked (see _invariants.invariants_hold_after).
        return invariants_hold_after(before, after)
