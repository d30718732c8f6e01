"""The hub: one ASGI application serving the state API and the UI of every installed web app."""

from __future__ import annotations

import asyncio
import contextlib
import hmac
import secrets
import time
from collections.abc import Iterable
from html import escape
from typing import Any

import orjson
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.staticfiles import StaticFiles

from cuagym.hub._context import AppContext, HubLimits
from cuagym.hub._files import read_uploads
from cuagym.hub._http import (
    ClientGone,
    HTTPError,
    Receive,
    Scope,
    Send,
    header,
    parse_sid,
    read_body,
    send_bytes,
    send_error,
    send_json,
)
from cuagym.hub._splice import envelope
from cuagym.hub._state import SessionRecord, StoredState
from cuagym.hub._store import MemoryStore, SessionStore, release_free_memory
from cuagym.hub._ui import Binding, UIGate, cookie_sid
from cuagym.hub._validation import InvalidState
from cuagym.hub._webapp import WebApp

__all__ = ["Hub"]

_ACTIONS = ("set", "set_current", "merge", "reset")
_API = {"/post": "POST", "/go": "GET", "/state": "GET", "/upload": "POST", "/bind": "POST"}


def _unprocessable(ctx: AppContext, exc: InvalidState) -> HTTPError:
    details = [v.model_dump() for v in exc.violations] or [
        {"path": "", "message": "the state must be a JSON object"}
    ]
    return HTTPError(422, f"state violates the {ctx.app_id} schema", details)


_EMPTY = SessionRecord()


