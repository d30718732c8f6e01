"""The browser side of a web app: session binding by cookie, the UI's session API, templates.

A browser is bound to a session (an HttpOnly cookie scoped to the app's path) by a one-time
link: ``POST /<app>/bind?sid=S`` (with the hub token) mints a nonce, and ``GET /<app>/<page>
?bind=N`` binds the browser that opens it to S and redirects to the clean URL. A nonce is
taken once (a second use, or one older than its TTL, binds nothing) and only by its own app,
so a link seen in one environment cannot rebind a browser later, and knowing a session id
binds nothing: ``GET /<app>/?sid=S`` binds only on a hub started with ``allow_sid_binding``
(``cuagym hub serve --allow-sid-binding``, for people trying the apps by hand). A browser with
no binding gets a fresh session. The UI changes state only through :meth:`UISession.mutate`,
which validates like ``/post`` does; the hub token never reaches the browser.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from http.cookies import SimpleCookie
from typing import Any

from starlette.requests import Request
from starlette.responses import PlainTextResponse, RedirectResponse, Response
from starlette.routing import Router
from starlette.templating import Jinja2Templates

from cuagym.hub._context import AppContext
from cuagym.hub._http import (
    SID_PATTERN,
    HTTPError,
    Receive,
    Scope,
    Send,
    header,
    parse_sid,
    query_values,
)
from cuagym.hub._state import UploadedFile

__all__ = ["COOKIE", "Binding", "UIGate", "UISession", "cookie_sid", "render", "ui_session"]

COOKIE = "cuagym_sid"
_SCOPE_KEY = "cuagym.ui"
NONCE_PATTERN = re.compile(r"[A-Za-z0-9_-]{16,128}\Z")


@dataclass(frozen=True)
class Binding:
    """How browsers may be bound to sessions (see the module docstring)."""

    #: ``?sid=S`` binds too (a hub for people trying the apps, never an agent's)
    allow_sid: bool = False
    #: seconds a one-time link stays valid
    nonce_ttl: float = 60.0


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
        "kit": session.base + "/kit",
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


def _without_binding(query: bytes) -> str:
    parts = query.decode("latin-1").split("&")
    kept = [p for p in parts if p and not re.match(r"(sid|bind)(=|$)", p)]
    return ("?" + "&".join(kept)) if kept else ""


def _refuse(message: str) -> Response:
    return PlainTextResponse(message, status_code=403)


class UIGate:
    """Binds browsers to sessions, then hands the request to the app's own router."""

    def __init__(self, ctx: AppContext, binding: Binding | None = None) -> None:
        self.ctx = ctx
        self.binding = binding or Binding()
        self.router = Router(routes=list(ctx.app.routes()))
        folders = [str(folder) for folder in ctx.app.template_dirs]
        self.templates = Jinja2Templates(directory=folders) if folders else None

    async def __call__(self, scope: Scope, receive: Receive, send: Send, base: str) -> None:
        location = scope["path"]
        query: bytes = scope.get("query_string", b"")
        if re.search(rb"(^|&)bind=", query):
            response = await self._bind_by_nonce(scope, location + _without_binding(query), base)
            await response(scope, receive, send)
            return
        if re.search(rb"(^|&)sid=", query):
            if not self.binding.allow_sid:
                await _refuse(
                    "binding a browser by ?sid= is off on this hub: open a one-time link from "
                    f"POST {base}/bind?sid=<sid> (with the hub token), or start the hub with "
                    "--allow-sid-binding to try the apps by hand"
                )(scope, receive, send)
                return
            try:
                sid = parse_sid(scope)
            except HTTPError as exc:
                await PlainTextResponse(exc.error, status_code=400)(scope, receive, send)
                return
            await self._bind(sid, location + _without_binding(query), base)(scope, receive, send)
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

    async def _bind_by_nonce(self, scope: Scope, target: str, base: str) -> Response:
        values = query_values(scope, "bind")
        if len(values) != 1 or not NONCE_PATTERN.match(values[0].decode("latin-1")):
            return PlainTextResponse("give one bind=<nonce>", status_code=400)
        taken = await self.ctx.store.take_nonce(values[0].decode("latin-1"))
        if taken is None:
            return _refuse("this binding link was used already or has expired; ask for a new one")
        app_id, sid = taken
        if app_id != self.ctx.app_id:
            return _refuse(f"this binding link is for {app_id}, not {self.ctx.app_id}")
        return self._bind(sid, target, base)

    def _bind(self, sid: str, target: str, base: str) -> Response:
        response = RedirectResponse(target or base + "/", status_code=303)
        response.set_cookie(COOKIE, sid, path=base, httponly=True, samesite="lax")
        return response
