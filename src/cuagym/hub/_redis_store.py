"""Sessions in Redis, so that several hub processes serve the same sessions.

A session is one Redis hash per (app, sid): the ids of its two snapshots and its files. The
snapshots themselves are stored once per distinct state, under their ``state_id`` (the sha256
of their bytes), so they are immutable: every rollout of a task shares one copy of its initial
state, a hub process keeps the states it has seen in a local cache that can never be stale, and
a request moves ids over the network, not megabytes.

Every access runs one Lua script, atomically: a read refreshes the TTL of the session and of
the states it references; a write checks that the session still holds the ids it was read with
(optimistic concurrency: a concurrent write makes it retry), makes sure both states are in
Redis (sending a state's bytes only when this process is not sure Redis has it) and stores the
new ids. Redis reclaims expired sessions and states by itself.

Redis must not evict keys on its own (``maxmemory-policy noeviction``, the default): a session
whose state was evicted would lose it.
"""

from __future__ import annotations

import hashlib
import time
from collections import OrderedDict
from collections.abc import Callable
from importlib import resources
from typing import Any

from cuagym.hub._memo import Delta
from cuagym.hub._redis_client import RedisClient
from cuagym.hub._state import SessionRecord, StoredState
from cuagym.hub._store import DEFAULT_TTL, SessionStore, StoredFile, unique_name

__all__ = ["RedisStore"]

_MAX_RETRIES = 64

# KEYS[1] a binding nonce: its value, deleted in the same step (taken once; Redis < 6.2 has
# no GETDEL). Redis expires an untaken nonce by itself.
_TAKE = """
local value = redis.call('GET', KEYS[1])
if value then redis.call('DEL', KEYS[1]) end
return value
"""

# Every script gets ARGV[1] the TTL in ms, ARGV[2] the key prefix of states stored whole and
# ARGV[3] of states stored as a delta (a hash: base id, prefix:suffix, middle bytes). A delta's
# base is always stored whole, and lives at least as long as the delta.
_ENSURE = """
local function ensure(id)
  if redis.call('PEXPIRE', ARGV[2] .. id, ARGV[1]) == 1 then return true end
  local base = redis.call('HGET', ARGV[3] .. id, 'base')
  if not base or redis.call('PEXPIRE', ARGV[2] .. base, ARGV[1]) == 0 then return false end
  redis.call('PEXPIRE', ARGV[3] .. id, ARGV[1])
  return true
end
"""

# KEYS[1] the session. Its two ids; the TTLs of the session and of both states refreshed.
_READ = (
    _ENSURE
    + """
local ids = redis.call('HMGET', KEYS[1], 'iid', 'cid')
redis.call('PEXPIRE', KEYS[1], ARGV[1])
for _, id in ipairs(ids) do
  if id then ensure(id) end
end
return ids
"""
)

# KEYS[1] the session. ARGV[4] the mode ('check': only if the session still holds the ids
# ARGV[5], ARGV[6]; 'keep': keep the session's initial id if it has one; 'put'), then for the
# initial and the current state five values each: id ('' deletes), how it is sent ('' not at
# all: Redis should have it; 'F' whole, then its bytes; 'D' as a delta, then the middle bytes,
# the base id and "prefix:suffix").
# Returns 'OK', 'CONFLICT', or {'MISSING', ids...} (then nothing was written: send those whole).
_WRITE = _ENSURE + resources.files("cuagym.hub").joinpath("_redis_write.lua").read_text(
    encoding="utf-8"
)


class _Known:
    """What this process knows of one state: its bytes, when it last set the state's TTL in
    full in Redis, and whether Redis holds it whole (else as a delta)."""

    __slots__ = ("refreshed", "state", "whole")

    def __init__(self, state: StoredState, refreshed: float, whole: bool) -> None:
        self.state = state
        self.refreshed = refreshed
        self.whole = whole


