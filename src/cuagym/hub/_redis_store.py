"""Sessions in Redis, so that several hub processes serve the same sessions.

A session is one Redis hash per (app, sid): the ids of its two snapshots and its files. The
snapshots themselves are stored once per distinct state, under their ``state_id`` (the sha256
of their bytes), so they are immutable: every rollout of a task shares one copy of its initial
state, a hub process keeps the states it has seen in a local cache that can never be stale, and
a request moves ids over the network, not megabytes. A single script refreshes the TTL of the
session and of the states it references on every access; Redis reclaims the rest by itself.
``update`` is optimistic (WATCH/MULTI) and retries on a concurrent write.

Redis must not evict keys on its own (``maxmemory-policy noeviction``, the default): a session
whose state was evicted would lose it.
"""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from cuagym.hub._state import SessionRecord, StoredState
from cuagym.hub._store import DEFAULT_TTL, SessionStore, StoredFile, unique_name

__all__ = ["RedisStore"]

_INITIAL_ID, _CURRENT_ID = b"iid", b"cid"
_MAX_RETRIES = 64

# KEYS[1] the session, ARGV[1] the ttl in ms, ARGV[2] the prefix of state keys.
# Returns the two ids and refreshes the TTL of the session and of both states.
_TOUCH = """
local ids = redis.call('HMGET', KEYS[1], 'iid', 'cid')
redis.call('PEXPIRE', KEYS[1], ARGV[1])
for _, id in ipairs(ids) do
  if id then redis.call('PEXPIRE', ARGV[2] .. id, ARGV[1]) end
end
return ids
"""


class _States:
    """Recently seen states by id (bytes only; content-addressed, so never stale)."""

    def __init__(self, budget: int) -> None:
        self._items: OrderedDict[str, tuple[StoredState, float]] = OrderedDict()
        self._budget = budget
        self._size = 0

    def get(self, state_id: str) -> tuple[StoredState, float] | None:
        hit = self._items.get(state_id)
        if hit is not None:
            self._items.move_to_end(state_id)
        return hit

    def put(self, state: StoredState, confirmed: float) -> None:
        old = self._items.pop(state.state_id, None)
        if old is not None:
            self._size -= len(old[0].data)
        self._items[state.state_id] = (state, confirmed)
        self._size += len(state.data)
        while self._size > self._budget and len(self._items) > 1:
            _, (dropped, _) = self._items.popitem(last=False)
            self._size -= len(dropped.data)

    def clear(self) -> None:
        self._items.clear()
        self._size = 0


