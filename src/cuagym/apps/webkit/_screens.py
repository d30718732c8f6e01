"""What every web app's screens share: the page frame, error pages, mutate-then-redirect.

An app binds these to its own page shell (the navigation around every screen) and to its own
"not allowed" exception once, in its ``_ui_common`` module; its routes import them from there.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote, unquote

from starlette.datastructures import UploadFile
from starlette.requests import Request
from starlette.responses import RedirectResponse, Response

from cuagym.hub import (
    InvalidState,
    UISession,
    form_text,
    form_texts,
    load_session,
    render,
    ui_session,
)

__all__ = [
    "FLASH_COOKIE",
    "FormInvalid",
    "Screens",
    "State",
    "field",
    "fields",
    "flash_redirect",
    "load",
    "rejected",
    "render_screen",
    "save_uploads",
]

State = dict[str, Any]

# The hub's form helpers, under the short names the apps' routes use.
load = load_session
field = form_text
fields = form_texts


#: the one-shot message a post leaves for the page it redirects to (a toast)
FLASH_COOKIE = "kit_flash"


class FormInvalid(Exception):
    """A form's values are wrong: one message per field name, shown inline beside the field."""

    def __init__(self, errors: Mapping[str, str]) -> None:
        super().__init__("; ".join(f"{name}: {message}" for name, message in errors.items()))
        self.errors = dict(errors)


def render_screen(
    request: Request,
    chrome: dict[str, Any],
    template: str,
    context: dict[str, Any],
    status_code: int = 200,
) -> Response:
    """Render a full screen: the app's shell context (``chrome``) plus the screen's own.

    A message the previous post left (see :func:`flash_redirect`) comes as ``flash`` and is
    used up: a reload shows no toast.
    """
    flash = request.cookies.get(FLASH_COOKIE)
    full = {**chrome, **context}
    if flash:
        full.setdefault("flash", unquote(flash))
    response = render(request, template, full, status_code)
    if flash:
        response.delete_cookie(FLASH_COOKIE, path=ui_session(request).base)
    return response


def flash_redirect(ui: UISession, target: str, message: str | None = None) -> Response:
    """303 to ``target`` (app-relative); the page it shows greets with ``message`` as a toast."""
    response = RedirectResponse(ui.url(target), status_code=303)
    if message:
        response.set_cookie(
            FLASH_COOKIE, quote(message), path=ui.base, httponly=True, samesite="lax"
        )
    return response


def rejected(exc: InvalidState) -> list[str]:
    """Why the hub refused a state, one line per violated rule."""
    return [f"{v.path or 'state'}: {v.message}" for v in exc.violations]


async def save_uploads(ui: UISession, files: list[UploadFile]) -> list[dict[str, Any]]:
    """Store a form's uploaded files in the session; their attachment records, in order."""
    out = []
    for item in files:
        data = await item.read()
        info = await ui.upload(
            item.filename or "file", data, item.content_type or "application/octet-stream"
        )
        out.append(
            {
                "name": info.name,
                "url": info.url,
                "size": info.size,
                "contentType": info.content_type,
            }
        )
    return out


@dataclass(frozen=True)
class Screens:
    """One app's error pages and post/redirect/get, framed in its own shell.

    ``chrome`` gives the shell an error page is shown in (nothing selected in the navigation),
    ``home`` is where a not-found page points back to, and ``action_error`` is the app's
    exception for a request that is not allowed (its message is shown to the person as is).
    """

    chrome: Callable[[Request, State], dict[str, Any]]
    home: str
    action_error: type[Exception]

    def show_error(
        self,
        request: Request,
        state: State,
        messages: list[str],
        back: str,
        status_code: int = 400,
        title: str = "That didn't work",
    ) -> Response:
        context = {"title": title, "messages": messages, "back": back}
        return render_screen(
            request, self.chrome(request, state), "error.html", context, status_code
        )

    def not_found(self, request: Request, state: State, what: str) -> Response:
        return self.show_error(request, state, [what], self.home, 404, "Not found")

    async def act(
        self,
        request: Request,
        ui: UISession,
        change: Callable[[State], Any],
        success: Callable[[], str] | str,
        back: str,
        *,
        flash: str | None = None,
        invalid: Callable[[State, dict[str, str]], Response] | None = None,
    ) -> Response:
        """Apply ``change`` atomically, then redirect (post/redirect/get) to ``success``.

        ``success`` (app-relative) may be a callable so that it can use what ``change`` found
        (a new id); ``flash`` is the toast the next page shows. A not-allowed request answers
        400 and a state the hub rejects answers 422; both show a page that says why, and change
        nothing. A :class:`FormInvalid` from ``change`` goes to ``invalid`` (the form again,
        with the typed values and each field's error), or to the error page without one.
        """

        def apply(state: State) -> None:
            # The hub stores whatever a change function returns (when not None) as the new
            # state; the apps' _ops functions return ids and keys, which must not leak out.
            change(state)

        try:
            await ui.mutate(apply)
        except FormInvalid as exc:
            state = await ui.state()
            if invalid is not None:
                return invalid(state, exc.errors)
            return self.show_error(request, state, [str(exc)], back)
        except self.action_error as exc:
            return self.show_error(request, await ui.state(), [str(exc)], back)
        except InvalidState as exc:
            return self.show_error(
                request, await ui.state(), rejected(exc), back, 422, "The change was rejected"
            )
        target = success() if callable(success) else success
        return flash_redirect(ui, target, flash)