class Hub:
    """Serves every given web app at ``/<app_id>`` from one process.

    >>> hub = Hub(apps=[MyApp()], token="secret")   # doctest: +SKIP
    >>> uvicorn.run(hub.asgi())                      # doctest: +SKIP
    """

    def __init__(
        self,
        apps: Iterable[WebApp],
        store: SessionStore | None = None,
        token: str | None = None,
        limits: HubLimits | None = None,
        allow_sid_binding: bool = False,
        bind_ttl: float = 60.0,
    ) -> None:
        if bind_ttl <= 0:
            raise ValueError(f"bind_ttl must be positive, got {bind_ttl}")
        self.store = store or MemoryStore()
        # A browser binds by a one-time link; ?sid= only on a hub for people (see _ui).
        self.binding = Binding(allow_sid=allow_sid_binding, nonce_ttl=bind_ttl)
        self.token = token or secrets.token_urlsafe(24)
        self.limits = limits or HubLimits()
        self.apps: dict[str, AppContext] = {}
        for app in apps:
            if app.app_id in self.apps:
                raise ValueError(f"two web apps share the id {app.app_id!r}")
            self.apps[app.app_id] = AppContext(app, self.store, self.limits)
        self._gates = {app_id: UIGate(ctx, self.binding) for app_id, ctx in self.apps.items()}
        # (app id, URL segment) -> its files: /<app>/static/..., /<app>/kit/...
        self._static = {
            (app_id, segment): StaticFiles(directory=str(folder))
            for app_id, ctx in self.apps.items()
            for segment, folder in ctx.app.static_dirs.items()
        }
        self._token = self.token.encode()
        self._last_request = time.monotonic()
        self._settled = True  # nothing happened since memory was last given back
        self._watcher: asyncio.Task[None] | None = None

    def asgi(self) -> Any:
        """The ASGI application (the hub object itself is one)."""
        return self

    # -- ASGI entry --------------------------------------------------------------------------
    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "lifespan":
            await self._lifespan(receive, send)
            return
        if scope["type"] != "http":
            return
        root = scope.get("root_path", "")
        path: str = scope["path"]
        if root and path.startswith(root):
            path = path[len(root) :]
        try:
            await self._dispatch(scope, receive, send, root, path)
        except HTTPError as exc:
            await send_error(send, exc)
        except ClientGone:
            return

    async def _lifespan(self, receive: Receive, send: Send) -> None:
        while True:
            message = await receive()
            if message["type"] == "lifespan.startup":
                try:
                    await self.store.start()
                except Exception as exc:  # a store that cannot start must stop the server
                    await send({"type": "lifespan.startup.failed", "message": str(exc)})
                    return
                self._watcher = asyncio.get_running_loop().create_task(self._watch_idle())
                await send({"type": "lifespan.startup.complete"})
            elif message["type"] == "lifespan.shutdown":
                if self._watcher is not None:
                    self._watcher.cancel()
                    with contextlib.suppress(asyncio.CancelledError):
                        await self._watcher
                await self.store.close()
                await send({"type": "lifespan.shutdown.complete"})
                return

    #: seconds without a request after which freed heap goes back to the OS
    SETTLE_AFTER = 0.5
    #: seconds without a request after which caches of states no session holds are dropped
    FORGET_AFTER = 60.0

    async def _watch_idle(self) -> None:
        """Give memory back when the hub goes quiet: freed heap after a short pause (resets
        free the sessions' states at once, but the allocator keeps the pages), cached states
        after a long one."""
        forgotten = True
        while True:
            await asyncio.sleep(self.SETTLE_AFTER / 2)
            quiet = time.monotonic() - self._last_request
            if quiet >= self.SETTLE_AFTER and not self._settled:
                self._settled = True
                forgotten = False
                release_free_memory()
            if quiet >= self.FORGET_AFTER and not forgotten:
                forgotten = True
                for ctx in self.apps.values():
                    ctx.idle()
                self.store.release_memory()
                release_free_memory()

    async def _dispatch(
        self, scope: Scope, receive: Receive, send: Send, root: str, path: str
    ) -> None:
        self._last_request = time.monotonic()
        self._settled = False
        if path == "/healthz":
            await send_json(send, 200, {"apps": list(self.apps)})
            return
        if path in ("", "/"):
            await self._index(send, root)
            return
        app_id, slash, rest = path[1:].partition("/")
        ctx = self.apps.get(app_id)
        if ctx is None:
            raise HTTPError(404, f"no web app {app_id!r} on this hub", list(self.apps))
        rest = slash + rest
        method = _API.get(rest)
        if method is not None:
            if scope["method"] != method:
                raise HTTPError(405, f"{rest} takes {method}, not {scope['method']}")
            self._authorize(scope)
            sid = parse_sid(scope)
            if rest == "/post":
                await self._post(ctx, sid, scope, receive, send)
            elif rest == "/go":
                await self._go(ctx, sid, send)
            elif rest == "/state":
                await self._state(ctx, sid, send)
            elif rest == "/bind":
                await self._mint_nonce(ctx, sid, send, root)
            else:
                await self._upload(ctx, sid, scope, receive, send, root)
            return
        if rest.startswith("/files/"):
            await self._file(ctx, scope, send, rest[len("/files/") :])
            return
        base = f"{root}/{app_id}"
        segment = rest[1:].partition("/")[0]
        files = self._static.get((app_id, segment)) if rest.startswith(f"/{segment}/") else None
        if files is not None:
            sub = dict(scope)
            sub["root_path"] = f"{base}/{segment}"
            try:
                await files(sub, receive, send)
            except StarletteHTTPException as exc:  # a missing file: no app around to answer
                await send_bytes(send, exc.status_code, exc.detail.encode(), b"text/plain")
            return
        if rest == "":
            await send_bytes(send, 308, b"", extra=[(b"location", (base + "/").encode())])
            return
        await self._gates[app_id](scope, receive, send, base)

    def _authorize(self, scope: Scope) -> None:
        value = header(scope, b"authorization")
        if value is None:
            raise HTTPError(401, "missing Authorization: Bearer <token>")
        scheme, _, token = value.partition(b" ")
        if scheme.lower() != b"bearer" or not hmac.compare_digest(token.strip(), self._token):
            raise HTTPError(401, "wrong hub token")

    # -- state API ---------------------------------------------------------------------------
    async def _post(
        self, ctx: AppContext, sid: str, scope: Scope, receive: Receive, send: Send
    ) -> None:
        body = await read_body(scope, receive, ctx.limits.max_body)
        env = envelope(body)
        if env is not None and env.action != "merge":
            # A body like one validated before (every rollout of a task injects the same
            # initial state; an edit changes a few bytes): validated by its difference.
            record = await ctx.store.load(ctx.app_id, sid) if ctx.store.keeps_objects else _EMPTY
            try:
                found = ctx.state_from_body(body, env, record)
            except InvalidState as exc:
                raise _unprocessable(ctx, exc) from None
            if found is not None:
                state_id = await self._replace(ctx, sid, env.action, ctx.stored(found))
                await send_json(send, 200, {"success": True, "sid": sid, "state_id": state_id})
                return
        try:
            request = orjson.loads(body)
        except orjson.JSONDecodeError as exc:
            raise HTTPError(400, f"malformed JSON body: {exc}") from None
        if not isinstance(request, dict):
            raise HTTPError(400, 'the body must be a JSON object {"action", "state"}')
        unknown = sorted(set(request) - {"action", "state"})
        if unknown:
            raise HTTPError(400, f"unknown body field(s) {unknown}; expected 'action' and 'state'")
        action = request.get("action")
        if action not in _ACTIONS:
            raise HTTPError(400, f"unknown action {action!r}; expected one of {list(_ACTIONS)}")
        if action == "reset":
            await ctx.store.delete(ctx.app_id, sid)
            state_id = ctx.seed.state_id
        elif "state" not in request:
            raise HTTPError(400, f"action {action!r} needs a 'state'")
        elif action == "merge":
            state_id = await self._merge(ctx, sid, request["state"])
        else:
            record = await ctx.store.load(ctx.app_id, sid)
            try:
                state = ctx.validate(request["state"], record.current, body, env)
            except InvalidState as exc:
                raise _unprocessable(ctx, exc) from None
            state_id = await self._replace(ctx, sid, action, ctx.stored(state))
        await send_json(send, 200, {"success": True, "sid": sid, "state_id": state_id})

    async def _replace(self, ctx: AppContext, sid: str, action: str, stored: StoredState) -> str:
        if action == "set":
            await ctx.store.put(ctx.app_id, sid, SessionRecord(stored, stored))
        else:  # set_current: a new session's initial is the seed
            await ctx.store.put_current(ctx.app_id, sid, stored, ctx.seed)
        return stored.state_id

    async def _merge(self, ctx: AppContext, sid: str, patch: Any) -> str:
        if not isinstance(patch, dict):
            raise _unprocessable(ctx, InvalidState([]))
        try:
            record = await ctx.merge_current(sid, patch)
        except InvalidState as exc:
            raise _unprocessable(ctx, exc) from None
        assert record.current is not None
        return record.current.state_id

    async def _mint_nonce(self, ctx: AppContext, sid: str, send: Send, root: str) -> None:
        """A one-time link binding a browser to ``sid`` in this app (see _ui)."""
        nonce = secrets.token_urlsafe(24)
        ttl = self.binding.nonce_ttl
        await ctx.store.put_nonce(nonce, ctx.app_id, sid, ttl)
        url = f"{root}/{ctx.app_id}/?bind={nonce}"
        answer = {"success": True, "sid": sid, "nonce": nonce, "url": url, "expires_in_s": ttl}
        await send_json(send, 200, answer)

    async def _go(self, ctx: AppContext, sid: str, send: Send) -> None:
        record = await ctx.store.load(ctx.app_id, sid)
        initial, current = ctx.initial_of(record), ctx.current_of(record)
        body = b"".join(
            (
                b'{"initial_state":',
                initial.data,
                b',"current_state":',
                current.data,
                b',"state_diff":',
                ctx.diff_bytes(initial, current),
                b"}",
            )
        )
        await send_bytes(send, 200, body)

    async def _state(self, ctx: AppContext, sid: str, send: Send) -> None:
        record = await ctx.store.load(ctx.app_id, sid)
        stored = record.current.data if record.current is not None else b"null"
        custom = b"true" if record.current is not None else b"false"
        body = b"".join(
            (
                b'{"stored_state":',
                stored,
                b',"has_custom_state":',
                custom,
                b',"sid":',
                orjson.dumps(sid),
                b"}",
            )
        )
        await send_bytes(send, 200, body)

    async def _upload(
        self, ctx: AppContext, sid: str, scope: Scope, receive: Receive, send: Send, root: str
    ) -> None:
        files = await read_uploads(ctx, scope, receive)
        stored = []
        for name, content_type, data in files:
            info = await ctx.attach(sid, name, content_type, data)
            item = info.as_json()
            item["url"] = root + info.url
            stored.append(item)
        await send_json(send, 200, {"success": True, "files": stored})

    async def _file(self, ctx: AppContext, scope: Scope, send: Send, name: str) -> None:
        # Reward scripts fetch with the token and ?sid=; a bound browser uses its cookie.
        if header(scope, b"authorization") is not None:
            self._authorize(scope)
            sid = parse_sid(scope)
        else:
            bound = cookie_sid(scope)
            if bound is None:
                raise HTTPError(401, "no session: bind this browser with a link from /bind")
            sid = bound
        found = await ctx.store.get_file(ctx.app_id, sid, name)
        if found is None:
            raise HTTPError(404, f"no file {name!r} in this session")
        disposition = f'inline; filename="{found.name}"'.encode()
        await send_bytes(
            send,
            200,
            found.data,
            found.content_type.encode("latin-1", "replace"),
            extra=[
                (b"content-disposition", disposition),
                (b"x-content-type-options", b"nosniff"),
                # Uploaded HTML must not run as the app's own origin.
                (b"content-security-policy", b"sandbox"),
            ],
        )

    async def _index(self, send: Send, root: str) -> None:
        items = "".join(
            f'<li><a href="{escape(root)}/{escape(a)}/">{escape(c.app.title)}</a> '
            f"<code>/{escape(a)}</code></li>"
            for a, c in self.apps.items()
        )
        page = (
            "<!doctype html><meta charset=utf-8><title>cuagym hub</title>"
            "<style>body{font:15px system-ui,sans-serif;margin:3rem;color:#222}</style>"
            f"<h1>cuagym hub</h1><p>Web apps on this hub:</p><ul>{items}</ul>"
        )
        await send_bytes(send, 200, page.encode(), b"text/html; charset=utf-8")
