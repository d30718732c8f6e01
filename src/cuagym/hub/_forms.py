"""Small helpers every web app's UI routes need: form text, redirect targets, session + state."""

from __future__ import annotations

from typing import Any

from starlette.datastructures import FormData
from starlette.requests import Request

from cuagym.hub._ui import UISession, ui_session

__all__ = ["form_text", "form_texts", "load_session", "safe_next"]


def form_text(form: FormData, name: str) -> str:
    """A text field of the form ('' when absent or a file), with plain ``\\n`` line breaks.

    Browsers submit a textarea's line breaks as CRLF; states keep plain ``\\n`` so that a
    reward comparing text with the instruction's text is not fooled by the transport.
    """
    value = form.get(name)
    if not isinstance(value, str):
        return ""
    return value.replace("\r\n", "\n").replace("\r", "\n")


def form_texts(form: FormData, name: str) -> list[str]:
    """Every non-empty text value of a repeated field (checkboxes, multi-selects)."""
    return [v for v in form.getlist(name) if isinstance(v, str) and v]


def safe_next(value: str, default: str) -> str:
    """Only app-relative paths may be redirect targets (no ``//host``, no ``scheme:``)."""
    if value.startswith("/") and not value.startswith("//") and "\\" not in value:
        return value
    return default


async def load_session(request: Request) -> tuple[UISession, Any]:
    """The browser's session and a private copy of its current state."""
    ui = ui_session(request)
    return ui, await ui.state()
