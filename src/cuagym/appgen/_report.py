"""What ``cuagym appgen audit`` reports (DESIGN.md §12, a contract).

``--json`` prints one :class:`AuditReport`: the app, how many routes and controls were probed,
the dead controls and the errors; ``ok`` iff both lists are empty. Everything else an audit
measures (timings, screenshots, the per-control record) goes to the ``--out`` report only, so
the JSON keeps exactly the contract's keys.
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, model_validator

__all__ = ["AuditError", "AuditErrorKind", "AuditReport", "DeadControl"]

#: What an audit error is about; ``detail`` says the rest in words.
AuditErrorKind = Literal[
    "http_status",  # a route, a link target or a page's resource answered >= 400
    "page_error",  # an uncaught exception in the page (pageerror)
    "missing_h1",  # a route whose page has no <h1>
    "tab_without_active",  # a tab group none of whose tabs is marked active
    "unlabelled_field",  # a form field without a label (label, aria-label, aria-labelledby)
    "state_api",  # set / set_current / merge / reset / go not as DESIGN.md §3 says
    "invariant_not_enforced",  # a state that breaks a declared invariant was stored, not 422
    "session_isolation",  # one session saw another's state (API or browser)
    "load_failed",  # the app could not be loaded or served at all
]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class DeadControl(_Strict):
    """A control that changed neither the DOM, nor the URL, nor the session state."""

    route: str
    control: str


class AuditError(_Strict):
    route: str
    kind: AuditErrorKind
    detail: str


class AuditReport(_Strict):
    """The audit's verdict on one app (``ok`` iff nothing is dead and nothing errored)."""

    app: str
    routes: int
    controls: int
    dead: list[DeadControl]
    errors: list[AuditError]
    ok: bool

    @model_validator(mode="after")
    def _ok_means_clean(self) -> AuditReport:
        if self.ok != (not self.dead and not self.errors):
            raise ValueError("ok must be true exactly when nothing is dead and nothing errored")
        return self

    @classmethod
    def of(
        cls,
        app: str,
        routes: int,
        controls: int,
        dead: list[DeadControl],
        errors: list[AuditError],
    ) -> AuditReport:
        """A report whose ``ok`` follows from its findings."""
        return cls(
            app=app,
            routes=routes,
            controls=controls,
            dead=dead,
            errors=errors,
            ok=not dead and not errors,
        )
