"""The mail web app as the hub sees it: schema, seed, invariants, volatile keys, routes."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

from pydantic import BaseModel
from starlette.routing import BaseRoute

from cuagym.apps.mail._invariants import check_invariants, invariants_hold_after
from cuagym.apps.mail._schema import MailState
from cuagym.apps.mail._seed import build_seed
from cuagym.hub import ReleaseDisclosure, Violation, WebApp

__all__ = ["MailApp"]


class MailApp(WebApp):
    """A webmail client: folders, labels, threads, compose, contacts, templates, settings."""

    app_id: ClassVar[str] = "mail"
    title: ClassVar[str] = "Mail"
    state_model: ClassVar[type[BaseModel]] = MailState
    # ``ui`` holds purely visual preferences (display density); changing them must never count
    # as a change in a reward's state_diff.
    volatile: ClassVar[tuple[str, ...]] = ("ui",)
    release: ClassVar[ReleaseDisclosure] = ReleaseDisclosure(
        category="Communication / messaging",
        measures=("generic_name", "no_brand_assets", "neutral_palette", "original_ui_copy"),
    )

    def seed(self) -> dict[str, Any]:
        return build_seed()

    def invariants(self, state: Any) -> Iterable[Violation]:
        if not isinstance(state, MailState):  # the hub always passes the validated model
            raise TypeError(f"expected MailState, got {type(state).__name__}")
        return check_invariants(state)

    def invariants_hold_after(self, before: Any, after: Any) -> bool:
        # Only the checks that read an edited collection run (see _invariants.CHECKS).
        if not isinstance(before, MailState) or not isinstance(after, MailState):
            return False
        return invariants_hold_after(before, after)

    def routes(self) -> Sequence[BaseRoute]:
        from cuagym.apps.mail._ui import (
            build_routes,  # deferred: the UI pulls in templates machinery
        )

        return build_routes()
