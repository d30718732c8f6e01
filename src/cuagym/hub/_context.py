"""Per-app runtime context shared by the state API and the UI: store, validator, seed, caches."""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from collections.abc import Callable
from typing import Any, Generic, TypeVar

import orjson

from cuagym.hub._diff import state_diff
from cuagym.hub._state import SessionRecord, StoredState, UploadedFile
from cuagym.hub._store import SessionStore
from cuagym.hub._validation import InvalidState, StateValidator
from cuagym.hub._webapp import WebApp

__all__ = ["AppContext", "HubLimits", "deep_merge"]

K = TypeVar("K")
V = TypeVar("V")


class _LRU(Generic[K, V]):
    """An LRU bounded by the total weight of its values (bytes, roughly)."""

    def __init__(self, budget: int, weigh: Callable[[V], int]) -> None:
        self._items: OrderedDict[K, V] = OrderedDict()
        self._budget = budget
        self._weigh = weigh
        self._weight = 0

    def get(self, key: K) -> V | None:
        value = self._items.get(key)
        if value is not None:
            self._items.move_to_end(key)
        return value

    def put(self, key: K, value: V) -> None:
        weight = self._weigh(value)
        if weight > self._budget // 2:  # one huge value would flush everything else
            return
        old = self._items.pop(key, None)
        if old is not None:
            self._weight -= self._weigh(old)
        self._items[key] = value
        self._weight += weight
        while self._weight > self._budget:
            self._weight -= self._weigh(self._items.popitem(last=False)[1])

    def clear(self) -> None:
        self._items.clear()
        self._weight = 0


# A parsed JSON state takes roughly this many times its compact encoding in Python objects.
_PARSED_FACTOR = 8


class HubLimits:
    """Size limits; every one is enforced with a 413 before anything is stored."""

    def __init__(
        self,
        max_body: int = 16 * 1024 * 1024,
        max_file: int = 25 * 1024 * 1024,
        max_upload_body: int = 64 * 1024 * 1024,
        max_files_per_request: int = 32,
    ) -> None:
        self.max_body = max_body
        self.max_file = max_file
        self.max_upload_body = max_upload_body
        self.max_files_per_request = max_files_per_request


def deep_merge(base: Any, patch: Any) -> Any:
    """Objects merge recursively; arrays and scalars in ``patch`` replace what ``base`` has."""
    if isinstance(base, dict) and isinstance(patch, dict):
        merged = dict(base)
        for key, value in patch.items():
            merged[key] = deep_merge(base[key], value) if key in base else value
        return merged
    return patch


class AppContext:
    """Everything the hub needs to serve one web app."""

    def __init__(self, app: WebApp, store: SessionStore, limits: HubLimits) -> None:
        self.app = app
        self.app_id = app.app_id
        self.store = store
        self.limits = limits
        self.validator = StateValidator(app)
        self.validator.calibrate(app.seed())
        try:
            self.seed = self.validator.validate(app.seed())
        except InvalidState as exc:
            raise ValueError(f"the seed of web app {app.app_id!r} is invalid: {exc}") from exc
        self.volatile = tuple(app.volatile)
        # Sessions keep states as bytes; parsed values live in one bounded cache, so memory
        # follows the live sessions' bytes and returns when they are reset or expire.
        self._parsed: _LRU[str, Any] = _LRU(64 << 20, lambda v: v[1])
        # A diff of a large state holds whole changed arrays (old and new).
        self._diffs: _LRU[tuple[str, str], bytes] = _LRU(8 << 20, len)
        # Every rollout of one task injects the same initial state: its request body, hashed,
        # finds the validated result without parsing.
        self._bodies: _LRU[bytes, tuple[str, StoredState]] = _LRU(
            64 << 20, lambda v: len(v[1].data)
        )

    # -- request bodies already validated --------------------------------------------------------
    @staticmethod
    def _body_key(body: bytes) -> bytes:
        return hashlib.blake2b(body, digest_size=20).digest()

    def known_body(self, body: bytes) -> tuple[str, StoredState] | None:
        return self._bodies.get(self._body_key(body))

    def remember_body(self, body: bytes, action: str, stored: StoredState) -> None:
        self._bodies.put(self._body_key(body), (action, stored))

    def keep(self, stored: StoredState) -> StoredState:
        """What a session stores: the bytes; the parsed value goes to the shared cache."""
        if stored.value is None or stored is self.seed:
            return stored
        self._parsed.put(stored.state_id, (stored.value, len(stored.data) * _PARSED_FACTOR))
        return StoredState(stored.data, stored.state_id)

    # -- snapshots -------------------------------------------------------------------------
    def initial_of(self, record: SessionRecord) -> StoredState:
        return record.initial or self.seed

    def current_of(self, record: SessionRecord) -> StoredState:
        return record.current or record.initial or self.seed

    def parsed(self, state: StoredState) -> Any:
        """The parsed state, read-only, parsed at most once while it stays in the cache."""
        if state.value is not None:
            return state.value
        hit = self._parsed.get(state.state_id)
        if hit is not None:
            return hit[0]
        value = orjson.loads(state.data)
        self._parsed.put(state.state_id, (value, len(state.data) * _PARSED_FACTOR))
        return value

    def diff_bytes(self, initial: StoredState, current: StoredState) -> bytes:
        key = (initial.state_id, current.state_id)
        cached = self._diffs.get(key)
        if cached is None:
            diff = state_diff(self.parsed(initial), self.parsed(current), self.volatile)
            cached = orjson.dumps(diff)
            self._diffs.put(key, cached)
        return cached

    # -- writes ------------------------------------------------------------------------------
    async def write_current(self, sid: str, make: Callable[[Any], Any]) -> SessionRecord:
        """Atomically set current := validate(make(private copy of current)); initial kept."""

        def change(record: SessionRecord) -> SessionRecord:
            base = self.current_of(record).copy()
            result = make(base)
            if result is not None and not isinstance(result, dict):
                raise TypeError(
                    f"a state change must edit the state in place and return None, or return "
                    f"the new state as a dict; it returned {type(result).__name__}"
                )
            stored = self.validator.validate(base if result is None else result)
            return SessionRecord(self.initial_of(record), self.keep(stored))

        return await self.store.update(self.app_id, sid, change)

    async def attach(self, sid: str, name: str, content_type: str, data: bytes) -> UploadedFile:
        stored = await self.store.put_file(self.app_id, sid, name, content_type, data)
        return UploadedFile(stored, f"/{self.app_id}/files/{stored}", len(data), content_type)
