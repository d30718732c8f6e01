"""Per-app runtime context shared by the state API and the UI: store, validator, seed, caches."""

from __future__ import annotations

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
    def __init__(self, capacity: int) -> None:
        self._items: OrderedDict[K, V] = OrderedDict()
        self._capacity = capacity

    def get(self, key: K) -> V | None:
        value = self._items.get(key)
        if value is not None:
            self._items.move_to_end(key)
        return value

    def put(self, key: K, value: V) -> list[V]:
        """Store ``value``; return the values evicted to stay within capacity."""
        self._items[key] = value
        self._items.move_to_end(key)
        evicted = []
        while len(self._items) > self._capacity:
            evicted.append(self._items.popitem(last=False)[1])
        return evicted

    def pop_oldest(self) -> V:
        return self._items.popitem(last=False)[1]


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
        try:
            self.seed = self.validator.validate(app.seed())
        except InvalidState as exc:
            raise ValueError(f"the seed of web app {app.app_id!r} is invalid: {exc}") from exc
        self.volatile = tuple(app.volatile)
        self._parsed: _LRU[str, Any] = _LRU(64)
        self._diffs: _LRU[tuple[str, str], bytes] = _LRU(256)
        # The diff cache is bounded in bytes too: a diff of a large state holds whole changed
        # arrays (old and new), and 256 of them pinned ~100 MiB with 1 MB team-chat states.
        self._diff_budget = 8 * 1024 * 1024
        self._diff_bytes = 0

    # -- snapshots -------------------------------------------------------------------------
    def initial_of(self, record: SessionRecord) -> StoredState:
        return record.initial or self.seed

    def current_of(self, record: SessionRecord) -> StoredState:
        return record.current or record.initial or self.seed

    def parsed(self, state: StoredState) -> Any:
        """The parsed state, read-only; Redis-loaded states are parsed once per state_id."""
        if state.value is not None:
            return state.value
        value = self._parsed.get(state.state_id)
        if value is None:
            value = orjson.loads(state.data)
            self._parsed.put(state.state_id, value)
        return value

    def diff_bytes(self, initial: StoredState, current: StoredState) -> bytes:
        key = (initial.state_id, current.state_id)
        cached = self._diffs.get(key)
        if cached is None:
            diff = state_diff(self.parsed(initial), self.parsed(current), self.volatile)
            cached = orjson.dumps(diff)
            if len(cached) <= self._diff_budget // 8:
                self._diff_bytes += len(cached)  # the key is absent: get() just missed
                for evicted in self._diffs.put(key, cached):
                    self._diff_bytes -= len(evicted)
                while self._diff_bytes > self._diff_budget:
                    self._diff_bytes -= len(self._diffs.pop_oldest())
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
            return SessionRecord(self.initial_of(record), stored)

        return await self.store.update(self.app_id, sid, change)

    async def attach(self, sid: str, name: str, content_type: str, data: bytes) -> UploadedFile:
        stored = await self.store.put_file(self.app_id, sid, name, content_type, data)
        return UploadedFile(stored, f"/{self.app_id}/files/{stored}", len(data), content_type)
