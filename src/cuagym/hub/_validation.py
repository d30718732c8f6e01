"""Validation of injected and UI-written states against an app's schema and invariants.

Three ways to the same answer, cheapest first (each falls through to the next, and the last is
plain ``model_validate`` + the app's invariants, which is also what produces every 422's exact
details):

1. a request body that differs from a body validated before in a few bytes: only the subtree
   around those bytes is parsed and validated (:mod:`._splice`);
2. a parsed state next to a reference state (the session's current one): subtrees equal to the
   reference's are reused, the rest is validated (:mod:`._incremental`);
3. full validation.

Invariants run on the whole state unless the app proves, from what changed, that they still
hold (:meth:`~cuagym.hub.WebApp.invariants_hold_after`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from pydantic import ValidationError

from cuagym.hub._diff import join_path
from cuagym.hub._incremental import Fallback, IncrementalValidator
from cuagym.hub._memo import Memo, ValidatedState
from cuagym.hub._splice import Envelope, LazyIndex, Span, build_index, splice, wide_window
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


_NOT_AN_OBJECT = Violation(path="", message="the state must be a JSON object")


class _Recheck(Exception):
    """Violations found on pieces assembled from elsewhere: full validation reports them."""


class StateValidator:
    """Validates states for one app into :class:`ValidatedState` (normalized to the schema's
    JSON dump, with ``state_id``), reusing what earlier states validated.

    The shortcuts are checked against full validation on the app's seed (:meth:`calibrate`)
    before they are trusted.
    """

    def __init__(self, app: WebApp) -> None:
        self.app = app
        self._inc = IncrementalValidator(app.state_model)
        self._trusted = self._inc.supported

    def calibrate(self, sample: Any) -> None:
        """Turn the shortcuts off unless they agree with full validation on ``sample``."""
        if self._trusted and not self._inc.agrees_on(sample):
            self._trusted = False

    @property
    def incremental(self) -> bool:
        return self._trusted

    # -- parsed states -----------------------------------------------------------------------
    def validate(self, value: Any, reference: ValidatedState | None = None) -> ValidatedState:
        """Validate a parsed state (reusing ``reference``'s pieces) or raise InvalidState."""
        if not isinstance(value, dict):
            raise InvalidState([_NOT_AN_OBJECT])
        if self._trusted:
            try:
                root = self._inc.root(value, reference.root if reference is not None else None)
            except Fallback:
                pass
            else:
                if reference is not None and root is reference.root:
                    return reference
                return self._checked(root, reference, value)
        return self._full(value)

    def _full(self, value: Any) -> ValidatedState:
        try:
            model = self.app.state_model.model_validate(value, strict=True)
        except ValidationError as exc:
            raise InvalidState(
                [Violation(path=error_path(e["loc"]), message=e["msg"]) for e in exc.errors()]
            ) from None
        _raise_if_any(self.app.invariants(model))
        dump = model.model_dump(mode="json", by_alias=True)
        if self._trusted:  # the same state as a memo tree, so that later edits reuse it
            try:
                root = self._inc.root(dump)
                return ValidatedState(root, self._inc.model_of(root))
            except Fallback:
                pass
        from cuagym.core.canonical import canonical_bytes

        return ValidatedState(Memo(None, dump, canonical_bytes(dump)), model)

    def _checked(self, root: Memo, reference: ValidatedState | None, raw: Any) -> ValidatedState:
        """The state of ``root`` once its invariants hold (from the reference's, or in full).

        A state with violations goes through full validation, whose report is the exact one
        (reused pieces may iterate their keys in the reference's order, not the request's).
        """
        model = self._inc.model_of(root)
        if (reference is None or not self._holds_after(reference, model)) and any(
            True for _ in self.app.invariants(model)
        ):
            if raw is None:
                raise _Recheck
            return self._full(raw)
        return ValidatedState(root, model, reference=reference)

    def _holds_after(self, reference: ValidatedState, model: Any) -> bool:
        try:
            return bool(self.app.invariants_hold_after(reference.model, model))
        except Exception:  # a hook that cannot decide proves nothing
            return False

    # -- request bodies ----------------------------------------------------------------------
    def index_of(self, state: ValidatedState) -> Span | None:
        """The structural index of the body ``state`` came from (built once), or None."""
        if isinstance(state.index, LazyIndex):
            state.index = state.index.build()
        if state.index is None and state.body is not None and state.span is not None:
            try:
                state.index = build_index(state.body, *state.span, state.root)
            except (Fallback, IndexError, KeyError):
                state.index = False  # never usable as a reference
        return state.index or None

    def from_body(
        self, body: bytes, env: Envelope, reference: ValidatedState
    ) -> ValidatedState | None:
        """Validate the state in ``body`` by its difference from ``reference``'s body.

        None when this reference cannot tell (then validate the parsed body instead);
        InvalidState when the state is invalid.
        """
        if reference.body is None or reference.span is None:
            return None
        old_env = Envelope("", *reference.span)
        if wide_window(body, env, reference.body, old_env):
            return None  # mostly new: the parsed-state path is cheaper than splicing
        index = self.index_of(reference) if self._trusted else None
        if index is None:
            return None
        try:
            spliced = splice(self._inc, body, env, reference.body, old_env, index, reference.root)
            if spliced is None:  # the same state text
                return reference
            state = self._checked(spliced.root, reference, None)
        except (Fallback, _Recheck):
            return None
        state.body, state.span, state.index = body, (env.start, env.end), spliced.index
        return state


def _raise_if_any(violations: Iterable[Violation]) -> None:
    found = list(violations)
    if found:
        raise InvalidState(found)
