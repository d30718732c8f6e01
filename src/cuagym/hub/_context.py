"""Per-app runtime context shared by the state API and the UI: store, validator, seed, caches.

Memory follows the sessions. A validated state (memo tree, model, request body) is held by
the sessions that store it; the context only finds states through weak references (by
``state_id``, and by request body), so resetting the sessions frees them. A store that keeps
no Python objects (Redis) gets a bounded cache of recent states instead, emptied when the hub
has been idle for a while (:meth:`AppContext.idle`).
"""

from __future__ import annotations

import weakref
from collections import OrderedDict, deque
from collections.abc import Callable, Iterator
from typing import Any, Generic, TypeVar

import orjson

from cuagym.hub._diff import memo_diff_bytes, state_diff
from cuagym.hub._memo import ValidatedState
from cuagym.hub._splice import Envelope
from cuagym.hub._state import SessionRecord, StoredState, UploadedFile
from cuagym.hub._store import SessionStore
from cuagym.hub._validation import InvalidState, StateValidator
from cuagym.hub._webapp import WebApp

__all__ = ["AppContext", "HubLimits", "deep_merge"]

K = TypeVar("K")
V = TypeVar("V")


class _LRU(Generic[K, V]):
    """An LRU bounded by the total weight of its values (bytes, roughly)."""

    def __init__(
        self, budget: int, weigh: Callable[[V], int], max_items: int | None = None
    ) -> None:
        self._items: OrderedDict[K, V] = OrderedDict()
        self._budget = budget
        self._weigh = weigh
        self._weight = 0
        self._max_items = max_items

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
        while self._weight > self._budget or (
            self._max_items is not None and len(self._items) > self._max_items
        ):
            self._weight -= self._weigh(self._items.popitem(last=False)[1])

    def clear(self) -> None:
        self._items.clear()
        self._weight = 0

    def __len__(self) -> int:
        return len(self._items)


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
    """Objects merge recursively; arrays and scalars in ``patch`` replace what ``base`` has.

    ``base`` is never modified: merged objects are new, unchanged subtrees are shared.
    """
    if isinstance(base, dict) and isinstance(patch, dict):
        merged = dict(base)
        for key, value in patch.items():
            merged[key] = deep_merge(base[key], value) if key in base else value
        return merged
    return patch


def _body_key(body: bytes) -> tuple[int, bytes]:
    """A cheap key for "maybe the same body": length and a few samples (then compared whole)."""
    n = len(body)
    mid = n // 2
    return n, body[:48] + body[mid : mid + 48] + body[-48:]


