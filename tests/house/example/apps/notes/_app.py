"""The notes web app as the hub sees it: schema, seed, volatile keys, routes."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any, ClassVar

from pydantic import BaseModel
from starlette.routing import BaseRoute

from cuagym.hub import Violation, WebApp
from tests.house.example.apps.notes._schema import NotesState
from tests.house.example.apps.notes._seed import build_seed
from tests.house.example.apps.notes._ui import build_routes

__all__ = ["NotesApp"]


class NotesApp(WebApp):
    app_id: ClassVar[str] = "notes"
    title: ClassVar[str] = "Notes"
    state_model: ClassVar[type[BaseModel]] = NotesState

    def seed(self) -> dict[str, Any]:
        return build_seed()

    def invariants(self, state: Any) -> Iterable[Violation]:
        titles = [note.title for note in state.notes.values()]
        if len(titles) != len(set(titles)):
            yield Violation(path="notes", message="two notes share a title")

    def routes(self) -> Sequence[BaseRoute]:
        return build_routes()
