"""A small pipelined Redis client for the hub's session store.

Why not redis-py: its asyncio client spends ~100 µs of the hub's CPU per command (a pooled
connection is checked out, awaited and returned for each one), more than a whole ``/state``
answer costs. Here every command is written at once to one shared connection and its reply
resolves a future in order (Redis answers a connection's commands in the order they came), so a
command costs its encoding, one write and the parse of its reply. Nothing here holds a
connection across an ``await`` of the caller, so commands never wait for each other; atomic
read-modify-write is done with Lua scripts (see ``._redis_store``), not WATCH.

Replies are parsed by ``hiredis`` when it is installed, else by :class:`_Parser` (RESP2).
"""

from __future__ import annotations

import asyncio
import hashlib
import ssl
from collections import deque
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

__all__ = ["RedisClient", "RedisError"]


class RedisError(Exception):
    """An error reply from Redis (``-ERR ...``)."""


class _Parser:
    """RESP2 replies from a byte stream: ``feed`` bytes, ``gets`` a reply or False."""

    def __init__(self) -> None:
        self._buf = bytearray()
        self._pos = 0

    def feed(self, data: bytes) -> None:
        if self._pos > 65536 and self._pos * 2 > len(self._buf):
            del self._buf[: self._pos]
            self._pos = 0
        self._buf += data

    def gets(self) -> Any:
        try:
            value, pos = self._parse(self._pos)
        except IndexError:
            return False
        self._pos = pos
        return value

    def _line(self, pos: int) -> tuple[bytes, int]:
        end = self._buf.index(b"\r\n", pos)  # ValueError if incomplete
        return bytes(self._buf[pos:end]), end + 2

    def _parse(self, pos: int) -> tuple[Any, int]:
        if pos >= len(self._buf):
            raise IndexError
        try:
            line, after = self._line(pos + 1)
        except ValueError:
            raise IndexError from None
        kind = self._buf[pos]
        if kind == 0x2B:  # +simple string
            return line, after
        if kind == 0x2D:  # -error
            return RedisError(line.decode(errors="replace")), after
        if kind == 0x3A:  # :integer
            return int(line), after
        if kind == 0x24:  # $bulk string
            size = int(line)
            if size < 0:
                return None, after
            if after + size + 2 > len(self._buf):
                raise IndexError
            return bytes(self._buf[after : after + size]), after + size + 2
        if kind == 0x2A:  # *array
            count = int(line)
            if count < 0:
                return None, after
            items = []
            for _ in range(count):
                item, after = self._parse(after)
                items.append(item)
            return items, after
        raise RedisError(f"unexpected reply type {chr(kind)!r}")


def _make_parser() -> Any:
    try:
        import hiredis  # type: ignore[import-not-found]

        return hiredis.Reader(replyError=RedisError)
    except ImportError:
        return _Parser()


def _encode(args: tuple[Any, ...]) -> bytes:
    parts = [b"*%d\r\n" % len(args)]
    for arg in args:
        if isinstance(arg, str):
            arg = arg.encode()
        elif isinstance(arg, int):
            arg = b"%d" % arg
        parts.append(b"$%d\r\n" % len(arg))
        parts.append(arg)
        parts.append(b"\r\n")
    return b"".join(parts)


class _Protocol(asyncio.Protocol):
    def __init__(self, client: RedisClient) -> None:
        self.client = client
        self.parser = _make_parser()
        self.transport: Any = None  # asyncio's or uvloop's (not an asyncio.Transport subclass)

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        self.parser.feed(data)
        pending = self.client._pending
        while True:
            reply = self.parser.gets()
            if reply is False:
                return
            if not pending:  # a reply nobody waits for: the stream is out of step
                self.client._drop(ConnectionError("unexpected reply from Redis"))
                return
            future = pending.popleft()
            self.client._sent_at.popleft()
            if future.done():
                continue
            if isinstance(reply, RedisError):
                future.set_exception(reply)
            else:
                future.set_result(reply)

    def connection_lost(self, exc: Exception | None) -> None:
        self.client._lost(self, exc)