class _States:
    """Recently seen states by id (bytes only; content-addressed, so never stale)."""

    def __init__(self, budget: int) -> None:
        self._items: OrderedDict[str, _Known] = OrderedDict()
        self._budget = budget
        self._size = 0

    def get(self, state_id: str) -> _Known | None:
        hit = self._items.get(state_id)
        if hit is not None:
            self._items.move_to_end(state_id)
        return hit

    def put(self, state: StoredState, refreshed: float, whole: bool | None = None) -> None:
        known = self._items.get(state.state_id)
        if known is not None:
            known.refreshed = max(known.refreshed, refreshed)
            if whole is not None:
                known.whole = whole
            self._items.move_to_end(state.state_id)
            return
        # Bytes only: a validated state with it would keep far more alive (the hub's to keep).
        plain = StoredState(state.data, state.state_id)
        self._items[state.state_id] = _Known(plain, refreshed, bool(whole))
        self._size += len(state.data)
        while self._size > self._budget and len(self._items) > 1:
            _, dropped = self._items.popitem(last=False)
            self._size -= len(dropped.state.data)

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
        cache_bytes: int = 64 << 20,
    ) -> None:
        super().__init__(ttl)
        self.url = url
        self._prefix = prefix
        # A busy machine can stall Redis for seconds; a hub would rather wait than lose a
        # reward's read, so replies get a minute.
        self._redis = RedisClient(url, timeout=60.0, connect_timeout=30.0)
        self._ttl_ms = max(1, int(self.ttl * 1000))
        self._states = _States(cache_bytes)

    def _key(self, app_id: str, sid: str) -> str:
        return f"{self._prefix}:{app_id}:{sid}"

    def _prefixes(self, app_id: str) -> list[str]:
        # '#' is in no app id and no sid: state keys never look like sessions.
        return [f"{self._prefix}#state:{app_id}:", f"{self._prefix}#delta:{app_id}:"]

    async def start(self) -> None:
        await self._redis.call("PING")

    async def close(self) -> None:
        await self._redis.close()

    def release_memory(self) -> bool:
        """Forget the locally cached states (the hub has been idle)."""
        self._states.clear()
        return True

    # -- states ------------------------------------------------------------------------------
    async def _state(self, app_id: str, state_id: bytes | None, refreshed: float) -> Any:
        """The state with this id (``refreshed``: when its TTL was just set in full, or 0)."""
        if not state_id:
            return None
        sid = state_id.decode()
        known = self._states.get(sid)
        if known is not None:
            if refreshed:
                self._states.put(known.state, refreshed)
            return known.state
        whole, as_delta = self._prefixes(app_id)
        data = await self._redis.call("GET", whole + sid)
        is_whole = data is not None
        if data is None:
            base_id, at, middle = await self._redis.call(
                "HMGET", as_delta + sid, "base", "at", "middle"
            )
            base = await self._state(app_id, base_id, refreshed) if base_id else None
            if base is None or middle is None:
                raise RuntimeError(
                    f"state {sid} of {app_id!r} is missing from Redis (was it evicted? the "
                    "hub needs maxmemory-policy noeviction)"
                )
            prefix, _, suffix = at.partition(b":")
            data = Delta(base_id.decode(), int(prefix), int(suffix), middle).apply(base.data)
            if hashlib.sha256(data).hexdigest() != sid:
                raise RuntimeError(f"state {sid} of {app_id!r} does not rebuild from its delta")
        state = StoredState.from_bytes(data, sid)
        self._states.put(state, refreshed, is_whole)
        return state

    async def _read(self, app_id: str, sid: str) -> tuple[bytes | None, bytes | None, float]:
        ids = await self._redis.script(
            _READ, [self._key(app_id, sid)], [self._ttl_ms, *self._prefixes(app_id)]
        )
        return ids[0], ids[1], time.monotonic()

    async def load(self, app_id: str, sid: str) -> SessionRecord:
        iid, cid, now = await self._read(app_id, sid)
        initial = await self._state(app_id, iid, now)
        current = initial if cid == iid else await self._state(app_id, cid, now)
        return SessionRecord(initial, current)

    # -- writes ------------------------------------------------------------------------------
    def _how(self, state: StoredState, whole_only: bool) -> list[Any]:
        """How to send a state: not at all (Redis has it), as a delta from a state Redis holds
        whole, or whole."""
        now = time.monotonic()
        known = self._states.get(state.state_id)
        # Its TTL was set in full less than half a TTL ago: it is there.
        if known is not None and now - known.refreshed < self.ttl / 2 and not whole_only:
            return [state.state_id, "", "", "", ""]
        delta = getattr(state.memo, "delta", None)
        if isinstance(delta, Delta) and not whole_only and len(delta.middle) * 2 < len(state.data):
            base = self._states.get(delta.base)
            if base is not None and base.whole and now - base.refreshed < self.ttl / 2:
                at = f"{delta.prefix}:{delta.suffix}"
                return [state.state_id, "D", delta.middle, delta.base, at]
        return [state.state_id, "F", state.data, "", ""]

    async def _write(
        self,
        app_id: str,
        sid: str,
        after: SessionRecord,
        expected: tuple[bytes | None, bytes | None] | None,
        keep_initial: bool = False,
    ) -> bool:
        """Store ``after``'s ids (if the session still holds ``expected``); False: conflict.

        ``keep_initial``: a session that has an initial state keeps it (``after.initial`` is
        only for a session without one)."""
        slots = (after.initial, after.current)
        whole: set[str] = set()  # send these whole (Redis lacks them, or their base)
        while True:
            mode = "check" if expected is not None else "keep" if keep_initial else "put"
            args: list[Any] = [self._ttl_ms, *self._prefixes(app_id), mode]
            args.append((expected[0] or b"") if expected else b"")
            args.append((expected[1] or b"") if expected else b"")
            sent: list[tuple[StoredState, str]] = []
            for i, state in enumerate(slots):
                if state is None:
                    args += ["", "", "", "", ""]
                elif i == 1 and slots[0] is not None and state.state_id == slots[0].state_id:
                    args += [state.state_id, "", "", "", ""]  # the same state: sent once
                else:
                    sending = self._how(state, state.state_id in whole)
                    args += sending
                    if sending[1] and not (i == 0 and keep_initial):
                        sent.append((state, sending[1]))
            reply = await self._redis.script(_WRITE, [self._key(app_id, sid)], args)
            if reply == b"OK":
                now = time.monotonic()
                # (With keep_initial the session may have kept another initial state.)
                for state in (after.current,) if keep_initial else slots:
                    if state is not None:
                        self._states.put(state, now)
                for state, kind in sent:
                    self._states.put(state, now, kind == "F")
                return True
            if reply == b"CONFLICT":
                return False
            lost = {x.decode() for x in reply[1:]}  # Redis lacks these: send them whole
            known = {s.state_id for s in slots if s is not None}
            if not lost <= known or lost <= whole:
                raise RuntimeError(
                    f"states {sorted(lost)} of session {sid!r} of {app_id!r} are missing from "
                    "Redis (evicted? the hub needs maxmemory-policy noeviction)"
                )
            whole |= lost

    async def update(
        self, app_id: str, sid: str, change: Callable[[SessionRecord], SessionRecord]
    ) -> SessionRecord:
        for _ in range(_MAX_RETRIES):
            iid, cid, now = await self._read(app_id, sid)
            before = SessionRecord(
                await self._state(app_id, iid, now),
                await self._state(app_id, cid, now),
            )
            after = change(before)
            if await self._write(app_id, sid, after, (iid, cid)):
                return after
        raise RuntimeError(f"session {sid!r} of {app_id!r} is written too often to update")

    async def put(self, app_id: str, sid: str, record: SessionRecord) -> None:
        await self._write(app_id, sid, record, None)

    async def put_current(
        self, app_id: str, sid: str, current: StoredState, initial_if_new: StoredState
    ) -> None:
        await self._write(app_id, sid, SessionRecord(initial_if_new, current), None, True)

    async def delete(self, app_id: str, sid: str) -> None:
        # The states stay until their TTL: other sessions may share them.
        await self._redis.call("DEL", self._key(app_id, sid))

    # -- files -------------------------------------------------------------------------------
    async def put_file(
        self, app_id: str, sid: str, name: str, content_type: str, data: bytes
    ) -> str:
        key = self._key(app_id, sid)
        while True:
            fields = await self._redis.call("HKEYS", key)
            taken = {f[2:].decode() for f in fields if f.startswith(b"m:")}
            stored = unique_name(name, taken.__contains__)
            # HSETNX on the metadata field claims the name even against another hub process.
            if await self._redis.call("HSETNX", key, f"m:{stored}", content_type):
                await self._redis.pipeline(
                    ("HSET", key, f"f:{stored}", data), ("PEXPIRE", key, self._ttl_ms)
                )
                return stored

    async def get_file(self, app_id: str, sid: str, name: str) -> StoredFile | None:
        key = self._key(app_id, sid)
        (content_type, data), _ = await self._redis.pipeline(
            ("HMGET", key, f"m:{name}", f"f:{name}"), ("PEXPIRE", key, self._ttl_ms)
        )
        if content_type is None or data is None:
            return None
        return StoredFile(name, content_type.decode(), data)

    async def session_count(self) -> int:
        return len(await self._redis.scan(f"{self._prefix}:*"))

    # -- one-time binding links --------------------------------------------------------------
    def _nonce_key(self, nonce: str) -> str:
        return f"{self._prefix}#nonce:{nonce}"

    async def put_nonce(self, nonce: str, app_id: str, sid: str, ttl: float) -> None:
        ttl_ms = max(1, int(ttl * 1000))
        await self._redis.call("SET", self._nonce_key(nonce), f"{app_id}\n{sid}", "PX", ttl_ms)

    async def take_nonce(self, nonce: str) -> tuple[str, str] | None:
        # GET and DEL in one script: of two hub processes racing for a nonce, one gets it.
        found = await self._redis.script(_TAKE, [self._nonce_key(nonce)], [])
        if not isinstance(found, bytes):
            return None
        app_id, _, sid = found.decode().partition("\n")
        return app_id, sid
