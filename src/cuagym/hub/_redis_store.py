"""Sessions in Redis, so that several hub processes serve the same sessions.

One Redis hash per (app, sid) holds both snapshots, their ids and the session's files; a single
``PEXPIRE`` on every access implements the TTL for all of it, and Redis reclaims expired sessions
by itself. ``update`` is optimistic (WATCH/MULTI) and retries on a concurrent write.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cuagym.hub._state import SessionRecord, StoredState
from cuagym.hub._store import DEFAULT_TTL, SessionStore, StoredFile, unique_name

__all__ = ["RedisStore"]

_INITIAL, _INITIAL_ID, _CURRENT, _CURRENT_ID = b"i", b"iid", b"c", b"cid"
_FIELDS = (_INITIAL, _INITIAL_ID, _CURRENT, _CURRENT_ID)
_MAX_RETRIES = 64


def _state(data: bytes | None, sid: bytes | None) -> StoredState | None:
    if data is None:
        return None
    return StoredState.from_bytes(data, sid.decode() if sid else None)


class RedisStore(SessionStore):
    """A :class:`SessionStore` on a real Redis server (``redis://host:port/db``)."""

    def __init__(
        self,
        url: str,
        ttl: float = DEFAULT_TTL,
        prefix: str = "cuagym",
        max_connections: int = 64,
    ) -> None:
        super().__init__(ttl)
        try:
            import redis.asyncio as aioredis
        except ImportError as exc:  # pragma: no cover - depends on the install
            raise RuntimeError(
                "the Redis session store needs the 'redis' package: pip install 'cuagym[scale]'"
            ) from exc
        self.url = url
        self._prefix = prefix
        # A blocking pool queues requests beyond max_connections instead of failing them.
        # redis-py's 5 s socket defaults fail requests on a busy machine; a hub would rather
        # wait than lose a reward's read.
        self._pool: Any = aioredis.BlockingConnectionPool.from_url(
            url,
            max_connections=max_connections,
            timeout=30,
            socket_connect_timeout=30,
            socket_timeout=60,
        )
        self._redis: Any = aioredis.Redis(connection_pool=self._pool)
        self._ttl_ms = max(1, int(self.ttl * 1000))

    def _key(self, app_id: str, sid: str) -> str:
        return f"{self._prefix}:{app_id}:{sid}"

    async def start(self) -> None:
        await self._redis.ping()

    async def close(self) -> None:
        await self._redis.aclose()
        await self._pool.disconnect()

    async def load(self, app_id: str, sid: str) -> SessionRecord:
        key = self._key(app_id, sid)
        async with self._redis.pipeline(transaction=False) as pipe:
            pipe.hmget(key, *_FIELDS)
            pipe.pexpire(key, self._ttl_ms)
            (initial, initial_id, current, current_id), _ = await pipe.execute()
        return SessionRecord(_state(initial, initial_id), _state(current, current_id))

    async def update(
        self, app_id: str, sid: str, change: Callable[[SessionRecord], SessionRecord]
    ) -> SessionRecord:
        from redis.exceptions import WatchError

        key = self._key(app_id, sid)
        for _ in range(_MAX_RETRIES):
            async with self._redis.pipeline(transaction=True) as pipe:
                try:
                    await pipe.watch(key)
                    i, iid, c, cid = await pipe.hmget(key, *_FIELDS)
                    before = SessionRecord(_state(i, iid), _state(c, cid))
                    after = change(before)
                    pipe.multi()
                    for state, data_field, id_field in (
                        (after.initial, _INITIAL, _INITIAL_ID),
                        (after.current, _CURRENT, _CURRENT_ID),
                    ):
                        if state is None:
                            pipe.hdel(key, data_field, id_field)
                        else:
                            pipe.hset(
                                key,
                                mapping={data_field: state.data, id_field: state.state_id.encode()},
                            )
                    pipe.pexpire(key, self._ttl_ms)
                    await pipe.execute()
                    return after
                except WatchError:
                    continue
        raise RuntimeError(f"session {sid!r} of {app_id!r} is written too often to update")

    async def delete(self, app_id: str, sid: str) -> None:
        await self._redis.delete(self._key(app_id, sid))

    async def put_file(
        self, app_id: str, sid: str, name: str, content_type: str, data: bytes
    ) -> str:
        key = self._key(app_id, sid)
        while True:
            fields = await self._redis.hkeys(key)
            taken = {f[2:].decode() for f in fields if f.startswith(b"m:")}
            stored = unique_name(name, taken.__contains__)
            # HSETNX on the metadata field claims the name even against another hub process.
            if await self._redis.hsetnx(key, f"m:{stored}", content_type.encode()):
                async with self._redis.pipeline(transaction=True) as pipe:
                    pipe.hset(key, f"f:{stored}", data)
                    pipe.pexpire(key, self._ttl_ms)
                    await pipe.execute()
                return stored

    async def get_file(self, app_id: str, sid: str, name: str) -> StoredFile | None:
        key = self._key(app_id, sid)
        async with self._redis.pipeline(transaction=False) as pipe:
            pipe.hmget(key, f"m:{name}", f"f:{name}")
            pipe.pexpire(key, self._ttl_ms)
            (content_type, data), _ = await pipe.execute()
        if content_type is None or data is None:
            return None
        return StoredFile(name, content_type.decode(), data)

    async def session_count(self) -> int:
        count = 0
        async for _ in self._redis.scan_iter(match=f"{self._prefix}:*", count=1000):
            count += 1
        return count
