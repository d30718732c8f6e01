"""The mail web app as the hub sees it: schema, seed, invariants, volatile keys, routes."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any, ClassVar

from pydantic import BaseModel

from cuagym.apps.mail._invariants import (
    broken_states,
    check_invariants,
    invariants_hold_after,
)
from cuagym.apps.mail._schema import MailState
from cuagym.apps.mail._seed import build_seed
from cuagym.apps.webkit import ModelWebApp, Theme
from cuagym.hub import ReleaseDisclosure, Violation

__all__ = ["MailApp"]


class MailApp(ModelWebApp[MailState]):
    """A webmail client: folders, labels, threads, compose, contacts, templates, settings."""

    app_id: ClassVar[str] = "mail"
    title: ClassVar[str] = "Mail"
    state_model: ClassVar[type[BaseModel]] = MailState
    ui_module: ClassVar[str] = "cuagym.apps.mail._ui"
    # teal, a light header over a side bar of folders, round corners: a mailbox
    theme: ClassVar[Theme] = Theme(accent="teal", nav="side", header="light", radius="round")
    # ``ui`` holds purely visual preferences (display density); changing them must never count
    # as a change in a reward's state_diff.
    volatile: ClassVar[tuple[str, ...]] = ("ui",)
    release: ClassVar[ReleaseDisclosure] = ReleaseDisclosure(
        category="Communication / messaging",
        measures=("generic_name", "no_brand_assets", "neutral_palette", "original_ui_copy"),
    )

    def seed(self) -> dict[str, Any]:
        return build_seed()

    def broken_states(self) -> Mapping[str, dict[str, Any]]:
        return broken_states(build_seed())

    def check(self, state: MailState) -> Iterable[Violation]:
        return check_invariants(state)

    def check_edit(self, before: MailState, after: MailState) -> bool:
        # Only the checks that read an edited collection run (see _invariants.CHECKS).
        return invariants_hold_after(before, after)