class RedisStore(SessionStore):
    """A :class:`SessionStore` on a real Redis server (``redis://host:port/db``)."""

    def __init__(
        self,
        url: str,
        ttl: float = DEFAULT_TTL,
        prefix: str = "cuagym",
        max_connections: int = 64,
        cache_bytes: int = 128 << 20,
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
        self._touch: Any = self._redis.register_script(_TOUCH)
        self._ttl_ms = max(1, int(self.ttl * 1000))
        self._states = _States(cache_bytes)

    def _key(self, app_id: str, sid: str) -> str:
        return f"{self._prefix}:{app_id}:{sid}"

    def _state_prefix(self, app_id: str) -> str:
        # '#' is in no app id and no sid: state keys never look like sessions.
        return f"{self._prefix}#state:{app_id}:"

    async def start(self) -> None:
        await self._redis.ping()

    async def close(self) -> None:
        await self._redis.aclose()
        await self._pool.disconnect()

    def release_memory(self) -> bool:
        """Forget the locally cached states (the hub has been idle)."""
        self._states.clear()
        return True

    async def _ids(self, app_id: str, sid: str) -> tuple[str | None, str | None]:
        initial, current = await self._touch(
            keys=[self._key(app_id, sid)], args=[self._ttl_ms, self._state_prefix(app_id)]
        )
        return (
            initial.decode() if initial else None,
            current.decode() if current else None,
        )

    async def _state(
        self, app_id: str, state_id: str | None, refreshed: float = 0.0, conn: Any = None
    ) -> StoredState | None:
        """The state with this id; ``refreshed``: when its TTL was last set in full (0: not
        known). ``conn``: the connection to read it on (a watching pipeline must not wait for
        a second connection from the pool: with every connection watching, none would come)."""
        if state_id is None:
            return None
        hit = self._states.get(state_id)
        if hit is not None:
            if refreshed > hit[1]:
                self._states.put(hit[0], refreshed)
            return hit[0]
        data = await (conn or self._redis).get(self._state_prefix(app_id) + state_id)
        if data is None:
            raise RuntimeError(
                f"state {state_id} of {app_id!r} is missing from Redis (was it evicted? the "
                "hub needs maxmemory-policy noeviction)"
            )
        state = StoredState.from_bytes(data, state_id)
        self._states.put(state, refreshed)
        return state

    async def load(self, app_id: str, sid: str) -> SessionRecord:
        initial_id, current_id = await self._ids(app_id, sid)
        now = time.monotonic()  # the script has just refreshed both states' TTL
        initial = await self._state(app_id, initial_id, now)
        current = (
            initial if current_id == initial_id else await self._state(app_id, current_id, now)
        )
        return SessionRecord(initial, current)

    async def update(
        self, app_id: str, sid: str, change: Callable[[SessionRecord], SessionRecord]
    ) -> SessionRecord:
        from redis.exceptions import WatchError

        key = self._key(app_id, sid)
        prefix = self._state_prefix(app_id)
        for _ in range(_MAX_RETRIES):
            async with self._redis.pipeline(transaction=True) as pipe:
                try:
                    await pipe.watch(key)
                    iid, cid = await pipe.hmget(key, _INITIAL_ID, _CURRENT_ID)
                    initial = await self._state(app_id, iid.decode() if iid else None, conn=pipe)
                    current = await self._state(app_id, cid.decode() if cid else None, conn=pipe)
                    after = change(SessionRecord(initial, current))
                    pipe.multi()
                    queued = 0
                    kept: list[tuple[StoredState, int | None]] = []  # (state, refresh result)
                    for state, field in (
                        (after.initial, _INITIAL_ID),
                        (after.current, _CURRENT_ID),
                    ):
                        if state is None:
                            pipe.hdel(key, field)
                            queued += 1
                            continue
                        pipe.hset(key, field, state.state_id.encode())
                        queued += 1
                        if all(state.state_id != k.state_id for k, _ in kept):
                            refresh = self._keep_state(pipe, prefix, state)
                            kept.append((state, queued if refresh else None))
                            queued += 1
                    pipe.pexpire(key, self._ttl_ms)
                    results = await pipe.execute()
                except WatchError:
                    continue
            await self._confirm(prefix, kept, results)
            return after
        raise RuntimeError(f"session {sid!r} of {app_id!r} is written too often to update")

    def _keep_state(self, pipe: Any, prefix: str, state: StoredState) -> bool:
        """Queue what keeps the state in Redis for a full TTL; True if only a refresh (its
        bytes are sent only when this process is not sure Redis still has it)."""
        hit = self._states.get(state.state_id)
        # Its TTL was set in full less than half a TTL ago: it is there, a refresh suffices.
        if hit is not None and time.monotonic() - hit[1] < self.ttl / 2:
            pipe.pexpire(prefix + state.state_id, self._ttl_ms)
            return True
        pipe.set(prefix + state.state_id, state.data, px=self._ttl_ms)
        return False

    async def _confirm(
        self, prefix: str, kept: list[tuple[StoredState, int | None]], results: list[Any]
    ) -> None:
        """After the transaction: remember when each state's TTL was set in full; a refresh
        that found no key (the state vanished meanwhile) writes the state again."""
        now = time.monotonic()
        for state, refresh_at in kept:
            if refresh_at is not None and not results[refresh_at]:
                await self._redis.set(prefix + state.state_id, state.data, px=self._ttl_ms)
            # The cache keeps bytes, never a validated state (that is the hub's to keep).
            self._states.put(StoredState(state.data, state.state_id), now)

    async def delete(self, app_id: str, sid: str) -> None:
        # The states stay until their TTL: other sessions may share them.
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
