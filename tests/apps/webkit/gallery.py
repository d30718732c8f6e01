"""A small app on the kit that shows every component over a tiny schema (tasks with a status,
an owner and a due date), for the kit's browser tests."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, ClassVar, Literal

from pydantic import Field

from cuagym.apps.webkit import Id, ModelWebApp, Name80, StateModel, Theme
from cuagym.hub import Violation

STATUSES = (("todo", "To do"), ("doing", "Doing"), ("done", "Done"))
OWNERS = ("Ana Ruiz", "Ben Osei", "Chen Wei")


class Task(StateModel):
    id: Id
    title: Name80
    status: Literal["todo", "doing", "done"]
    owner: str
    due: str = Field(pattern=r"^\d{4}-\d{2}-\d{2}$")
    points: int = Field(ge=0, le=100)


class Settings(StateModel):
    display_name: Name80
    compact: bool = False


class GalleryState(StateModel):
    tasks: list[Task]
    settings: Settings


def seed_tasks() -> list[dict[str, Any]]:
    """23 tasks: three pages of ten, every status and owner, due days across March 2025."""
    return [
        {
            "id": f"t{n:02d}",
            "title": f"Task {n:02d} " + ("report", "review", "deploy", "plan")[n % 4],
            "status": STATUSES[n % 3][0],
            "owner": OWNERS[n % 3],
            "due": f"2025-03-{(n % 27) + 1:02d}",
            "points": (n * 7) % 13,
        }
        for n in range(1, 24)
    ]


class GalleryApp(ModelWebApp[GalleryState]):
    app_id = "kit-gallery"
    title = "Kit gallery"
    state_model = GalleryState
    ui_module = "tests.apps.webkit.gallery_ui"
    theme: ClassVar[Theme] = Theme(accent="harbor", nav="side", density="compact")

    def seed(self) -> dict[str, Any]:
        return {"tasks": seed_tasks(), "settings": {"displayName": "Ana Ruiz", "compact": False}}

    def check(self, state: GalleryState) -> Iterable[Violation]:
        seen: set[str] = set()
        for i, task in enumerate(state.tasks):
            if task.id in seen:
                yield Violation(path=f"tasks.{i}.id", message=f"two tasks share the id {task.id}")
            seen.add(task.id)
            if task.owner not in OWNERS:
                yield Violation(path=f"tasks.{i}.owner", message=f"no person {task.owner!r}")

    def check_edit(self, before: GalleryState, after: GalleryState) -> bool:
        return False
