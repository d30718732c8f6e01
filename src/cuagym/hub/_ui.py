"""The browser side of a web app: session binding by cookie, the UI's session API, templates.

``GET /<app>/?sid=S`` binds the browser to session S (an HttpOnly cookie scoped to the app's
path) and redirects to the clean URL. A browser with no binding gets a fresh session. The UI
changes state only through :meth:`UISession.mutate`, which validates like ``/post`` does; the
hub token never reaches the browser.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable, Mapping
from http.cookies import SimpleCookie
from typing import Any

from starlette.requests import Request
from starlette.responses import PlainTextResponse, RedirectResponse, Response
from starlette.routing import Router
from starlette.templating import Jinja2Templates

from cuagym.hub._context import AppContext
from cuagym.hub._http import SID_PATTERN, HTTPError, Receive, Scope, Send, header, parse_sid
from cuagym.hub._state import UploadedFile

__all__ = ["COOKIE", "UIGate", "UISession", "cookie_sid", "render", "ui_session"]

COOKIE = "cuagym_sid"
_SCOPE_KEY = "cuagym.ui"


class UISession:
    """The session a browser is bound to, as seen by the app's UI routes."""

    def __init__(self, ctx: AppContext, sid: str, base: str) -> None:
        self._ctx = ctx
        self.sid = sid
        self.base = base

    @property
    def app_id(self) -> str:
        return self._ctx.app_id

    async def state(self) -> Any:
        """A private copy of the current state (mutating it changes nothing)."""
        record = await self._ctx.store.load(self._ctx.app_id, self.sid)
        return self._ctx.current_of(record).copy()

    async def mutate(self, change: Callable[[Any], Any]) -> Any:
        """Atomically apply ``change`` to a copy of the current state and store the result.

        ``change`` edits the copy in place and returns None, or returns a new state (a dict);
        any other return value is a programming error (``TypeError``), never stored. The result
        is validated against the schema and invariants; :class:`InvalidState` leaves the
        session untouched. Returns the stored state (a private copy).
        """
        record = await self._ctx.write_current(self.sid, change)
        return self._ctx.current_of(record).copy()

    async def upload(self, filename: str, data: bytes, content_type: str) -> UploadedFile:
        """Attach a file to the session, as ``/upload`` does; returns where it is served."""
        from cuagym.hub._files import check_upload_size, safe_filename

        check_upload_size(len(data), self._ctx.limits)
        info = await self._ctx.attach(self.sid, safe_filename(filename), content_type, data)
        return UploadedFile(
            info.name, self.url(f"/files/{info.name}"), info.size, info.content_type
        )

    def url(self, path: str = "/") -> str:
        """An absolute path inside this app (``/team-chat/c/general``)."""
        return self.base + (path if path.startswith("/") else "/" + path)


def ui_session(request: Request) -> UISession:
    """The session bound to this browser; only valid inside a web app's UI routes."""
    session = request.scope.get(_SCOPE_KEY)
    if not isinstance(session, UISession):
        raise RuntimeError("ui_session() called outside a cuagym web app UI route")
    return session


def render(
    request: Request,
    template: str,
    context: Mapping[str, Any] | None = None,
    status_code: int = 200,
) -> Response:
    """Render one of the app's templates with the hub's standard context."""
    session = ui_session(request)
    templates: Jinja2Templates | None = request.scope.get("cuagym.templates")
    if templates is None:
        raise RuntimeError(f"web app {session.app_id!r} has no templates folder")
    full = {
        "app": session._ctx.app,
        "base": session.base,
        "static": session.base + "/static",
        "sid": session.sid,
        **(context or {}),
    }
    return templates.TemplateResponse(request, template, full, status_code=status_code)


def cookie_sid(scope: Scope) -> str | None:
    raw = header(scope, b"cookie")
    if raw is None:
        return None
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(raw.decode("latin-1"))
    except Exception:  # a malformed Cookie header binds nothing
        return None
    morsel = jar.get(COOKIE)
    if morsel is None or not SID_PATTERN.match(morsel.value):
        return None
    return morsel.value


def _without_sid(query: bytes) -> str:
    kept = [p for p in query.decode("latin-1").split("&") if p and not re.match(r"sid(=|$)", p)]
    return ("?" + "&".join(kept)) if kept else ""


class UIGate:
    """Binds browsers to sessions, then hands the request to the app's own router."""

    def __init__(self, ctx: AppContext) -> None:
        self.ctx = ctx
        self.router = Router(routes=list(ctx.app.routes()))
        folder = ctx.app.templates_dir
        self.templates = Jinja2Templates(directory=str(folder)) if folder else None

    async def __call__(self, scope: Scope, receive: Receive, send: Send, base: str) -> None:
        location = scope["path"]
        query: bytes = scope.get("query_string", b"")
        if re.search(rb"(^|&)sid=", query):
            try:
                sid = parse_sid(scope)
            except HTTPError as exc:
                await PlainTextResponse(exc.error, status_code=400)(scope, receive, send)
                return
            await self._bind(sid, location + _without_sid(query), base)(scope, receive, send)
            return
        bound = cookie_sid(scope)
        if bound is None:
            if scope["method"] not in ("GET", "HEAD"):
                message = "this browser is not bound to a session; open the app with ?sid=<sid>"
                await PlainTextResponse(message, status_code=400)(scope, receive, send)
                return
            fresh = uuid.uuid4().hex
            target = location + ("?" + query.decode("latin-1") if query else "")
            await self._bind(fresh, target, base)(scope, receive, send)
            return
        scope = dict(scope)
        scope["root_path"] = base  # Starlette routes on the path below root_path
        scope[_SCOPE_KEY] = UISession(self.ctx, bound, base)
        scope["cuagym.templates"] = self.templates
        await self.router(scope, receive, send)

    def _bind(self, sid: str, target: str, base: str) -> Response:
        response = RedirectResponse(target or base + "/", status_code=303)
        response.set_cookie(COOKIE, sid, path=base, httponly=True, samesite="lax")
        return response
