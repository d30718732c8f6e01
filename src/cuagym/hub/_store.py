"""Session stores: where the hub keeps each (app, sid) session's states and uploaded files.

Every read or write touches the session; a session untouched for ``ttl`` seconds is reclaimed
with its files, without intervention. Stores are async because the scale-out store (Redis) is
network I/O; the in-memory store is the embedded default.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field

from cuagym.hub._state import SessionRecord, StoredState

__all__ = ["MemoryStore", "SessionStore", "StoredFile", "release_free_memory", "unique_name"]

DEFAULT_TTL = 3600.0


@dataclass(frozen=True, slots=True)
class StoredFile:
    name: str
    content_type: str
    data: bytes


def unique_name(name: str, taken: Callable[[str], bool]) -> str:
    """``name`` itself if free, else ``stem-1.ext``, ``stem-2.ext``, ... (never overwrites)."""
    if not taken(name):
        return name
    stem, dot, ext = name.rpartition(".")
    if not stem:  # no extension, or a name like ".bashrc" made safe earlier
        stem, dot, ext = name, "", ""
    n = 1
    while True:
        candidate = f"{stem}-{n}{dot}{ext}"
        if not taken(candidate):
            return candidate
        n += 1


class SessionStore(ABC):
    """One interface over every backend. Implementations must make :meth:`update` atomic."""

    #: whether records stay Python objects in this process (then a stored state's validated
    #: form travels with it; stores of bytes, such as Redis, keep none)
    keeps_objects: bool = False

    def __init__(self, ttl: float = DEFAULT_TTL) -> None:
        if ttl <= 0:
            raise ValueError(f"session ttl must be positive, got {ttl}")
        self.ttl = float(ttl)

    async def start(self) -> None:
        """Begin background work (reclamation); called once the event loop runs."""

    async def close(self) -> None:
        """Stop background work and release connections."""

    def release_memory(self) -> bool:
        """Give back what this store holds for no session (the hub is idle); True if it did."""
        return False

    @abstractmethod
    async def load(self, app_id: str, sid: str) -> SessionRecord:
        """The session's record (empty when unknown or expired); touches the session."""

    @abstractmethod
    async def update(
        self, app_id: str, sid: str, change: Callable[[SessionRecord], SessionRecord]
    ) -> SessionRecord:
        """Atomically replace the record with ``change(record)`` and return the new record.

        ``change`` may raise; then nothing is written. It may be called more than once (stores
        with optimistic concurrency retry it), so it must not have side effects.
        """

    async def put(self, app_id: str, sid: str, record: SessionRecord) -> None:
        """Replace the record, whatever it was (a store may do this in one step)."""
        await self.update(app_id, sid, lambda _: record)

    async def put_current(
        self, app_id: str, sid: str, current: StoredState, initial_if_new: StoredState
    ) -> None:
        """Replace the current state and keep the initial one (``initial_if_new`` for a session
        that has none); a store may do this in one step."""
        await self.update(
            app_id, sid, lambda rec: SessionRecord(rec.initial or initial_if_new, current)
        )

    @abstractmethod
    async def delete(self, app_id: str, sid: str) -> None:
        """Forget the session: both snapshots and every file."""

    @abstractmethod
    async def put_file(
        self, app_id: str, sid: str, name: str, content_type: str, data: bytes
    ) -> str:
        """Store a file under a name derived from ``name`` that is free in the session."""

    @abstractmethod
    async def get_file(self, app_id: str, sid: str, name: str) -> StoredFile | None:
        """A file of the session, or None; touches the session."""

    @abstractmethod
    async def session_count(self) -> int:
        """Live sessions (for health and tests)."""

    # -- one-time binding links (see _ui) ------------------------------------------------------
    @abstractmethod
    async def put_nonce(self, nonce: str, app_id: str, sid: str, ttl: float) -> None:
        """Remember that ``nonce`` binds a browser to (app, sid), for ``ttl`` seconds."""

    @abstractmethod
    async def take_nonce(self, nonce: str) -> tuple[str, str] | None:
        """(app, sid) of ``nonce`` and forget it, atomically: a nonce is taken once, by one
        request of one hub process; None when unknown, already taken or expired."""


@dataclass(slots=True)
class _MemorySession:
    record: SessionRecord = field(default_factory=SessionRecord)
    files: dict[str, StoredFile] = field(default_factory=dict)
    touched: float = 0.0


