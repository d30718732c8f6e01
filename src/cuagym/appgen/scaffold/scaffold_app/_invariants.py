"""The rules a schema cannot express; the hub refuses (422) a state that breaks one."""

from __future__ import annotations

from collections.abc import Iterator

from cuagym.apps.webkit import diff_path
from cuagym.hub import Violation

from ._schema import AppState

__all__ = ["check_invariants"]


def check_invariants(state: AppState) -> Iterator[Violation]:
    seen: dict[str, str] = {}
    for rid, record in state.records.items():
        other = seen.setdefault(record.title.casefold(), rid)
        if other != rid:
            yield Violation(
                path=diff_path("records", rid, "title"),
                message=f"two records are titled {record.title!r} ({other} and {rid})",
            )
