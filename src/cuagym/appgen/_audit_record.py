"""The audit's full record (``--out DIR/audit.json``): every route, every control, timings.

The contract's :class:`~cuagym.appgen.AuditReport` keeps only the verdict; this is what a
person (or the Dev agent's ``AUDIT.md``) reads to see why: what each control did, which
routes were never reached, how the state API answered.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field
from pydantic.alias_generators import to_camel

from cuagym.appgen._report import AuditError, AuditReport

__all__ = [
    "ApiCheck",
    "AuditRecord",
    "Control",
    "ControlRecord",
    "ProbeOutcome",
    "RouteRecord",
    "SharedControl",
]


class Control(BaseModel):
    """One interactive element as the page describes it (``_audit_page.js``: ``controls``)."""

    model_config = ConfigDict(alias_generator=to_camel, populate_by_name=True, frozen=True)

    css: str
    kind: str  # link, button, submit, reset, input, select, toggle, summary, tab, menuitem
    tag: str
    type: str = ""
    role: str = ""
    classes: tuple[str, ...] = ()
    href: str = ""
    raw_href: str = ""
    form_action: str = ""
    form_method: str = ""
    label: str = ""
    form_fields: tuple[str, ...] = ()  # the form's fields as they stand, ``type name=value``
    options: tuple[str, ...] = ()  # a select's choices (their values)
    data: tuple[str, ...] = ()  # the control's data-* attributes, ``name=value``
    current: bool = False  # marked as the current choice (active, aria-current, aria-pressed)

    @property
    def description(self) -> str:
        """``button "Archive" (form[action="/mail/archive"] > button:nth-of-type(1))``."""
        return f'{self.kind} "{self.label}" ({self.css})'


class ProbeOutcome(BaseModel):
    """What acting on a control did, in a fresh session."""

    dom_changed: bool = False
    url_changed: bool = False
    state_changed: bool = False
    #: a download or a new window (a change the page itself does not show)
    side_effect: str = ""
    #: where the page was after the action (app-relative path), and the status that got it there
    landed: str = ""
    status: int | None = None
    #: the action could not be done (the element vanished, was covered, the page crashed)
    failure: str = ""
    #: why a control that changed nothing is not dead: a link to the page it is on (it
    #: reloads it), the option that is already chosen
    excused: str = ""
    page_errors: list[str] = Field(default_factory=list)
    revealed: list[Control] = Field(default_factory=list)
    seconds: float = 0.0

    @property
    def dead(self) -> bool:
        changed = self.dom_changed or self.url_changed or self.state_changed or self.side_effect
        return not self.failure and not changed and not self.excused


class ControlRecord(BaseModel):
    route: str  # the page's route pattern
    control: str  # Control.description
    openers: list[str] = Field(default_factory=list)  # what was clicked first to reveal it
    key: str
    outcome: ProbeOutcome


class SharedControl(BaseModel):
    """A control of the shared layout (a header link, the user menu) that this route shows
    exactly as an earlier route does: probed there once, not again here."""

    control: str  # Control.description
    same_as: str  # the route pattern whose probe covers it


class RouteRecord(BaseModel):
    pattern: str
    url: str
    status: int | None = None
    content_type: str = ""
    landed: str = ""  # where the visit ended (a redirect)
    screenshot: str = ""  # relative to the report folder
    h1: int = 0
    seconds: float = 0.0
    controls: list[ControlRecord] = Field(default_factory=list)
    #: controls probed on an earlier route ("same as <route>'s")
    shared: list[SharedControl] = Field(default_factory=list)
    errors: list[AuditError] = Field(default_factory=list)


class ApiCheck(BaseModel):
    name: str
    ok: bool
    detail: str = ""


class AuditRecord(BaseModel):
    report: AuditReport
    routes: list[RouteRecord]
    unvisited: list[str]
    skipped: list[str]  # routes that answered something other than HTML (downloads, JSON)
    api: list[ApiCheck]
    seconds: float
