"""Stored states and session records: what a session store keeps per (app, sid)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any

from cuagym.core.canonical import canonical_bytes, loads

__all__ = ["SessionRecord", "StoredState", "UploadedFile"]


@dataclass(frozen=True, slots=True)
class StoredState:
    """A state in canonical JSON bytes, with its ``state_id``.

    ``memo`` is the validated state (a ``ValidatedState``: memo tree, model, request body)
    when this process has it. A session that holds the stored state keeps it alive, so it lives
    exactly as long as some session (or cache) uses it. It is shared between sessions and must
    never be mutated: :meth:`copy` gives a private copy of the state.
    """

    data: bytes
    state_id: str
    memo: Any = field(default=None, compare=False, repr=False)

    @classmethod
    def of(cls, value: Any) -> StoredState:
        data = canonical_bytes(value)
        return cls(data=data, state_id=hashlib.sha256(data).hexdigest())

    @classmethod
    def from_bytes(cls, data: bytes, state_id: str | None = None) -> StoredState:
        return cls(data=data, state_id=state_id or hashlib.sha256(data).hexdigest())

    def parsed(self) -> Any:
        """The state as Python values (shared and read-only when a memo holds them)."""
        return self.memo.dump if self.memo is not None else loads(self.data)

    def copy(self) -> Any:
        """A private, mutable copy of the state."""
        return loads(self.data)


@dataclass(frozen=True, slots=True)
class SessionRecord:
    """A session's two snapshots. ``None`` means "never written": the app's seed stands in."""

    initial: StoredState | None = None
    current: StoredState | None = None

    @property
    def is_empty(self) -> bool:
        return self.initial is None and self.current is None


@dataclass(frozen=True, slots=True)
class UploadedFile:
    """A file attached to a session through ``/upload`` (or the UI)."""

    name: str
    url: str
    size: int
    content_type: str

    def as_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "url": self.url,
            "size": self.size,
            "content_type": self.content_type,
        }