def _session_bytes(session: _MemorySession) -> int:
    record = session.record
    states = {id(s): len(s.data) for s in (record.initial, record.current) if s is not None}
    return sum(states.values()) + sum(len(f.data) for f in session.files.values())


def release_free_memory() -> None:
    """Hand freed heap pages back to the OS (glibc keeps them otherwise; a no-op elsewhere)."""
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL("libc.so.6").malloc_trim(0)


class MemoryStore(SessionStore):
    """Sessions in this process's memory: the embedded default (one hub process)."""

    keeps_objects = True

    #: freed bytes (reset or expired sessions) after which heap pages go back to the OS
    TRIM_AFTER_BYTES = 16 << 20

    def __init__(self, ttl: float = DEFAULT_TTL, clock: Callable[[], float] = time.monotonic):
        super().__init__(ttl)
        self._clock = clock
        self._sessions: dict[tuple[str, str], _MemorySession] = {}
        self._sweeper: asyncio.Task[None] | None = None
        self._freed = 0
        self._nonces: dict[str, tuple[str, str, float]] = {}  # nonce -> app, sid, deadline

    async def start(self) -> None:
        if self._sweeper is None:
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep_forever())

    async def close(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
            self._sweeper = None

    def sweep(self) -> int:
        """Drop every expired session now; returns how many were dropped."""
        deadline = self._clock() - self.ttl
        expired = [k for k, s in self._sessions.items() if s.touched <= deadline]
        for key in expired:
            self._freed += _session_bytes(self._sessions.pop(key))
        now = self._clock()
        for nonce in [n for n, (_, _, until) in self._nonces.items() if until <= now]:
            del self._nonces[nonce]
        return len(expired)

    def release_memory(self) -> bool:
        """Return freed heap to the OS once enough was freed; True if it did."""
        if self._freed < self.TRIM_AFTER_BYTES:
            return False
        self._freed = 0
        release_free_memory()
        return True

    async def _sweep_forever(self) -> None:
        interval = max(0.05, min(self.ttl / 4, 30.0))
        tick = min(interval, 2.0)
        due = self._clock() + interval
        while True:
            await asyncio.sleep(tick)
            if self._clock() >= due:
                self.sweep()
                due = self._clock() + interval
            self.release_memory()

    def _touch(self, app_id: str, sid: str, create: bool) -> _MemorySession | None:
        key = (app_id, sid)
        now = self._clock()
        session = self._sessions.get(key)
        if session is not None and session.touched <= now - self.ttl:
            del self._sessions[key]
            session = None
        if session is None:
            if not create:
                return None
            session = self._sessions[key] = _MemorySession()
        session.touched = now
        return session

    async def load(self, app_id: str, sid: str) -> SessionRecord:
        session = self._touch(app_id, sid, create=False)
        return session.record if session is not None else SessionRecord()

    async def update(
        self, app_id: str, sid: str, change: Callable[[SessionRecord], SessionRecord]
    ) -> SessionRecord:
        existing = self._touch(app_id, sid, create=False)
        # Run the change before creating the session, so a failing change leaves no trace.
        record = change(existing.record if existing is not None else SessionRecord())
        session = existing or self._touch(app_id, sid, create=True)
        assert session is not None
        session.record = record
        return record

    async def delete(self, app_id: str, sid: str) -> None:
        session = self._sessions.pop((app_id, sid), None)
        if session is not None:
            self._freed += _session_bytes(session)

    async def put_file(
        self, app_id: str, sid: str, name: str, content_type: str, data: bytes
    ) -> str:
        session = self._touch(app_id, sid, create=True)
        assert session is not None
        stored = unique_name(name, session.files.__contains__)
        session.files[stored] = StoredFile(stored, content_type, data)
        return stored

    async def get_file(self, app_id: str, sid: str, name: str) -> StoredFile | None:
        session = self._touch(app_id, sid, create=False)
        return session.files.get(name) if session is not None else None

    async def session_count(self) -> int:
        self.sweep()
        return len(self._sessions)

    async def put_nonce(self, nonce: str, app_id: str, sid: str, ttl: float) -> None:
        self._nonces[nonce] = (app_id, sid, self._clock() + ttl)

    async def take_nonce(self, nonce: str) -> tuple[str, str] | None:
        found = self._nonces.pop(nonce, None)
        if found is None or found[2] <= self._clock():
            return None
        return found[0], found[1]