class RedisClient:
    """One pipelined connection to ``redis://[:password@]host:port/db`` (also ``rediss://``
    and ``unix:///path?db=N``), reconnected on demand."""

    def __init__(self, url: str, timeout: float = 60.0, connect_timeout: float = 30.0) -> None:
        self.url = url
        self.timeout = timeout
        self.connect_timeout = connect_timeout
        parts = urlsplit(url)
        if parts.scheme not in ("redis", "rediss", "unix"):
            raise ValueError(f"not a Redis URL: {url!r}")
        self._scheme = parts.scheme
        self._host = parts.hostname or "127.0.0.1"
        self._port = parts.port or 6379
        self._path = unquote(parts.path)
        query = parse_qs(parts.query)
        db = query.get("db", [""])[0] or (parts.path.strip("/") if parts.scheme != "unix" else "")
        self._db = int(db or 0)
        self._username = unquote(parts.username) if parts.username else None
        self._password = unquote(parts.password) if parts.password else None
        self._protocol: _Protocol | None = None
        self._pending: deque[asyncio.Future[Any]] = deque()
        self._sent_at: deque[float] = deque()  # when each pending command was queued
        self._outbox: list[bytes] = []  # commands queued in this turn of the event loop
        self._watching = False
        self._connecting: asyncio.Lock | None = None
        self._scripts: dict[str, bytes] = {}

    # -- connection ----------------------------------------------------------------------------
    async def _connect(self) -> _Protocol:
        if self._connecting is None:
            self._connecting = asyncio.Lock()
        async with self._connecting:
            if self._protocol is not None:
                return self._protocol
            loop = asyncio.get_running_loop()
            if self._scheme == "unix":
                connecting = loop.create_unix_connection(lambda: _Protocol(self), self._path)
            else:
                context = ssl.create_default_context() if self._scheme == "rediss" else None
                connecting = loop.create_connection(
                    lambda: _Protocol(self), self._host, self._port, ssl=context
                )
            _, protocol = await asyncio.wait_for(connecting, self.connect_timeout)
            self._protocol = protocol
            hello: list[tuple[Any, ...]] = []
            if self._password is not None and self._username:
                hello.append(("AUTH", self._username, self._password))
            elif self._password is not None:
                hello.append(("AUTH", self._password))
            if self._db:
                hello.append(("SELECT", self._db))
            for command in hello:
                await self._send(protocol, command)
            return protocol

    def _drop(self, exc: Exception) -> None:
        protocol, self._protocol = self._protocol, None
        pending, self._pending = self._pending, deque()
        self._sent_at.clear()
        self._outbox.clear()
        for future in pending:
            if not future.done():
                future.set_exception(exc)
        if protocol is not None and protocol.transport is not None:
            protocol.transport.abort()

    def _lost(self, protocol: _Protocol, exc: Exception | None) -> None:
        if protocol is self._protocol:
            self._drop(ConnectionError(f"connection to Redis lost: {exc or 'closed'}"))

    def _queue(self, protocol: _Protocol, data: bytes, count: int) -> list[asyncio.Future[Any]]:
        """Queue encoded commands; they are written together at the end of this loop turn
        (concurrent requests share one write and usually one read)."""
        loop = asyncio.get_running_loop()
        futures = [loop.create_future() for _ in range(count)]
        self._pending.extend(futures)
        now = loop.time()
        self._sent_at.extend([now] * count)
        if not self._outbox:
            loop.call_soon(self._flush, protocol)
        self._outbox.append(data)
        if not self._watching:
            self._watching = True
            loop.call_later(min(self.timeout, 1.0), self._watch)
        return futures

    def _flush(self, protocol: _Protocol) -> None:
        outbox, self._outbox = self._outbox, []
        if protocol is self._protocol and protocol.transport is not None and outbox:
            protocol.transport.writelines(outbox)

    def _watch(self) -> None:
        """Drop the connection when the oldest command has waited too long for its reply (it
        may still come and would then answer the wrong command)."""
        loop = asyncio.get_running_loop()
        if self._sent_at and loop.time() - self._sent_at[0] > self.timeout:
            self._drop(TimeoutError("Redis did not answer in time"))
        if self._pending:
            loop.call_later(min(self.timeout, 1.0), self._watch)
        else:
            self._watching = False

    async def _send(self, protocol: _Protocol, command: tuple[Any, ...]) -> Any:
        (future,) = self._queue(protocol, _encode(command), 1)
        return await future

    async def close(self) -> None:
        self._drop(ConnectionError("client closed"))

    # -- commands ------------------------------------------------------------------------------
    async def call(self, *command: Any) -> Any:
        """Run one command; its reply (bytes, int, list, None) or RedisError."""
        protocol = self._protocol or await self._connect()
        return await self._send(protocol, command)

    async def pipeline(self, *commands: tuple[Any, ...]) -> list[Any]:
        """Run several commands written at once; their replies in order (errors as values)."""
        protocol = self._protocol or await self._connect()
        futures = self._queue(protocol, b"".join(_encode(c) for c in commands), len(commands))
        out = []
        for future in futures:
            try:
                out.append(await future)
            except RedisError as exc:
                out.append(exc)
        return out

    async def script(self, source: str, keys: list[Any], args: list[Any]) -> Any:
        """Run a Lua script by its sha (loading it after a Redis restart flushed it)."""
        sha = self._scripts.get(source)
        if sha is None:
            sha = self._scripts[source] = hashlib.sha1(source.encode()).hexdigest().encode()
        try:
            return await self.call("EVALSHA", sha, len(keys), *keys, *args)
        except RedisError as exc:
            if not str(exc).startswith("NOSCRIPT"):
                raise
            return await self.call("EVAL", source, len(keys), *keys, *args)

    async def scan(self, match: str, count: int = 1000) -> list[bytes]:
        cursor, keys = b"0", []
        while True:
            cursor, found = await self.call("SCAN", cursor, "MATCH", match, "COUNT", count)
            keys.extend(found)
            if cursor == b"0":
                return keys
