"""Validation of injected and UI-written states against an app's schema and invariants."""

from __future__ import annotations

from typing import Any

from pydantic import ValidationError

from cuagym.hub._diff import join_path
from cuagym.hub._incremental import IncrementalValidator
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

    Entities already validated in earlier states are reused (see :mod:`._incremental`), after
    checking on the app's seed that the shortcut gives exactly what full validation gives.
    """

    def __init__(self, app: WebApp) -> None:
        self.app = app
        self._incremental: IncrementalValidator | None = IncrementalValidator(app.state_model)

    def calibrate(self, sample: Any) -> None:
        """Turn the incremental path off unless it agrees with full validation on ``sample``."""
        if self._incremental is not None and not self._incremental.agrees_on(sample):
            self._incremental = None

    @property
    def incremental(self) -> bool:
        return self._incremental is not None

    def validate(self, value: Any) -> StoredState:
        """Return the normalized stored state or raise :class:`InvalidState`."""
        if not isinstance(value, dict):
            raise InvalidState([Violation(path="", message="the state must be a JSON object")])
        fast = self._incremental.validate(value) if self._incremental is not None else None
        if fast is not None:
            model, dumped = fast
        else:
            try:
                model = self.app.state_model.model_validate(value, strict=True)
            except ValidationError as exc:
                raise InvalidState(
                    [Violation(path=error_path(e["loc"]), message=e["msg"]) for e in exc.errors()]
                ) from None
            dumped = model.model_dump(mode="json", by_alias=True)
        violations = list(self.app.invariants(model))
        if violations:
            raise InvalidState(violations)
        return StoredState.of(dumped)