class AppContext:
    """Everything the hub needs to serve one web app."""

    #: recent states validated from request bodies, tried as references for the next body
    RECENT_BODIES = 4
    #: states kept for stores of bytes (Redis) at most: about the live sessions of a process
    KEEP_STATES = 256

    def __init__(self, app: WebApp, store: SessionStore, limits: HubLimits) -> None:
        self.app = app
        self.app_id = app.app_id
        self.store = store
        self.limits = limits
        self.validator = StateValidator(app)
        self.validator.calibrate(app.seed())
        try:
            seed = self.validator.validate(app.seed())
        except InvalidState as exc:
            raise ValueError(f"the seed of web app {app.app_id!r} is invalid: {exc}") from exc
        self.seed = StoredState(seed.data, seed.state_id, seed)
        self.volatile = tuple(app.volatile)
        # Found by id or by body while some session (or the cache below) holds them.
        self._states: weakref.WeakValueDictionary[str, ValidatedState] = (
            weakref.WeakValueDictionary()
        )
        self._bodies: weakref.WeakValueDictionary[tuple[int, bytes], ValidatedState] = (
            weakref.WeakValueDictionary()
        )
        self._recent: deque[weakref.ref[ValidatedState]] = deque(maxlen=self.RECENT_BODIES)
        # Stores that keep bytes only (Redis): recent states, parsed states and diffs by id.
        # It must hold every live session's current state (a state evicted while its session
        # lives is parsed again at every read): 64 sessions of 1 MB states take ~160 MB. The
        # weight counts what a state holds on its own (bytes, request body, the changed path
        # and cached diffs, about its size again); the parsed trees are shared.
        self._keep: _LRU[str, ValidatedState] = _LRU(
            256 << 20, lambda s: 2 * len(s.data) + len(s.body or b""), max_items=self.KEEP_STATES
        )
        self._parsed: _LRU[str, tuple[Any, int]] = _LRU(64 << 20, lambda v: v[1])
        self._diffs: _LRU[tuple[str, str], bytes] = _LRU(16 << 20, len)

    # -- validated states --------------------------------------------------------------------
    def stored(self, state: ValidatedState) -> StoredState:
        """What a session stores for ``state`` (bytes, id, and the validated state itself)."""
        self._states[state.state_id] = state
        if not self.store.keeps_objects:
            self._keep.put(state.state_id, state)
        return StoredState(state.data, state.state_id, state)

    def memo_of(self, stored: StoredState) -> ValidatedState | None:
        memo = stored.memo
        if memo is not None:
            return memo  # type: ignore[no-any-return]
        found = self._states.get(stored.state_id)
        if found is not None and not self.store.keeps_objects:
            self._keep.get(stored.state_id)  # recently used
        return found

    def remember_body(self, state: ValidatedState) -> None:
        """Offer ``state``'s request body as a reference for later bodies."""
        if state.body is None:
            return
        self._bodies[_body_key(state.body)] = state
        self._recent.appendleft(weakref.ref(state))

    def same_body(self, body: bytes) -> ValidatedState | None:
        """A state validated from exactly these bytes, if one is alive."""
        found = self._bodies.get(_body_key(body))
        return found if found is not None and found.body == body else None

    def _references(self, record: SessionRecord) -> Iterator[ValidatedState]:
        seen: set[int] = set()
        candidates = [record.current, record.initial]
        for stored in candidates:
            memo = self.memo_of(stored) if stored is not None else None
            if memo is not None and memo.body is not None and id(memo) not in seen:
                seen.add(id(memo))
                yield memo
        for ref in list(self._recent):
            memo = ref()
            if memo is not None and id(memo) not in seen:
                seen.add(id(memo))
                yield memo

    def state_from_body(
        self, body: bytes, env: Envelope, record: SessionRecord
    ) -> ValidatedState | None:
        """The state in ``body``, found or validated by difference from a similar body."""
        same = self.same_body(body)
        if same is not None:
            return same
        for tried, reference in enumerate(self._references(record)):
            if tried == 2:  # each try compares the whole body: a few at most
                break
            state = self.validator.from_body(body, env, reference)
            if state is not None:
                if state is not reference:
                    self.remember_body(state)
                return state
        return None

    def validate(
        self,
        value: Any,
        reference: StoredState | None,
        body: bytes | None = None,
        env: Envelope | None = None,
    ) -> ValidatedState:
        """Validate a parsed state against the session's current one; InvalidState if bad."""
        memo = self.memo_of(reference) if reference is not None else None
        state = self.validator.validate(value, memo)
        if body is not None and env is not None and state.body is None:
            state.body, state.span = body, (env.start, env.end)
            self.remember_body(state)
        return state

    # -- snapshots -------------------------------------------------------------------------
    def initial_of(self, record: SessionRecord) -> StoredState:
        return record.initial or self.seed

    def current_of(self, record: SessionRecord) -> StoredState:
        return record.current or record.initial or self.seed

    def parsed(self, state: StoredState) -> Any:
        """The parsed state, read-only, parsed at most once while it stays in a cache."""
        memo = self.memo_of(state)
        if memo is not None:
            return memo.dump
        hit = self._parsed.get(state.state_id)
        if hit is not None:
            return hit[0]
        value = orjson.loads(state.data)
        self._parsed.put(state.state_id, (value, len(state.data) * 8))
        return value

    def diff_bytes(self, initial: StoredState, current: StoredState) -> bytes:
        memo = self.memo_of(current)
        cached = memo.diffs.get(initial.state_id) if memo is not None else None
        if cached is None:
            cached = self._diffs.get((initial.state_id, current.state_id))
        if cached is None:
            before = self.memo_of(initial)
            if memo is not None and before is not None and before.root.children is not None:
                cached = memo_diff_bytes(before.root, memo.root, self.volatile)
            else:
                diff = state_diff(self.parsed(initial), self.parsed(current), self.volatile)
                cached = orjson.dumps(diff)
            if memo is not None:
                memo.diffs[initial.state_id] = cached
            else:
                self._diffs.put((initial.state_id, current.state_id), cached)
        return cached

    def idle(self) -> None:
        """Forget every cached state that no session holds (the hub has been idle)."""
        self._keep.clear()
        self._parsed.clear()
        self._diffs.clear()
        self._recent.clear()

    # -- writes ------------------------------------------------------------------------------
    async def write_current(self, sid: str, make: Callable[[Any], Any]) -> SessionRecord:
        """Atomically set current := validate(make(private copy of current)); initial kept."""

        def change(record: SessionRecord) -> SessionRecord:
            current = self.current_of(record)
            base = current.copy()
            result = make(base)
            if result is not None and not isinstance(result, dict):
                raise TypeError(
                    f"a state change must edit the state in place and return None, or return "
                    f"the new state as a dict; it returned {type(result).__name__}"
                )
            state = self.validate(base if result is None else result, current)
            return SessionRecord(self.initial_of(record), self.stored(state))

        return await self.store.update(self.app_id, sid, change)

    async def merge_current(self, sid: str, patch: dict[str, Any]) -> SessionRecord:
        """current := validate(deep_merge(current, patch)); unchanged subtrees are reused."""

        def change(record: SessionRecord) -> SessionRecord:
            current = self.current_of(record)
            # deep_merge never modifies its base, so the shared parsed state can be the base.
            state = self.validate(deep_merge(self.parsed(current), patch), current)
            return SessionRecord(self.initial_of(record), self.stored(state))

        return await self.store.update(self.app_id, sid, change)

    async def attach(self, sid: str, name: str, content_type: str, data: bytes) -> UploadedFile:
        stored = await self.store.put_file(self.app_id, sid, name, content_type, data)
        return UploadedFile(stored, f"/{self.app_id}/files/{stored}", len(data), content_type)
