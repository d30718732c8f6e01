"""Validation of injected and UI-written states against an app's schema and invariants."""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from typing import Any

import orjson
from pydantic import ValidationError

from cuagym.hub._diff import join_path
from cuagym.hub._state import StoredState
from cuagym.hub._webapp import Violation, WebApp

__all__ = ["InvalidState", "StateValidator", "error_path"]


class InvalidState(ValueError):
    """A state that violates the app's schema or invariants; ``violations`` name the paths."""

    def __init__(self, violations: list[Violation]) -> None:
        self.violations = violations
        shown = "; ".join(f"{v.path or '<root>'}: {v.message}" for v in violations[:5])
        more = f" (+{len(violations) - 5} more)" if len(violations) > 5 else ""
        super().__init__(f"invalid state: {shown}{more}")


def error_path(loc: tuple[int | str, ...]) -> str:
    """A pydantic error location in the diff-path syntax (``messages.c-1[3].sender``)."""
    path = ""
    for part in loc:
        if isinstance(part, int):
            path += f"[{part}]"
        elif part == "[key]":  # pydantic marks an invalid dict key this way
            path += "[key]"
        else:
            path = join_path(path, part)
    return path


class StateValidator:
    """Validates states for one app and normalizes them to the schema's JSON dump.

    Valid results are cached by the content of the input, so that the many sessions that inject
    the same initial state (a group of RL rollouts of one task) validate it once.
    """

    def __init__(self, app: WebApp, cache_bytes: int = 8 * 1024 * 1024) -> None:
        self.app = app
        self._cache: OrderedDict[bytes, StoredState] = OrderedDict()
        self._cache_bytes = cache_bytes
        self._cached_bytes = 0

    def validate(self, value: Any) -> StoredState:
        """Return the normalized stored state or raise :class:`InvalidState`."""
        if not isinstance(value, dict):
            raise InvalidState([Violation(path="", message="the state must be a JSON object")])
        try:
            key = hashlib.blake2b(orjson.dumps(value), digest_size=20).digest()
        except (TypeError, orjson.JSONEncodeError):
            key = None
        if key is not None and (hit := self._cache.get(key)) is not None:
            self._cache.move_to_end(key)
            return hit
        stored = self._validate(value)
        if key is not None:
            self._remember(key, stored)
        return stored

    def _validate(self, value: dict[str, Any]) -> StoredState:
        try:
            model = self.app.state_model.model_validate(value, strict=True)
        except ValidationError as exc:
            raise InvalidState(
                [Violation(path=error_path(e["loc"]), message=e["msg"]) for e in exc.errors()]
            ) from None
        violations = list(self.app.invariants(model))
        if violations:
            raise InvalidState(violations)
        return StoredState.of(model.model_dump(mode="json", by_alias=True))

    def _remember(self, key: bytes, stored: StoredState) -> None:
        if len(stored.data) > self._cache_bytes // 4:
            return
        self._cache[key] = stored
        self._cached_bytes += len(stored.data)
        while self._cached_bytes > self._cache_bytes:
            _, old = self._cache.popitem(last=False)
            self._cached_bytes -= len(old.data)
