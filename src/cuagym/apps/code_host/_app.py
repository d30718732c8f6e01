"""The code-host web app as the hub sees it: schema, seed, invariants, volatile keys, routes."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from pydantic import BaseModel

from cuagym.apps.code_host._invariants import (
    broken_states,
    check_invariants,
    invariants_hold_after,
)
from cuagym.apps.code_host._schema import CodeHostState
from cuagym.apps.code_host._seed import build_seed
from cuagym.apps.webkit import ModelWebApp, Theme
from cuagym.hub import ReleaseDisclosure, Violation

__all__ = ["CodeHostApp"]


class CodeHostApp(ModelWebApp[CodeHostState]):
    """A git forge: repositories, branches, pull requests with reviews, CI runs, issues."""

    app_id: ClassVar[str] = "code-host"
    title: ClassVar[str] = "Code Forge"
    state_model: ClassVar[type[BaseModel]] = CodeHostState
    ui_module: ClassVar[str] = "cuagym.apps.code_host._ui"
    # graphite, compact and square: a dense developer tool, its global links in a dark header
    # and each repository's own tab row under the repository's name
    theme: ClassVar[Theme] = Theme(
        accent="graphite", nav="top", header="dark", density="compact", radius="square",
        surface="plain",
    )  # fmt: skip
    # ``ui`` holds the recently visited repositories; a visit is never a change in a diff.
    volatile: ClassVar[tuple[str, ...]] = ("ui",)
    release: ClassVar[ReleaseDisclosure] = ReleaseDisclosure(
        category="Code hosting / DevOps",
        measures=("generic_name", "no_brand_assets", "neutral_palette", "original_ui_copy"),
    )

    def seed(self) -> dict[str, Any]:
        return build_seed()

    def broken_states(self) -> Mapping[str, dict[str, Any]]:
        return broken_states(build_seed())

    def check(self, state: CodeHostState) -> Iterable[Violation]:
        return check_invariants(state)

    def check_edit(self, before: CodeHostState, after: CodeHostState) -> bool:
        return invariants_hold_after(before, after)
