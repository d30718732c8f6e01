"""The hub relay: the only way into the hub from inside an environment, for its own session.

Loaded by ``_supervisor.py`` from this file (standard library only, no package imports): the
supervisor, a root process outside every jail, listens on a Unix socket that the jail sees and
relays each HTTP request to the hub. No token is ever inside an environment: the relay holds
the hub's token and the environment's sid (both from the supervisor's control channel, never
an environment variable, file or argv), and

* forwards the state API only (``/healthz``, ``/<app>/{post,go,state,upload}``,
  ``/<app>/files/<name>``): nothing else of the hub (the UI, binding links) answers a script;
* refuses (403, JSON) a request naming any other session: a ``sid`` query value that is not
  the environment's (however encoded), or a session cookie; a request with no ``sid`` gets
  the environment's;
* drops the script's ``Authorization`` and writes ``Authorization: Bearer <token>`` itself, so
  whatever ``CUAGYM_HUB_TOKEN`` a script sends (a placeholder now, DESIGN.md §2) is ignored;
* frames the request (one per connection, ``Connection: close`` both ways; a body by its
  ``Content-Length`` only), so nothing pipelined behind an allowed request reaches the hub.

``check`` is the pure decision (tested apart); ``serve_connection`` the mechanics;
``pipe_connection`` the plain pipe of a ``passthrough`` link (see ``HubLink.relay``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import re
from dataclasses import dataclass
from urllib.parse import quote, unquote, unquote_to_bytes

MAX_HEAD = 64 << 10
HEAD_TIMEOUT_S = 60.0
COOKIE_NAME = "cuagym_sid"
#: what a script sees as its token (DESIGN.md §2 lists the variable): no secret, ignored here
TOKEN_PLACEHOLDER = "relayed"

_API_PATH = re.compile(r"/(healthz|[^/]+/(post|go|state|upload)|[^/]+/files/[^/].*)")
# Hop-by-hop headers and those the relay writes itself: never passed on from the script.
_DROPPED = {
    "authorization",
    "connection",
    "keep-alive",
    "proxy-authorization",
    "proxy-connection",
    "te",
    "upgrade",
    "cookie",
}


@dataclass(frozen=True)
class RelayPolicy:
    token: str
    sid: str
    prefix: str = ""  # the hub's path prefix (its URL's path), '' at the root


@dataclass(frozen=True)
class Decision:
    """A request to forward (``head``: the bytes to send upstream, ``body``: how many body
    bytes follow) or to refuse (``status``, ``error``)."""

    head: bytes = b""
    body: int = 0
    status: int = 0
    error: str = ""


class Refused(Exception):
    def __init__(self, status: int, error: str) -> None:
        super().__init__(error)
        self.status = status
        self.error = error


def _sid_values(query: str) -> list[bytes]:
    """Raw values of ``sid`` in ``query``, named as the hub reads names (``+`` is a space)."""
    values = []
    for part in query.split("&"):
        key, _, value = part.partition("=")
        if unquote_to_bytes(key.replace("+", " ")) == b"sid":
            values.append(value.encode("latin-1"))
    return values


def _checked_query(query: str, sid: str) -> str:
    values = _sid_values(query)
    for raw in values:
        try:
            named = unquote_to_bytes(raw).decode("utf-8")
        except UnicodeDecodeError:
            raise Refused(403, "sid is not valid percent-encoded UTF-8") from None
        if named != sid:
            raise Refused(403, "this environment may reach its own hub session only")
    if values:
        return query
    own = "sid=" + quote(sid, safe="")
    return f"{query}&{own}" if query else own


def _checked_path(path: str, prefix: str) -> None:
    decoded = unquote(path, errors="strict")
    if prefix:
        if not decoded.startswith(prefix + "/"):
            raise Refused(403, f"the relay forwards the hub at {prefix}/ only")
        decoded = decoded[len(prefix) :]
    if not _API_PATH.fullmatch(decoded):
        raise Refused(
            403, "the relay forwards the hub's state API only (/<app>/post, go, state, upload)"
        )


def check(head: bytes, policy: RelayPolicy) -> Decision:
    """Decide on one request head (request line and headers, without the blank line)."""
    try:
        lines = head.decode("latin-1").split("\r\n")
        method, target, version = lines[0].split(" ")
    except ValueError:
        return Decision(status=400, error="malformed request line")
    if not version.startswith("HTTP/1.") or not target.startswith("/"):
        return Decision(status=400, error="only HTTP/1.x requests for a path are relayed")
    headers: list[tuple[str, str]] = []
    length = 0
    try:
        for line in lines[1:]:
            name, colon, value = line.partition(":")
            if not colon or not name or name != name.strip():
                raise Refused(400, "malformed header line")
            key, value = name.lower(), value.strip()
            if key == "transfer-encoding":
                raise Refused(411, "send the body with a Content-Length (chunked is not relayed)")
            if key == "content-length":
                if not value.isdigit() or length:
                    raise Refused(400, "bad or repeated Content-Length")
                length = int(value)
            if key == "cookie" and COOKIE_NAME in value:
                raise Refused(403, "a session cookie is not relayed: the relay names the session")
            if key not in _DROPPED:
                headers.append((name, value))
        path, _, query = target.partition("?")
        _checked_path(path, policy.prefix)
        query = _checked_query(query, policy.sid)
    except (Refused, UnicodeDecodeError) as exc:
        if isinstance(exc, Refused):
            return Decision(status=exc.status, error=exc.error)
        return Decision(status=400, error="the path is not valid percent-encoded UTF-8")
    out = [f"{method} {path}?{query} {version}"]
    out += [f"{name}: {value}" for name, value in headers]
    out += [f"Authorization: Bearer {policy.token}", "Connection: close", "", ""]
    return Decision(head="\r\n".join(out).encode("latin-1"), body=length)


def refusal(status: int, error: str) -> bytes:
    reasons = {400: "Bad Request", 403: "Forbidden", 411: "Length Required", 502: "Bad Gateway"}
    body = json.dumps({"success": False, "error": error, "details": []}).encode()
    head = (
        f"HTTP/1.1 {status} {reasons.get(status, 'Error')}\r\n"
        "Content-Type: application/json\r\n"
        f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n"
    )
    return head.encode("latin-1") + body


async def serve_connection(
    reader: asyncio.StreamReader,
    writer: asyncio.StreamWriter,
    policy: RelayPolicy,
    upstream: tuple[str, int],
) -> None:
    """Relay one request of a script to the hub, or refuse it."""
    # Connect upstream while the head comes in (two steps in series cost a few ms under load).
    connecting = asyncio.ensure_future(asyncio.open_connection(*upstream))
    up_w: asyncio.StreamWriter | None = None
    try:
        try:
            head = await asyncio.wait_for(reader.readuntil(b"\r\n\r\n"), HEAD_TIMEOUT_S)
        except (asyncio.IncompleteReadError, asyncio.LimitOverrunError, TimeoutError):
            return
        decision = check(head[:-4], policy)
        if decision.status:
            writer.write(refusal(decision.status, decision.error))
            return
        try:
            up_r, up_w = await connecting
        except OSError:
            return  # the script sees the connection close, as with the hub down
        up_w.write(decision.head)
        await asyncio.gather(_copy(reader, up_w, decision.body), _copy(up_r, writer, None))
    except OSError:
        pass
    finally:
        if up_w is not None:
            up_w.close()
        elif not connecting.done():
            connecting.cancel()
        elif not connecting.cancelled() and connecting.exception() is None:
            connecting.result()[1].close()  # connected, but the request was refused
        with contextlib.suppress(OSError):
            await writer.drain()
        writer.close()


async def pipe_connection(
    reader: asyncio.StreamReader, writer: asyncio.StreamWriter, upstream: tuple[str, int]
) -> None:
    """Pipe one connection as it is (a ``passthrough`` link: a trusted upstream, see HubLink)."""
    try:
        up_r, up_w = await asyncio.open_connection(*upstream)
    except OSError:
        writer.close()
        return
    try:
        await asyncio.gather(_copy(reader, up_w, None), _copy(up_r, writer, None))
    finally:
        up_w.close()
        writer.close()


async def _copy(
    reader: asyncio.StreamReader, writer: asyncio.StreamWriter, limit: int | None
) -> None:
    """Copy ``limit`` bytes (None: until end of file) and half-close the writer."""
    left = limit
    try:
        while left is None or left > 0:
            data = await reader.read(65536 if left is None else min(65536, left))
            if not data:
                break
            writer.write(data)
            await writer.drain()
            if left is not None:
                left -= len(data)
        if limit is not None:
            return  # the upstream side: keep it open for the answer
        if writer.can_write_eof():
            writer.write_eof()
    except (OSError, asyncio.IncompleteReadError):
        pass
