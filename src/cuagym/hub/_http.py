"""Small raw-ASGI helpers for the state API: query parsing, body limits, JSON replies.

The state endpoints are the hub's hot path (every rollout step and every reward call), so they
are written against ASGI directly rather than through a framework's request objects.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, MutableMapping, Sequence
from typing import Any
from urllib.parse import unquote_to_bytes

import orjson

__all__ = [
    "SID_PATTERN",
    "HTTPError",
    "Receive",
    "Scope",
    "Send",
    "header",
    "parse_sid",
    "read_body",
    "send_bytes",
    "send_error",
    "send_json",
]

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]

SID_PATTERN = re.compile(r"[A-Za-z0-9_-]{1,128}\Z")


class HTTPError(Exception):
    """An error reply: status, message and optional details; raising it changes no state."""

    def __init__(self, status: int, error: str, details: Sequence[Any] = ()) -> None:
        super().__init__(error)
        self.status = status
        self.error = error
        self.details = list(details)


class ClientGone(Exception):
    """The client disconnected before its request body was complete."""


def header(scope: Scope, name: bytes) -> bytes | None:
    for key, value in scope["headers"]:
        if key == name:
            return bytes(value)
    return None


def query_values(scope: Scope, name: str) -> list[bytes]:
    """Raw (still percent-encoded) values of a query parameter, in order."""
    raw: bytes = scope.get("query_string", b"")
    values = []
    for part in raw.split(b"&"):
        key, _, value = part.partition(b"=")
        if unquote_to_bytes(key.replace(b"+", b" ")) == name.encode():
            values.append(value)
    return values


def parse_sid(scope: Scope) -> str:
    """The request's one ``sid`` query parameter, or a 400 naming what is wrong with it."""
    values = query_values(scope, "sid")
    if not values:
        raise HTTPError(400, "missing sid query parameter")
    if len(values) > 1:
        raise HTTPError(400, f"sid given {len(values)} times; give it once")
    try:
        sid = unquote_to_bytes(values[0]).decode("utf-8")
    except UnicodeDecodeError:
        raise HTTPError(400, "sid is not valid percent-encoded UTF-8") from None
    if not SID_PATTERN.match(sid):
        raise HTTPError(400, "sid must match ^[A-Za-z0-9_-]{1,128}$")
    return sid


async def read_body(scope: Scope, receive: Receive, limit: int) -> bytes:
    """The whole request body, or a 413 as soon as it exceeds ``limit`` bytes."""
    declared = header(scope, b"content-length")
    if declared is not None:
        try:
            if int(declared) > limit:
                raise HTTPError(413, f"request body exceeds the limit of {limit} bytes")
        except ValueError:
            raise HTTPError(400, "Content-Length is not a number") from None
    chunks: list[bytes] = []
    size = 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            raise ClientGone
        chunk = message.get("body", b"")
        size += len(chunk)
        if size > limit:
            raise HTTPError(413, f"request body exceeds the limit of {limit} bytes")
        chunks.append(chunk)
        if not message.get("more_body", False):
            return b"".join(chunks)


async def send_bytes(
    send: Send,
    status: int,
    body: bytes,
    content_type: bytes = b"application/json",
    extra: Sequence[tuple[bytes, bytes]] = (),
) -> None:
    headers = [
        (b"content-type", content_type),
        (b"content-length", str(len(body)).encode()),
        (b"cache-control", b"no-store"),
        *extra,
    ]
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


async def send_json(send: Send, status: int, value: Any) -> None:
    await send_bytes(send, status, orjson.dumps(value))


async def send_error(send: Send, error: HTTPError) -> None:
    body = orjson.dumps({"success": False, "error": error.error, "details": error.details})
    extra: list[tuple[bytes, bytes]] = []
    if error.status == 401:
        extra.append((b"www-authenticate", b'Bearer realm="cuagym-hub"'))
    if error.status == 413:  # the rest of the body may still be in flight
        extra.append((b"connection", b"close"))
    await send_bytes(send, error.status, body, extra=extra)
